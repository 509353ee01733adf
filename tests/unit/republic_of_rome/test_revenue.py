"""The Revenue Phase (Rule 6): personal revenue in one sealed order per player (6.1), the State's accounts and
open contributions (6.2), and the sealed redistribution (6.3)."""
from __future__ import annotations

import pytest

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.state import hrao_seat
from domain.games.republic_of_rome.data import data_for
from domain.rules import IllegalAction
from tests.scenario.republic_of_rome.position import (ScriptedRandom, add_senator, answer, answer_defaults, asked,
                                                      at_phase, bare, make_governor, make_state, narration)

BASE = make_state(3, seed=4)
RED, BLUE, GREEN = BASE["seats"]


def position(**options) -> dict:
    """Red: Cornelius (1, leader), Fabius (2); Blue: Valerius (3, leader), Julius (4); Green: Claudius (5,
    leader), Manlius (6). Treasury 100, 4 Legions, the Inactive 1st Punic War."""
    s = bare(BASE)
    s["options"] = {**s["options"], **options}
    for seat, (leader, other) in ((RED, ("1", "2")), (BLUE, ("3", "4")), (GREEN, ("5", "6"))):
        add_senator(s, leader, seat, leader=True)
        add_senator(s, other, seat)
    s["treasury"] = 100
    return s


def revenue(s: dict, rng: ScriptedRandom | None = None) -> dict:
    return at_phase(s, "revenue", rng or ScriptedRandom(strict=True))


def until(s: dict, step: str, rng: ScriptedRandom | None = None) -> dict:
    """Defaults for everybody until the step is reached."""
    for _ in range(100):
        if s["step"] == step or s["finished"]:
            return s
        s = answer_defaults(s, rng or ScriptedRandom(strict=True))
    raise AssertionError(f"{step} never reached")


def talents(s: dict) -> dict:
    return {sid: x["talents"] for sid, x in s["senators"].items()}


# ---------------------------------------------------------------------------------- 6.1 income
def test_6_1_a_faction_leader_earns_3_every_other_senator_1_and_each_knight_1():
    s = position()
    s["senators"]["2"]["knights"] = 2
    s = until(revenue(s), "revenue_contributions")
    assert talents(s) == {"1": 3, "2": 3, "3": 3, "4": 1, "5": 3, "6": 1}


def test_6_1_concessions_pay_their_income_but_armaments_nothing_and_land_commissioner_only_with_a_land_bill():
    s = position()
    s["senators"]["2"]["concessions"] = ["harbor_fees", "land_commissioner"]
    s["senators"]["4"]["concessions"] = ["armaments", "ship_building"]
    after = until(revenue(s), "revenue_contributions")
    assert after["senators"]["2"]["talents"] == 1 + 3 and after["senators"]["4"]["talents"] == 1
    assert after["senators"]["2"]["minor_eligible"] and not after["senators"]["4"]["minor_eligible"]
    s["land_bills"]["III"] = 1
    after = until(revenue(s), "revenue_contributions")
    assert after["senators"]["2"]["talents"] == 1 + 3 + 3


def test_6_1_income_is_placed_where_the_player_says_and_everybody_reads_it():
    s = revenue(position())
    assert all(p.secret and p.kind == "place_income" for p in asked(s).values()) and len(asked(s)) == 3
    s = answer(s, RED, {"income": {"1": "2", "2": "2"}})
    assert talents(s)["2"] == 0  # sealed: nothing happens before the last order
    before = s
    s = answer_defaults(s)
    assert s["senators"]["1"]["talents"] == 0 and s["senators"]["2"]["talents"] == 4
    assert s["senators"]["3"]["talents"] == 3 and s["senators"]["4"]["talents"] == 1  # the default: kept
    assert f"The income of {RED.capitalize()}, 4 T, is placed: Fabius (2) 4 T." in narration(before, s, BLUE)


def test_6_1_only_a_player_with_something_to_decide_is_asked():
    s = position()
    del s["senators"]["2"]
    s = revenue(s)
    assert set(asked(s)) == {BLUE, GREEN}
    s = position()
    del s["senators"]["2"]
    make_governor(s, "1", "sicilia")
    assert set(asked(revenue(s))) == {RED, BLUE, GREEN}
    assert [f.name for f in asked(revenue(s))[RED].form.fields] == ["spoils"]


