"""The Game aggregate: one event stream per game, replayed through the title's rules.

Every event carries one JSON `content` dict (so nothing is lost in transcoding), plus `prev_hash` and
`hash` (domain.chain). Commands validate and compute; the event `apply` methods only fold, because they
re-run on every replay. Times arrive as ISO strings and the seed as a parameter: nothing here reads a
clock or a global random source.
"""
from __future__ import annotations

import copy
import hashlib
import hmac
import re
from datetime import datetime
from types import MappingProxyType
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate

from domain import clock as game_clock
from domain.decided_by import DecidedBy, by_seat_itself
from domain.chain import GENESIS, check_link, event_hash, is_private_event, state_hash
from domain.errors import BadRequest, GameNotActive, NotYourDecision, StalePrompt, UndoRefused
from domain.i18n import Message, _, n_
from domain.randomness import DerivedRandom, NoRandom, ReplayRandom, derive, seed_commitment
from domain import bots, forms
from domain.rules import Outcome, Prompt, Rules, forced_choice_is_public, get_rules, seat_name, shown_cards_for
from domain.versions import rules_for, setup_state

MAX_AUTO_STEPS = 10_000
MAX_UNDO = 20
MAX_STANDING_ORDERS = 12  # per seat; one per prompt kind
# A choice's resulting state is hashed into its event when it drew randomness, ends the game, or falls on
# every STATE_HASH_EVERY-th event; between checkpoints a replay divergence shows at the next one.
STATE_HASH_EVERY = 10
MAX_REASON = 200  # a pause's, a resumption's, a vacation's end's or a replacement's reason
MAX_SEAT_NAME = 80  # a player's name is at most 60 characters; a bot's adds " (bot)"
EMAIL_PREFERENCES = ("every", "digest", "none")  # every e-mail, one digest a day, none
PREFERENCE_CHANGED_BY = ("seat", "operator", "unsubscribe-link")
ACTIVE, PAUSED, FINISHED, ABANDONED = "active", "paused", "finished", "abandoned"
# Options the platform reads itself (deadlines and clocks, e-mail, the game's name): stored in GameCreated,
# never given to the rules.
PLATFORM_OPTIONS = frozenset({"clock", "notifications", "name", "language"})
# A language is a code ("en", "el", "hu"): the table's (options["language"]) and each seat's own
# (PreferencesChanged "language"). Which codes have a catalog is the edge's to say (locales.LANGUAGES).
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}\Z")
MAX_GAME_NAME = 80  # the name a table gives its game (options["name"], optional)


def status_name(status: str) -> str:
    """A game's status (an id: active, paused, finished, abandoned) as the word a player reads."""
    names = {ACTIVE: _("active"), PAUSED: _("paused"), FINISHED: _("finished"), ABANDONED: _("abandoned")}
    return names.get(status, status)


# The reasons the platform itself gives its bookkeeping commands. Events record their English text (the
# record never changes); the narration recognises them (`platform_reason`) and shows them translated.

def deadline_pause_reason(seat: str) -> Message:
    """The reason a deadline's pause policy records."""
    return _("%(seat)s missed the deadline", seat=seat_name(seat))


def new_player_reason(seat: str) -> Message:
    """Why a game paused for a seat's timeout runs again when a new player takes the seat."""
    return _("%(seat)s has a new player", seat=seat_name(seat))


def invited_by_reason(inviter: str) -> Message:
    """The reason a replacement invited by a seat records."""
    return _("invited by %(inviter)s", inviter=inviter)


BACK_EARLY = _("back early")  # a vacation ended by its player
VACATION_OVER = _("the vacation time is over")  # a vacation ended by the tick
BY_OPERATOR = _("operator")  # a replacement the operator made


def platform_reason(seat_ids: list[str], reason: Any) -> Any:
    """A recorded reason as the message the platform wrote it from, when it is one; else as recorded."""
    if not isinstance(reason, str):
        return reason
    for known in (BACK_EARLY, VACATION_OVER, BY_OPERATOR):
        if reason == known:
            return known
    for seat in seat_ids:
        for make in (deadline_pause_reason, new_player_reason, invited_by_reason):
            message = make(seat)
            if reason == message:
                return message
    return reason


def rules_options(options: dict) -> dict:
    return {k: v for k, v in options.items() if k not in PLATFORM_OPTIONS}


def salt_for(seed_hex: str, seq: int) -> str:
    """A secret per-event nonce derived from the seed: revealed with the content it protects."""
    return hmac.new(bytes.fromhex(seed_hex), f"salt:{seq}".encode(), hashlib.sha256).hexdigest()[:32]


_last_prompts: tuple = (None, None, [])


def _rules_prompts(rules: Rules, state: dict) -> list[Prompt]:
    """rules.prompts(state), remembered for the last state seen: a command asks several times per step.
    States are never mutated (the protocol), so identity of the state object is a safe key."""
    global _last_prompts
    cached_rules, cached_state, prompts = _last_prompts
    if cached_state is state and cached_rules is rules:
        return prompts
    prompts = rules.prompts(state)
    _last_prompts = (rules, state, prompts)
    return prompts


