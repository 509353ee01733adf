"""Sylla's flow: the toolkit's flow engine (domain/toolkit/flow.py) with its named states, in rulebook order.

Each phase module registers its named states with `@state`; `goto` moves to another named state, and
automatic states chain on. `Step` is the toolkit's: it knows who owes a decision (`legal`), how to word it
(`label`, `text`), what a choice does (`act`, on a fresh copy of the state) and what happens on arrival
(`enter`). Sylla's sequence has no nested parts, so it never uses `call`/`ret`.
"""
from __future__ import annotations

from domain.toolkit.flow import Flow, Step

FLOW = Flow("phase")
STATES = FLOW.states
state = FLOW.state
goto = FLOW.goto

__all__ = ["FLOW", "STATES", "Step", "goto", "state"]
