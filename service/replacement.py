"""Inviting a replacement player for an abandoned seat: who may, for which seats, and when.

A seat is *open for replacement* while its player is gone by the game's own record:
* its latest missed deadline opened it (`DeadlineMissed` with `seat_open`, recorded by the tick once the
  seat missed the clock's `replace_after_missed` deadlines in a row), and its player has not made a
  decision since; or
* it was handed to the bot (`SeatReplaced` with `bot: true`: the bot plays it until a person takes it).
A clock with `replace_after_missed: 0` ("never") opens no seat, bot seats included.

Who may hand a seat to a new player:
* the operator: any seat of a running (active or paused) game, at any time;
* a player of the game: only a seat open for replacement, and never their own;
* nobody, once the game is finished or abandoned.

The rules (`fold_absences`, `open_seats`, `check_replacement`) are pure. `open_seats_of` keeps a small
fold per game so a page view reads only the events it has not seen; `invite_replacement` does the
replacement through `service.deadlines.replace_seat`, judging the rules again on the latest game inside
the save, so of two invitations for one seat at once exactly one is recorded.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from domain.decided_by import players_own
from domain.errors import BadRequest, GameNotActive, NotYourDecision
from domain.game import ACTIVE, PAUSED, invited_by_reason, status_name
from domain.i18n import _, n_
from domain.rules import seat_name
from domain.clock import clock_of
from service.deadlines import replace_seat
from service.games import GameNotFound, GameService

log = logging.getLogger("tabularium.replacement")

OPERATOR = "operator"
OWN_CHOICES = ("ChoiceMade", "ChoiceSealed")


class SeatNotFound(GameNotFound):
    """The seat to fill does not exist in this game (404)."""


class ReplacementRefused(NotYourDecision):
    """This caller may not hand that seat to someone else (403)."""


@dataclass(frozen=True)
class Absence:
    """A seat's current run of missed deadlines, as recorded by the tick."""

    missed: int
    flagged: bool  # the latest DeadlineMissed opened the seat for a replacement (`seat_open`)


@dataclass(frozen=True)
class OpenSeat:
    seat: str
    name: str
    bot: bool
    missed: int

    @property
    def why(self) -> str:
        if self.bot:
            return _("handed to the bot after a missed deadline")
        return n_("missed %(n)d deadline in a row", "missed %(n)d deadlines in a row", self.missed)


# ------------------------------------------------------------------------------------------ pure rules

def fold_absences(absences: Mapping[str, Absence], events: Iterable[Any]) -> dict[str, Absence]:
    """Fold events (in order, after those already folded into `absences`) into each seat's run of
    missed deadlines. Reads only the events' type and content: no rules are replayed."""
    result = dict(absences)
    for event in events:
        kind, c = type(event).__name__, event.content
        seat = c.get("seat")
        if kind == "DeadlineMissed":
            before = result.get(seat, Absence(0, False))
            result[seat] = Absence(int(c.get("missed_in_a_row") or before.missed + 1), bool(c.get("seat_open")))
        elif kind == "SeatReplaced" and not c.get("bot"):
            result.pop(seat, None)  # a new player: a fresh start
        elif kind in OWN_CHOICES and players_own(c):  # not one played *for* the seat
            result.pop(seat, None)  # the player (or the operator for them) decided: the seat is not abandoned
    return result


def open_seats(game: Any, absences: Mapping[str, Absence]) -> list[OpenSeat]:
    """The seats of `game` open for replacement now, in seat order."""
    if game.status not in (ACTIVE, PAUSED) or not clock_of(game.options)["replace_after_missed"]:
        return []
    found = []
    for seat in game.seat_ids:
        absence = absences.get(seat, Absence(0, False))
        bot = seat in game.bot_seats
        if bot or absence.flagged:
            found.append(OpenSeat(seat, game.seat_info(seat)["name"], bot, absence.missed))
    return found


