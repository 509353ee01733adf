"""Rules 5.6 and 9 (Great Works), 5.7 (Famine and crises), 5.8 (end of round) and 10 (end of game);
edge cases 14.19-14.25, 14.28, 14.34."""
from __future__ import annotations

import pytest

from domain.rules import IllegalAction
from tests.unit.sylla.sylla_unit import RULES, game, lines_for

SENATORS = {"red": {"cards": ["I-SEN-P", "I-SEN-C"]}, "black": {"cards": ["II-SEN-P"]},
            "white": {"cards": []}, "yellow": {"cards": ["IV-SEN-P"], "tilted": ["IV-SEN-P"]}}


def work_game(work, players=SENATORS, **kw):
    return game("great_works_thumb", players, great_works=[work, "pantheon" if work != "pantheon" else "temple"], **kw)


def commit(g, **choices):
    for seat in g.state["seats"]:
        g.play(seat, choices.get(seat, "down-0"))


# ----------------------------------------------------------------------------------------- 5.6
def test_5_6_the_great_work_is_placed_revealing_next_rounds_and_commitments_are_secret_and_simultaneous():
    g = work_game("public_baths")
    assert g.state["gw_current"] == "public_baths"
    assert RULES.view(g.state, None)["great_works"]["next"] == "pantheon"
    prompts = RULES.prompts(g.state)
    assert [p.seat for p in prompts] == ["red", "black", "white", "yellow"] and all(p.secret for p in prompts)
    form = g.prompt("white").form
    assert [f.to_json() for f in form.fields] == [
        {"name": "thumb", "kind": "one", "label": "Thumb",
         "options": [{"value": "up", "label": "Thumb up: fund the Public Baths"},
                     {"value": "down", "label": "Thumb down: give to the plebs"}]},
        {"name": "denarii", "kind": "number", "label": "Denarii", "min": 0, "max": 3}]
    with pytest.raises(IllegalAction, match="Denarii: 4 is not between 0 and 3"):
        RULES.apply(g.state, "white", '{"denarii":4,"thumb":"up"}', g.rng)
    g.play("red", '{"denarii":2,"thumb":"up"}')
    assert "sealed_choice" not in RULES.view(g.state, "black")["players"]["red"]
    assert RULES.view(g.state, "red")["players"]["red"]["sealed_choice"] == "up-2"
    assert g.prompt("red") is None and g.prompt("black") is not None


def test_5_6_votes_are_available_senators_plus_denarii_and_plebs_gain_half_rounded_down_14_24():
    g = work_game("public_baths")
    commit(g, red="down-1", black="down-1", white="down-3", yellow="down-2")
    pub = g.state["public"]["great_work"]
    assert {s: c[2] for s, c in pub["commits"].items()} == {"red": 3, "black": 2, "white": 3, "yellow": 2}
    assert pub["points"] == {"red": 1, "black": 1, "white": 1, "yellow": 1}  # odd votes wasted
    assert g.state["ledger"]["red"]["plebs"] == 1


def test_14_25_every_committed_denarius_is_paid_thumb_up_or_down():
    g = work_game("public_baths")
    commit(g, red="down-1", black="up-3", white="up-2", yellow="down-0")
    assert [g.p(s)["denarii"] for s in ("red", "black", "white", "yellow")] == [2, 0, 1, 3]


def test_9_pantheon_competition_ranking_4_4_1_gives_first_first_third():
    g = work_game("pantheon")
    commit(g, red="up-2", black="up-3", white="up-1")
    assert g.state["public"]["great_work"]["points"] == {"red": 10, "black": 10, "white": 2, "yellow": 0}


def test_14_21_a_participant_with_0_votes_takes_no_rank():
    g = work_game("pantheon")
    commit(g, red="up-0", white="up-0")
    assert g.state["public"]["great_work"]["points"] == {"red": 10, "black": 0, "yellow": 0}
    g2 = work_game("pantheon", options={"data_overrides": {"great_works_min_votes_to_rank": 0}})
    commit(g2, red="up-0", white="up-0")
    assert g2.state["public"]["great_work"]["points"]["white"] == 6


@pytest.mark.parametrize("votes,points", [(8, 10), (9, 10), (5, 6), (7, 6), (4, 0)])
def test_14_22_temple_thresholds_are_at_least_8_and_at_least_5(votes, points):
    g = work_game("temple", {"red": {"cards": ["I-SEN-P", "I-SEN-C"], "denarii": 10}})
    commit(g, red=f"up-{votes - 2}")
    assert g.state["ledger"]["red"].get("great_works", 0) == points


