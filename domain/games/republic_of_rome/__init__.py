"""The Republic of Rome (Avalon Hill 1990), Early Republic scenario, for 3-6 players: the rules module.

Specification: /work/shared/rules/republic-of-rome.md (cited as "Rule 7.4:" by its section numbers);
readings and options: docs/rules-republic-of-rome.md. The flow is a state machine of named states in
rulebook order (machine.py), one module per phase; this file only adapts it to the platform's rules
protocol (domain.rules.Rules). The title is unlisted until the whole game exists (Combat and Revolution
are empty steps for now).
"""
from __future__ import annotations

from dataclasses import replace
from collections import OrderedDict
from random import Random
from threading import Lock
from typing import Any, Mapping, Sequence

from domain import forms
from domain.i18n import _, join_sentences
from domain.rules import Choice, IllegalAction, Outcome, Prompt, Rules, register, seat_name

from . import combat, deals, forum, mortality, population, revenue, revolution, senate, setup, turn, victory  # noqa: F401  (register states)
from .data import compile_data, data_for
from .invariants import check
from .machine import FORM, STATES
from .narrate import narrate
from .options import SPEC, normalize
from .state import clone
from .summary import seat_summary, summary
from .turn import faction_influence
from .view import build_view, waiting_sentence


class _Asked:
    """What a state asks, worked out once: its step's legal moves and each seat's form. A state is never
    changed once `apply` (or `setup`) has returned it (the rules protocol; state.py's clone contract), so
    the state object's identity is a safe key; the entry holds the state itself, so its id is not reused
    while the entry lives. `apply` reads its input through here and changes only its clone, never looked up."""

    __slots__ = ("state", "legal", "forms")

    def __init__(self, state: dict, legal: dict) -> None:
        self.state, self.legal, self.forms = state, legal, {}


_ASKED: OrderedDict[int, _Asked] = OrderedDict()
_ASKED_SIZE = 8  # a few states: each game's current one (prompts, then the answer read against it)
_ASKED_LOCK = Lock()  # the web server may ask from several threads


def _asked(state: dict, D: Any) -> _Asked:
    key = id(state)
    with _ASKED_LOCK:
        entry = _ASKED.get(key)
        if entry is not None and entry.state is state:
            _ASKED.move_to_end(key)
            return entry
    entry = _Asked(state, STATES[state["step"]].legal(state, D))
    with _ASKED_LOCK:
        _ASKED[key] = entry
        _ASKED.move_to_end(key)
        while len(_ASKED) > _ASKED_SIZE:
            _ASKED.popitem(last=False)
    return entry


def _form(entry: _Asked, D: Any, seat: str) -> forms.Form:
    form = entry.forms.get(seat)
    if form is None:
        form = entry.forms[seat] = _with_default(STATES[entry.state["step"]], entry.state, D, seat)
    return form


def _with_default(step: Any, state: dict, D: Any, seat: str) -> forms.Form:
    """The step's form, carrying the step's `default` (what a missed deadline plays, defaults.py) when the form
    names none: the web page opens its fields on it, so a form whose first options are refused as a whole (a
    Revolution hand of six cards all on "Keep") opens on an answer that is accepted."""
    form = step.form(state, D, seat)
    if form.default is not None:
        return form
    return replace(form, default=forms.encode(step.default(state, D, seat, [FORM])))