def test_6_1_a_governor_who_declines_spoils_is_not_corrupt_and_develops_on_5_or_6():
    s = position()
    make_governor(s, "2", "sicilia")
    rng = ScriptedRandom([5, 1], strict=True)  # development: 5 + 1 (no spoils) = 6; then its state income
    s = answer(revenue(s), RED, {"spoils": {"2": "decline"}, "income": {"1": "1", "2": "2"}}, rng)
    s = answer_defaults(s, rng)
    x = s["senators"]["2"]
    assert not x["corrupt"] and s["provinces"]["sicilia"]["developed"]
    assert x["inf"] == data_for(s).senators["2"]["influence"] + 3 and x["talents"] == 1


def test_6_1_a_governor_who_takes_spoils_is_corrupt_earns_them_and_develops_only_on_a_6():
    s = position()
    make_governor(s, "2", "sicilia")
    rng = ScriptedRandom([4, 5, 1, 1], strict=True)  # spoils 1d6 = 4; development 5 (no bonus): not enough
    s = answer(revenue(s), RED, {"spoils": {"2": "take"}, "income": {"1": "1", "2": "2"}}, rng)
    s = answer_defaults(s, rng)
    assert s["senators"]["2"]["corrupt"] and not s["provinces"]["sicilia"]["developed"]
    assert s["senators"]["2"]["talents"] == 1 + 4


def test_6_1_trial_of_verres_lowers_spoils_but_not_below_0_and_evil_omens_lowers_them_by_1():
    s = position()
    make_governor(s, "2", "sicilia", developed=True)
    s["trial_of_verres"], s["evil_omens"] = 3, 1
    rng = ScriptedRandom([3, 1], strict=True)  # developed Sicilia: 1d6+4 = 7, -1 Evil Omens = 6, -3 Verres = 3
    s = answer(revenue(s), RED, {"spoils": {"2": "take"}, "income": {"1": "1", "2": "2"}}, rng)
    s = answer_defaults(s, rng)
    assert s["senators"]["2"]["talents"] == 1 + 3


def test_6_1_grain_is_asked_only_under_drought_and_its_multiplier_is_bounded_by_the_drought_effects():
    s = position()
    s["senators"]["2"]["concessions"] = ["sicilian_grain"]
    assert asked(revenue(s))[RED].form.field("grain") is None
    s["drought"] = 1
    grain = asked(revenue(s))[RED].form.field("grain")
    assert [o.value for o in grain.items] == ["sicilian_grain"] and (grain.value.min, grain.value.max) == (1, 2)


# ---------------------------------------------------------------------------------- 6.2 the State
def accounts(s: dict) -> dict:
    return until(revenue(s), "revenue_contributions")


def test_6_2_the_debits_active_and_unprosecuted_wars_land_bills_legions_and_fleets():
    s = position()
    s["forum"]["wars"] = {"1st_punic_war": {"status": "active", "naval_victory": False},
                          "2nd_illyrian_war": {"status": "unprosecuted", "naval_victory": False},
                          "1st_gallic_war": {"status": "inactive", "naval_victory": False}}
    s["land_bills"] = {"I": 1, "II": 2, "III": 1}
    s["fleets"] = [{"id": i, "at": "italy"} for i in (1, 2, 3)]
    after = accounts(s)
    assert after["treasury"] == 100 + 100 - 2 * 20 - (20 + 2 * 5 + 10) - 2 * (4 + 3)
    assert after["land_bills"] == {"I": 0, "II": 2, "III": 1}  # the Type I marker is removed once paid


def test_6_2_allied_enthusiasm_and_a_province_s_income_reach_the_state():
    s = position()
    make_governor(s, "2", "sicilia")
    s["allied_enthusiasm"], s["trial_of_verres"] = 75, 5
    rng = ScriptedRandom([1, 2, 3, 4], strict=True)  # spoils 1 (Verres: 0); development 2; income 2d6-2 = 5, +5
    s = answer(revenue(s), RED, {"spoils": {"2": "take"}, "income": {"1": "1", "2": "2"}}, rng)
    s = until(answer_defaults(s, rng), "revenue_contributions", rng)
    assert s["treasury"] == 100 + 100 + 10 + 75 - 8
    assert s["senators"]["2"]["talents"] == 1


