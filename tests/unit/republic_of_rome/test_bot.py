"""The Republic of Rome's bot (bot.py, issue #16 item 5): legal, deterministic, not absurd. Whole turns of
bot-only play with the invariants after every step, and the greedy choices per kind of decision."""
from __future__ import annotations

import random

import pytest

from domain import bots, forms
from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.bot import at_war
from domain.rules import Prompt
from tests.property.republic_of_rome.ror_random import checked_step, seats_for
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.persuasion import base_number
from tests.scenario.republic_of_rome.position import ScriptedRandom, add_senator, answer, prompt_for
from tests.scenario.republic_of_rome.senate_position import at_step, small_senate
from tests.scenario.republic_of_rome.vote_position import open_vote, proposal
from tests.unit.republic_of_rome.test_persuasion import position as persuasion_position, started


def bot(s: dict, prompt: Prompt, seed: int = 0) -> str:
    return RULES.bot_choice(s, prompt, random.Random(seed).randrange)


def values(s: dict, prompt: Prompt, seed: int = 0) -> dict:
    return forms.values_of(prompt.form, bot(s, prompt, seed))


def play_bots(players: int, seed: int, turns: int = 3) -> tuple[dict, int, set]:
    """Every seat the bot until `turns` whole turns are over; each answer checked by the rules first."""
    draws, picks = random.Random(f"bot:{players}:{seed}"), random.Random(seed)
    s = RULES.setup(seats_for(players), {}, draws)
    sealed: dict[str, str] = {}
    decisions, greedy = 0, set()
    while not s["finished"] and s["turn"] <= turns:
        waiting = [p for p in RULES.prompts(s) if p.seat not in sealed]
        if not waiting:
            for seat in [x for x in s["seats"] if x in sealed]:
                s = checked_step(s, seat, sealed.pop(seat), draws)
            continue
        p = waiting[0]
        choice = RULES.bot_choice(s, p, picks.randrange)
        assert forms.accept(RULES, s, p, choice).id == choice  # legal, and already canonical
        if choice != RULES.default_choice(s, p.seat):
            greedy.add(p.kind)
        decisions += 1
        assert decisions < 3000, "the bots do not finish three turns"
        if p.secret:
            sealed[p.seat] = choice
        else:
            s = checked_step(s, p.seat, choice, draws, roundtrip=decisions % 50 == 0)
        done = {n["k"] for n in s["notes"]}
        assert "revolt_announced" not in done, "a bot revolted"  # Rule 11.2
        assert "forces_disbanded" not in done or not at_war(s), "the bots disbanded forces at war"  # Rule 9.8.4
    return s, decisions, greedy


@pytest.mark.parametrize("players", [4, 6])
def test_16_5_the_bot_alone_plays_three_whole_turns_legally(players):
    kinds = set()
    for seed in range(2):
        s, decisions, greedy = play_bots(players, seed)
        assert s["finished"] or s["turn"] == 4, (s["turn"], s["step"])
        assert decisions > 50
        kinds |= greedy
    assert {"senate_vote", "persuade", "nominate_consuls"} <= kinds  # it does more than the defaults


def test_16_5_the_bot_is_deterministic_given_its_pick():
    s = RULES.setup(seats_for(4), {}, random.Random(3))
    p = RULES.prompts(s)[0]
    assert bot(s, p, 7) == bot(s, p, 7)


# ------------------------------------------------------------------------------------------ votes
def senate() -> dict:
    """Red: Cornelius (1) Rome Consul, Fabius (2). Blue: Julius (4), Valerius (3). Green: Claudius (5)."""
    s = small_senate(3)
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    add_senator(s, "2", "red")
    add_senator(s, "4", "blue", leader=True)
    add_senator(s, "3", "blue")
    add_senator(s, "5", "green", leader=True)
    return s


def vote_of(s: dict, seat: str, prop: dict) -> dict:
    """`seat`'s bot vote on `prop`, the factions called before it abstaining (their default)."""
    s = open_vote(s, prop, ScriptedRandom())
    while prompt_for(s, seat) is None:
        first = RULES.prompts(s)[0]
        s = answer(s, first.seat, forms.values_of(first.form, RULES.default_choice(s, first.seat)))
    return values(s, prompt_for(s, seat))["votes"]


def test_9_5_the_bot_votes_for_its_own_consuls_and_abstains_on_others():
    s = senate()
    prop = proposal("consuls", by="green", pm="5", candidates=["3", "2"], abstain=True, vetoable=True)
    assert vote_of(s, "blue", prop) == {"4": "yes", "3": "yes"}
    none_of_green = proposal("consuls", by="red", pm="1", candidates=["1", "4"], abstain=True, vetoable=True)
    assert vote_of(s, "green", none_of_green) == {"5": "abstain"}


