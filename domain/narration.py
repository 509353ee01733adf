"""Narration and visibility of a game's recorded events, per viewer: who may see an event (private
messages and standing orders stay private for good) and the history's sentences.

Read by the service (views, the narration read model, the web) and by the e-mail composer
(notifications) alike, so it lives below both (the layer contract in pyproject.toml, [tool.importlinter]).
Pure: it replays the given events through the rules; no clock, no I/O.
"""
from __future__ import annotations

from typing import Any

from domain import forms
from domain.decided_by import DecidedBy
from domain.game import Game
from domain.rules import REFEREE


# How the history marks a choice its seat's player did not make in person.
NOTES = {DecidedBy.AUTO: " (automatic: it was the only choice)",
         DecidedBy.TIMEOUT: " (played by the server: deadline missed)", DecidedBy.BOT: " (played by the bot)",
         DecidedBy.OPERATOR: " (played by the operator)", DecidedBy.STANDING: " (by standing order)"}


def may_see_message(content: dict, viewer: str | None) -> bool:
    to = content["to"]
    return to == "all" or viewer == REFEREE or viewer in to or (viewer is not None and viewer == content["seat"])


PRIVATE_TO_SEAT = frozenset({"StandingOrderSet", "StandingOrderCancelled"})


def may_see_event(kind: str, content: dict, viewer: str | None) -> bool:
    """Events private to some seats, for good (even once the game is over): private messages, and a
    seat's standing orders (its intentions; a choice an order makes is public like any other)."""
    if kind == "MessagePosted":
        return may_see_message(content, viewer)
    if kind in PRIVATE_TO_SEAT:
        return viewer == REFEREE or (viewer is not None and viewer == content["seat"])
    return True


