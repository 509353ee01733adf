"""Generic checks of the rules protocol (ARCHITECTURE.md section 2), for any title.

Two drivers play random legal games from a seeded `random.Random`:

* `play_rules` drives a rules object directly, the way the platform does: a secret prompt is sealed,
  and the sealed choices are applied in seat order once nobody owes an open decision (the reveal).
  Every state and every apply go through the checks below. It takes a rules *object*, so the
  "the check bites" tests can hand it deliberately broken variants of the toy.
* `play_platform` drives the real `domain.game.Game` aggregate (in memory, as `tabularium simulate`
  does), for what only the platform knows: recorded draws and replay, sealed choices in the event log.

Every failure message starts with the name of the check in brackets ("[mutation] ...") and every
exception raised inside a game carries a note with the title, player count, seed and step, so a
failing game can be replayed alone.
"""
from __future__ import annotations

import functools
import hashlib
import json
import random
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from domain.chain import state_hash
from domain.i18n import Message, Sentences
from domain.game import ACTIVE, FINISHED, Game
from domain.rules import IllegalAction, Outcome, Prompt, Rules, get_rules
from service.audit import audit_entries, entry_of
from service.games import DEFAULT_SEATS
from service.views import REFEREE, history_json, view_json

AT = "2026-01-01T00:00:00+00:00"
NOT_A_CHOICE = "conformance:not-a-choice"
Hide = Callable[[dict, str, random.Random], dict]


def roundtrip(value: Any) -> Any:
    return json.loads(json.dumps(value))


def seats_for(rules: Rules, players: int) -> list[str]:
    """The seat ids the platform gives a game of `players` (the title's own, else the default colours)."""
    names = getattr(rules, "seat_ids", None)
    if names:
        return list(names(players))
    return DEFAULT_SEATS[:players] if players <= len(DEFAULT_SEATS) else [f"seat{i + 1}" for i in range(players)]


@contextmanager
def reproducing(title: str, players: int, seed: int, where: Callable[[], str]) -> Iterator[None]:
    """Adds what replays a failing game to any exception raised inside it."""
    try:
        yield
    except BaseException as exc:
        exc.add_note(f"conformance: title {title!r}, {players} players, seed {seed}, {where()}; "
                     f"rerun with: pytest tests/conformance -k '{title}-{players}p-seed{seed}'")
        raise


# ----------------------------------------------------------------------------- translatable text

@functools.lru_cache(maxsize=1)
def catalogued() -> frozenset[str]:
    """The msgids of the committed template catalog, locales/messages.pot (`make messages`)."""
    from babel.messages.pofile import read_po

    import locales

    with (locales.HERE / "messages.pot").open("rb") as handle:
        return frozenset(m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle) if m.id)


class TextCheck:
    """Every text a player reads from the rules (prompt texts, choice labels, form field and option labels,
    narration lines, refusal reasons) must be a `domain.i18n.Message` (or `Sentences` of them) whose msgid,
    and every message parameter's, is in locales/messages.pot. Unlike the other checks it collects instead
    of stopping at the first, so one game lists every offending kind of text (each once)."""

    def __init__(self, title: str = "") -> None:
        self.title = title
        self.found: dict[str, str] = {}  # a missing msgid, or where a plain str was -> its line

    @property
    def problems(self) -> list[str]:
        return list(self.found.values())

    def check(self, value: object, where: str) -> None:
        if isinstance(value, Sentences):
            for part in value.parts:
                self.check(part, where)
        elif isinstance(value, Message):
            if value.msgid not in catalogued() and value.msgid not in self.found:
                self.found[value.msgid] = (f"[i18n] {self.title}: msgid not in locales/messages.pot: "
                                           f"{value.msgid[:80]!r} (first seen in {where})")
            for param in value.params.values():
                if isinstance(param, (Message, Sentences)):
                    self.check(param, where)
        elif f"\0{where}" not in self.found:
            self.found[f"\0{where}"] = (f"[i18n] {self.title}: {where} is a plain {type(value).__name__}, not a "
                                        f"message: {str(value)[:60]!r}")

    def prompt(self, p: Prompt) -> None:
        where = f"the {p.kind!r} prompt's"
        self.check(p.text, f"{where} text")
        for c in p.choices:
            self.check(c.label, f"{where} choice label")
        form = getattr(p, "form", None)
        for f in getattr(form, "fields", ()) or ():
            self.field(f, f"{where} form field {f.name!r}")

    def field(self, f: Any, where: str) -> None:
        self.check(f.label, f"{where} label")
        for attribute in ("options", "items"):
            for o in getattr(f, attribute, ()) or ():
                self.check(o.label, f"{where} option label")
        if getattr(f, "value", None) is not None and hasattr(f.value, "label"):
            self.field(f.value, f"{where} value")
        for column in getattr(f, "columns", ()) or ():
            self.field(column, f"{where} column {column.name!r}")


