"""Workers: the Celery app and tasks (production), the in-process equivalent (embedded mode), the tick,
the IMAP poller and the CLI commands `worker`, `beat`, `tick`, `mail-in`, `mail-status`, `mail-retry`."""