class HistoryBuilder:
    """Replays a game's events once, narrating each for one viewer."""

    def __init__(self, events: list, viewer: str | None):
        self.events = events
        self.viewer = viewer
        finished = any(type(e).__name__ in ("GameFinished", "GameAbandoned") for e in events)
        self.narrator = REFEREE if finished and viewer != REFEREE else viewer
        self.private_viewer = viewer  # private messages stay private even after the end

    def entries(self) -> list[dict]:
        out: list[dict] = []
        game: Game | None = None
        for event in self.events:
            before = game.state if game is not None else None
            game = event.mutate(game)
            entry = self._entry(game, event, before)
            if entry is not None:
                out.append(entry)
        return out

    def _entry(self, game: Game, event: Any, before: Any) -> dict | None:
        kind, c = type(event).__name__, event.content
        if not may_see_event(kind, c, self.private_viewer):
            return None
        handler = getattr(self, "_text_" + kind, None)
        text = handler(game, c, before) if handler else self._text_default(kind, game, c)
        return {"seq": event.originator_version, "type": kind, "at": c["at"], "seat": c.get("seat"),
                "text": text, "hash": event.hash}

    def _name(self, game: Game, seat: str | None) -> str:
        if seat is None:
            return "The operator"
        if seat == self.narrator:
            return "You"
        return f"{seat.capitalize()} ({game.seat_info(seat)['name']})"

    def _text_GameCreated(self, game: Game, c: dict, before: Any) -> list[str]:
        players = ", ".join(f"{s['seat'].capitalize()}: {s['name']}" for s in c["seats"])
        return [f"{game.rules.title} created for {players}.", f"Seed commitment: {c['seed_commitment']}."]

    def _text_ChoiceMade(self, game: Game, c: dict, before: Any) -> list[str]:
        lines = game.rules.describe(before, c["seat"], c["choice"], game.state, self.narrator)
        note = NOTES.get(DecidedBy.of(c), "")
        if DecidedBy.of(c) is DecidedBy.AUTO and self.narrator not in (c["seat"], REFEREE):
            note = ""  # "only choice" can reveal private means (a forced pass): only its seat is told
        return [lines[0] + note, *lines[1:]] if lines and note else lines

    def _text_ChoiceSealed(self, game: Game, c: dict, before: Any) -> list[str]:
        by_order = NOTES[DecidedBy.STANDING] if DecidedBy.of(c) is DecidedBy.STANDING else ""
        if self.narrator in (c["seat"], REFEREE):
            prompt = next((p for p in game.rules.prompts(before) if p.seat == c["seat"]), None)
            choice = forms.offered(game.rules, before, prompt, c["choice"]) if prompt else None
            label = choice.label if choice else c["choice"]
            who = "You" if self.narrator == c["seat"] else self._name(game, c["seat"])
            return [f"{who} chose in secret: {label} (sealed until everyone has chosen){by_order}."]
        return [f"{self._name(game, c['seat'])} made a secret choice{by_order}."]

    def _text_ChoicesRevealed(self, game: Game, c: dict, before: Any) -> list[str]:
        lines, state = ["Secret choices revealed:"], before
        rules = game.rules
        from domain.randomness import ReplayRandom

        for item in c["choices"]:
            after = rules.apply(state, item["seat"], item["choice"], ReplayRandom(item["draws"]))
            lines += rules.describe(state, item["seat"], item["choice"], after, self.narrator)
            state = after
        return lines

    def _text_MessagePosted(self, game: Game, c: dict, before: Any) -> list[str]:
        to = "everyone" if c["to"] == "all" else ", ".join(s.capitalize() for s in c["to"])
        return [f"{self._name(game, c['seat'])} to {to}: {c['text']}"]

    def _text_GameFinished(self, game: Game, c: dict, before: Any) -> list[str]:
        o = c["outcome"]
        scores = ", ".join(f"{s.capitalize()} {v}" for s, v in o["scores"].items())
        winners = " and ".join(w.capitalize() for w in o["winners"])
        return [f"Game over. {winners} {'win' if len(o['winners']) > 1 else 'wins'}. Scores: {scores}.",
                f"Seed revealed: {c['seed']}."]

    def _text_GameAbandoned(self, game: Game, c: dict, before: Any) -> list[str]:
        return [f"The game was abandoned by {c['by']}: {c['reason']}", f"Seed revealed: {c['seed']}."]

    def _text_ChoiceUndone(self, game: Game, c: dict, before: Any) -> list[str]:
        return [f"{self._name(game, c['seat'])} took back a choice (event {c['undone_seq']})."]

    def _text_StandingOrderSet(self, game: Game, c: dict, before: Any) -> list[str]:
        who = "You" if self.private_viewer == c["seat"] else self._name(game, c["seat"])
        return [f"{who} set a standing order: whenever asked to {c['kind'].replace('_', ' ')}, "
                f"choose \"{c['label']}\" if it is offered."]

    def _text_StandingOrderCancelled(self, game: Game, c: dict, before: Any) -> list[str]:
        who = "You" if self.private_viewer == c["seat"] else self._name(game, c["seat"])
        return [f"{who} cancelled standing order {c['order']}."]

    def _text_SeatTokenRotated(self, game: Game, c: dict, before: Any) -> list[str]:
        return [f"{self._name(game, c['seat'])}'s access link was replaced."]

    def _text_default(self, kind: str, game: Game, c: dict) -> list[str]:
        """Bookkeeping events (deadlines, pauses, vacations) narrate their public fields."""
        words = {k: v for k, v in c.items() if k in ("seat", "reason", "policy", "name", "until")}
        who = f"{self._name(game, words.pop('seat'))}: " if "seat" in words else ""
        detail = ", ".join(f"{k} {v}" for k, v in words.items())
        title = "".join(f" {ch.lower()}" if ch.isupper() else ch for ch in kind).strip().capitalize()
        return [f"{who}{title}" + (f" ({detail})." if detail else ".")]


def history_json(events: list, viewer: str | None) -> list[dict]:
    return HistoryBuilder(events, viewer).entries()


__all__ = ["may_see_message", "may_see_event", "PRIVATE_TO_SEAT", "HistoryBuilder", "history_json", "NOTES"]
