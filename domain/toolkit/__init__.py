"""The title toolkit: the reusable parts of a rules module (docs/architecture.md, "Adding a title").

* `flow`    named states in rulebook order, `goto`, and `call`/`ret` for nested sequences (a stack in the state)
* `state`   `clone`, the copy an `apply` changes (copy-on-write of the top level; the contract is in its docstring)
* `seats`   seat order: clockwise from a seat, everybody after a seat
* `data`    a title's data file: `[A]` (assumed) values unwrapped, `data_overrides` merged, compiled once per options
* `options` the typed option declaration that validates a table's options with sentences (CLI, API, /new, OpenAPI)

Everything here is pure (no I/O after a data file is read at import) and knows nothing of any one title.
"""