def check_replacement(game: Any, open_now: Iterable[str], seat: str, inviter: str) -> None:
    """Raise a GameError saying why `inviter` (a seat of the game, or OPERATOR) may not hand `seat` to a
    new player now; return quietly when it may."""
    if seat not in game.seat_ids:
        raise SeatNotFound(_("There is no seat %(seat)r in this game.", seat=seat[:20]))
    if game.status not in (ACTIVE, PAUSED):
        raise GameNotActive(_("This game is %(status)s: its seats can no longer be handed to new players.",
                              status=status_name(game.status)))
    if inviter == OPERATOR:
        return
    if inviter not in game.seat_ids:
        raise ReplacementRefused(_("Only the players of this game and the operator may invite a replacement."))
    if inviter == seat:
        raise ReplacementRefused(_("You cannot invite a replacement for your own seat; "
                                   "ask the operator if you want to leave the game."))
    if seat not in set(open_now):
        raise ReplacementRefused(_("%(seat)s is not open for a replacement player: a seat opens when its player has "
                                   "missed deadlines in a row or it was handed to the bot.", seat=seat_name(seat)))


def reason_for(inviter: str) -> str:
    """What the SeatReplaced event records as its reason (the history shows it, translated: see
    domain.game.platform_reason); recorded as its English text."""
    return OPERATOR if inviter == OPERATOR else str(invited_by_reason(inviter))


# ------------------------------------------------------------------------------------------ with the store

_folds: dict[tuple, tuple[int, str, dict[str, Absence]]] = {}   # (service, game) -> (version, head, absences)
_folds_lock = threading.Lock()
MAX_FOLDS = 1024


def absences_of(svc: GameService, game: Any) -> dict[str, Absence]:
    """The absences of `game` as of its version: the remembered fold, fast-forwarded with the events
    after it (one query, none when nothing changed)."""
    key = (id(svc), str(game.id))
    with _folds_lock:
        version, head, absences = _folds.get(key, (0, "", {}))
    if (version, head) == (game.version, game.head):
        return absences
    if version > game.version:  # an older copy of the game than the fold: fold it apart
        version, absences = 0, {}
    new = list(svc.store.app.events.get(game.id, gt=version, lte=game.version))
    if version and (not new or new[0].prev_hash != head):  # not the continuation we folded: start again
        version, absences = 0, {}
        new = list(svc.store.app.events.get(game.id, lte=game.version))
    absences = fold_absences(absences, new)
    with _folds_lock:
        if len(_folds) >= MAX_FOLDS:
            _folds.clear()
        _folds[key] = (game.version, game.head, absences)
    return absences


def open_seats_of(svc: GameService, game: Any) -> list[OpenSeat]:
    """The seats of `game` open for replacement now. Reads nothing when the clock cannot open a seat."""
    clock = clock_of(game.options)
    if game.status not in (ACTIVE, PAUSED) or clock["mode"] == "none" or not clock["replace_after_missed"]:
        return []  # without deadlines nothing is ever missed, and only a missed deadline calls the bot
    return open_seats(game, absences_of(svc, game))


def invite_replacement(svc: GameService, game_id: Any, seat: str, name: str, email: str, inviter: str,
                       need_email: bool | None = None) -> str:
    """Hand `seat` to a new player on behalf of `inviter` (a seat of the game, or OPERATOR); returns the
    new seat token. An address is needed unless the operator receives the link (`need_email` says
    otherwise): a player's invitation reaches the newcomer only by e-mail."""
    if need_email is None:
        need_email = inviter != OPERATOR

    def allowed(game: Any) -> None:
        check_replacement(game, [o.seat for o in open_seats_of(svc, game)], seat, inviter)
        if need_email and not (email or "").strip():
            raise BadRequest(_("Give the new player's e-mail address: their link to the game is sent there."))

    return replace_seat(svc, game_id, seat, name, email, reason=reason_for(inviter), check=allowed)


__all__ = ["OPERATOR", "Absence", "OpenSeat", "SeatNotFound", "ReplacementRefused", "fold_absences",
           "open_seats", "check_replacement", "reason_for", "absences_of", "open_seats_of", "invite_replacement"]
