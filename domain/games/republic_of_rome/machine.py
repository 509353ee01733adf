"""The Republic of Rome's flow: the toolkit's flow engine (domain/toolkit/flow.py) with named states in
rulebook order.

Each phase module registers its states with `@state` and names them after the rulebook step
(`forum_persuasion_counter_bribe`). Nested sequences (a persuasion inside an Initiative, a counter-bribe
round inside a persuasion) use `call`/`ret`. A step that asks with a form defines `form(s, D, seat)`,
`check(s, D, seat, values)` (IllegalAction for an answer the rules refuse) and `act` receives the form's
values (a dict) instead of a choice id; its `legal` returns {seat: [FORM]}.
"""
from __future__ import annotations

from domain.toolkit.flow import Flow, Step

FORM = "form"  # the one "choice id" of a form step's legal list: the answer is the form's values

FLOW = Flow("step")
STATES = FLOW.states
state = FLOW.state
goto = FLOW.goto
call = FLOW.call
ret = FLOW.ret

__all__ = ["FLOW", "FORM", "STATES", "Step", "call", "goto", "ret", "state"]
