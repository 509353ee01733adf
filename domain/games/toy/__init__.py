"""High Card: a tiny test-only title that exercises every platform feature.

Each seat holds a hidden hand dealt from a shuffled deck. Every round all seats secretly play a card
(sealed, revealed together); the highest card plus a die roll scores; the round winner then chooses
openly to draw a card or pass, and keeps or discards what it drew (two decisions in a row by one seat:
the case that undo serves). After `rounds` rounds the highest score wins; ties share the victory.
"""
from __future__ import annotations

from random import Random
from typing import Mapping, Sequence

from domain.i18n import Message, N_, _, join_sentences
from domain.rules import REFEREE, Choice, IllegalAction, Outcome, Prompt, Rules, register
from domain.toolkit.options import Option, OptionSpec

SPEC = OptionSpec([
    Option.int("rounds", 3, 1, 30, _("How many rounds are played."), label=_("Rounds")),
    Option.int("hand_size", 3, 1, 8, _("Cards dealt to each seat at the start."), label=_("Hand size")),
])
OPTIONS = {o.name: {"default": o.default, "help": o.help} for o in SPEC}

# the seat names a player reads (the base class's default seat ids are colours), marked for extraction
SEAT_NAMES = frozenset((N_("Red"), N_("Blue"), N_("Green"), N_("Yellow"), N_("Black"), N_("White")))


def seat_name(seat: str) -> str:
    """'red' -> 'Red', a translatable name (plain text for a seat id outside the list)."""
    name = seat.capitalize()
    return Message(name) if name in SEAT_NAMES else name


def comma_list(items: list[str]) -> str:
    out = items[0] if items else ""
    for item in items[1:]:
        out = _("%(list)s, %(item)s", list=out, item=item)
    return out


