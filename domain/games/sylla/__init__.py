"""Sylla (Dominique Ehrhard, Ystari 2008) for 3-4 players: the rules module.

Specification: /work/shared/rules/sylla.md (sections cited as "Rule 5.3:"); readings and options:
docs/rules-sylla.md. The flow is a state machine of named states in rulebook order (machine.py), one
module per phase; this file only adapts it to the platform's rules protocol (the base class domain.rules.Rules).
"""
from __future__ import annotations

from random import Random
from typing import Mapping, Sequence

from domain import forms
from domain.i18n import _, join_sentences
from domain.rules import Choice, IllegalAction, Outcome, Prompt, Rules, register

from . import buildings, consul, events, famine, great_works, income, scoring, setup  # noqa: F401  (states)
from .data import data_for
from .invariants import check
from .machine import STATES
from .names import comma_list, seat_name
from .narrate import narrate
from .options import SPEC, normalize
from .scenario import build_scenario
from .state import clone
from .summary import seat_summary, summary
from .view import build_view, waiting, waiting_sentence


_LABELS: dict[tuple, tuple[Choice, ...]] = {}  # labels depend only on their label_key and ids


class Sylla(Rules):
    id = "sylla"
    title = "Sylla"
    version = "1"
    min_players = 3
    max_players = 4
    options = SPEC  # options.py: the one declaration of the table options

    # ------------------------------------------------------------------------------ setting up
    def seat_ids(self, players: int) -> list[str]:
        """Seat ids the platform may use: Sylla's player colours (blue, red, black, white)."""
        return list(data_for({"dkey": None, "options": normalize({})}).raw["conventions"]["player_colours"][:players])

    def setup(self, seats: Sequence[str], options: Mapping, rng: Random) -> dict:
        if not self.min_players <= len(seats) <= self.max_players or len(set(seats)) != len(seats):
            raise IllegalAction(_("Sylla is played by 3 or 4 players, each in a different seat."))
        opts = normalize(options)
        D = data_for({"dkey": None, "options": opts})
        s = setup.empty_state(seats, opts, D)
        if opts["scenario"] is not None:
            build_scenario(s, D, opts["scenario"], rng)
        else:
            setup.random_setup(s, D, rng)
        return s

    # ------------------------------------------------------------------------------- decisions
    def prompts(self, state: dict) -> list[Prompt]:
        step = STATES[state["phase"]]
        legal = step.legal(state, data_for(state)) if not state["finished"] else {}
        if not legal:
            return []
        D = data_for(state)
        pid = f"r{state['round']}.{step.short}.{state['seq']}"
        out = []
        for seat in state["seats"]:
            if seat in legal:
                form = step.form(state, D, seat) if hasattr(step, "form") else None
                choices = () if form is not None else self._choices(step, state, D, seat, legal[seat])
                out.append(Prompt(seat, pid, step.kind, step.text(state, D, seat), choices, step.secret, form))
        return out

    def _choices(self, step, state: dict, D, seat: str, ids) -> tuple[Choice, ...]:
        custom = getattr(step, "choices", None)
        if custom is not None:
            return custom(state, D, seat)
        key = step.label_key(state, D, seat)
        if key is None:
            return tuple(Choice(c, step.label(state, D, seat, c)) for c in ids)
        key = (step.name, state["dkey"], key, tuple(ids))
        found = _LABELS.get(key)
        if found is None:
            if len(_LABELS) > 50_000:
                _LABELS.clear()
            found = _LABELS[key] = tuple(Choice(c, step.label(state, D, seat, c)) for c in ids)
        return found

    def apply(self, state: dict, seat: str, choice: str, rng: Random) -> dict:
        if state["finished"]:
            raise IllegalAction(_("The game is over: no more decisions are taken."))
        D = data_for(state)
        step = STATES[state["phase"]]
        ids = step.legal(state, D).get(seat)
        if ids is None:
            raise IllegalAction(join_sentences([_("There is no decision for %(seat)s now.", seat=seat_name(seat)),
                                                waiting_sentence(state, D, [p.seat for p in self.prompts(state)])]))
        choice = self._read(step, state, D, seat, choice, ids)
        s = clone(state)
        step.act(s, D, seat, choice, rng)
        return s

    def _read(self, step, state: dict, D, seat: str, choice: str, ids) -> str:
        """The step's own choice id for `choice`. A decision with a form (starting characters, Great Works,
        a building's payment, whose whole answer the step checks in `accepts`)
        takes its canonical answer, and still its old choice id (the compatibility reading: games recorded
        before the forms replay unchanged; docs/rules-sylla.md); both give the same id, so the same play."""
        if choice in ids:
            return choice
        form = step.form(state, D, seat) if hasattr(step, "form") else None
        if form is not None:
            cid = step.from_answer(state, D, seat, forms.values_of(form, choice))  # FormError: a sentence
            if cid in ids or (hasattr(step, "accepts") and step.accepts(state, D, seat, cid)):  # or IllegalAction
                return cid
            raise IllegalAction(_("%(answer)s: that is not one of your choices now.",
                                  answer=forms.summary(form, choice)))
        shown = comma_list(list(ids)[:12])
        if len(ids) > 12:
            raise IllegalAction(_("%(choice)s is not one of your choices now; you may choose: %(choices)s, ...",
                                  choice=repr(choice), choices=shown))
        raise IllegalAction(_("%(choice)s is not one of your choices now; you may choose: %(choices)s.",
                              choice=repr(choice), choices=shown))

    def check_answer(self, state: dict, seat: str, answer: str) -> None:
        """The protocol's whole-answer check of a form (domain/forms.py), without playing it."""
        D = data_for(state)
        step = STATES[state["phase"]]
        ids = step.legal(state, D).get(seat) if not state["finished"] else None
        if ids is None:
            raise IllegalAction(_("There is no decision for %(seat)s now.", seat=seat_name(seat)))
        self._read(step, state, D, seat, answer, ids)

    def legacy_choice(self, state: dict, seat: str, choice: str) -> Choice | None:
        """The compatibility reading (domain/forms.py): an old choice id of a decision that is now a form,
        with its old label, when it is legal now (recorded games and standing orders set before)."""
        if state["finished"]:
            return None
        D = data_for(state)
        step = STATES[state["phase"]]
        ids = step.legal(state, D).get(seat)
        if ids is None or choice not in ids or not hasattr(step, "form"):
            return None
        return next((c for c in self._choices(step, state, D, seat, ids) if c.id == choice), None)

    def forced_choice_is_public(self, state: dict, prompt: Prompt) -> bool:
        """The protocol's hook (domain/rules.py): a single choice is played by the platform only when
        every other seat could work out that it was the only one (docs/rules-sylla.md, "Forced moves")."""
        return not state["finished"] and STATES[state["phase"]].forced_public

    def default_choice(self, state: dict, seat: str) -> str:
        D = data_for(state)
        step = STATES[state["phase"]]
        ids = step.legal(state, D).get(seat)
        if not ids:
            raise IllegalAction(_("There is no decision for %(seat)s now.", seat=seat_name(seat)))
        cid = step.default(state, D, seat, list(ids))
        return step.to_answer(state, D, seat, cid) if hasattr(step, "form") else cid

    # ------------------------------------------------------------------------------- reading
    def view(self, state: dict, seat: str | None) -> dict:
        D = data_for(state)
        who = [p.seat for p in self.prompts(state)]
        return build_view(state, D, seat, waiting(state, D) if who else "", who,
                          waiting_sentence(state, D, who) if who else "")

    def outcome(self, state: dict) -> Outcome | None:
        if not state["finished"]:
            return None
        scores = {seat: state["players"][seat]["prestige"] for seat in state["seats"]}
        final = state["public"]["final"]
        details = {"ledger": {seat: dict(state["ledger"][seat]) for seat in state["seats"]},
                   "markers": dict(final["markers"]),
                   "tokens": {seat: dict(final["tokens"][seat]["tokens"]) for seat in state["seats"]}}
        return Outcome(scores, tuple(final["winners"]), details)

    def describe(self, before: dict, seat: str, choice: str, after: dict, viewer: str | None) -> list[str]:
        return narrate(data_for(after), after, viewer)

    def check_invariants(self, state: dict) -> None:
        check(state, data_for(state))

    def summary(self, state: dict) -> str:
        """The lobby's public line: round and phase (summary.py)."""
        return summary(state, data_for(state))

    def seat_summary(self, state: dict, seat: str) -> list[str]:
        """A seat's holdings in words, its private denarii and tokens included (summary.py)."""
        return seat_summary(state, data_for(state), seat) if seat in state["players"] else []


RULES = Sylla()
register(RULES)