@pytest.mark.parametrize("work,marker,per", [("public_baths", "health", 5), ("colosseum", "leisure", 5),
                                              ("curia", "civic", 5)])
def test_9_track_great_works_move_their_marker_right_per_set_of_votes(work, marker, per):
    g = work_game(work, {"red": {"cards": ["I-SEN-P", "I-SEN-C"], "denarii": 10}, "black": {"denarii": 5}})
    commit(g, red="up-8", black="up-1")  # T = 10 + 1 = 11
    assert g.state["tracks"][marker] == 3 + 11 // per
    points = g.state["public"]["great_work"]["points"]
    assert {s: v for s, v in points.items() if v} == {"red": 5, "black": 3}


def test_14_23_curia_option_moves_the_leisure_marker():
    g = work_game("curia", {"red": {"denarii": 5}}, options={"curia_marker": "leisure"})
    commit(g, red="up-5")
    assert g.state["tracks"]["leisure"] == 4 and g.state["tracks"]["civic"] == 3


def test_14_23_granary_lowers_the_famine_marker_by_default_and_raises_it_with_the_literal_option():
    g = work_game("granary", {"red": {"denarii": 8}}, tracks={"famine": 3})
    commit(g, red="up-8")
    assert g.state["tracks"]["famine"] == 1
    g = work_game("granary", {"red": {"denarii": 8}}, tracks={"famine": 3},
                  options={"granary_famine_direction": "increase"})
    commit(g, red="up-8")
    assert g.state["tracks"]["famine"] == 5


def test_9_nobody_participates_nobody_scores_and_no_marker_moves():
    g = work_game("public_baths")
    commit(g)
    assert g.state["tracks"]["health"] == 3 and "great_works" not in g.state["ledger"]["red"]
    assert g.state["gw_built"] == ["public_baths"] and g.state["gw_current"] is None


def test_5_6_tilted_senators_do_not_vote_14_8():
    g = work_game("public_baths")
    commit(g, yellow="up-0")
    assert g.state["public"]["great_work"]["commits"]["yellow"] == ["up", 0, 0]


def test_5_6_commitments_are_revealed_to_everybody_together():
    g = work_game("public_baths")
    for seat, choice in (("red", "up-1"), ("black", "down-0"), ("white", "up-2")):
        assert "has committed" in " ".join(lines_for(g, seat, choice, "yellow"))
    lines = lines_for(g, "yellow", "down-0", "black")
    assert any(x.startswith("Commitments revealed: Red thumb up, 1 denarius, 3 votes") for x in lines)


# ----------------------------------------------------------------------------------------- 5.7
def test_5_7_feeding_loses_the_level_minus_2_per_face_up_field_never_gaining_14_19():
    g = game("famine_and_crises", {"red": {"tiles": ["B07"]}, "black": {"tiles": ["B07", "B08"][1:] + ["B15"]},
                                   "white": {"prestige": 1},
                                   "yellow": {"tiles": ["B16"], "down": {"B16": "flood"}}},
             events=["flood", "famine", "epidemic"], tracks={"famine": 3})
    led = {s: g.state["ledger"][s].get("feeding", 0) for s in g.state["seats"]}
    assert led == {"red": -1, "black": 0, "white": -1, "yellow": -3}
    assert g.p("white")["prestige"] == 0


def test_5_7_a_crisis_for_each_marker_in_the_zone_most_gain_3_fewest_lose_3_tokens_kept():
    g = game("famine_and_crises", {"red": {"tokens": {"health": 3}}, "black": {"tokens": {"health": 1}},
                                   "white": {"tokens": {"health": 1}}, "yellow": {"tokens": {"health": 2}}},
             tracks={"health": 1})
    crisis = g.state["public"]["crises"][0]
    assert crisis["kind"] == "health" and crisis["changes"] == {"red": 3, "black": -3, "white": -3}
    assert g.p("red")["tokens"]["health"] == 3


def test_14_20_all_players_tied_nothing_happens_and_crises_follow_the_order_option():
    g = game("famine_and_crises", tracks={"civic": 0, "leisure": 1})
    assert [(c["kind"], c["changes"]) for c in g.state["public"]["crises"]] == [("civic", {}), ("leisure", {})]
    g = game("famine_and_crises", tracks={"civic": 0, "leisure": 1},
             options={"crisis_order": ["leisure", "health", "civic"]})
    assert [c["kind"] for c in g.state["public"]["crises"]] == ["leisure", "civic"]