def test_9_7_the_bot_votes_against_the_prosecution_of_its_own_senator():
    s = senate()
    prop = proposal("prosecution", by="green", pm="5", accused="3", charge="minor", prosecutor="5",
                    abstain=True, vetoable=True)
    assert vote_of(s, "blue", prop) == {"4": "no", "3": "no"}
    assert set(vote_of(s, "green", prop).values()) == {"yes"}  # its own Censor's prosecution


def test_9_8_4_the_bot_does_not_disband_legions_while_a_war_is_active():
    s = senate()
    s["legions"] = [{"id": i, "veteran": False, "loyal_to": None, "at": "italy"} for i in (1, 2, 3, 4)]
    s["forum"]["wars"] = {"1st_punic_war": {"status": "active", "naval_victory": False}}
    prop = proposal("disband_forces", by="green", pm="5", legions=4, fleets=0, abstain=True, vetoable=True)
    assert vote_of(s, "blue", prop) == {"4": "no", "3": "no"}
    s["treasury"] = 100
    pm = at_step(s, "senate_other_business", stage="other")
    assert "disband_forces" in prompt_for(pm, "red").choice_ids()
    assert bot(pm, prompt_for(pm, "red")) == "adjourn"  # the Punic War's Fleets cost more than Rome can spare
    s["forum"]["wars"] = {"1st_gallic_war": {"status": "active", "naval_victory": False}}
    pm = at_step(s, "senate_other_business", stage="other")
    assert bot(pm, prompt_for(pm, "red")) == "raise_forces"


def test_9_8_5_with_an_unopposed_war_the_pm_bot_raises_forces_then_sends_them():
    s = senate()
    s["treasury"] = 100
    s["forum"]["wars"] = {"1st_gallic_war": {"status": "active", "naval_victory": False}}
    s = at_step(s, "senate_other_business", stage="other")
    assert bot(s, prompt_for(s, "red")) == "raise_forces"
    s = answer(s, "red", "raise_forces")
    raised = values(s, prompt_for(s, "red"))
    before = len(s["legions"])
    assert raised == {"legions": 10 - before, "fleets": 0, "order": "first", "then": "continue"}  # strength 10
    s = answer(s, "red", raised)
    while s["step"] == "senate_faction_vote":
        p = RULES.prompts(s)[0]
        s = answer(s, p.seat, values(s, p))
    assert len(s["legions"]) == 10 and s["treasury"] == 100 - 10 * (10 - before)
    assert bot(s, prompt_for(s, "red")) == "deploy"
    s = answer(s, "red", "deploy")
    sent = values(s, prompt_for(s, "red"))
    assert (sent["commander"], sent["war"], sent["legions"]) == ("1", "1st_gallic_war", 10)


def test_9_8_6_at_unrest_3_the_pm_bot_proposes_a_land_bill_its_own_senators_sponsor_and_all_vote_yes():
    s = senate()
    s["treasury"], s["unrest"] = 100, 3
    s = at_step(s, "senate_other_business", stage="other")
    assert bot(s, prompt_for(s, "red")) == "land_bill"
    s = answer(s, "red", "land_bill")
    bill = values(s, prompt_for(s, "red"))
    assert bill["type"] == "III" and {bill["sponsor"], bill["cosponsor"]} == {"1", "2"}  # no consent to ask
    prop = proposal("land_bill", by="red", pm="1", type="III", sponsor="1", cosponsor="2", abstain=False,
                    vetoable=True)
    assert vote_of(senate(), "green", prop) == {"5": "yes"}  # a vote against costs Popularity
    calm = senate()
    calm["treasury"], calm["unrest"] = 100, 2
    calm = at_step(calm, "senate_other_business", stage="other")
    assert bot(calm, prompt_for(calm, "red")) == "adjourn"


def test_9_5_2_the_pm_bot_nominates_a_pair_of_its_own_senators_where_the_default_takes_the_lowest_numbers():
    s = senate()
    s["senators"]["1"]["office"] = None
    s["senators"]["4"]["office"] = "censor"  # Julius presides: blue nominates
    s = at_step(s, "senate_elect_consuls")
    p = prompt_for(s, "blue")
    default = forms.values_of(p.form, RULES.default_choice(s, "blue"))
    picked = values(s, p)
    assert {default["first"], default["second"]} == {"1", "2"}  # red's, the lowest numbers
    assert {picked["first"], picked["second"]} == {"3", "4"}