# --------------------------------------------------------------------------------------- answers

def random_answer(prompt: Prompt, rng: random.Random, rules: Rules | None = None, state: dict | None = None) -> str:
    """A uniformly random legal answer to `prompt`: the id of one of its choices, or, for a prompt that
    carries a form, a random canonical answer to the form (see `random_form_answer`)."""
    form = getattr(prompt, "form", None)
    if form is not None:
        return random_form_answer(prompt, form, rng, rules, state)
    assert prompt.choices, f"[answers] prompt {prompt.id!r} for {prompt.seat} offers no choice and no form"
    return prompt.choices[rng.randrange(len(prompt.choices))].id


def random_form_answer(prompt: Prompt, form: Any, rng: random.Random, rules: Rules | None = None,
                       state: dict | None = None) -> str:
    """A random canonical answer to a prompt's form, field by field from the form's description (the same
    description the web form, the e-mail syntax and the bot read): `domain.forms.random_answer`. The
    suite then checks that `apply` accepts it. A title whose forms admit well-formed answers that its
    rules refuse (two fields that must differ, a total bounded by a treasury) says so through
    `check_answer`; given the rules and the state, the answer is then drawn as the bot draws it
    (`domain.forms.random_legal`: random answers until `check_answer` agrees, else the form's default), and
    the suite checks that `apply` accepts every answer `check_answer` accepted."""
    from domain import forms

    if rules is not None and state is not None and getattr(rules, "check_answer", None) is not None:
        answer = forms.random_legal(rules, state, prompt, rng)
    else:
        answer = forms.random_answer(form, rng)
    assert forms.canonical(form, answer) == answer, f"[answers] random answer {answer!r} is not canonical"
    return answer


def legal_answers(prompt: Prompt) -> list[str]:
    """Every legal answer, when the prompt enumerates them (a choice list); used to pick alternatives."""
    return prompt.choice_ids() if getattr(prompt, "form", None) is None else []


# ---------------------------------------------------------------------------- per-state checks

