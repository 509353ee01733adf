"""Rule 7 (the Forum Phase): Initiatives, the card drawn, Wars and Leaders, the auction, the end of the phase."""
from __future__ import annotations

import pytest

from domain.games.republic_of_rome import RULES
from tests.scenario.republic_of_rome.forum_position import (TRIBUNES, forum, notes, phase_ends_here, roll,
                                                           skip_actions, table, with_event)
from tests.scenario.republic_of_rome.position import add_senator, answer, asked, narration


@pytest.fixture(autouse=True)
def _phase_ends_here(monkeypatch):
    phase_ends_here(monkeypatch)


def four_factions(players: int = 4, deck: tuple = TRIBUNES, **options) -> dict:
    """Red holds the HRAO (Rome Consul); every faction has one Senator in Rome, Faction Leader; the deck starts
    with `deck`."""
    s = table(players, options=options, deck=deck)
    for seat, sid in zip(s["seats"], ("1", "2", "3", "4", "6", "7")):
        add_senator(s, sid, seat, leader=True, talents=10, office="rome_consul" if seat == "red" else None)
    return s


def play_initiative(s: dict, seat: str, rng) -> dict:
    """Roll, no persuasion, nothing else."""
    s = roll(s, seat, rng)
    if s["step"] == "forum_persuasion":
        s = answer(s, seat, RULES.default_choice(s, seat), rng)
    return skip_actions(s, seat, rng)


# ------------------------------------------------------------------------------------- 7.2 Initiatives
def test_7_2_the_first_initiatives_go_one_per_player_clockwise_from_the_hrao():
    s = four_factions()
    s["senators"]["1"]["office"] = None
    s["senators"]["3"]["office"] = "rome_consul"  # Green holds the HRAO now
    s, rng = forum(s, dice=[1, 2] * 4, strict=False)
    order = []
    for _ in range(4):
        seat = next(iter(asked(s)))
        order.append(seat)
        s = play_initiative(s, seat, rng)
    assert order == ["green", "yellow", "red", "blue"]


def test_7_2_six_players_take_the_six_initiatives_and_nothing_is_auctioned():
    s = four_factions(6)
    s, rng = forum(s, dice=[1, 2] * 6, strict=False)
    for seat in s["seats"]:
        assert list(asked(s)) == [seat] and s["step"] == "forum_initiative_roll"
        s = play_initiative(s, seat, rng)
    assert s["phase_ended"] == "forum" and not notes(s, "auction_opens")


def test_7_2_a_roll_of_7_puts_an_event_in_play_and_draws_no_card():
    s = four_factions()
    deck = list(s["deck"])
    s, rng = forum(s, dice=[3, 4, 2, 2, 2])  # 7, then 3d6 = 6: Evil Omens
    s = roll(s, "red", rng)
    assert s["forum"]["events"]["evil_omens"]["level"] == 1 and s["evil_omens"] == 1
    assert s["deck"] == deck and not notes(s, "drew_faction_card")


def test_7_2_a_red_card_goes_secretly_to_the_hand():
    s = four_factions(deck=("con:mining",) + TRIBUNES)
    s, rng = forum(s, dice=[3, 5])
    before = s
    s = roll(s, "red", rng)
    assert s["factions"]["red"]["hand"] == ["con:mining"]
    assert any("Mining" in line for line in narration(before, s, "red"))
    for viewer in ("blue", None):
        lines = narration(before, s, viewer)
        assert not any("Mining" in line for line in lines) and any("Faction card" in line for line in lines)


def test_7_2_a_family_senator_drawn_goes_unaligned_to_the_forum():
    s = table(4, deck=("sen:5",))
    add_senator(s, "1", "red", leader=True, office="rome_consul")
    s, rng = forum(s, dice=[3, 5])
    s = roll(s, "red", rng)
    assert s["senators"]["5"]["faction"] is None and s["senators"]["5"]["location"] == "rome"


def test_7_2_the_empty_deck_still_rolls_and_the_last_card_is_recorded():
    s = four_factions()
    s["deck"] = ["con:mining"]
    s, rng = forum(s, dice=[3, 5, 3, 5, 3, 4, 3, 3, 3], strict=False)
    s = play_initiative(s, "red", rng)
    assert s["deck"] == [] and s["deck_exhausted_turn"] == s["turn"]
    s = roll(s, "blue", rng)
    assert notes(s, "deck_empty")
    s = skip_actions(s, "blue", rng)
    s = roll(s, "green", rng)  # a 7 still brings an event
    assert s["forum"]["events"]


