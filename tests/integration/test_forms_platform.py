"""Prompt forms through the Game aggregate (domain/forms.py, domain/game.py): the bot, timeouts, standing
orders and sealed decisions work with forms, and the audit replays them.

Standing orders on forms (the reading, docs/architecture.md): an order stores the canonical answer and its
summary; it fires only when that exact answer is legal in the new prompt (the form's structure and the
rules' `check_answer`) and reads the same there (same summary); otherwise the seat is asked."""
from __future__ import annotations

import inspect
import json
import uuid

import pytest

import domain.rules as rules_module
from domain import forms
from domain.game import Game
from domain.randomness import ReplayRandom
from domain.rules import IllegalAction, Outcome, Prompt, Rules, register
from service.audit import audit_entries, entry_of

AT = "2024-05-01T12:00:00+00:00"
SEED = "7e" * 32
COLOURS = (forms.Option("red", "Red"), forms.Option("blue", "Blue"))


class Auction(Rules):
    """A test title: each round every seat in turn bids some of its money on a colour; a blue bid must be
    even (a whole-answer rule the form cannot express). Four rounds."""

    id = "forms_test"
    title = "Form auction (test)"
    version = "1"
    min_players = 2
    max_players = 3

    def setup(self, seats, options, rng):
        return {"seats": list(seats), "money": {s: 3 for s in seats}, "turn": 0, "round": 1, "bids": []}

    def form(self, state, seat):
        return forms.Form((forms.OneOf("colour", "Colour", COLOURS),
                           forms.Number("bid", "Bid", 0, state["money"][seat])), '{"bid":0,"colour":"red"}')

    def prompts(self, state):
        if state["round"] > 4:
            return []
        seat = state["seats"][state["turn"]]
        return [Prompt(seat, f"r{state['round']}.{seat}", "bid", "Bid on a colour.", (), False, self.form(state, seat))]

    def check_answer(self, state, seat, answer):
        if not self.prompts(state) or self.prompts(state)[0].seat != seat:
            raise IllegalAction("It is not your turn.")
        values = forms.values_of(self.form(state, seat), answer)
        if values["colour"] == "blue" and values["bid"] % 2:
            raise IllegalAction("A bid on blue must be even.")

    def apply(self, state, seat, choice, rng):
        self.check_answer(state, seat, choice)
        values = json.loads(choice)
        new = {**state, "money": dict(state["money"]), "bids": state["bids"] + [[seat, choice]]}
        new["money"][seat] -= values["bid"]
        new["turn"] = (state["turn"] + 1) % len(state["seats"])
        new["round"] = state["round"] + (new["turn"] == 0)
        return new

    def view(self, state, seat):
        return {"money": state["money"], "bids": state["bids"]}

    def default_choice(self, state, seat):
        return forms.default_answer(self.form(state, seat))

    def outcome(self, state):
        if state["round"] <= 4:
            return None
        return Outcome({s: state["money"][s] for s in state["seats"]}, tuple(state["seats"]))

    def describe(self, before, seat, choice, after, viewer):
        return [f"{seat} bid {choice}."]


@pytest.fixture
def auction():
    rules = register(Auction(), listed=False)
    yield rules
    rules_module._REGISTRY.pop(rules.id, None)
    rules_module._UNLISTED.discard(rules.id)


def new_game(rules_id="forms_test", players=("red", "blue")) -> Game:
    seats = [{"seat": s, "name": s.capitalize()} for s in players]
    return Game.create(uuid.uuid4(), rules_id, seats, {}, SEED, {}, AT)


def to_bot(game: Game, seat: str) -> None:
    """Hand a seat to the bot (`replace_seat` where the aggregate has it, else the bookkeeping `record`)."""
    if hasattr(game, "replace_seat"):
        game.replace_seat(seat, "Bot", AT, bot=True)
    else:
        game.record(Game.SeatReplaced, AT, seat=seat, name="Bot", bot=True)


def standing_kw() -> dict:
    """A private event's fresh salt, where the aggregate asks its caller for one."""
    return {"private_salt": "5a" * 16} if "private_salt" in inspect.signature(Game.choose).parameters else {}


def audit_ok(game: Game) -> None:
    report = audit_entries(str(game.id), [entry_of(e) for e in game.pending_events])
    assert report.chain_valid and report.replay_valid is True, report.problems


