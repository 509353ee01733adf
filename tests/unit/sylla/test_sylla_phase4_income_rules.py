"""Rule 5.4 (Income) with the Private Temple (7.3) and the Tavern (7.4); edge cases 14.16, 14.17, 14.32."""
from __future__ import annotations

import pytest

from domain.games.sylla.data import data_for
from domain.games.sylla.narrate import narrate
from domain.rules import IllegalAction
from tests.unit.sylla.sylla_unit import RULES, game, lines_for


def test_5_4_income_is_the_tile_plus_available_merchants_plus_face_up_markets_14_8():
    g = game("income", {"red": {"cards": ["I-MER-P", "I-MER-C"], "tilted": ["I-MER-C"],
                                "tiles": ["B04", "B05"], "down": {"B05": "pillage"}}},
             events=["pillage", "famine", "epidemic"])
    assert g.p("red")["denarii"] == 5 + 3 + 1 + 2  # 5 start, tile 3, one upright Merchant, one face-up Market


def test_5_4_income_is_taken_from_the_first_consul_clockwise():
    g = game("income", first_consul="white")
    lines = narrate(data_for(g.state), g.state, None)  # what setting up the position did
    order = [x.split(" ")[0] for x in lines if "of income" in x]
    assert order == ["White", "Yellow", "Red", "Black"]


def test_7_3_private_temple_pays_2_for_a_token_of_any_kind_once_per_temple():
    g = game("income", {"red": {"tiles": ["B09", "B10"], "denarii": 0}})
    assert g.prompt("red").kind == "use_temple_or_tavern"
    assert g.choices("red") == ["temple-civic", "temple-health", "temple-leisure", "done"]
    g.play("red", "temple-health")
    assert g.p("red")["denarii"] == 1 and g.p("red")["tokens"]["health"] == 1
    assert g.choices("red") == ["done"]  # the second temple needs 2 denarii (14.17)
    g.play("red", "done")
    assert g.state["phase"] != "income"


def test_14_32_income_comes_first_so_it_can_pay_for_the_temple():
    g = game("income", {"red": {"tiles": ["B09"], "denarii": 0}})
    assert "temple-civic" in g.choices("red")


def test_14_17_private_temple_is_optional_and_needs_2_denarii_at_the_moment_of_use():
    over = {"income_tiles": {"I": {"denarii": 0}}}
    g = game("income", {"red": {"tiles": ["B09"], "denarii": 1}}, options={"data_overrides": over})
    assert g.choices("red") == ["done"]
    with pytest.raises(IllegalAction):
        g.play("red", "temple-civic")
    g2 = game("income", {"red": {"tiles": ["B09"]}})
    assert RULES.default_choice(g2.state, "red") == "done"
    g2.play("red", "done")
    assert g2.p("red")["denarii"] == 6 and g2.p("red")["tokens"] == {"civic": 0, "health": 0, "leisure": 0}


def test_7_4_tavern_moves_an_unclaimed_marker_one_space_either_way():
    g = game("income", {"red": {"tiles": ["B11"]}, "black": {"tiles": ["B18"]}})
    assert g.choices("red") == [f"tavern-{k}-{d}" for k in ("civic", "health", "leisure")
                                for d in ("left", "right")] + ["done"]
    g.play("red", "tavern-civic-right")
    assert g.state["tracks"]["civic"] == 4
    assert [c for c in g.choices("black") if "civic" in c] == []  # claimed for the rest of the phase
    g.play("black", "tavern-leisure-left")
    assert g.state["tracks"]["leisure"] == 2


def test_7_4_a_players_second_tavern_cannot_take_the_marker_the_first_one_moved():
    g = game("income", {"red": {"tiles": ["B11", "B18"]}})
    g.play("red", "tavern-health-left")
    assert not [c for c in g.choices("red") if "health" in c]
    g.play("red", "tavern-civic-left")
    assert g.state["phase"] != "income"  # both taverns used: red's turn ended


def test_14_16_tavern_blocks_a_marker_at_a_track_end_and_never_moves_the_famine_marker():
    g = game("income", {"red": {"tiles": ["B11"]}, "black": {"tiles": ["B18"]}}, tracks={"health": 6})
    assert not [c for c in g.choices("red") if "famine" in c]
    label = dict((c.id, c.label) for c in g.prompt("red").choices)["tavern-health-right"]
    assert "block" in label
    lines = lines_for(g, "red", "tavern-health-right", "black")
    assert g.state["tracks"]["health"] == 6
    assert "Red uses a Tavern to block the Health marker at 6." in lines
    assert not [c for c in g.choices("black") if "health" in c]


def test_12_temple_token_kind_is_announced_unless_the_table_says_otherwise():
    g = game("income", {"red": {"tiles": ["B09"]}})
    assert "Red uses a Private Temple: 2 denarii for a Leisure token." in lines_for(g, "red", "temple-leisure", "black")
    g = game("income", {"red": {"tiles": ["B09"]}}, options={"announce_token_kinds": False})
    assert "Red uses a Private Temple: 2 denarii for a Res Publica token." in lines_for(g, "red", "temple-leisure", "black")
    g = game("income", {"red": {"tiles": ["B09"]}}, options={"announce_token_kinds": False})
    assert "You use a Private Temple: 2 denarii for a Leisure token." in lines_for(g, "red", "temple-leisure", "red")


def test_5_4_face_down_temples_and_taverns_cannot_be_used():
    g = game("income", {"red": {"tiles": ["B09", "B11"], "down": {"B09": "flood", "B11": "flood"}}},
             events=["flood", "famine", "epidemic"])
    assert g.state["phase"] != "income"
