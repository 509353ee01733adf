"""The rules protocol every title implements (ARCHITECTURE.md section 2).

State is plain JSON-compatible data (dicts, lists, str, int, float, bool, None).
`apply` must not mutate the state it is given: the platform keeps `before` for `describe`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from random import Random
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from domain.i18n import Message, N_, _

if TYPE_CHECKING:
    from domain.forms import Form

State = dict[str, Any]


class IllegalAction(Exception):
    """A submitted choice that the rules refuse; `reason` is a sentence for the player."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Choice:
    id: str
    label: str


@dataclass(frozen=True)
class Prompt:
    """A decision owed by one seat. Its `id` changes whenever the decision it stands for changes.

    Either `choices` lists the options, or `form` (domain.forms.Form) describes a few fields and
    `choices` is empty: then the answer is the form's canonical answer (see domain/forms.py)."""

    seat: str
    id: str
    kind: str
    text: str
    choices: tuple[Choice, ...]
    secret: bool = False
    form: "Form | None" = None

    def choice_ids(self) -> list[str]:
        return [c.id for c in self.choices]

    def find(self, choice_id: str) -> Choice | None:
        return next((c for c in self.choices if c.id == choice_id), None)


@dataclass(frozen=True)
class Outcome:
    """Final result: a score per seat and the winners (several when tied winners share victory)."""

    scores: Mapping[str, int]
    winners: tuple[str, ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"scores": dict(self.scores), "winners": list(self.winners), "details": dict(self.details)}

    @classmethod
    def from_json(cls, data: Mapping) -> "Outcome":
        return cls(dict(data["scores"]), tuple(data["winners"]), dict(data.get("details", {})))


# The platform's all-seeing viewer: the operator, and everybody once the game is over. `view` and
# `describe` receive it as `seat`/`viewer` and show it every seat's private facts.
REFEREE = "*"

# Seat ids for a title that does not name its own (`Rules.seat_ids`).
DEFAULT_SEATS = ("red", "blue", "green", "yellow", "black", "white")
# The names players read for those seats (and the same colours a title may use): translated at the edge.
SEAT_NAMES = frozenset((N_("Red"), N_("Blue"), N_("Green"), N_("Yellow"), N_("Black"), N_("White")))


def comma_list(items: Any) -> str:
    """'A, B, C', the separator the translator's (a list of names or values that may be messages)."""
    return _fold(items, lambda head, item: _("%(list)s, %(item)s", list=head, item=item))


def semicolon_list(items: Any) -> str:
    """'A; B; C' (items that hold commas themselves)."""
    return _fold(items, lambda head, item: _("%(list)s; %(item)s", list=head, item=item))


def space_list(items: Any) -> str:
    """'A B C' (the cells of a row)."""
    return _fold(items, lambda head, item: _("%(list)s %(item)s", list=head, item=item))


def _fold(items: Any, pair: Any) -> str:
    items = list(items)
    if not items:
        return ""
    head = items[0]
    for item in items[1:]:
        head = pair(head, item)
    return head


def seat_name(seat: str) -> str:
    """A seat id as players read it ('red' -> 'Red'): a Message for the colour names, else the id capitalised.
    A colour's Message is made once and shared (Messages are never changed)."""
    name = _SEAT_MESSAGES.get(seat)
    if name is None:
        name = str(seat).capitalize()
        if name in SEAT_NAMES:
            name = _SEAT_MESSAGES[seat] = Message(name)
    return name


_SEAT_MESSAGES: dict[Any, Message] = {}


