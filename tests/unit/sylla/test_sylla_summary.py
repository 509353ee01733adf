"""The lobby's public line and a seat's holdings in words (Rules.summary, Rules.seat_summary): Sylla's
round and phase follow the game through a whole random play, and a seat's summary is its own."""
import random

from domain.bots import random_choice
from domain.game import ACTIVE, Game
from domain.rules import get_rules
from service.simulate import AT

SYLLA = get_rules("sylla")


def test_the_summary_follows_round_and_phase_through_a_whole_game():
    seats = [{"seat": s, "name": s} for s in SYLLA.seat_ids(4)]
    game = Game.create(__import__("uuid").UUID(int=13), "sylla", seats, {}, "ab" * 32, {}, AT)
    rng = random.Random(13)
    seen = set()
    while game.status == ACTIVE:
        line = SYLLA.summary(game.state)
        view = SYLLA.view(game.state, None)
        if game.state["phase"] == "choose_starting_characters":
            assert line == "Set-up · choosing starting characters"
        else:
            assert line.startswith(f"Round {view['round']} of {view['rounds']} · Phase {view['phase_number']} · ")
        seen.add(line)
        p = game.open_prompts()[0]
        game.choose(p.seat, p.id, random_choice(p, rng, game.rules, game.state), None, AT, "bot")
    assert SYLLA.summary(game.state) == f"Game over after round {game.state['round']}"
    phases = {line.split(" · ")[-1] for line in seen if line.startswith("Round")}
    assert {"First Consul", "Recruitment", "Buildings", "Events", "Great Works"} <= phases
    for seat in game.seat_ids:  # each seat's holdings: its own prestige and purse
        lines = SYLLA.seat_summary(game.state, seat)
        p = game.state["players"][seat]
        assert lines[0] == f"Prestige {p['prestige']} · {p['denarii']} denari{'us' if p['denarii'] == 1 else 'i'}"


def test_a_title_without_a_summary_says_nothing():
    assert get_rules("toy").summary({}) is None and get_rules("toy").seat_summary({}, "red") == []