@pytest.mark.parametrize("start, warning", [(100, None), (-45, 50), (-80, 20)])
def test_6_2_the_balance_is_announced_with_a_warning_below_50_and_below_20(start, warning):
    s = position()
    s["treasury"] = start
    after = accounts(s)
    note = next(n for n in after["notes"] if n["k"] == "state_balance")
    assert (note["treasury"], note["warning"]) == (start + 92, warning)


def test_6_2_contributions_go_round_from_the_hrao_until_a_full_round_passes_with_influence_on_the_total():
    s = position()
    s["senators"]["4"]["talents"] = 40
    s = accounts(s)
    order = s["ctx"]["order"]
    assert order[0] == hrao_seat(s, data_for(s)) and list(asked(s)) == [order[0]]
    inf = s["senators"]["4"]["inf"]
    gifts, seen, told = [10, 15], [], []
    while s["step"] == "revenue_contributions":
        seat = next(iter(asked(s)))
        rows = [{"senator": "4", "amount": gifts.pop(0)}] if seat == BLUE and gifts else []
        seen.append((seat, bool(rows)))
        before, s = s, answer(s, seat, {"contributions": rows})
        if rows:
            told = narration(before, s, RED)
    assert s["senators"]["4"]["talents"] == 41 - 25 and s["senators"]["4"]["inf"] == inf + 3  # 25 T in all: +3
    assert s["treasury"] == 192 + 25 and s["step"] == "revenue_redistribution"
    last_gift = max(i for i, (_seat, gave) in enumerate(seen) if gave)
    assert [seat for seat, _gave in seen[last_gift + 1:]] == order[order.index(BLUE) + 1:] + order[:order.index(BLUE) + 1]
    assert told[0] == f"Julius (4) gives 15 T to the State and gains 2 Influence; the Treasury holds {192 + 25} T."


def test_6_2_a_senator_gives_only_what_he_has():
    s = position()
    s["senators"]["4"]["talents"] = 5
    s = accounts(s)
    while next(iter(asked(s))) != BLUE:
        s = answer(s, next(iter(asked(s))), {"contributions": []})
    with pytest.raises(IllegalAction):
        answer(s, BLUE, {"contributions": [{"senator": "4", "amount": 4}, {"senator": "4", "amount": 3}]})


def test_6_2_the_state_that_cannot_pay_after_the_contributions_is_bankrupt_and_everybody_loses():
    s = position()
    s["treasury"] = -100
    after = until(accounts(s), "game_over")
    assert after["finished"] and after["result"]["kind"] == "collective_loss"
    assert RULES.outcome(after).winners == ()


def test_6_2_contributions_can_rescue_the_state():
    s = position()
    s["treasury"] = -95
    s["senators"]["6"]["talents"] = 9
    s = accounts(s)
    assert s["treasury"] == -3
    while next(iter(asked(s))) != GREEN:
        s = answer(s, next(iter(asked(s))), {"contributions": []})
    s = answer(s, GREEN, {"contributions": [{"senator": "6", "amount": 5}]})
    s = until(s, "revenue_redistribution")
    assert not s["finished"] and s["treasury"] == 2


def test_6_2_a_governor_whose_term_runs_out_returns_to_rome_and_his_province_to_the_forum():
    s = position()
    make_governor(s, "2", "sicilia", term=1)
    make_governor(s, "4", "sardinia_et_corsica", term=2)
    # Sicilia: spoils 6, development 6; Sardinia: spoils 2, development 3; their state income 6 (Sardinia), 6
    s = until(revenue(s), "revenue_redistribution", ScriptedRandom([6, 6, 2, 3, 6, 6], strict=True))
    assert s["senators"]["2"]["location"] == "rome" and s["senators"]["2"]["returned_turn"] == s["turn"]
    assert s["forum"]["provinces"] == ["sicilia"] and s["provinces"]["sicilia"]["governor"] is None
    assert s["provinces"]["sardinia_et_corsica"]["term"] == 1
    RULES.check_invariants(s)