def test_2_1_crisis_zone_width_option():
    assert [c["kind"] for c in game("famine_and_crises", tracks={"civic": 1}).state["public"]["crises"]] == ["civic"]
    g = game("famine_and_crises", tracks={"civic": 1}, options={"crisis_zone_width": 1})
    assert g.state["public"]["crises"] == []


def test_12_crisis_counts_become_public_for_that_kind_only():
    g = game("famine_and_crises", {"red": {"tokens": {"health": 3, "civic": 7}}}, tracks={"health": 0})
    view = RULES.view(g.state, "black")
    assert view["revealed"]["crises"][0]["counts"]["red"] == 3
    assert "tokens" not in view["players"]["red"]


# ----------------------------------------------------------------------------------------- 5.8
def test_5_8_end_of_round_refresh_display_buildings_and_tilt_but_face_down_stays_down():
    g = game("famine_and_crises", {"red": {"cards": ["I-SEN-P", "I-SEN-C"], "tilted": ["I-SEN-P", "I-SEN-C"],
                                           "down": {"I-SEN-C": "senate_treachery"}}},
             events=["senate_treachery", "famine", "epidemic"], first_consul="white", round=2)
    s = g.state
    assert s["round"] == 3 and s["phase"] == "first_consul_bidding" and s["ctx"]["order"][0] == "white"
    assert len(s["display"]) == 6 and all(s["slots"])
    assert s["tilted"] == {} and s["down"] == {"I-SEN-C": "senate_treachery"}


def test_14_34_no_refresh_after_round_5():
    g = game("famine_and_crises", {"red": {"cards": ["I-SEN-P"], "tilted": ["I-SEN-P"]}}, round=5)
    assert g.state["tilted"] == {"I-SEN-P": True} and g.state["display"] == []
    assert g.state["finished"] and g.state["round"] == 5


# ----------------------------------------------------------------------------------------- 10
def test_10_1_face_up_christians_score_2_even_tilted_and_14_28_face_down_ones_nothing():
    g = game("ecclesia", {"red": {"cards": ["I-SEN-C", "I-MER-C", "I-SLA-C"], "tilted": ["I-MER-C"],
                                  "down": {"I-SLA-C": "persecution"}}}, events=["persecution", "famine", "epidemic"],
             round=5)
    assert g.state["ledger"]["red"]["christians"] == 4
    assert g.state["finished"]  # the face-down Slave cannot be freed: no decision


def test_10_2_freeing_slaves_is_secret_costs_2_gives_3_and_a_christian_slave_scores_both():
    g = game("ecclesia", {"red": {"cards": ["I-SLA-C", "I-SLA-P"], "tilted": ["I-SLA-P"], "denarii": 3},
                          "black": {"cards": ["II-SLA-P"], "denarii": 9}}, round=5)
    prompts = RULES.prompts(g.state)
    assert [(p.seat, p.kind, p.secret) for p in prompts] == [("red", "free_slaves", True), ("black", "free_slaves", True)]
    assert g.choices("red") == ["free-0", "free-1"]  # 3 denarii: one slave at most
    assert RULES.default_choice(g.state, "black") == "free-1"
    g.play("red", "free-1")
    g.play("black", "free-0")
    led = g.state["ledger"]["red"]
    assert led["christians"] == 2 and led["slaves"] == 3 and g.p("red")["denarii"] == 1


def test_10_3_tokens_score_their_markers_value_and_10_4_denarii_score_nothing():
    g = game("ecclesia", {"red": {"tokens": {"civic": 2, "health": 1, "leisure": 4}, "denarii": 30}},
             tracks={"civic": 6, "health": 0, "leisure": 2}, round=5)
    assert g.state["ledger"]["red"]["tokens"] == 2 * 6 + 0 + 4 * 2
    assert RULES.outcome(g.state).scores["red"] == 10 + 20


def test_10_5_tied_players_share_the_victory():
    g = game("ecclesia", {"red": {"tokens": {"civic": 1}}, "black": {"tokens": {"health": 1}}}, round=5)
    outcome = RULES.outcome(g.state)
    assert outcome.winners == ("red", "black") and outcome.scores["red"] == 13


def test_10_the_outcome_is_none_until_the_end():
    g = game("ecclesia", {"red": {"cards": ["I-SLA-P"]}}, round=5)
    assert RULES.outcome(g.state) is None
    g.play("red", "free-1")
    assert RULES.outcome(g.state).details["ledger"]["red"]["slaves"] == 3
