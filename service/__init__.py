"""Application layer: the event store, the game service, the CLI and (later) the web app."""
