"""Rule 11.2, civil war (civil_war.py): the Senate's proposal to send an army against the rebel, and the battle
at the start of the next Combat Phase: no army -> the rebel wins; Senate Victory -> every rebel dies and the
Commander gains half the rebel army's strength; Stalemate -> equal losses, the war goes on; Senate Defeat ->
the rebel wins; a dead rebel ends the revolt."""
from __future__ import annotations

import pytest

from domain.forms import encode
from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.business import KINDS
from domain.games.republic_of_rome.civil_war import fight
from domain.games.republic_of_rome.data import data_for
from domain.rules import IllegalAction
from tests.scenario.republic_of_rome.position import (ScriptedRandom, add_senator, answer, asked, at_phase, bare,
                                                      chit_pick, make_state)


def table(italy: int = 10) -> dict:
    """Red: Fabius (2, MIL 4) in revolt since turn 1 with Legions 1-4 (strength 4 + MIL 4 = 8), Valerius (3)
    loyal; Blue: Julius (4, MIL 4) Field Consul in Rome; Green: Claudius (5) Rome Consul; `italy` Legions in
    Italy (5 onwards). Turn 2."""
    s = bare(make_state(3, seed=1))
    add_senator(s, "2", "red", leader=True, rebel=True, location="rebel")
    add_senator(s, "3", "red")
    add_senator(s, "4", "blue", leader=True, office="field_consul")
    add_senator(s, "5", "green", leader=True, office="rome_consul")
    s["legions"] = [{"id": i, "veteran": False, "loyal_to": None, "at": "rebel" if i <= 4 else "italy"}
                    for i in range(1, 5 + italy)]
    s["revolt"] = {"seat": "red", "rebel": "2", "senators": ["2"], "turn": 1}
    s["turn"] = 2
    s["notes"] = []
    return s


def send(s: dict, legions: int, commander: str = "4") -> dict:
    ids = [u["id"] for u in s["legions"] if u["at"] == "italy"][:legions]
    KINDS["civil_war"].apply(s, data_for(s), ScriptedRandom(), {"commander": commander, "legions": ids, "rebel": "2"},
                             {"passed": True})
    return s


def test_11_2_the_senate_may_propose_an_army_against_the_rebel_once_a_turn():
    s = table()
    k, D = KINDS["civil_war"], data_for(s)
    first = next(iter(k.tries(s, D)))
    assert first == {"commander": "4", "legions": 10}
    send(s, 6)
    assert s["civil_war"] == {"commander": "4", "legions": [5, 6, 7, 8, 9, 10], "turn": 2}
    assert not list(k.tries(s, D))  # one army a turn
    del s["revolt"]
    s.pop("civil_war")
    assert not list(k.tries(s, D))  # nobody in revolt: nothing to propose


def test_11_2_no_army_sent_the_rebel_wins():
    s = table()
    assert fight(s, data_for(s), ScriptedRandom())
    assert s["finished"] and s["result"]["winners"] == ["red"] and s["result"]["reason"] == "rebel_unopposed"


def test_11_2_no_revolt_no_civil_war():
    s = table()
    del s["revolt"]
    s["senators"]["2"].update(rebel=False, location="rome")
    assert not fight(s, data_for(s), ScriptedRandom()) and not s["finished"]


def test_11_2_senate_victory_every_rebel_dies_and_the_commander_is_rewarded():
    s = send(table(), 10)
    s["senators"]["3"].update(rebel=True, location="rebel")
    s["revolt"]["senators"] = ["2", "3"]
    inf, pop = s["senators"]["4"]["inf"], s["senators"]["4"]["pop"]
    # 10 Legions + MIL 4 - (4 + 4) = +6; 3d6 = 12 -> 18: Victory, no loss, no chit
    assert not fight(s, data_for(s), ScriptedRandom(dice=[4, 4, 4], strict=True))
    assert "3" not in s["senators"] and "revolt" not in s
    heir = s["senators"]["2"]  # Rule 5.3: the Faction Leader's heir comes back, loyal, with printed values
    assert not heir["rebel"] and heir["location"] == "rome" and heir["faction"] == "red"
    assert all(u["at"] == "italy" for u in s["legions"]) and len(s["legions"]) == 14
    assert s["senators"]["4"]["inf"] == inf + 4 and s["senators"]["4"]["pop"] == pop + 4
    RULES.check_invariants(s)