def test_6_2_a_rich_bot_senator_contributes_10_and_a_poor_one_passes():
    from domain.games.republic_of_rome.bot import contribute
    s = senate()
    s["senators"]["4"]["talents"], s["senators"]["3"]["talents"] = 25, 19
    assert contribute(s, None, "blue", {"contributions": []}, random.Random(0).randrange) == \
        {"contributions": [{"senator": "4", "amount": 10}]}
    s["senators"]["4"]["talents"] = 15
    assert contribute(s, None, "blue", {"contributions": []}, random.Random(0).randrange) == {"contributions": []}


# ------------------------------------------------------------------------------------------ the Forum
def test_7_4_the_bot_persuades_an_unaligned_senator_with_the_bribe_that_makes_the_base_7():
    s = persuasion_position()
    s, _rng = started(s)
    picked = values(s, prompt_for(s, "red"))
    assert (picked["persuader"], picked["target"]) == ("1", "5")  # not Valerius: aligned, 7 harder
    base = base_number(s, data_for(s), {"persuader": "1", "target": "5", "bribes": picked["bribe"], "counter": 0,
                                        "support": 0})
    assert base == 7 or (base > 7 and picked["bribe"] == 0)
    s["senators"]["1"]["talents"] = 0  # nothing to pay the bribe with: no attempt (if 7 needs a bribe)
    if base_number(s, data_for(s), {"persuader": "1", "target": "5", "bribes": 0, "counter": 0, "support": 0}) < 7:
        assert values(s, prompt_for(s, "red"))["persuader"] == "none"


def test_7_2_the_bot_attracts_a_knight_with_money_to_spare():
    s = persuasion_position()
    s, rng = started(s)
    s = answer(s, "red", forms.values_of(prompt_for(s, "red").form, RULES.default_choice(s, "red")), rng)
    p = prompt_for(s, "red")
    assert p.kind == "initiative_actions"
    picked = values(s, p)
    assert picked["knights"] == "attract:1" and 1 <= picked["talents"] <= 20 - 5


# ------------------------------------------------------------------------------------------ Revolution
def test_11_2_the_bot_never_revolts_it_lays_down_its_command():
    """Even where the step's default would revolt, the bot takes the option that does not."""
    from domain.games.republic_of_rome.bot import choose
    from domain.rules import Choice

    class RevoltingDefault:
        def default_choice(self, state, seat):
            return "revolt"

    s = RULES.setup(seats_for(3), {}, random.Random(1))
    ask = Prompt(s["seats"][0], "t1.declare.9", "declare_revolt", "",
                 (Choice("lay_down", "Lay down the command"), Choice("revolt", "Declare revolt")))
    assert choose(RevoltingDefault(), s, ask, random.Random(0).randrange) == "lay_down"


# ------------------------------------------------------------------------------------------ found by the bot
def test_13_storm_at_sea_sinks_a_commanders_fleets_out_of_his_command_too():
    """Bot play sends Fleets to war; a Storm at Sea in a later Forum sank them but left them in the command."""
    from domain.games.republic_of_rome.events import destroy_fleets
    s = senate()
    s["senators"]["2"]["location"] = "war:1st_punic_war"
    s["forum"]["wars"] = {"1st_punic_war": {"status": "active", "naval_victory": False}}
    s["fleets"] = [{"id": i, "at": "war:1st_punic_war"} for i in (1, 2, 3)] + [{"id": 4, "at": "italy"}]
    s["commands"] = [{"commander": "2", "war": "1st_punic_war", "legions": [], "fleets": [1, 2, 3], "order": 1,
                      "master_of_horse": None, "turn": 1}]
    destroy_fleets(s, [2, 4])
    assert s["commands"][0]["fleets"] == [1, 3] and [f["id"] for f in s["fleets"]] == [1, 3]
    RULES.check_invariants(s)


# ------------------------------------------------------------------------------------------ the platform
def test_16_5_the_platform_keeps_the_bots_answer_only_when_the_rules_accept_it_else_the_default(monkeypatch):
    s = RULES.setup(seats_for(4), {}, random.Random(3))
    p = RULES.prompts(s)[0]
    assert bots.title_choice(RULES, s, p, random.Random(0).randrange) == bot(s, p)
    monkeypatch.setattr(type(RULES), "bot_choice", lambda self, state, prompt, pick: '{"nonsense": 1}')
    assert bots.title_choice(RULES, s, p, random.Random(0).randrange) == RULES.default_choice(s, p.seat)