def bot_pick(seed_hex: str, seq: int, prompt: Prompt, rules: Rules | None = None, state: Any = None) -> str:
    """The bot's choice, derived from the secret seed (no generator state; the choice itself is what the
    event records, so replay never re-picks). The title's own bot when it has one (`Rules.bot_choice`,
    through domain.bots.title_choice: its answer is kept only when the rules accept it), drawing its
    `pick(n)` from the same derivation (one counter per draw; a refused answer gives way to the title's
    default choice); otherwise a uniformly random legal choice (for a form: domain.forms.random_legal)."""
    draws = iter(range(1 << 21, 1 << 22))  # counters the random legal choice below never uses
    answer = bots.title_choice(rules, state, prompt, lambda n: derive(seed_hex, seq, next(draws), 64) % n)
    if answer is not None:
        return answer
    if prompt.form is None:
        return prompt.choices[derive(seed_hex, seq, 1 << 20, 64) % len(prompt.choices)].id
    return forms.random_legal(rules, state, prompt, lambda n: derive(seed_hex, seq, 1 << 20, 64) % n)


def public_prompt_id(state_version: int, prompt: Prompt) -> str:
    """The rules' id plus the event that last changed the rules state: any change makes it stale."""
    return f"{state_version}.{prompt.id}"


class _GameEvent(Aggregate.Event):
    content: dict
    prev_hash: str
    hash: str

    def apply(self, game: Game) -> None:
        check_link(self.originator_version, game.head, self.prev_hash)  # every fold checks the chain's links
        game.head = self.hash
        game.updated_at = self.content["at"]
        getattr(game, "_on_" + type(self).__name__)(self.content, self.originator_version)
        game.clock_state = game_clock.step(game.clock_state, game, type(self).__name__, self.content)


