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
from domain.game import Game, platform_reason
from domain.i18n import _, join_sentences, n_
from domain.rules import REFEREE, comma_list, seat_name, shown_cards_for


def with_note(line: str, by: DecidedBy | None) -> str:
    """A narrated choice marked with who made it when its seat's player did not make it in person."""
    if by is DecidedBy.AUTO:
        return _("%(line)s (automatic: it was the only choice)", line=line)
    if by is DecidedBy.TIMEOUT:
        return _("%(line)s (played by the server: deadline missed)", line=line)
    if by is DecidedBy.BOT:
        return _("%(line)s (played by the bot)", line=line)
    if by is DecidedBy.OPERATOR:
        return _("%(line)s (played by the operator)", line=line)
    if by is DecidedBy.STANDING:
        return _("%(line)s (by standing order)", line=line)
    return line


def and_list(names: list) -> str:
    """Names joined as "A and B and C" (the pattern is the translator's)."""
    text = names[0] if names else ""
    for name in names[1:]:
        text = _("%(first)s and %(second)s", first=text, second=name)
    return text


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
            return _("The operator")
        if seat == self.narrator:
            return _("You")
        return _("%(seat)s (%(name)s)", seat=seat_name(seat), name=game.seat_info(seat)["name"])

    def _text_GameCreated(self, game: Game, c: dict, before: Any) -> list[str]:
        players = comma_list(_("%(seat)s: %(name)s", seat=seat_name(s["seat"]), name=s["name"]) for s in c["seats"])
        return [_("%(title)s created for %(players)s.", title=game.rules.title, players=players),
                _("Seed commitment: %(commitment)s.", commitment=c["seed_commitment"])]

    def _text_ChoiceMade(self, game: Game, c: dict, before: Any) -> list[str]:
        lines = game.rules.describe(before, c["seat"], c["choice"], game.state, self.narrator)
        by = DecidedBy.of(c)
        if by is DecidedBy.AUTO and self.narrator not in (c["seat"], REFEREE):
            by = None  # "only choice" can reveal private means (a forced pass): only its seat is told
        return [with_note(lines[0], by), *lines[1:]] if lines else lines

    def _text_ChoiceSealed(self, game: Game, c: dict, before: Any) -> list[str]:
        by_order = DecidedBy.of(c) is DecidedBy.STANDING
        if self.narrator in (c["seat"], REFEREE):
            prompt = next((p for p in game.rules.prompts(before) if p.seat == c["seat"]), None)
            choice = forms.offered(game.rules, before, prompt, c["choice"]) if prompt else None
            label = choice.label if choice else c["choice"]
            who = _("You") if self.narrator == c["seat"] else self._name(game, c["seat"])
            if by_order:
                return [_("%(who)s chose in secret: %(label)s (sealed until everyone has chosen) (by standing order).",
                          who=who, label=label)]
            return [_("%(who)s chose in secret: %(label)s (sealed until everyone has chosen).", who=who, label=label)]
        if by_order:
            return [_("%(who)s made a secret choice (by standing order).", who=self._name(game, c["seat"]))]
        return [_("%(who)s made a secret choice.", who=self._name(game, c["seat"]))]

    def _text_ChoicesRevealed(self, game: Game, c: dict, before: Any) -> list[str]:
        lines, state = [_("Secret choices revealed:")], before
        rules = game.rules
        from domain.randomness import ReplayRandom

        for item in c["choices"]:
            after = rules.apply(state, item["seat"], item["choice"], ReplayRandom(item["draws"]))
            lines += rules.describe(state, item["seat"], item["choice"], after, self.narrator)
            state = after
        return lines

    def _text_MessagePosted(self, game: Game, c: dict, before: Any) -> list[str]:
        if isinstance(c.get("shown"), list):
            return [self._shown(game, c)]
        who = self._name(game, c["seat"])
        if c["to"] == "all":
            return [_("%(who)s to everyone: %(text)s", who=who, text=c["text"])]
        return [_("%(who)s to %(seats)s: %(text)s", who=who, seats=comma_list(seat_name(s) for s in c["to"]),
                  text=c["text"])]

    def _shown(self, game: Game, c: dict) -> str:
        """Cards shown (domain/shown.py), named from the hand as it was then (the state this event follows)."""
        from domain.shown import role_of, shown_sentence

        hand = dict(shown_cards_for(game.rules, game.state, c["seat"]) or [])
        labels = [hand.get(cid, cid) for cid in c["shown"]]
        who = _("%(seat)s (%(name)s)", seat=seat_name(c["seat"]), name=game.seat_info(c["seat"])["name"])
        return shown_sentence(role_of(self.private_viewer, c["seat"], c["to"]), who,
                              comma_list(seat_name(s) for s in c["to"]), labels)

    def _text_GameFinished(self, game: Game, c: dict, before: Any) -> list[str]:
        o = c["outcome"]
        scores = comma_list(_("%(seat)s %(score)s", seat=seat_name(s), score=v) for s, v in o["scores"].items())
        winners = [seat_name(w) for w in o["winners"]]
        return [join_sentences([_("Game over."),
                                n_("%(winners)s wins.", "%(winners)s win.", len(winners), winners=and_list(winners))
                                if winners else _("Everybody loses."),
                                _("Scores: %(scores)s.", scores=scores)]),
                _("Seed revealed: %(seed)s.", seed=c["seed"])]

    def _text_GameAbandoned(self, game: Game, c: dict, before: Any) -> list[str]:
        return [_("The game was abandoned by %(by)s: %(reason)s", by=platform_reason(game.seat_ids, c["by"]),
                  reason=c["reason"]),
                _("Seed revealed: %(seed)s.", seed=c["seed"])]

    def _text_ChoiceUndone(self, game: Game, c: dict, before: Any) -> list[str]:
        return [_("%(who)s took back a choice (event %(event)s).", who=self._name(game, c["seat"]),
                  event=c["undone_seq"])]

    def _text_StandingOrderSet(self, game: Game, c: dict, before: Any) -> list[str]:
        who = _("You") if self.private_viewer == c["seat"] else self._name(game, c["seat"])
        return [_('%(who)s set a standing order: whenever asked to %(kind)s, choose "%(label)s" if it is offered.',
                  who=who, kind=c["kind"].replace("_", " "), label=c["label"])]

    def _text_StandingOrderCancelled(self, game: Game, c: dict, before: Any) -> list[str]:
        who = _("You") if self.private_viewer == c["seat"] else self._name(game, c["seat"])
        return [_("%(who)s cancelled standing order %(order)s.", who=who, order=c["order"])]

    def _text_SeatTokenRotated(self, game: Game, c: dict, before: Any) -> list[str]:
        if c["seat"] == self.narrator:
            return [_("Your access link was replaced.")]
        return [_("%(who)s's access link was replaced.", who=self._name(game, c["seat"]))]

    # Bookkeeping events (deadlines, pauses, vacations, replacements, preferences) narrate their public fields.

    def _text_DeadlineMissed(self, game: Game, c: dict, before: Any) -> list[str]:
        return [_("%(who)s: Deadline missed (policy %(policy)s).", who=self._name(game, c["seat"]),
                  policy=TIMEOUT_POLICIES.get(c["policy"], c["policy"]))]

    def _text_GamePaused(self, game: Game, c: dict, before: Any) -> list[str]:
        reason, seat = platform_reason(game.seat_ids, c.get("reason")), c.get("seat")
        if seat is not None:
            who = self._name(game, seat)
            if reason is None:
                return [_("%(who)s: Game paused.", who=who)]
            return [_("%(who)s: Game paused (reason %(reason)s).", who=who, reason=reason)]
        if reason is None:
            return [_("Game paused.")]
        return [_("Game paused (reason %(reason)s).", reason=reason)]

    def _text_GameResumed(self, game: Game, c: dict, before: Any) -> list[str]:
        if c.get("reason") is None:
            return [_("Game resumed.")]
        return [_("Game resumed (reason %(reason)s).", reason=platform_reason(game.seat_ids, c["reason"]))]

    def _text_VacationStarted(self, game: Game, c: dict, before: Any) -> list[str]:
        who = self._name(game, c["seat"])
        if c.get("until") is None:
            return [_("%(who)s: Vacation started (until it ends).", who=who)]
        return [_("%(who)s: Vacation started (until %(until)s).", who=who, until=c["until"])]

    def _text_VacationEnded(self, game: Game, c: dict, before: Any) -> list[str]:
        who = self._name(game, c["seat"])
        if c.get("reason") is None:
            return [_("%(who)s: Vacation ended.", who=who)]
        return [_("%(who)s: Vacation ended (reason %(reason)s).", who=who,
                  reason=platform_reason(game.seat_ids, c["reason"]))]

    def _text_SeatReplaced(self, game: Game, c: dict, before: Any) -> list[str]:
        who = self._name(game, c["seat"])
        if c.get("reason") is None:
            return [_("%(who)s: Seat replaced (name %(name)s).", who=who, name=c["name"])]
        return [_("%(who)s: Seat replaced (name %(name)s, reason %(reason)s).", who=who, name=c["name"],
                  reason=platform_reason(game.seat_ids, c["reason"]))]

    def _text_PreferencesChanged(self, game: Game, c: dict, before: Any) -> list[str]:
        return [_("%(who)s: Preferences changed.", who=self._name(game, c["seat"]))]

    def _text_default(self, kind: str, game: Game, c: dict) -> list[str]:
        """An event this narration does not know (none today): its name, as recorded."""
        return [_("Event %(kind)s.", kind=kind)]


# The clock's timeout policies by name (the setting's values, which English shows as they are).
TIMEOUT_POLICIES = {"default": _("default"), "pause": _("pause"), "bot": _("bot")}


def history_json(events: list, viewer: str | None) -> list[dict]:
    return HistoryBuilder(events, viewer).entries()


__all__ = ["may_see_message", "may_see_event", "PRIVATE_TO_SEAT", "HistoryBuilder", "history_json", "with_note",
           "and_list"]