class Rules:
    """The rules protocol (ARCHITECTURE.md section 2), as a base class every title derives from.

    A title sets `id`, `title`, `version`, `min_players`, `max_players` and implements the seven
    methods of the protocol (`setup`, `prompts`, `apply`, `view`, `default_choice`, `outcome`,
    `describe`). The optional parts have documented defaults here, so the platform calls them without
    looking for them:

    * `options`: the title's `domain.toolkit.options.OptionSpec`; by default none. `options_schema()`,
      `option_defaults()` and `check_options(options)` read it: one declaration drives validation in
      the CLI, the API, `/new` and the OpenAPI document.
    * `seat_ids(players)`: the seat ids, in seating order; by default colours from `DEFAULT_SEATS`.
    * `check_invariants(state)`: raises AssertionError for an impossible state; by default checks nothing.
    * `forced_choice_is_public(state, prompt)`: may a single-choice prompt be played at once? By default
      False (the seat is asked): see the module function of the same name.
    * `bot_choice(state, prompt, pick)`: the title's bot's answer; by default None (a random legal choice).
    * `summary(state)`: one public line, where the game stands (the lobby); by default None.
      `seat_summary(state, seat)`: a seat's holdings in words (the CLI's `show`); by default none.
    * `shown_cards(state, seat) -> list[tuple[str, Message]]`: the seat's secret cards as (card id, label),
      for "show my cards" (the platform composes the message from the real hand, so its reader can trust
      it). A title without secret cards leaves it out and the feature is not offered (`shown_cards_for`).
    * `outcome_lines(state, viewer) -> list[Message]`: once the game is over, who won (or that everybody lost),
      why, and each seat's explanation, in sentences for `viewer` (a seat, REFEREE or None); the game page's
      "Game over" box and the "game finished" e-mail print them (`outcome_lines_for`). By default none.
    * A viewer `REFEREE` (`"*"`) sees everything.
    """

    id: str = ""
    title: str = ""
    version: str = "1"
    min_players: int = 1
    max_players: int = 1
    options: Any = None  # domain.toolkit.options.OptionSpec | None

    # ---------------------------------------------------------------------- the protocol
    def setup(self, seats: Sequence[str], options: Mapping, rng: Random) -> State:
        raise NotImplementedError

    def prompts(self, state: State) -> list[Prompt]:
        raise NotImplementedError

    def apply(self, state: State, seat: str, choice: str, rng: Random) -> State:
        raise NotImplementedError

    def view(self, state: State, seat: str | None) -> dict:
        raise NotImplementedError

    def default_choice(self, state: State, seat: str) -> str:
        raise NotImplementedError

    def outcome(self, state: State) -> Outcome | None:
        raise NotImplementedError

    def describe(self, before: State, seat: str, choice: str, after: State, viewer: str | None) -> list[str]:
        raise NotImplementedError

    # ---------------------------------------------------------------------- optional, with defaults
    def seat_ids(self, players: int) -> list[str]:
        """The seat ids for `players` players, in seating order."""
        return list(DEFAULT_SEATS[:players])

    def options_schema(self) -> dict[str, dict]:
        """Each option: {"type", "default", "help", "advanced", and "choices", "min"/"max" or "json"}."""
        return self.options.schema() if self.options is not None else {}

    def option_defaults(self) -> dict:
        return self.options.defaults() if self.options is not None else {}

    def check_options(self, options: Mapping | None) -> dict:
        """The options with every default filled in; IllegalAction with a sentence when one is wrong."""
        if self.options is None:
            if options:
                raise IllegalAction(_("%(title)s takes no options (not %(option)r).", title=self.title,
                                      option=sorted(options)[0]))
            return {}
        return self.options.validate(options, self.title)

    def parse_option(self, name: str, text: str) -> Any:
        """The value meant by `text` (a form field, a `--option NAME=TEXT`) for option `name`."""
        from domain.toolkit.options import OptionSpec

        return (self.options or OptionSpec()).parse(name, text)

    def check_invariants(self, state: State) -> None:
        """Raise AssertionError when `state` is impossible (the simulator and the tests call it)."""

    def forced_choice_is_public(self, state: State, prompt: Prompt) -> bool:
        """See the module function `forced_choice_is_public`; the safe default: ask the seat."""
        return False

    def summary(self, state: State) -> str | None:
        """Where the game stands, in one short public line for the lobby ("Round 2 of 8 · Events"): a
        message, nothing secret. By default None (the lobby then counts events)."""
        return None

    def seat_summary(self, state: State, seat: str) -> list[str]:
        """What `seat` holds, in words, its private facts included (`tabularium show --as SEAT`): a few
        messages. By default none (the CLI shows the public summary only)."""
        return []

    def bot_choice(self, state: State, prompt: Prompt, pick: Any) -> str | None:
        """The title's own bot (optional): the answer it plays for `prompt` (a choice id, or a form's canonical
        answer), chosen from `state` and `pick(n) -> 0..n-1`, the platform's deterministic random source
        (derived from the game's secret seed and the event's number: nothing else may be random). By default
        None: the platform plays a uniformly random legal choice (`domain.bots`). An answer the rules refuse
        is replaced by `default_choice`."""
        return None

    # For titles with forms: `check_answer(state, seat, answer) -> None` and `legacy_choice(state, seat,
    # choice) -> Choice | None` (domain/forms.py).