class Game(Aggregate):
    # seat -> its standing orders, each {"id": seq of its StandingOrderSet, "kind", "choice", "label"}.
    # The read-only class default serves games restored from snapshots older than this feature; the
    # folds rebind the attribute, never change it in place.
    standing = MappingProxyType({})  # Mapping[str, list[dict]]; not annotated: that would make it a dataclass field
    # The deadlines fold (domain.clock: owed decisions, banks, pauses, vacations, missed deadlines), kept up to
    # date by every event and so carried by snapshots. None: unknown (a snapshot older than this feature;
    # the store rebuilds such games from their events, and readers fall back to domain.clock.schedule).
    clock_state = None  # dict | None; not annotated: that would make it a dataclass field

    class GameCreated(Aggregate.Created):
        content: dict
        prev_hash: str
        hash: str

    class ChoiceMade(_GameEvent):
        pass

    class ChoiceSealed(_GameEvent):
        pass

    class ChoicesRevealed(_GameEvent):
        pass

    class MessagePosted(_GameEvent):
        pass

    class GameFinished(_GameEvent):
        pass

    class GameAbandoned(_GameEvent):
        pass

    class SeatTokenRotated(_GameEvent):
        pass

    class DeadlineMissed(_GameEvent):
        pass

    class SeatReplaced(_GameEvent):
        pass

    class VacationStarted(_GameEvent):
        pass

    class VacationEnded(_GameEvent):
        pass

    class GamePaused(_GameEvent):
        pass

    class GameResumed(_GameEvent):
        pass

    class PreferencesChanged(_GameEvent):
        pass

    class ChoiceUndone(_GameEvent):
        pass

    class StandingOrderSet(_GameEvent):
        pass

    class StandingOrderCancelled(_GameEvent):
        pass

    def __init__(self, content: dict, prev_hash: str, hash: str) -> None:  # noqa: A002
        self.head = hash
        c = content
        self.rules_id, self.rules_version, self.options = c["rules"], c["rules_version"], dict(c["options"])
        self.seats = [dict(s) for s in c["seats"]]
        self.seed, self.seed_commitment = c["seed"], c["seed_commitment"]
        self.token_hashes: dict[str, str] = dict(c["token_hashes"])
        self.created_at = self.updated_at = c["at"]
        rules = rules_for(self.rules_id, self.rules_version, self.id)  # a version today's rules replay, or a sentence
        self.state = setup_state(rules, self.rules_version, self.seat_ids, rules_options(self.options),
                                 ReplayRandom(c["draws"]))
        self.state_version = 1
        self.sealed: dict[str, dict] = {}
        self.keys: dict[str, dict] = {}
        self.status, self.outcome, self.paused_reason = ACTIVE, None, None
        self.vacations: dict[str, str] = {}
        self.undo_stack: list[dict] = []
        self.bot_seats: list[str] = []  # seats handed to the bot: their decisions are played at once
        self.preferences: dict[str, str] = {}
        self.standing = {}
        self.clock_state = game_clock.initial(self, c)

    # ----------------------------------------------------------------- creation

    @classmethod
    def create(cls, game_id: UUID, rules_id: str, seats: list[dict], options: dict, seed: str,
               token_hashes: dict[str, str], at: str) -> Game:
        """Set up a new game. `seats` are dicts {seat, name, email}; `seed` is 64 hex digits."""
        rules = get_rules(rules_id)
        if not rules.min_players <= len(seats) <= rules.max_players:
            raise BadRequest(_("%(title)s takes %(min)d to %(max)d players, not %(n)d.", title=rules.title,
                               min=rules.min_players, max=rules.max_players, n=len(seats)))
        if "language" in options:
            check_language_code(options["language"])
        if "name" in options:
            _text(options["name"], MAX_GAME_NAME, lambda n: n_(
                "The game's name must be some text of at most %(n)d character.",
                "The game's name must be some text of at most %(n)d characters.", n))
        rng = DerivedRandom(seed, 1)
        state = setup_state(rules, rules.version, [s["seat"] for s in seats], rules_options(options), rng)  # IllegalAction if bad
        content = {"rules": rules.id, "rules_version": rules.version, "options": dict(options),
                   "seats": seats, "seed_commitment": seed_commitment(seed), "seed": seed,
                   "token_hashes": token_hashes, "draws": rng.draws, "state_hash": state_hash(state),
                   "at": at, "salt": salt_for(seed, 1)}
        digest = event_hash(str(game_id), 1, "GameCreated", GENESIS, content)
        game = cls._create(cls.GameCreated, id=game_id, timestamp=_ts(at), content=content,
                           prev_hash=GENESIS, hash=digest)
        game._auto_resolve(at)
        return game

    @classmethod
    def from_archive_event(cls, game_id: UUID, entry: dict) -> Game:
        """Rebuild the first event of an imported archive exactly as it was recorded."""
        return cls._create(cls.GameCreated, id=game_id, timestamp=_ts(entry["content"]["at"]),
                           content=entry["content"], prev_hash=entry["prev_hash"], hash=entry["hash"])

    def append_archive_event(self, entry: dict) -> None:
        self.trigger_event(getattr(Game, entry["type"]), timestamp=_ts(entry["content"]["at"]),
                           content=entry["content"], prev_hash=entry["prev_hash"], hash=entry["hash"])

    # ----------------------------------------------------------------- queries

    @property
    def rules(self) -> Rules:
        return get_rules(self.rules_id)

    @property
    def name(self) -> str:
        """The table's name for the game (options["name"]), else "Sylla, game 7dd66c3b" (games made before
        names, or created without one)."""
        return game_name(self.options, self.rules.title, str(self.id))

    @property
    def seat_ids(self) -> list[str]:
        return [s["seat"] for s in self.seats]

    def seat_info(self, seat: str) -> dict:
        return next(s for s in self.seats if s["seat"] == seat)

    def open_prompts(self) -> list[Prompt]:
        """Decisions owed now, with public ids; a seat whose secret choice is sealed owes nothing."""
        if self.status != ACTIVE:
            return []
        return [Prompt(p.seat, public_prompt_id(self.state_version, p), p.kind, p.text, p.choices, p.secret, p.form)
                for p in _rules_prompts(self.rules, self.state) if p.seat not in self.sealed]

    def prompt_for(self, seat: str) -> Prompt | None:
        return next((p for p in self.open_prompts() if p.seat == seat), None)

    def waiting_for(self) -> list[str]:
        return [p.seat for p in self.open_prompts()]

    # ----------------------------------------------------------------- commands

    def choose(self, seat: str, prompt_id: str, choice: str, key: str | None, at: str,
               by: DecidedBy | str = DecidedBy.SEAT, standing: bool = False,
               private_salt: str | None = None) -> dict:
        """Apply or seal one decision; returns {"version"}; the same key twice returns the first result.

        `standing`: and keep making this choice whenever a prompt of the same kind offers it to this seat
        (a standing order, private to the seat; see `_standing_choice`). `private_salt`: the order's fresh
        random salt, required with `standing` (see `_event_salt`)."""
        by = DecidedBy.parse(by).value  # recorded as its string
        scoped = f"{seat}:{key}" if key else None  # one seat's key can never answer for another seat
        if scoped and scoped in self.keys:
            return dict(self.keys[scoped])
        self._require_active()
        prompt = self.prompt_for(seat)
        if prompt is None:
            raise NotYourDecision(_("There is no decision for you to make at the moment."))
        if prompt_id != prompt.id:
            raise StalePrompt(_("The game has moved on since that form or e-mail: reload and choose again."))
        # a choice id, or a form's answer: structure, then the rules' check_answer (domain.forms)
        picked = forms.accept(self.rules, self.state, prompt, choice)
        fresh = self._set_standing_order(prompt, picked.id, picked.label, at, private_salt) if standing else None
        self._decide(prompt, picked.id, key, at, by)
        self._auto_resolve(at, fresh)
        return dict(self.keys[scoped]) if scoped else {"version": self.version}

    def cancel_standing_order(self, seat: str, order_id: int, at: str, private_salt: str | None = None) -> None:
        self._require_seat(seat)
        if self.status in (FINISHED, ABANDONED):  # nothing is appended after the seed is revealed
            raise GameNotActive(_("This game is over: its standing orders no longer matter."))
        if not any(o["id"] == order_id for o in self.standing.get(seat, [])):
            raise BadRequest(_("You have no standing order with that number."))
        self._emit(Game.StandingOrderCancelled, at, private_salt=private_salt, seat=seat, order=order_id)

    def undo_problem(self, seat: str) -> Message | None:
        """Why `seat` may not take back its last choice now, or None if it may.

        Rule of the platform (after Rally the Troops): undo is allowed only until a reveal, a random
        draw or a change of actor; the choice must be the seat's own, not one played for it.
        """
        if self.status != ACTIVE:
            return _("This game is not running.")
        if not self.undo_stack or self.undo_stack[-1]["seat"] != seat:
            return _("There is no choice of yours that can still be taken back.")
        if any(p.seat != seat for p in self.open_prompts()) or self.sealed:
            return _("Another player is now deciding, so your choice can no longer be taken back.")
        return None

    def undo(self, seat: str, at: str) -> None:
        problem = self.undo_problem(seat)
        if problem:
            raise UndoRefused(problem)
        self._emit(Game.ChoiceUndone, at, seat=seat, undone_seq=self.undo_stack[-1]["seq"])

    def post_message(self, seat: str | None, to: str | list[str], text: str, at: str,
                     private_salt: str | None = None) -> None:
        """`private_salt`: required for a message to some seats (private for good, see `_event_salt`)."""
        if isinstance(to, list):
            unknown = [s for s in to if s not in self.seat_ids]
            if unknown or not to:
                raise BadRequest(_("Unknown recipient %(seat)r.", seat=unknown[0]) if unknown else _("No recipients."))
            to = sorted(set(to))
        elif to != "all":
            raise BadRequest(_('Recipients must be "all" or a list of seats.'))
        self._emit(Game.MessagePosted, at, private_salt=private_salt, seat=seat, to=to, text=text)

    def show_cards(self, seat: str, to: list[str], at: str, private_salt: str | None = None) -> None:
        """Show the seat's secret cards to the seats `to` (domain/shown.py): a private message composed here
        from the real hand, so its readers can trust it."""
        from domain.rules import comma_list
        from domain.shown import OTHER, shown_sentence

        self._require_seat(seat)
        if self.status in (FINISHED, ABANDONED):
            raise GameNotActive(_("This game is over: there are no cards left to show."))
        cards = shown_cards_for(self.rules, self.state, seat)
        if cards is None:
            raise BadRequest(_("%(title)s has no secret cards to show.", title=self.rules.title))
        if not isinstance(to, list) or not to or any(not isinstance(s, str) for s in to):
            raise BadRequest(_("Name the seats to show your cards to."))
        unknown = [s for s in to if s not in self.seat_ids or s == seat]
        if unknown:
            raise BadRequest(_("You cannot show your cards to %(seat)r.", seat=unknown[0][:40]))
        to = sorted(set(to))
        text = shown_sentence(OTHER, seat_name(seat), comma_list(seat_name(s) for s in to), [c[1] for c in cards])
        self._emit(Game.MessagePosted, at, private_salt=private_salt, seat=seat, to=to, text=str(text)[:4000],
                   shown=[c[0] for c in cards], state_version=self.state_version)

    def abandon(self, by: str, reason: str, at: str) -> None:
        if self.status in (FINISHED, ABANDONED):
            raise GameNotActive(_("This game is already over."))
        self._emit(Game.GameAbandoned, at, by=by, reason=reason, seed=self.seed)

    def rotate_token(self, seat: str, token_hash: str, at: str) -> None:
        self._require_seat(seat)
        self._emit(Game.SeatTokenRotated, at, seat=seat, token_hash=token_hash)

    # ----------------------------------------------------------------- bookkeeping commands
    # One typed command per bookkeeping event: each checks its arguments (a domain error with a sentence)
    # and builds its own content, with the keys in the order these events have always been recorded.

    def miss_deadline(self, seat: str, prompt_id: str, deadline: str, policy: str, at: str,
                      missed_in_a_row: int = 1, seat_open: bool = False) -> None:
        """`seat` let the deadline of its open decision `prompt_id` pass: DeadlineMissed, then the clock's
        policy in the same command: "default" plays the rules' default choice (by timeout), "pause" pauses
        the game for the seat, "bot" hands the seat to the bot (which plays at once, and from then on)."""
        self._require_seat(seat)
        prompt = self.prompt_for(seat)  # None while the game is not running
        if prompt is None or prompt.id != prompt_id:
            raise StalePrompt(_("That decision is no longer owed: the deadline was already handled."))
        if policy not in game_clock.POLICIES:
            raise BadRequest(_("A missed deadline's policy is one of %(policies)s, not %(policy)r.",
                               policies=", ".join(game_clock.POLICIES), policy=str(policy)[:40]))
        if not _is_time(deadline):
            raise BadRequest(_("The deadline must be an ISO date and time, not %(value)r.", value=str(deadline)[:40]))
        if isinstance(missed_in_a_row, bool) or not isinstance(missed_in_a_row, int) or missed_in_a_row < 1:
            raise BadRequest(_("The count of deadlines missed in a row is a whole number of at least 1."))
        content: dict[str, Any] = {"seat": seat, "prompt_id": prompt_id, "deadline": deadline, "policy": policy,
                                   "missed_in_a_row": missed_in_a_row}
        if seat_open:
            content["seat_open"] = True
        self._emit(Game.DeadlineMissed, at, **content)
        if policy == "pause":
            self._emit(Game.GamePaused, at, reason=str(deadline_pause_reason(seat)), seat=seat)  # recorded as text
        elif policy == "bot":
            # until a player takes the seat back (a SeatReplaced without "bot")
            self.replace_seat(seat, f"{self.seat_info(seat)['name']} (bot)", at, bot=True)
        else:
            self.choose(seat, prompt.id, self.rules.default_choice(self.state, seat), None, at, DecidedBy.TIMEOUT)

    def pause(self, reason: str, at: str) -> None:
        """Stop every clock until `resume` (the operator; a deadline's pause policy is `miss_deadline`)."""
        self._require_not_over()
        if self.status == PAUSED:
            raise GameNotActive(_("This game is already paused."))
        self._emit(Game.GamePaused, at, reason=_text(reason, MAX_REASON, lambda n: n_(
            "The reason for a pause must be some text of at most %(n)d character.",
            "The reason for a pause must be some text of at most %(n)d characters.", n)))

    def resume(self, reason: str, at: str) -> None:
        """Run the clocks again; decisions that became automatic meanwhile are played at once."""
        self._require_not_over()
        if self.status != PAUSED:
            raise GameNotActive(_("This game is not paused."))
        self._emit(Game.GameResumed, at, reason=_text(reason, MAX_REASON, lambda n: n_(
            "The reason for resuming must be some text of at most %(n)d character.",
            "The reason for resuming must be some text of at most %(n)d characters.", n)))
        self._auto_resolve(at)

    def start_vacation(self, seat: str, until: str | None, days: float, at: str) -> None:
        """`seat`'s clock stops for `days`, until `until` (None: until it comes back). The allowance left is
        the service's to check (it reads the schedule, folded from the log for an old snapshot)."""
        self._require_seat(seat)
        self._require_vacations()
        if seat in self.vacations:
            raise BadRequest(_("That seat is already on vacation."))
        # `not 0 < days` also refuses NaN, which would otherwise slip past both comparisons
        if isinstance(days, bool) or not isinstance(days, (int, float)) or not 0 < days < float("inf"):
            raise BadRequest(_("A vacation lasts a positive number of days."))
        if until is not None and not _is_time(until):
            raise BadRequest(_("The end of a vacation must be an ISO date and time, not %(value)r.",
                               value=str(until)[:40]))
        self._emit(Game.VacationStarted, at, seat=seat, until=until, days=days)

    def end_vacation(self, seat: str, reason: str, at: str) -> None:
        """`seat`'s vacation ends (back early, or its time is over): its clock runs again from `at`."""
        self._require_seat(seat)
        if self.status not in (ACTIVE, PAUSED):
            raise GameNotActive(_("This game is already over."))
        if seat not in self.vacations:
            raise BadRequest(_("That seat is not on vacation."))
        self._emit(Game.VacationEnded, at, seat=seat, reason=_text(reason, MAX_REASON, lambda n: n_(
            "The reason a vacation ends must be some text of at most %(n)d character.",
            "The reason a vacation ends must be some text of at most %(n)d characters.", n)))

    def replace_seat(self, seat: str, name: str, at: str, token_hash: str | None = None,
                     reason: str | None = None, bot: bool = False) -> None:
        """A new player takes `seat` (`token_hash`: the new link's; None keeps the links), or with `bot`
        the bot does. The newcomer inherits no standing orders; due decisions are played at once."""
        self._require_seat(seat)
        self._require_not_over()
        name = _text(name, MAX_SEAT_NAME, lambda n: n_(
            "The new player's name must be some text of at most %(n)d character.",
            "The new player's name must be some text of at most %(n)d characters.", n))
        if token_hash is not None and not (isinstance(token_hash, str) and token_hash):
            raise BadRequest(_("A seat's new link is given by its token's hash."))
        if bot:
            if token_hash is not None or reason is not None:
                raise BadRequest(_("A seat handed to the bot gets no new link and no reason."))
            self._emit(Game.SeatReplaced, at, seat=seat, name=name, bot=True, token_hash=None)
        else:
            extra = {} if reason is None else {"reason": _text(reason, MAX_REASON, lambda n: n_(
                "The reason for a replacement must be some text of at most %(n)d character.",
                "The reason for a replacement must be some text of at most %(n)d characters.", n))}
            self._emit(Game.SeatReplaced, at, seat=seat, name=name, token_hash=token_hash, **extra)
        self._auto_resolve(at)

    def change_preference(self, seat: str, preference: str, by: str, at: str) -> None:
        """Record that `seat`'s e-mail preference is now `preference`, and who asked (`by`)."""
        self._require_seat(seat)
        if preference not in EMAIL_PREFERENCES:
            raise BadRequest(_("The e-mail preference must be one of %(choices)s.",
                               choices=", ".join(EMAIL_PREFERENCES)))
        if by not in PREFERENCE_CHANGED_BY:
            raise BadRequest(_("An e-mail preference is changed by one of %(choices)s, not %(by)r.",
                               choices=", ".join(PREFERENCE_CHANGED_BY), by=str(by)[:40]))
        self._emit(Game.PreferencesChanged, at, seat=seat, preference=preference, by=by)

    def change_language(self, seat: str, language: str, by: str, at: str) -> None:
        """Record the language `seat` reads its pages and e-mails in. One event kind holds a seat's
        preferences: this one carries the e-mail preference unchanged and the new `language`."""
        self._check_preference_change(seat, by)
        check_language_code(language)
        self._emit(Game.PreferencesChanged, at, seat=seat, preference=self.preferences.get(seat, "every"),
                   language=language, by=by)

    def change_timezone(self, seat: str, zone: str, by: str, at: str) -> None:
        """Record the time zone `seat` reads times in ("" for the game's own zone again)."""
        from domain.timezones import check_zone

        self._check_preference_change(seat, by)
        if zone:
            check_zone(zone)
        self._emit(Game.PreferencesChanged, at, seat=seat, preference=self.preferences.get(seat, "every"),
                   timezone=zone, by=by)

    def language_for(self, seat: str | None) -> str | None:
        """The seat's own language, else the table's (options["language"]); None when neither was chosen."""
        own = self.__dict__.get("languages", {}).get(seat) if seat else None
        table = self.options.get("language")
        return own or (table if isinstance(table, str) and table else None)

    def timezone_for(self, seat: str | None) -> str | None:
        """The seat's own time zone, if it chose one (else the game's, the clock's "timezone")."""
        return self.__dict__.get("timezones", {}).get(seat) or None if seat else None

    def _check_preference_change(self, seat: str, by: str) -> None:
        self._require_seat(seat)
        if by not in PREFERENCE_CHANGED_BY:
            raise BadRequest(_("An e-mail preference is changed by one of %(choices)s, not %(by)r.",
                               choices=", ".join(PREFERENCE_CHANGED_BY), by=str(by)[:40]))

    # ----------------------------------------------------------------- internals

    def _require_active(self) -> None:
        if self.status != ACTIVE:
            raise GameNotActive(_("This game is %(status)s; no decisions are being taken.",
                                  status=status_name(self.status)))

    def _require_seat(self, seat: str) -> None:
        if seat not in self.seat_ids:
            raise BadRequest(_("There is no seat %(seat)r in this game.", seat=seat))

    def _require_not_over(self) -> None:
        if self.status in (FINISHED, ABANDONED):
            raise GameNotActive(_("This game is already over."))

    def _require_vacations(self) -> None:
        if self.status not in (ACTIVE, PAUSED):
            raise GameNotActive(_("This game is already over."))
        if game_clock.clock_of(self.options)["mode"] == "none":
            raise BadRequest(_("This game has no deadlines, so there is no clock to stop: no vacation is needed."))

    def _set_standing_order(self, prompt: Prompt, choice: str, label: str, at: str,
                            private_salt: str | None = None) -> int:
        """Records the order; returns its number (the seq of its event)."""
        orders = self.standing.get(prompt.seat, [])
        if len(orders) >= MAX_STANDING_ORDERS and not any(o["kind"] == prompt.kind for o in orders):
            raise BadRequest(n_("You already have %(n)d standing order: cancel one first.",
                                "You already have %(n)d standing orders: cancel one first.", MAX_STANDING_ORDERS))
        self._emit(Game.StandingOrderSet, at, private_salt=private_salt, seat=prompt.seat, kind=prompt.kind,
                   choice=choice, label=label)
        return self.version

    def _standing_choice(self, prompt: Prompt, fresh: int | None = None) -> dict | None:
        """Rule of the platform: a standing order answers a prompt of its kind for its seat whenever the
        prompt offers the very choice the player picked: the same id *and* the same label, since a title
        may reuse an id for another meaning ("slot-1" offers whichever building lies there). An order does
        not act in the command that set it: the rest of a decision in several steps stays the player's."""
        for order in self.standing.get(prompt.seat, []):
            if order["kind"] != prompt.kind or order["id"] == fresh:
                continue
            offered = forms.offered(self.rules, self.state, prompt, order["choice"])  # form: the exact answer
            if offered is not None and offered.label == order["label"]:
                return order
        return None

    def _decide(self, prompt: Prompt, choice: str, key: str | None, at: str, by: str,
                order: int | None = None) -> None:
        fired = {"order": order} if order is not None else {}
        if not prompt.secret:
            self._apply_choice(prompt, choice, key, at, by, fired)
            return
        self._emit(Game.ChoiceSealed, at, seat=prompt.seat, prompt_id=prompt.id, choice=choice,
                   key=key, by=by, **fired)
        if not self.open_prompts():
            self._reveal(at)

    def _apply_choice(self, prompt: Prompt, choice: str, key: str | None, at: str, by: str,
                      fired: dict) -> None:
        seq = self.version + 1
        rng = DerivedRandom(self.seed, seq)
        after = self.rules.apply(self.state, prompt.seat, choice, rng)
        self._next_state = after
        checkpoint = rng.draws or seq % STATE_HASH_EVERY == 0 or self.rules.outcome(after) is not None
        self._emit(Game.ChoiceMade, at, seat=prompt.seat, prompt_id=prompt.id, choice=choice, key=key,
                   by=by, draws=rng.draws, state_hash=state_hash(after) if checkpoint else None, **fired)
        self._finish_if_over(at)

    def _reveal(self, at: str) -> None:
        seq = self.version + 1
        rng = DerivedRandom(self.seed, seq)
        state, applied = self.state, []
        for seat in [s for s in self.seat_ids if s in self.sealed]:
            sealed = self.sealed[seat]
            start = len(rng.draws)
            state = self.rules.apply(state, seat, sealed["choice"], rng)
            applied.append({"seat": seat, "prompt_id": sealed["prompt_id"], "choice": sealed["choice"],
                            "sealed_seq": sealed["seq"], "sealed_salt": salt_for(self.seed, sealed["seq"]),
                            "draws": rng.draws[start:]})
        self._next_state = state
        self._emit(Game.ChoicesRevealed, at, choices=applied, state_hash=state_hash(state))
        self._finish_if_over(at)

    def _auto_resolve(self, at: str, fresh: int | None = None) -> None:
        """Rules of the platform: a decision with a single legal option is played for the seat when the
        rules say that its forcedness is public (`domain.rules.forced_choice_is_public`; otherwise the
        seat is asked, so the record of a forced move looks like any other), a seat's standing order
        answers the decisions it covers, and a seat handed to the bot has its decisions played by the
        bot as soon as they are due."""
        for _step in range(MAX_AUTO_STEPS):
            prompts = self.open_prompts()
            single = next((p for p in prompts if len(p.choices) == 1
                           and forced_choice_is_public(self.rules, self.state, p)), None)
            if single is not None:
                self._decide(single, single.choices[0].id, None, at, DecidedBy.AUTO.value)
                continue
            standing = next(((p, o) for p in prompts if (o := self._standing_choice(p, fresh)) is not None), None)
            if standing is not None:
                prompt, order = standing
                self._decide(prompt, order["choice"], None, at, DecidedBy.STANDING.value, order["id"])
                continue
            bot = next((p for p in prompts if p.seat in self.bot_seats), None)
            if bot is None:
                return
            self._decide(bot, bot_pick(self.seed, self.version + 1, bot, self.rules, self.state), None, at,
                         DecidedBy.BOT.value)
        raise RuntimeError("automatic decisions did not settle")  # a rules bug, never player input

    def _finish_if_over(self, at: str) -> None:
        outcome = self.rules.outcome(self.state)
        if outcome is not None:
            self._emit(Game.GameFinished, at, outcome=outcome.to_json(), seed=self.seed)

    def _event_salt(self, kind: str, content: dict, seq: int, private_salt: str | None) -> str:
        """A public event's salt derives from the seed (the audit checks it once the seed is revealed). A
        private event (domain.chain.is_private_event: a standing order set or cancelled, a message to some
        seats) is withheld from the other seats for good while its hash is published and the seed revealed,
        so its salt must not derive from anything ever revealed: it is the fresh random salt the caller drew
        (128 bits, service.games.new_private_salt), recorded in the content, so replay never draws it again."""
        if not is_private_event(kind, content):
            return salt_for(self.seed, seq)
        if not (isinstance(private_salt, str) and len(private_salt) == 32
                and all(ch in "0123456789abcdef" for ch in private_salt)):
            raise ValueError(f"{kind} is private for good: its command needs a fresh random salt "
                             "(32 lowercase hex digits) from its caller")
        return private_salt

    def _emit(self, event_class: type, at: str, private_salt: str | None = None, **content: Any) -> None:
        seq = self.version + 1
        content = {**content, "at": at, "salt": self._event_salt(event_class.__name__, content, seq, private_salt)}
        digest = event_hash(str(self.id), seq, event_class.__name__, self.head, content)
        self.trigger_event(event_class, timestamp=_ts(at), content=content, prev_hash=self.head, hash=digest)

    def _take_next_state(self, replay: Any) -> dict:
        """The state computed by the command, or on replay, recomputed from the recorded draws."""
        after = self.__dict__.pop("_next_state", None)
        return after if after is not None else replay()

    # ----------------------------------------------------------------- folds (re-run on replay)

    def _on_ChoiceMade(self, c: dict, seq: int) -> None:
        before, before_version = self.state, self.state_version
        self.state = self._take_next_state(
            lambda: self.rules.apply(self.state, c["seat"], c["choice"], ReplayRandom(c["draws"])))
        self.state_version = seq
        if by_seat_itself(c) and not c["draws"]:
            self.undo_stack = self.undo_stack[-(MAX_UNDO - 1):] + [
                {"seat": c["seat"], "seq": seq, "state": before, "state_version": before_version}]
        else:
            self.undo_stack = []
        if c.get("key"):
            self.keys[f"{c['seat']}:{c['key']}"] = {"version": seq}

    def _on_ChoiceSealed(self, c: dict, seq: int) -> None:
        self.sealed[c["seat"]] = {"prompt_id": c["prompt_id"], "choice": c["choice"], "seq": seq}
        if c.get("key"):
            self.keys[f"{c['seat']}:{c['key']}"] = {"version": seq}

    def _on_ChoicesRevealed(self, c: dict, seq: int) -> None:
        def replay() -> dict:
            state = self.state
            for item in c["choices"]:
                state = self.rules.apply(state, item["seat"], item["choice"], ReplayRandom(item["draws"]))
            return state

        self.state = self._take_next_state(replay)
        self.state_version, self.sealed, self.undo_stack = seq, {}, []

    def _on_MessagePosted(self, c: dict, seq: int) -> None:
        pass

    def _on_GameFinished(self, c: dict, seq: int) -> None:
        self.status, self.outcome = FINISHED, c["outcome"]

    def _on_GameAbandoned(self, c: dict, seq: int) -> None:
        self.status = ABANDONED

    def _on_SeatTokenRotated(self, c: dict, seq: int) -> None:
        self.token_hashes[c["seat"]] = c["token_hash"]

    def _on_DeadlineMissed(self, c: dict, seq: int) -> None:
        pass

    def _on_SeatReplaced(self, c: dict, seq: int) -> None:
        info = self.seat_info(c["seat"])
        info["name"] = c["name"]
        self.bot_seats = [s for s in self.bot_seats if s != c["seat"]] + ([c["seat"]] if c.get("bot") else [])
        self.standing = {s: o for s, o in self.standing.items() if s != c["seat"]}  # not inherited by the newcomer
        if c.get("token_hash"):
            self.token_hashes[c["seat"]] = c["token_hash"]

    def _on_VacationStarted(self, c: dict, seq: int) -> None:
        self.vacations[c["seat"]] = c["at"]

    def _on_VacationEnded(self, c: dict, seq: int) -> None:
        self.vacations.pop(c["seat"], None)

    def _on_GamePaused(self, c: dict, seq: int) -> None:
        self.status, self.paused_reason = PAUSED, c.get("reason")

    def _on_GameResumed(self, c: dict, seq: int) -> None:
        self.status, self.paused_reason = ACTIVE, None

    def _on_ChoiceUndone(self, c: dict, seq: int) -> None:
        point = self.undo_stack.pop()
        self.state, self.state_version = point["state"], seq

    def _on_PreferencesChanged(self, c: dict, seq: int) -> None:
        self.preferences[c["seat"]] = c["preference"]
        # Seat languages and zones are attributes only once a game records one: snapshots taken before
        # they existed still equal the game rebuilt from its events (service.audit compares them).
        if "language" in c:
            self.languages = {**self.__dict__.get("languages", {}), c["seat"]: c["language"]}
        if "timezone" in c:
            self.timezones = {**self.__dict__.get("timezones", {}), c["seat"]: c["timezone"]}

    def _on_StandingOrderSet(self, c: dict, seq: int) -> None:
        """One order per kind: a new one for the same kind replaces the old."""
        kept = [o for o in self.standing.get(c["seat"], []) if o["kind"] != c["kind"]]
        self.standing = {**self.standing, c["seat"]: kept + [{"id": seq, "kind": c["kind"], "choice": c["choice"],
                                                              "label": c["label"]}]}

    def _on_StandingOrderCancelled(self, c: dict, seq: int) -> None:
        self.standing = {**self.standing,
                         c["seat"]: [o for o in self.standing.get(c["seat"], []) if o["id"] != c["order"]]}

    # ----------------------------------------------------------------- copying

    def __deepcopy__(self, memo: dict) -> Game:
        """The repository hands out copies of its cached games. Rules states are never mutated (the
        protocol: `apply` returns a new state), so they are shared; only the containers that commands
        change in place are copied. A full deepcopy cost more than replaying the stream's tail."""
        clone = copy.copy(self)
        for name in ("sealed", "keys", "token_hashes", "vacations", "preferences"):
            setattr(clone, name, dict(getattr(self, name)))
        clone.seats = [dict(s) for s in self.seats]
        clone.undo_stack, clone.bot_seats = list(self.undo_stack), list(self.bot_seats)
        clone.standing = {seat: list(orders) for seat, orders in self.standing.items()}
        clone._pending_events = list(self._pending_events)
        return clone

    # ----------------------------------------------------------------- outcome

    def outcome_object(self) -> Outcome | None:
        return Outcome.from_json(self.outcome) if self.outcome else None


