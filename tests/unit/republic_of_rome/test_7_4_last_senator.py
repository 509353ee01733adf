"""Rule 7.4 with Rule 5.4: a faction without a Faction Leader may lose its last Senator to a persuasion; it is
not eliminated but takes a new Senator as a faction emptied by death does."""
from __future__ import annotations

from tests.scenario.republic_of_rome.forum_position import forum, notes, roll, table
from tests.scenario.republic_of_rome.position import add_senator, answer


def position(**options) -> dict:
    """Red: Cornelius (1) Rome Consul with 40 T; Blue: only Valerius (6), and no Faction Leader (his Statesman
    leader died without heir); Green: Julius (4) leader."""
    s = table(3, options=options)
    add_senator(s, "1", "red", leader=True, office="rome_consul", talents=40)
    add_senator(s, "6", "blue")
    add_senator(s, "4", "green", leader=True)
    return s


def persuade_valerius(s: dict) -> dict:
    s, rng = forum(s, dice=[3, 5, 1, 1])
    s = roll(s, "red", rng)
    s = answer(s, "red", {"persuader": "1", "target": "6", "bribe": 40}, rng)
    s = answer(s, "blue", {"amount": 0}, rng)
    return answer(s, "green", {"amount": 0}, rng)


def test_7_4_the_last_senator_of_a_leaderless_faction_can_be_persuaded_and_the_curia_refills_it():
    s = position()
    s["curia"]["senators"] = ["7", "9"]
    s = persuade_valerius(s)
    assert s["senators"]["6"]["faction"] == "red" and notes(s, "persuasion_result")[0]["success"]
    assert s["factions"]["blue"]["leader"] == "7" and s["senators"]["7"]["faction"] == "blue"
    assert s["curia"]["senators"] == ["9"] and not s["factions"]["blue"].get("eliminated")


def test_7_4_with_an_empty_curia_the_emptied_faction_searches_the_deck_under_ah():
    s = position()
    s["deck"] = [c for c in s["deck"] if not c.startswith("sen:")] + ["sen:8"]
    s = persuade_valerius(s)
    assert s["factions"]["blue"]["leader"] == "8" and "sen:8" not in s["deck"]


def test_7_4_under_vg_the_emptied_faction_waits_for_the_next_senator_to_reach_the_curia():
    s = persuade_valerius(position(empty_faction_may_search_deck=False))
    assert s["factions"]["blue"]["leader"] is None and s["factions"]["blue"].get("waiting_for_senator")
    assert not any(x["faction"] == "blue" for x in s["senators"].values())