def freeze(value: Any, what: str = "the state") -> str:
    """An exact snapshot of plain JSON data, cheaper than a deep copy (compare with `unchanged`)."""
    try:
        return json.dumps(value, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise AssertionError(f"[json] {what} is not plain JSON: {exc}") from None


def unchanged(frozen: str, value: Any) -> bool:
    return freeze(value) == frozen


def checked_apply(rules: Rules, state: dict, seat: str, choice: str, rng: random.Random) -> dict:
    """`apply`, checked: it must leave the state it is given exactly as it was, and return plain JSON."""
    before = freeze(state)
    after = rules.apply(state, seat, choice, rng)
    assert unchanged(before, state), (f"[mutation] apply({seat!r}, {choice!r}) mutated the state it was given "
                                      f"(keys changed: {_changed_keys(json.loads(before), state)})")
    assert after is not state, f"[mutation] apply({seat!r}, {choice!r}) returned the very state it was given"
    assert roundtrip(after) == after, f"[json] the state after {seat}'s {choice!r} is not plain JSON"
    return after


def _changed_keys(a: Any, b: Any) -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        return sorted(str(k) for k in set(a) | set(b) if a.get(k) != b.get(k))
    return ["<whole value>"] if a != b else []


def viewers(seats: Sequence[str]) -> list[str | None]:
    return [*seats, None]


def check_outcome(outcome: Outcome, seats: Sequence[str]) -> None:
    assert isinstance(outcome, Outcome), f"[outcome] outcome() returned {type(outcome).__name__}, not an Outcome"
    assert set(outcome.scores) == set(seats), f"[outcome] scores are for {sorted(outcome.scores)}, seats are {sorted(seats)}"
    assert all(isinstance(v, int) and not isinstance(v, bool) for v in outcome.scores.values()), \
        "[outcome] every score is a whole number"
    assert set(outcome.winners) <= set(seats) and len(set(outcome.winners)) == len(outcome.winners), \
        f"[outcome] winners {outcome.winners} are not distinct seats of the game"
    assert roundtrip(outcome.to_json()) == outcome.to_json(), "[outcome] the outcome is not plain JSON"
    assert Outcome.from_json(roundtrip(outcome.to_json())) == outcome, "[outcome] the outcome does not round-trip"


def check_state(rules: Rules, state: dict, seats: Sequence[str], rng: random.Random,
                texts: TextCheck | None = None) -> list[Prompt]:
    """Everything the protocol promises about one state; returns its prompts. With `texts`, the prompts'
    texts and the refusals' reasons go through its check too."""
    frozen = freeze(state)
    assert roundtrip(state) == state, "[json] json.loads(json.dumps(state)) != state"
    twin = roundtrip(state)

    prompts = rules.prompts(state)
    assert rules.prompts(twin) == prompts, "[round-trip] prompts differ on the JSON copy of the state"
    owing = [p.seat for p in prompts]
    assert len(set(owing)) == len(owing), f"[prompts] a seat owes two decisions at once: {owing}"
    assert set(owing) <= set(seats), f"[prompts] prompts for seats not in the game: {set(owing) - set(seats)}"
    for p in prompts:
        ids = legal_answers(p)
        assert len(set(ids)) == len(ids), f"[prompts] prompt {p.id!r} for {p.seat} repeats a choice id"
        if texts is not None:
            texts.prompt(p)

    outcome = rules.outcome(state)
    assert rules.outcome(twin) == outcome, "[round-trip] the outcome differs on the JSON copy of the state"
    if outcome is None:
        assert prompts, "[outcome] nobody owes a decision but the game has no outcome: it is stuck"
    else:
        assert not prompts, f"[outcome] the game has an outcome but still prompts {owing}"
        check_outcome(outcome, seats)

    for viewer in viewers(seats):
        view = rules.view(state, viewer)
        assert isinstance(view, dict) and roundtrip(view) == view, f"[views] the view for {viewer!r} is not a JSON object"
        assert rules.view(twin, viewer) == view, (
            f"[views] view(state, {viewer!r}) is not a function of the state and the seat: it differs between "
            "two calls, one of them on the state's JSON copy")

    probe_seed = rng.randrange(1 << 30)
    for p in prompts:
        default = rules.default_choice(state, p.seat)
        if getattr(p, "form", None) is None:
            assert default in legal_answers(p), \
                f"[default] default_choice for {p.seat} is {default!r}, not one of {legal_answers(p)}"
        try:  # for a form, being accepted is what "legal" means
            checked_apply(rules, state, p.seat, default, random.Random(probe_seed))
        except IllegalAction as exc:
            raise AssertionError(f"[default] {p.seat}'s default {default!r} is refused: {exc.reason}") from exc
        assert rules.default_choice(twin, p.seat) == default, "[round-trip] default_choice differs on the JSON copy"
        answer = random_answer(p, rng, rules, state)
        try:
            after = checked_apply(rules, state, p.seat, answer, random.Random(probe_seed))
        except IllegalAction as exc:
            raise AssertionError(f"[answers] {p.seat}'s legal answer {answer!r} to {p.id!r} was refused: "
                                 f"{exc.reason}") from exc
        assert checked_apply(rules, twin, p.seat, answer, random.Random(probe_seed)) == after, (
            f"[round-trip] apply({p.seat!r}, {answer!r}) gives another result on the state's JSON copy with the "
            "same draws")
        _expect_refusal(rules, state, p.seat, NOT_A_CHOICE, f"{p.seat}'s invented choice {NOT_A_CHOICE!r}",
                        texts, f"the refusal of an invented answer to the {p.kind!r} prompt")
    if prompts:
        for idle in [s for s in seats if s not in owing]:
            _expect_refusal(rules, state, idle, random_answer(prompts[0], rng),
                            f"a choice from {idle}, who owes no decision", texts,
                            "the refusal of a choice from a seat that owes no decision")
    assert unchanged(frozen, state), \
        f"[mutation] reading the state changed it (keys {_changed_keys(json.loads(frozen), state)})"
    return prompts


def _expect_refusal(rules: Rules, state: dict, seat: str, choice: str, what: str,
                    texts: TextCheck | None = None, where: str = "a refusal") -> None:
    try:
        rules.apply(state, seat, choice, random.Random(0))  # check_state then checks it is unchanged
    except IllegalAction as exc:
        if texts is not None:
            texts.check(exc.reason, f"{where}'s reason")
        return
    raise AssertionError(f"[refusal] {what} was accepted: apply must raise IllegalAction")


def check_describe(rules: Rules, before: dict, seat: str, choice: str, after: dict, seats: Sequence[str],
                   texts: TextCheck | None = None) -> None:
    kept = freeze([before, after])
    for viewer in [*viewers(seats), REFEREE]:
        lines = rules.describe(before, seat, choice, after, viewer)
        assert isinstance(lines, list) and all(isinstance(x, str) for x in lines), \
            f"[describe] describe(..., viewer={viewer!r}) is not a list of strings"
        if texts is not None:
            for line in lines:
                texts.check(line, "a narration line (describe)")
    assert unchanged(kept, [before, after]), "[mutation] describe changed a state it was given"


# ------------------------------------------------------------------------ hidden information

def in_language(value: Any, language: str | None) -> Any:
    """A view as a reader of `language` gets it: every message in it rendered (None: as the rules made it).
    A translation may show a parameter its English leaves out, or pick a plural by a hidden count."""
    if language is None:
        return value
    if isinstance(value, (Message, Sentences)):
        import locales

        return locales.render(value, language)
    if isinstance(value, dict):
        return {k: in_language(v, language) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [in_language(v, language) for v in value]
    return value


def check_hidden(rules: Rules, state: dict, seats: Sequence[str], hide: Hide, rng: random.Random,
                 language: str | None = None) -> int:
    """The differential check. `hide(state, owner, rng)` makes a copy of the state that differs only in what
    `owner` alone may know (and what nobody may know, e.g. a deck's order). For each viewer (every seat and
    the spectator), the private information of *every other* seat is altered at once: the viewer's view
    must not change. Returns 1 if the alteration of one seat drawn at random changed that seat's own view
    (the positive control, counted over a game: a hook that alters nothing would make the check vacuous).
    With `language`, the views are compared as rendered in that language (`in_language`)."""
    def view(s: dict, viewer: str) -> Any:
        return in_language(rules.view(s, viewer), language)

    def altered(owners: Sequence[str]) -> dict:
        s = roundtrip(state)
        for owner in owners:
            s = hide(s, owner, random.Random(rng.randrange(1 << 30)))
        return s

    for viewer in viewers(seats):
        others = [s for s in seats if s != viewer]
        seen, changed = view(state, viewer), view(altered(others), viewer)
        assert changed == seen, (
            f"[hidden] the view of {viewer!r} changes when only the private information of {', '.join(others)} "
            f"changes{f' (in {language})' if language else ''} (view keys that differ: {_changed_keys(seen, changed)})")
    owner = rng.choice(list(seats))
    return int(view(altered([owner]), owner) != view(state, owner))


def check_secret_step(rules: Rules, before: dict, seat: str, choice: str, prompt: Prompt, seats: Sequence[str],
                      rng: random.Random, language: str | None = None) -> int:
    """Applying one sealed choice of a round whose reveal is not complete: every other seat's view (and the
    spectator's) must be the same whichever legal choice `seat` sealed. Returns 1 if an alternative existed."""
    others = [c for c in legal_answers(prompt) if c != choice]
    if getattr(prompt, "form", None) is not None:  # a form: another random answer (random_form_answer)
        others = sorted({random_form_answer(prompt, prompt.form, rng, rules, before) for _ in range(4)} - {choice})
    if not others:
        return 0
    alternative = rng.choice(others)
    seed = rng.randrange(1 << 30)
    chosen = rules.apply(before, seat, choice, random.Random(seed))
    instead = rules.apply(before, seat, alternative, random.Random(seed))
    for viewer in viewers(seats):
        if viewer != seat:
            assert in_language(rules.view(chosen, viewer), language) == in_language(rules.view(instead, viewer), language), (
                f"[sealed] before the reveal, the view of {viewer!r} tells whether {seat} sealed {choice!r} or "
                f"{alternative!r} (view keys that differ: "
                f"{_changed_keys(rules.view(chosen, viewer), rules.view(instead, viewer))})")
    return 1


# --------------------------------------------------------------------------- the rules driver

@dataclass
class RulesGame:
    state: dict
    decisions: int = 0
    hidden_seen_by_owner: int = 0
    secret_steps_checked: int = 0
    outcome: Outcome | None = None
    log: list[tuple[str, str]] = field(default_factory=list)


def play_rules(rules: Rules, players: int, seed: int, *, options: dict | None = None, max_decisions: int = 5000,
               hide: Hide | None = None, secret_steps: bool = False, full: bool = True, language: str | None = None,
               texts: TextCheck | None = None) -> RulesGame:
    """One random legal game through the rules alone, with `check_state` before every decision and
    `checked_apply`/`check_describe` at every apply (`full`); `hide` adds the differential check at every
    state, `secret_steps` the sealed-choice check at every reveal, `texts` (a TextCheck) collects every
    player-visible text that is not a catalogued message; `language` makes both view checks compare the
    views as rendered in that language."""
    seats = seats_for(rules, players)
    chooser, draws, checks = random.Random(f"{seed}:choices"), random.Random(f"{seed}:draws"), random.Random(seed)
    game = RulesGame(rules.setup(seats, dict(options or {}), draws))
    sealed: dict[str, tuple[str, Prompt]] = {}
    where = lambda: f"after {game.decisions} decisions"  # noqa: E731

    def apply(seat: str, choice: str) -> dict:
        before = game.state
        if full:
            game.state = checked_apply(rules, before, seat, choice, draws)
            check_describe(rules, before, seat, choice, game.state, seats, texts)
        else:
            game.state = rules.apply(before, seat, choice, draws)
        game.log.append((seat, choice))
        return game.state

    checked: dict | None = None  # a state is checked once, not again after each seal that leaves it as it is
    with reproducing(rules.id, players, seed, where):
        while True:
            if game.state is checked:
                prompts = rules.prompts(game.state)
            else:
                checked = game.state
                prompts = check_state(rules, game.state, seats, checks, texts) if full else rules.prompts(game.state)
                if hide is not None:
                    game.hidden_seen_by_owner += check_hidden(rules, game.state, seats, hide, checks, language)
            game.outcome = rules.outcome(game.state)
            if game.outcome is not None:
                check_outcome(game.outcome, seats)
                return game
            open_prompts = [p for p in prompts if p.seat not in sealed]
            if not open_prompts:
                assert sealed, "[outcome] nobody owes a decision but the game has no outcome: it is stuck"
                _reveal(rules, game, seats, sealed, apply, secret_steps, checks, language)
                continue
            prompt = open_prompts[chooser.randrange(len(open_prompts))]
            choice = random_answer(prompt, chooser, rules, game.state)
            game.decisions += 1
            assert game.decisions <= max_decisions, \
                f"[finish] the game did not finish within {max_decisions} decisions"
            if prompt.secret:
                sealed[prompt.seat] = (choice, prompt)  # the platform seals it: nothing is applied yet
            else:
                apply(prompt.seat, choice)


def _reveal(rules: Rules, game: RulesGame, seats: Sequence[str], sealed: dict, apply: Callable,
            secret_steps: bool, checks: random.Random, language: str | None = None) -> None:
    """The platform's reveal: sealed choices applied in seat order. The later seats' choices were made
    against the prompts they were shown, so those prompts must still offer them unchanged."""
    order = [s for s in seats if s in sealed]
    for i, seat in enumerate(order):
        choice, prompt = sealed[seat]
        if secret_steps and i < len(order) - 1:
            game.secret_steps_checked += check_secret_step(rules, game.state, seat, choice, prompt, seats, checks,
                                                           language)
        apply(seat, choice)
        waiting = {p.seat: p for p in rules.prompts(game.state)}
        for later in order[i + 1:]:
            now = waiting.get(later)
            assert now is not None and now.choices == sealed[later][1].choices, (
                f"[sealed] after {seat}'s sealed choice was applied, {later}'s secret prompt changed or "
                "vanished: its sealed choice was made against choices that no longer stand")
    sealed.clear()


# ------------------------------------------------------------------------- the platform driver

@dataclass
class PlatformGame:
    game: Game
    states: dict[int, dict]  # version -> the rules state after the command that reached it
    offered: dict[int, Prompt]  # seq of a ChoiceSealed made by a player -> the prompt it answered
    decisions: int = 0
    sealed_checks: int = 0
    last_command_from: int = 0  # index in the log of the first event of the last command


def play_platform(rules_id: str, players: int, seed: int, *, options: dict | None = None,
                  max_decisions: int = 5000, check_sealed: bool = False) -> PlatformGame:
    """One random legal game through the Game aggregate in memory; `check_sealed` runs
    `check_sealed_in_platform` after every command that leaves sealed choices unrevealed."""
    rules = get_rules(rules_id)
    seats = seats_for(rules, players)
    chooser, checks = random.Random(f"{seed}:platform"), random.Random(f"{seed}:checks")
    game_seed = hashlib.sha256(f"conformance:{rules_id}:{players}:{seed}".encode()).hexdigest()
    game = Game.create(uuid.UUID(int=seed + 1), rules_id, [{"seat": s, "name": s.capitalize()} for s in seats],
                       dict(options or {}), game_seed, {}, AT)
    run = PlatformGame(game, {game.version: game.state}, {})
    with reproducing(rules_id, players, seed, lambda: f"platform, after {run.decisions} decisions"):
        while game.status == ACTIVE:
            prompts = game.open_prompts()
            assert prompts, "[outcome] the game is active but nobody owes a decision"
            prompt = prompts[chooser.randrange(len(prompts))]
            choice = random_answer(prompt, chooser, game.rules, game.state)
            known = run.last_command_from = len(game.pending_events)
            game.choose(prompt.seat, prompt.id, choice, None, AT)
            new = game.pending_events[known:]
            for event in new:
                if type(event).__name__ == "ChoiceSealed" and event.content["seat"] == prompt.seat \
                        and event.content.get("by") == "seat":
                    run.offered[event.originator_version] = prompt
            run.states[game.version] = game.state
            run.decisions += 1
            assert run.decisions <= max_decisions, f"[finish] the game did not finish within {max_decisions} decisions"
            if check_sealed:
                run.sealed_checks += check_sealed_in_platform(run, checks)
        assert game.status == FINISHED and game.outcome is not None, "[outcome] the game ended without an outcome"
    return run


def rebuild(game_id: uuid.UUID, entries: list[dict]) -> Game:
    """A game replayed from archive entries, the way `verify` and `import` replay: the recorded choices
    with the recorded draws, never a generator."""
    game = Game.from_archive_event(game_id, entries[0])
    for entry in entries[1:]:
        game.append_archive_event(entry)
    return game


def check_replay(run: PlatformGame) -> None:
    """Replay is deterministic: the audit that `tabularium verify` runs passes, and replaying the record
    (as recorded, and after a JSON round trip as in an export) gives the very states and hashes of play."""
    game = run.game
    entries = [entry_of(e) for e in game.pending_events]
    report = audit_entries(str(game.id), entries)
    assert report.chain_valid and report.replay_valid is True and report.randomness_valid is True, \
        f"[replay] the audit of the recorded game fails: {report.problems}"
    for source in (entries, roundtrip(entries)):
        replayed = Game.from_archive_event(game.id, source[0])
        compared = 0
        for entry in source[1:]:
            replayed.append_archive_event(entry)
            if replayed.version in run.states:
                assert replayed.state == run.states[replayed.version], \
                    f"[replay] the state replayed at event {replayed.version} differs from the one played"
                compared += 1
        assert compared == len(run.states) - 1, "[replay] some recorded states were never reached by the replay"
        assert state_hash(replayed.state) == state_hash(game.state) and replayed.head == game.head
        assert replayed.status == game.status and replayed.outcome == game.outcome, \
            "[replay] the replayed game ends otherwise"


def check_sealed_in_platform(run: PlatformGame, rng: random.Random) -> int:
    """Before a reveal, no seat's view or history shows another seat's sealed choice. Checked on the log
    as it stands and, when the last command revealed, on the log just before its `ChoicesRevealed` (that
    moment is readable too, via `history/<seq>`, and is the only one where every choice is sealed).
    Returns the number of substitutions checked."""
    game = run.game
    entries = [entry_of(e) for e in game.pending_events]
    reveals = [i for i, e in enumerate(entries) if e["type"] == "ChoicesRevealed"]
    checked = _check_sealed_log(game, entries, run.offered, rng)
    if reveals and reveals[-1] >= run.last_command_from:
        prefix = entries[:reveals[-1]]
        checked += _check_sealed_log(rebuild(game.id, prefix), prefix, run.offered, rng)
    return checked


def _check_sealed_log(game: Game, entries: list[dict], offered: dict[int, Prompt], rng: random.Random) -> int:
    """Each sealed choice still unrevealed in `entries` (the log of `game`) is replaced by another legal
    one and the log replayed: every other seat's view and the spectator's must be identical, and the
    history of one other viewer drawn at random (a history is a whole replay with narration, the costly
    part, so over a game's many substitutions every viewer's is compared); the owner's view must differ
    (the positive control: the substitution took effect)."""
    revealed = max((i for i, e in enumerate(entries) if e["type"] == "ChoicesRevealed"), default=0)
    pending = [(i, e) for i, e in enumerate(entries)
               if i > revealed and e["type"] == "ChoiceSealed" and e["seq"] in offered]
    if not pending:
        return 0
    events = list(game.pending_events)
    seats = game.seat_ids
    views = {viewer: view_json(game, viewer) for viewer in viewers(seats)}
    histories: dict[str | None, list] = {}
    checked = 0
    for i, entry in pending:
        owner, choice = entry["content"]["seat"], entry["content"]["choice"]
        alternatives = [c for c in legal_answers(offered[entry["seq"]]) if c != choice]
        if not alternatives:
            continue
        alternative = rng.choice(alternatives)
        altered = [*entries[:i], {**entry, "content": {**entry["content"], "choice": alternative}}, *entries[i + 1:]]
        twin = rebuild(game.id, altered)
        others = [v for v in viewers(seats) if v != owner]
        for viewer in others:
            assert view_json(twin, viewer) == views[viewer], \
                f"[sealed] {viewer!r}'s view tells whether {owner} sealed {choice!r} or {alternative!r}"
        assert view_json(twin, owner) != views[owner], \
            "[sealed] control: replacing a sealed choice did not change even its own seat's view"
        viewer = rng.choice(others)
        if viewer not in histories:
            histories[viewer] = history_json(events, viewer)
        assert history_json(list(twin.pending_events), viewer) == histories[viewer], \
            f"[sealed] {viewer!r}'s history tells whether {owner} sealed {choice!r} or {alternative!r}"
        checked += 1
    return checked