class RepublicOfRome(Rules):
    id = "republic_of_rome"
    title = _("The Republic of Rome")
    version = "1"
    min_players = 3
    max_players = 6
    options = SPEC

    def setup(self, seats: Sequence[str], options: Mapping, rng: Random) -> dict:
        if not self.min_players <= len(seats) <= self.max_players or len(set(seats)) != len(seats):
            raise IllegalAction(_("The Republic of Rome is played by 3 to 6 players, each in a different seat."))
        opts = normalize(options)
        D = compile_data(opts)
        return setup.new_game(list(seats), opts, D, DATA_KEY(opts), rng)

    # ------------------------------------------------------------------------------- decisions
    def prompts(self, state: dict) -> list[Prompt]:
        if state["finished"]:
            return []
        D = data_for(state)
        step = STATES[state["step"]]
        asked = _asked(state, D)
        pid = f"t{state['turn']}.{step.short or step.name}.{state['seq']}"
        out = []
        for seat in state["seats"]:
            ids = asked.legal.get(seat)
            if not ids:
                continue
            if ids == [FORM]:
                form = _form(asked, D, seat)
                out.append(Prompt(seat, pid, step.kind, step.text(state, D, seat), (), step.secret, form))
            else:
                choices = tuple(Choice(c, step.label(state, D, seat, c)) for c in ids)
                out.append(Prompt(seat, pid, step.kind, step.text(state, D, seat), choices, step.secret))
        return out

    def _read(self, state: dict, D: Any, seat: str, choice: str) -> Any:
        """The step's reading of `choice`: a choice id, or a form's values (checked by the step)."""
        step = STATES[state["step"]]
        asked = None if state["finished"] else _asked(state, D)
        ids = asked.legal.get(seat) if asked else None
        if not ids:
            who = [p.seat for p in self.prompts(state)]
            raise IllegalAction(join_sentences([_("There is no decision for %(seat)s now.", seat=seat_name(seat)),
                                                waiting_sentence(state, D, who)]))
        if ids == [FORM]:
            values = forms.values_of(_form(asked, D, seat), choice)  # FormError: a sentence
            step.check(state, D, seat, values)  # IllegalAction: a sentence
            return values
        if choice not in ids:
            raise IllegalAction(_("%(choice)s is not one of your choices now.", choice=repr(choice)[:60]))
        return choice

    def apply(self, state: dict, seat: str, choice: str, rng: Random) -> dict:
        if state["finished"]:
            raise IllegalAction(_("The game is over: no more decisions are taken."))
        D = data_for(state)
        answer = self._read(state, D, seat, choice)
        s = clone(state)
        STATES[s["step"]].act(s, D, seat, answer, rng)
        victory.check_consul_for_life(s, D, rng)  # Rule 12 item 3, spec 18.20: after every Influence change
        return s

    def check_answer(self, state: dict, seat: str, answer: str) -> None:
        """The protocol's whole-answer check of a form (domain/forms.py), without playing it."""
        self._read(state, data_for(state), seat, answer)

    def forced_choice_is_public(self, state: dict, prompt: Prompt) -> bool:
        return not state["finished"] and STATES[state["step"]].forced_public

    def default_choice(self, state: dict, seat: str) -> str:
        """What a missed deadline plays: the game masters' default per decision kind (ror-by-mail.md),
        as each step's `default` (defaults.py lists them as data)."""
        D = data_for(state)
        step = STATES[state["step"]]
        ids = _asked(state, D).legal.get(seat)
        if not ids:
            raise IllegalAction(_("There is no decision for %(seat)s now.", seat=seat_name(seat)))
        picked = step.default(state, D, seat, list(ids))
        return forms.encode(picked) if ids == [FORM] else picked

    def bot_choice(self, state: dict, prompt: Prompt, pick: Any) -> str:
        """The title's bot (bot.py): the step's default improved by simple greed, never a refused answer."""
        from .bot import choose
        return choose(self, state, prompt, pick)

    # ------------------------------------------------------------------------------- reading
    def view(self, state: dict, seat: str | None) -> dict:
        return build_view(state, data_for(state), seat, self._waiting(state))

    def _waiting(self, state: dict) -> list[str]:
        """The seats `prompts` asks, in seat order, without building their forms and texts."""
        if state["finished"]:
            return []
        legal = _asked(state, data_for(state)).legal
        return [seat for seat in state["seats"] if legal.get(seat)]

    def outcome(self, state: dict) -> Outcome | None:
        if not state["finished"]:
            return None
        result = state["result"]
        scores = {seat: faction_influence(state, seat) for seat in state["seats"]}
        explained = result.get("explanation") or victory.explanation(state, result["winners"])
        return Outcome(scores, tuple(result["winners"]),
                       {"kind": result["kind"], "reason": result["reason"], "explanation": explained})

    def outcome_lines(self, state: dict, viewer: str | None) -> list[str]:
        """Rule 12, for the platform's "Game over" box and e-mail: who won (or that the Republic fell and every
        player loses), why, and each faction's Influence with what was not counted (victory.result_lines)."""
        return victory.result_lines(data_for(state), state, viewer)

    def describe(self, before: dict, seat: str, choice: str, after: dict, viewer: str | None) -> list[str]:
        return narrate(data_for(after), after, viewer)

    def shown_cards(self, state: dict, seat: str) -> list[tuple[str, str]]:
        """Rule 16: "A player may voluntarily show his cards to anyone": the faction's whole hand, cards
        received by trade (not yet playable) included, for the platform's "show my cards" (domain/shown.py)."""
        from .names import card_name

        faction = state["factions"].get(seat)
        D = data_for(state)
        return [(c, card_name(D, c)) for c in faction["hand"]] if faction else []

    def check_invariants(self, state: dict) -> None:
        check(state, data_for(state))

    def summary(self, state: dict) -> str:
        return summary(state, data_for(state))

    def seat_summary(self, state: dict, seat: str) -> list[str]:
        return seat_summary(state, data_for(state), seat) if seat in state["factions"] else []


def DATA_KEY(options: dict) -> str:  # noqa: N802  (the data key stored in the state, toolkit.data)
    from .data import DATA
    return DATA.key(options)


RULES = RepublicOfRome()
register(RULES)