# ---------------------------------------------------------------------------------- 6.3 redistribution
def redistribution(**options) -> dict:
    s = position(**options)
    s["factions"][RED]["treasury"] = 10
    return until(revenue(s), "revenue_redistribution")


def test_6_3_own_moves_and_gifts_are_sealed_then_gifts_arrive_after_everybody_s_own_moves():
    s = redistribution()
    assert all(p.secret and p.kind == "redistribute" for p in asked(s).values())
    s = answer(s, RED, {"transfers": [{"source": "faction", "target": "2", "amount": 6},
                                      {"source": "2", "target": "faction:" + BLUE, "amount": 7},
                                      {"source": "1", "target": "4", "amount": 2}]})
    assert s["factions"][RED]["treasury"] == 10  # sealed
    before = s
    s = answer_defaults(s)
    assert s["factions"][RED]["treasury"] == 4 and s["senators"]["2"]["talents"] == 1 + 6 - 7
    assert s["factions"][BLUE]["treasury"] == 7 and s["senators"]["4"]["talents"] == 1 + 2
    assert s["step"] == "revenue_redistribution_received" and set(asked(s)) == {BLUE}
    red, blue, green = (narration(before, s, seat) for seat in (RED, BLUE, GREEN))
    assert f"You give 7 T from Fabius (2) to {BLUE.capitalize()} (the faction treasury)." in red
    assert f"{RED.capitalize()} gives you 7 T (to your faction treasury)." in blue
    assert f"{RED.capitalize()} gives money to {BLUE.capitalize()}." in green
    assert not any("7 T" in line for line in green)  # the amount stays between giver and receiver


def test_6_3_the_second_round_moves_money_only_among_one_s_own_holdings():
    s = redistribution()
    s = answer(s, RED, {"transfers": [{"source": "faction", "target": "faction:" + BLUE, "amount": 5}]})
    s = answer_defaults(s)
    form = asked(s)[BLUE].form
    targets = {o.value for o in form.field("transfers").columns[1].options}
    assert targets == {"faction", "3", "4"}
    s = answer(s, BLUE, {"transfers": [{"source": "faction", "target": "3", "amount": 5}]})
    assert s["senators"]["3"]["talents"] == 3 + 5 and s["phase"] == "forum"


def test_6_3_a_transfer_larger_than_its_source_or_to_itself_is_refused():
    s = redistribution()
    for rows in ([{"source": "faction", "target": "2", "amount": 11}],
                 [{"source": "2", "target": "1", "amount": 1}, {"source": "2", "target": "1", "amount": 1}],
                 [{"source": "1", "target": "1", "amount": 1}]):
        with pytest.raises(IllegalAction):
            answer(s, RED, {"transfers": rows})
    chained = [{"source": "faction", "target": "2", "amount": 10}, {"source": "2", "target": "1", "amount": 11}]
    answer(s, RED, {"transfers": chained})  # money an earlier transfer brought may move on


def test_6_3_vg_order_redistribution_comes_before_the_state_accounts():
    s = position(player_to_player_money="personal_revenue_step")
    s = until(revenue(s), "revenue_redistribution")
    assert s["treasury"] == 100  # the accounts are still to come
    s = until(s, "revenue_contributions")
    assert s["treasury"] == 192
    s = until(s, "forum_initiative_roll")
    assert s["phase"] == "forum"


def test_18_20_a_contribution_that_brings_a_senator_to_35_influence_makes_him_consul_for_life_at_once():
    s = position()
    s["senators"]["4"].update(talents=60, inf=28)
    s = accounts(s)
    while next(iter(asked(s))) != BLUE:
        s = answer(s, next(iter(asked(s))), {"contributions": []})
    s = answer(s, BLUE, {"contributions": [{"senator": "4", "amount": 50}]})
    assert s["senators"]["4"]["inf"] == 35
    assert s["consul_for_life"]["senator"] == "4" and s["consul_for_life"]["seat"] == BLUE