def test_11_2_senate_defeat_the_rebel_wins():
    s = send(table(), 1)
    # 1 Legion + MIL 1 (capped) - 8 = -6; 3d6 = 3 -> -3: Defeat
    assert fight(s, data_for(s), ScriptedRandom(dice=[1, 1, 1], picks=[0], strict=True))  # his Legion is lost
    assert s["result"]["winners"] == ["red"] and s["result"]["reason"] == "rebel_defeats_senate"


def test_11_2_stalemate_equal_losses_and_the_war_goes_on():
    s = send(table(), 4)
    drawn: list[str] = []
    picks = [0, 0, 0, 0, 0, 0]  # the Legions lost: the first of what remains, three on each side
    for chit in ("30", "29", "28", "27", "26", "25"):
        picks.append(chit_pick(s, chit, drawn))
        drawn.append(chit)
    # 4 Legions + MIL 4 - 8 = 0; 3d6 = 10: Stalemate, 3 Legions lost by each army, 6 chits (nobody's)
    assert not fight(s, data_for(s), ScriptedRandom(dice=[3, 4, 3], picks=picks, strict=True))
    assert s["revolt"]["rebel"] == "2" and [u["id"] for u in s["legions"] if u["at"] == "rebel"] == [4]
    assert [u["id"] for u in s["legions"] if u["at"] == "italy"] == [8] + list(range(9, 15))
    assert "civil_war" not in s  # a new army must be sent next turn
    RULES.check_invariants(s)


def test_11_2_a_dead_rebel_ends_the_revolt():
    s = table()
    s["senators"]["3"].update(rebel=True, location="rebel")
    s["revolt"]["senators"] = ["2", "3"]
    del s["senators"]["2"]
    assert not fight(s, data_for(s), ScriptedRandom())
    assert "revolt" not in s and not s["senators"]["3"]["rebel"] and s["senators"]["3"]["location"] == "rome"
    assert all(u["at"] == "italy" for u in s["legions"])


def test_11_2_a_rebel_leaders_loyal_heir_does_not_keep_the_revolt_alive():
    s = send(table(), 4)
    s["senators"]["2"].update(rebel=False, location="rome")  # died in the Mortality Phase: his heir, loyal
    assert not fight(s, data_for(s), ScriptedRandom(strict=True))
    assert "revolt" not in s and not s["finished"]


def test_6_1_7_the_rebel_pays_his_army_from_the_rebels_then_his_faction_or_releases_legions():
    s = table()
    s["senators"]["2"]["talents"] = 3
    s["factions"]["red"]["treasury"] = 2
    s["legions"] = [{**u, "veteran": True, "loyal_to": "2"} if u["id"] == 4 else u for u in s["legions"]]
    s = at_phase(s, "revenue", ScriptedRandom())
    assert s["step"] == "revenue_rebel_maintenance"
    assert asked(s)["red"].form.field("keep").max == 3  # his own Veteran is free
    with pytest.raises(IllegalAction, match="Insufficient funds"):
        RULES.check_answer(s, "red", encode({"keep": 3}))  # 6 T: he and his faction hold 5
    assert RULES.default_choice(s, "red") == '{"keep":0}'
    s = answer(s, "red", {"keep": 2})
    assert s["senators"]["2"]["talents"] == 0 and s["factions"]["red"]["treasury"] == 1
    assert [u["id"] for u in s["legions"] if u["at"] == "rebel"] == [2, 3, 4]
    assert s["step"] != "revenue_rebel_maintenance"