def test_the_platform_refuses_answers_outside_the_form_and_those_the_rules_refuse(auction):
    game = new_game()
    prompt = game.prompt_for("red")
    with pytest.raises(IllegalAction, match=r"^Bid: 4 is not between 0 and 3\.$"):
        game.choose("red", prompt.id, '{"bid":4,"colour":"red"}', None, AT)
    with pytest.raises(IllegalAction, match=r"^A bid on blue must be even\.$"):
        game.choose("red", prompt.id, '{"bid":1,"colour":"blue"}', None, AT)
    game.choose("red", prompt.id, '{ "colour": "blue", "bid": 2 }', None, AT)  # recorded canonically
    assert game.pending_events[-1].content["choice"] == '{"bid":2,"colour":"blue"}'


def test_a_standing_order_fires_while_its_exact_answer_is_legal_then_the_seat_is_asked(auction):
    game = new_game()
    game.choose("red", game.prompt_for("red").id, '{"bid":1,"colour":"red"}', None, AT, standing=True,
                **standing_kw())
    [order] = game.standing["red"]
    assert (order["choice"], order["label"]) == ('{"bid":1,"colour":"red"}', "Colour: Red; Bid: 1")
    for _ in range(2):  # rounds 2 and 3: red has 2, then 1 denarius: the order answers for it
        game.choose("blue", game.prompt_for("blue").id, '{"bid":0,"colour":"red"}', None, AT)
        made = game.pending_events[-1].content
        assert (made["seat"], made["by"], made["choice"], made["order"]) == \
            ("red", "standing", '{"bid":1,"colour":"red"}', order["id"])
    game.choose("blue", game.prompt_for("blue").id, '{"bid":0,"colour":"red"}', None, AT)
    assert game.state["money"]["red"] == 0
    assert game.prompt_for("red") is not None  # bid 1 is not legal with nothing left: red is asked
    audit_ok(game)


def test_timeouts_play_the_forms_default_and_the_bot_answers_forms_the_rules_accept(auction):
    game = new_game()
    prompt = game.prompt_for("red")
    game.choose("red", prompt.id, auction.default_choice(game.state, "red"), None, AT, "timeout")
    assert game.pending_events[-1].content["choice"] == '{"bid":0,"colour":"red"}'
    to_bot(game, "blue")
    to_bot(game, "red")
    assert game.status == "finished"
    bot_answers = [e.content["choice"] for e in game.pending_events
                   if type(e).__name__ == "ChoiceMade" and e.content["by"] == "bot"]
    assert len(bot_answers) == 7 and len(set(bot_answers)) > 1
    for answer in bot_answers:
        values = json.loads(answer)
        assert not (values["colour"] == "blue" and values["bid"] % 2)  # the rules' own rule held
    audit_ok(game)


def test_sylla_opening_sealed_form_by_timeout_and_by_the_bot_reveals_the_same_as_the_old_ids():
    game = new_game("sylla", ("blue", "red", "black"))
    rules = game.rules
    prompts = game.open_prompts()
    assert all(p.secret and p.form is not None for p in prompts)
    blue = game.prompt_for("blue")
    default = rules.default_choice(game.state, "blue")
    assert default == blue.form.default
    game.choose("blue", blue.id, default, None, AT, "timeout")
    sealed = game.pending_events[-1]
    assert type(sealed).__name__ == "ChoiceSealed" and sealed.content["choice"] == default
    for seat in ("red", "black"):
        to_bot(game, seat)
    reveal = next(e for e in game.pending_events if type(e).__name__ == "ChoicesRevealed")
    assert [c["seat"] for c in reveal.content["choices"]] == ["blue", "red", "black"]
    assert all(c["choice"].startswith('{"characters":[') for c in reveal.content["choices"])
    # the compatibility reading: the old hand ids, with the same recorded draws, reveal the very same state
    start = Game.create(uuid.uuid4(), "sylla", [{"seat": s, "name": s} for s in ("blue", "red", "black")],
                        {}, SEED, {}, AT).state
    new, old = start, start
    for c in reveal.content["choices"]:
        new = rules.apply(new, c["seat"], c["choice"], ReplayRandom(c["draws"]))
        old = rules.apply(old, c["seat"], ".".join(json.loads(c["choice"])["characters"]), ReplayRandom(c["draws"]))
    assert new == old and new["phase"] != start["phase"]
    audit_ok(game)