# -------------------------------------------------------------------------------- Wars and Leaders
def test_7_2_a_war_drawn_is_active_or_inactive_as_printed():
    for war, status in (("1st_gallic_war", "active"), ("1st_illyrian_war", "inactive")):
        s = four_factions(deck=("war:" + war,))
        s, rng = forum(s, dice=[3, 5])
        s = roll(s, "red", rng)
        assert s["forum"]["wars"][war]["status"] == status


def test_10_1_a_matching_war_activates_the_inactive_one_at_once_under_ah():
    s = four_factions(deck=("war:2nd_punic_war",))
    s, rng = forum(s, dice=[3, 5])
    s = roll(s, "red", rng)
    assert s["forum"]["wars"]["1st_punic_war"]["status"] == "active"
    assert s["forum"]["wars"]["2nd_punic_war"]["status"] == "active"


def test_10_1_with_imminent_wars_the_new_matching_war_waits():
    s = four_factions(deck=("war:2nd_punic_war",), imminent_wars=True)
    s, rng = forum(s, dice=[3, 5])
    s = roll(s, "red", rng)
    assert s["forum"]["wars"]["2nd_punic_war"]["status"] == "imminent"
    assert s["forum"]["wars"]["1st_punic_war"]["status"] == "active"


def test_10_1_a_leader_joins_a_war_of_his_series_and_makes_it_active():
    s = four_factions(deck=("ldr:hamilcar",))
    s, rng = forum(s, dice=[3, 5])
    s = roll(s, "red", rng)
    assert s["forum"]["leaders"] == {"hamilcar": "1st_punic_war"}
    assert s["forum"]["wars"]["1st_punic_war"]["status"] == "active"


def test_10_1_a_leader_without_war_goes_to_the_curia_and_comes_back_with_his_war():
    s = four_factions(deck=("ldr:philip_v", "war:2nd_macedonian_war"))
    s, rng = forum(s, dice=[3, 5, 3, 5], strict=False)
    s = play_initiative(s, "red", rng)
    assert s["curia"]["leaders"] == ["philip_v"]
    s = roll(s, "blue", rng)
    assert s["curia"]["leaders"] == [] and s["forum"]["leaders"] == {"philip_v": "2nd_macedonian_war"}
    assert s["forum"]["wars"]["2nd_macedonian_war"]["status"] == "active"  # printed inactive


# ------------------------------------------------------------------------------------ 7.3 the auction
def through_first_round(s: dict, rng) -> dict:
    for seat in s["seats"]:
        s = play_initiative(s, seat, rng)
    return s


def test_7_3_extra_initiatives_are_auctioned_once_around_and_the_bid_paid_to_the_bank():
    s = four_factions(3)
    s, rng = forum(s, dice=[1, 2] * 4, strict=False)
    s = through_first_round(s, rng)
    assert s["step"] == "forum_initiative_auction_bid" and list(asked(s)) == ["red"]
    s = answer(s, "red", {"senator": "1", "bid": 2}, rng)
    assert list(asked(s)) == ["blue"]
    form = asked(s)["blue"].form
    assert form.field("bid").min == 3  # more than the high bid
    s = answer(s, "blue", {"senator": "2", "bid": 4}, rng)
    s = answer(s, "green", {"senator": "pass", "bid": 5}, rng)
    assert s["senators"]["2"]["talents"] == 6 and s["senators"]["1"]["talents"] == 10
    assert s["ctx"]["initiator"] == "blue" and s["step"] == "forum_initiative_roll"


def test_7_3_a_bid_must_be_payable_by_the_named_senator():
    s = four_factions(3)
    add_senator(s, "5", "blue", talents=3)
    s, rng = forum(s, dice=[1, 2] * 3, strict=False)
    s = through_first_round(s, rng)
    s = answer(s, "red", {"senator": "pass", "bid": 1}, rng)
    try:
        answer(s, "blue", {"senator": "5", "bid": 8}, rng)
    except Exception as exc:  # IllegalAction
        assert "has only 3 T" in str(exc.reason)
    else:
        raise AssertionError("a bid above the named Senator's treasury was accepted")


def test_7_3_edge_27_a_faction_without_a_senator_in_rome_cannot_bid_and_nobody_bidding_gives_it_to_the_hrao():
    s = four_factions(3)
    s["senators"]["2"]["location"] = "province:sicilia"  # Blue's only Senator is away
    s, rng = forum(s, dice=[1, 2] * 4, strict=False)
    s = through_first_round(s, rng)
    s = answer(s, "red", {"senator": "pass", "bid": 1}, rng)
    assert list(asked(s)) == ["green"]  # Blue is passed over
    s = answer(s, "green", {"senator": "pass", "bid": 1}, rng)
    assert notes(s, "auction_free")[0]["seat"] == "red" and s["ctx"]["initiator"] == "red"