def _ts(at: str) -> datetime:
    return datetime.fromisoformat(at)


def _is_time(value: Any) -> bool:
    try:
        _ts(value)
    except (TypeError, ValueError):
        return False
    return True


def game_name(options: Any, title: str, game_id: str) -> str:
    """A game's name: the one given at creation, else its title and the start of its id."""
    given = options.get("name") if isinstance(options, dict) else None
    if isinstance(given, str) and given.strip():
        return given
    return _("%(title)s, game %(id)s", title=title, id=game_id[:8])


def check_language_code(language: Any) -> str:
    """A language code as the table or a seat names it ("el"), else BadRequest with a sentence."""
    if not isinstance(language, str) or not LANGUAGE_CODE.match(language):
        raise BadRequest(_("A language is given by its code, such as %(example)s.", example='"el"'))
    return language


def _text(value: Any, limit: int, refusal: Any) -> str:
    """A short text given to a bookkeeping command (a reason, a name): recorded exactly as given, else
    BadRequest with the caller's whole sentence (`refusal(limit)`)."""
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise BadRequest(refusal(limit))
    return value


__all__ = ["Game", "DecidedBy", "EMAIL_PREFERENCES", "status_name", "salt_for", "public_prompt_id", "NoRandom", "ACTIVE", "PAUSED", "FINISHED", "ABANDONED"]