def seat_ids_for(rules: Rules, players: int) -> list[str]:
    """The seats of a game of `rules` (also for a title object not derived from `Rules`)."""
    names = getattr(rules, "seat_ids", None)
    return list(names(players)) if names is not None else list(DEFAULT_SEATS[:players])


def check_options_for(rules: Rules, options: Mapping | None) -> dict:
    """The title's own check of a table's options (the one place they are validated): IllegalAction."""
    check = getattr(rules, "check_options", None)
    return check(options) if check is not None else dict(options or {})


def shown_cards_for(rules: Rules, state: State, seat: str) -> list[tuple[str, str]] | None:
    """The seat's secret cards as (card id, label) through the title's optional `shown_cards`, or None
    when the title has no secret cards to show (the platform then offers no "show my cards")."""
    hook = getattr(rules, "shown_cards", None)
    return [(str(cid), label) for cid, label in hook(state, seat)] if hook is not None else None


def outcome_lines_for(rules: Rules, state: State, viewer: str | None) -> list:
    """The title's explanation of a finished game for `viewer` (its optional `outcome_lines`), else []."""
    hook = getattr(rules, "outcome_lines", None)
    return list(hook(state, viewer)) if hook is not None else []


def forced_choice_is_public(rules: Rules, state: State, prompt: Prompt) -> bool:
    """May the platform play a prompt with a single choice by itself, at once?

    A forced move is recorded at the same instant as the event that caused it, so everybody can tell
    it was forced. That is harmless only when "this seat has a single legal choice" follows from what
    every other seat sees (face-up cards, public counts); when it follows from the seat's secret
    information (its money, a hidden hand) the seat must be asked, with the single choice, like any
    other decision. The title answers through its method `forced_choice_is_public(state, prompt) ->
    bool` (called only for prompts with one choice, with the state the prompt was computed from). The
    base class answers the conservative False: the seat is asked.
    """
    hook = getattr(rules, "forced_choice_is_public", None)  # a title object not derived from Rules
    return bool(hook(state, prompt)) if hook is not None else False


class UnknownTitle(KeyError):
    pass


_REGISTRY: dict[str, Rules] = {}
_UNLISTED: set[str] = set()
_TEST_ONLY: set[str] = set()


def register(rules: Rules, listed: bool = True, test_only: bool = False) -> Rules:
    """Add a title. Unlisted titles are reachable by id but not offered on /new; test-only titles (the
    toy) can be created only when the platform's test titles are enabled."""
    _REGISTRY[rules.id] = rules
    if not listed or test_only:
        _UNLISTED.add(rules.id)
    if test_only:
        _TEST_ONLY.add(rules.id)
    return rules


def reachable(rules_id: str, test_titles: bool = False) -> bool:
    """May a game of `rules_id` be created by id: any registered title but the test-only ones, which need
    the platform's test titles."""
    _load_titles()
    return rules_id in _REGISTRY and (test_titles or rules_id not in _TEST_ONLY)


def get_rules(rules_id: str) -> Rules:
    _load_titles()
    try:
        return _REGISTRY[rules_id]
    except KeyError:
        raise UnknownTitle(_("There is no game called %(title)r; known: %(titles)s.", title=rules_id,
                             titles=", ".join(titles()))) from None


def titles(include_unlisted: bool = False) -> list[str]:
    _load_titles()
    return sorted(r for r in _REGISTRY if include_unlisted or r not in _UNLISTED)


_loaded = False


def _load_titles() -> None:
    global _loaded
    if not _loaded:
        from domain import games  # noqa: F401  (importing registers every title)

        _loaded = True