class HighCard(Rules):
    id = "toy"
    title = _("High Card (test title)")
    version = "1"
    min_players = 2
    max_players = 4
    options = SPEC  # seat_ids: the base class's default colours

    def setup(self, seats: Sequence[str], options: Mapping, rng: Random) -> dict:
        opts = self.check_options(options)
        deck = list(range(1, 13 + 4 * len(seats)))
        rng.shuffle(deck)
        hands = {s: sorted(deck.pop() for _card in range(opts["hand_size"])) for s in seats}
        return {"seats": list(seats), "deck": deck, "hands": hands, "scores": {s: 0 for s in seats},
                "round": 1, "rounds": opts["rounds"], "step": "play_card", "played": {},
                "winner": None, "last": None, "finished": False, "drawn": None}

    def prompts(self, state: dict) -> list[Prompt]:
        if state["finished"]:
            return []
        if state["step"] == "play_card":
            return [self._play_prompt(state, s) for s in state["seats"] if s not in state["played"]]
        if state["step"] == "keep_or_discard":
            choices = (Choice("keep", _("Keep the %(card)d", card=state["drawn"])),
                       Choice("discard", _("Discard the %(card)d", card=state["drawn"])))
            return [Prompt(state["winner"], f"r{state['round']}.keep", "keep_or_discard",
                           _("Keep the card you drew, or discard it?"), choices)]
        choices = (Choice("draw", _("Draw a card")), Choice("pass", _("Pass")))
        return [Prompt(state["winner"], f"r{state['round']}.draw", "draw_or_pass",
                       _("You won the round: draw a card or pass?"), choices)]

    def _play_prompt(self, state: dict, seat: str) -> Prompt:
        choices = tuple(Choice(f"card-{c}", _("Play the %(card)d", card=c)) for c in state["hands"][seat])
        return Prompt(seat, f"r{state['round']}.play", "play_card", _("Play a card, face down."), choices, True)

    def apply(self, state: dict, seat: str, choice: str, rng: Random) -> dict:
        prompt = next((p for p in self.prompts(state) if p.seat == seat), None)
        if prompt is None:
            raise IllegalAction(_("It is not your decision now."))
        if prompt.find(choice) is None:
            raise IllegalAction(_("%(choice)s is not one of the choices.", choice=repr(choice)))
        new = {**state, "hands": dict(state["hands"]), "played": dict(state["played"]),
               "scores": dict(state["scores"]), "deck": list(state["deck"])}
        if prompt.kind == "play_card":
            card = int(choice.split("-")[1])
            new["hands"][seat] = [c for c in new["hands"][seat] if c != card]
            new["played"][seat] = card
            if len(new["played"]) == len(new["seats"]):
                self._score_round(new, rng)
        elif prompt.kind == "draw_or_pass" and choice == "draw" and new["deck"]:
            new["drawn"], new["step"] = new["deck"].pop(), "keep_or_discard"
        else:
            if choice == "keep":
                new["hands"][seat] = sorted(new["hands"][seat] + [new["drawn"]])
            new["drawn"] = None
            self._next_round(new)
        return new

    def _score_round(self, state: dict, rng: Random) -> None:
        best = max(state["played"].values())
        winner = next(s for s in state["seats"] if state["played"][s] == best)
        die = rng.randint(1, 6)
        state["scores"][winner] += best + die
        state["last"] = {"played": state["played"], "winner": winner, "die": die}
        state["played"], state["winner"], state["step"] = {}, winner, "draw_or_pass"

    def _next_round(self, state: dict) -> None:
        if state["round"] >= state["rounds"] or any(not h for h in state["hands"].values()):
            state["finished"] = True
        state["round"] += 0 if state["finished"] else 1
        state["step"], state["winner"] = "play_card", None

    def view(self, state: dict, seat: str | None) -> dict:
        return {"round": state["round"], "rounds": state["rounds"], "step": state["step"],
                "scores": state["scores"], "deck_size": len(state["deck"]),
                "hand_sizes": {s: len(h) for s, h in state["hands"].items()},
                "your_hand": state["hands"].get(seat) if seat else None,
                "your_drawn_card": state["drawn"] if seat and seat == state["winner"] else None,
                "played": sorted(state["played"]) if state["played"] else [],
                "last_round": state["last"], "finished": state["finished"]}

    def forced_choice_is_public(self, state: dict, prompt: Prompt) -> bool:
        """A single choice here is a last card in hand, and hand sizes are public (the view shows them)."""
        return True

    def default_choice(self, state: dict, seat: str) -> str:
        prompt = next(p for p in self.prompts(state) if p.seat == seat)
        return "pass" if prompt.kind == "draw_or_pass" else prompt.choices[0].id

    def outcome(self, state: dict) -> Outcome | None:
        if not state["finished"]:
            return None
        top = max(state["scores"].values())
        return Outcome(dict(state["scores"]), tuple(s for s in state["seats"] if state["scores"][s] == top))

    def describe(self, before: dict, seat: str, choice: str, after: dict, viewer: str | None) -> list[str]:
        you, who = viewer == seat, seat_name(seat)
        if before["step"] == "keep_or_discard":
            card = before["drawn"]
            if choice == "keep":
                if you:
                    return [_("You keep the %(card)d.", card=card)]
                if viewer == REFEREE:
                    return [_("%(seat)s keeps the %(card)d.", seat=who, card=card)]
                return [_("%(seat)s keeps the card.", seat=who)]
            if you:
                return [_("You discard the %(card)d.", card=card)]
            if viewer == REFEREE:
                return [_("%(seat)s discards the %(card)d.", seat=who, card=card)]
            return [_("%(seat)s discards the card.", seat=who)]
        if before["step"] == "draw_or_pass":
            if choice == "draw":
                return [_("You draw a card.") if you else _("%(seat)s draws a card.", seat=who)]
            return [_("You pass.") if you else _("%(seat)s passes.", seat=who)]
        lines = [_("You play a card face down.") if you else _("%(seat)s plays a card face down.", seat=who)]
        if after["step"] == "draw_or_pass":
            last = after["last"]
            cards = comma_list([_("%(seat)s %(card)d", seat=seat_name(s), card=c) for s, c in last["played"].items()])
            lines.append(join_sentences([_("Cards revealed: %(cards)s.", cards=cards),
                                         _("%(seat)s wins the round and rolls %(die)d.",
                                           seat=seat_name(last["winner"]), die=last["die"])]))
        return lines

    def check_invariants(self, state: dict) -> None:
        cards = list(state["deck"]) + [c for h in state["hands"].values() for c in h] + \
            ([state["drawn"]] if state["drawn"] else [])
        assert len(cards) == len(set(cards)), "a card is in two places"
        assert all(v >= 0 for v in state["scores"].values()), "negative score"


RULES = register(HighCard(), listed=False, test_only=True)