# -------------------------------------------------------------------------------- 7.1 passage of time
def test_7_1_events_of_earlier_turns_leave_except_refuge():
    s = four_factions()
    s["forum"]["events"] = {e: {"flipped": False, "level": 1, "turn": s["turn"] - 1}
                            for e in ("evil_omens", "refuge", "drought", "allied_enthusiasm")}
    s.update(evil_omens=1, drought=1, allied_enthusiasm=50)
    s, rng = forum(s)
    assert list(s["forum"]["events"]) == ["refuge"]
    assert (s["evil_omens"], s["drought"], s["allied_enthusiasm"]) == (0, 0, 0)


# ------------------------------------------------------------------------------ 7.7 end of the phase
def end_of_forum(s: dict, dice: list[int]) -> dict:
    """Six quiet Initiatives (rolls of 3), then the end of the phase with `dice` (the Population Phase that
    follows rolls unscripted dice)."""
    s, rng = forum(s, dice=[1, 2] * 6 + dice, strict=False)
    for _ in range(6):
        seat = next(iter(asked(s)))
        if s["step"] == "forum_initiative_auction_bid":
            s = answer(s, seat, {"senator": "pass", "bid": s["ctx"]["auction"]["high"] + 1}, rng)
            continue
        s = play_initiative(s, seat, rng)
    return s


def test_7_7_office_holders_become_eligible_for_prosecution():
    s = end_of_forum(four_factions(6), [])
    assert s["senators"]["1"]["major_eligible"] and s["senators"]["1"]["minor_eligible"]
    assert not s["senators"]["2"]["major_eligible"]


def test_7_7_the_2nd_punic_war_destroys_the_tax_farmer_rolled_and_hannibal_rolls_again():
    s = four_factions(6)
    s["forum"]["wars"]["2nd_punic_war"] = {"status": "active", "naval_victory": False}
    s["forum"]["leaders"] = {"hannibal": "2nd_punic_war"}
    s["senators"]["2"]["concessions"] = ["tax_farmer_3"]
    s["forum"]["concessions"] = ["tax_farmer_5"]
    s["deck"] = [c for c in s["deck"] if c not in ("war:2nd_punic_war", "ldr:hannibal")]
    s = end_of_forum(s, [3, 5])
    assert s["senators"]["2"]["concessions"] == [] and s["forum"]["concessions"] == []
    assert s["curia"]["concessions"] == ["tax_farmer_3", "tax_farmer_5"]


def test_7_7_the_curia_gives_back_on_5_or_6_and_leaders_without_war_die_there():
    s = four_factions(6)
    s["curia"] = {"senators": ["5", "8"], "concessions": ["mining"], "leaders": ["philip_v", "hamilcar"]}
    s = end_of_forum(s, [5, 4, 6, 6])  # Senator 5 back, 8 stays; Mining back; Philip V dies (Hamilcar's War is in play)
    assert s["senators"]["5"]["faction"] is None and "8" not in s["senators"]
    assert s["curia"] == {"senators": ["8"], "concessions": [], "leaders": ["hamilcar"]}
    assert s["forum"]["concessions"] == ["mining"] and "ldr:philip_v" in s["discard"]


def test_7_7_evil_omens_lower_the_curia_rolls():
    s = four_factions(6)
    s["curia"] = {"senators": ["5"], "concessions": [], "leaders": []}
    s, rng = forum(s, dice=[1, 2] * 6 + [5], strict=False)
    with_event(s, "evil_omens")
    for _ in range(6):
        s = play_initiative(s, next(iter(asked(s))), rng)
    assert s["curia"]["senators"] == ["5"]


def test_7_7_enemy_leader_dies_is_the_hraos_choice_at_the_end_of_the_phase():
    s = four_factions(6)
    s["forum"]["wars"]["2nd_punic_war"] = {"status": "active", "naval_victory": False}
    s["forum"]["leaders"] = {"hannibal": "2nd_punic_war", "hamilcar": "1st_punic_war"}
    s["forum"]["wars"]["1st_punic_war"]["status"] = "active"
    s, rng = forum(s, dice=[1, 2] * 6 + [6, 6], strict=False)  # the two Tax Farmer rolls (none in play)
    with_event(s, "enemy_leader_dies")
    for _ in range(6):
        s = play_initiative(s, next(iter(asked(s))), rng)
    assert s["step"] == "forum_enemy_leader_dies" and asked(s)["red"].choice_ids() == ["hamilcar", "hannibal"]
    assert RULES.default_choice(s, "red") == "hannibal"  # the strongest
    s = RULES.apply(s, "red", "hamilcar", rng)
    assert s["forum"]["leaders"] == {"hannibal": "2nd_punic_war"} and "ldr:hamilcar" in s["discard"]
    assert s["phase_ended"] == "forum"
