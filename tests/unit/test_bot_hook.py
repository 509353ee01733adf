"""The platform's hook for a title's own bot (Rules.bot_choice, domain.bots.title_choice): a seat handed to
the bot by the `bot` timeout policy plays the title's bot's answer, drawn from the seed; an answer the rules
refuse gives way to the title's default choice; a title without a bot keeps the random legal choice."""
from __future__ import annotations

import uuid

from domain import bots, forms
from domain.game import Game, bot_pick
from domain.games.republic_of_rome import RULES as ROR
from domain.rules import get_rules

AT = "2026-01-05T09:00:00+00:00"
LATER = "2026-01-06T09:00:00+00:00"
SEATS = [{"seat": s, "name": n, "email": ""} for s, n in (("red", "Ann"), ("blue", "Bob"), ("green", "Cy"))]
SEED = "ab" * 32


def ror_game() -> Game:
    game = Game.create(uuid.UUID(int=16), "republic_of_rome", SEATS, {"clock": {"mode": "deadline"}}, SEED,
                       {s["seat"]: "h" for s in SEATS}, AT)
    game.collect_events()
    return game


def bot_moves(game: Game) -> list[dict]:
    return [e.content for e in game.collect_events() if e.content.get("by") == "bot"]


def test_a_timed_out_ror_seat_handed_to_the_bot_plays_the_ror_bots_answer(monkeypatch):
    game = ror_game()
    prompt = game.prompt_for("red")
    calls = []

    def spy(self, state, p, pick):
        calls.append((p.seat, p.id, pick(6), pick(6)))
        return self.default_choice(state, p.seat)

    monkeypatch.setattr(type(ROR), "bot_choice", spy)
    game.miss_deadline("red", prompt.id, AT, "bot", LATER)
    assert game.bot_seats == ["red"] and calls and calls[0][:2] == ("red", prompt.id)
    assert all(0 <= n < 6 for c in calls for n in c[2:])
    moves = bot_moves(game)
    assert moves and all(m["seat"] == "red" for m in moves)


def test_the_bot_pick_is_the_title_bots_answer_and_deterministic():
    game = ror_game()
    prompt, state = game.prompt_for("red"), game.state
    answer = bot_pick(SEED, 5, prompt, ROR, state)
    assert answer == bot_pick(SEED, 5, prompt, ROR, state)
    assert forms.accept(ROR, state, prompt, answer).id == answer
    # the faction leader's choice has no greed in it: the title's bot plays the game masters' default, where
    # the platform's random legal choice would pick any Senator
    assert answer == ROR.default_choice(state, "red") == bots.title_choice(ROR, state, prompt, lambda n: 0)


def test_a_refused_title_answer_gives_way_to_the_titles_default_choice(monkeypatch):
    game = ror_game()
    prompt, state = game.prompt_for("red"), game.state
    monkeypatch.setattr(type(ROR), "bot_choice", lambda self, s, p, pick: "not an answer")
    assert bot_pick(SEED, 5, prompt, ROR, state) == ROR.default_choice(state, "red")
    monkeypatch.setattr(type(ROR), "bot_choice", lambda self, s, p, pick: None)  # no answer: the random choice
    answer = bot_pick(SEED, 5, prompt, ROR, state)
    assert forms.accept(ROR, state, prompt, answer).id == answer


def test_a_title_without_a_bot_keeps_the_random_legal_choice():
    toy = get_rules("toy")
    assert toy.bot_choice({}, None, lambda n: 0) is None
    game = Game.create(uuid.UUID(int=17), "toy", SEATS, {}, SEED, {s["seat"]: "h" for s in SEATS}, AT)
    prompt = game.open_prompts()[0]
    assert bot_pick(SEED, 3, prompt, game.rules, game.state) in prompt.choice_ids()


def test_the_simulator_plays_the_title_bot(monkeypatch):
    from service.simulate import simulate
    asked = []
    real = type(ROR).bot_choice

    def spy(self, state, p, pick):
        asked.append(p.kind)
        return real(self, state, p, pick)

    monkeypatch.setattr(type(ROR), "bot_choice", spy)
    result = simulate("republic_of_rome", 1, 3, seed=2)
    assert result.errors == [] and result.games == 1
    assert len(asked) >= result.decisions  # every decision asked the title's bot first
