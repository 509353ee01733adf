"""Spec 16 (what the board shows) and Rule 7.4 item 2 (opposed Statesmen): the Senators in the view. The view
makes each Senator's entry once per value and hands every reader its own copy (view.py); these tests hold
it to what the state says at every step, whoever reads and whatever a reader does with it."""
from __future__ import annotations

from domain.games.republic_of_rome import RULES
from domain.games.republic_of_rome.data import data_for
from domain.games.republic_of_rome.state import in_rome, ratings
from tests.property.republic_of_rome.ror_random import play_game
from tests.scenario.republic_of_rome.forum_position import table
from tests.scenario.republic_of_rome.position import add_senator, edit


def shown(s: dict, sid: str, viewer: str | None = None) -> dict:
    view = RULES.view(s, viewer)
    rows = [x for f in view["factions"].values() for x in f["senators"]] + view["forum"]["senators"]
    return next(x for x in rows if x["id"] == sid)


def opposed_pair() -> dict:
    s = table(3)
    add_senator(s, "1", "red", leader=True)
    add_senator(s, None, "red", statesman="22A")  # Cato the Elder opposes Scipio Africanus (18A)
    add_senator(s, "18", "red", statesman="18A")
    add_senator(s, "2", "blue", leader=True)
    add_senator(s, "3", "green", leader=True)
    return s


def test_7_4_2_opposed_statesmen_in_one_faction_show_loyalty_0():
    s = opposed_pair()
    D = data_for(s)
    assert shown(s, "22A")["loyalty"] == 0 and shown(s, "18")["loyalty"] == 0
    assert ratings(D, s, "22A")["loyalty"] == 0
    apart = edit(s)
    apart["senators"]["18"]["faction"] = "blue"
    assert shown(apart, "22A")["loyalty"] == D.statesmen["22A"]["loyalty"] > 0
    assert shown(apart, "18")["loyalty"] == D.statesmen["18A"]["loyalty"] > 0
    assert shown(s, "22A")["loyalty"] == 0, "the earlier state's view changed"


def test_16_a_senators_entry_follows_his_record():
    s = opposed_pair()
    before = shown(s, "1")
    later = edit(s)
    later["senators"]["1"].update(inf=before["influence"] + 3, knights=2, concessions=["harbor_fees"],
                                  location="province:sicilia", office="censor")
    after = shown(later, "1")
    assert (after["influence"], after["knights"], after["votes"]) == (before["influence"] + 3, 2, before["oratory"] + 2)
    assert after["concessions"] == ["harbor_fees"] and len(after["concession_names"]) == 1
    assert after["place_name"] and not after["in_rome"] and after["office"] == "censor" and after["office_name"]
    assert shown(s, "1") == before


def test_16_a_reader_changing_its_view_changes_no_other_view():
    s = opposed_pair()
    first = shown(s, "1", "red")
    first["name"], first["influence"] = "changed", -1
    first["concessions"].append("changed")
    first["concession_names"].append("changed")
    again = shown(s, "1", "red")
    assert again["name"] != "changed" and again["influence"] >= 0
    assert "changed" not in again["concessions"] and "changed" not in again["concession_names"]


def expected(s: dict, sid: str) -> dict:
    """A Senator's entry worked out from the state alone, with no memory of earlier views."""
    D = data_for(s)
    x, r = s["senators"][sid], ratings(D, s, sid)
    leader = x["faction"] is not None and s["factions"][x["faction"]]["leader"] == sid
    return {"faction": x["faction"], "influence": x["inf"], "popularity": x["pop"], "knights": x["knights"],
            "talents": x["talents"], "office": x["office"], "location": x["location"], "in_rome": in_rome(s, sid),
            "rebel": x["rebel"], "corrupt": x["corrupt"], "concessions": list(x["concessions"]),
            "military": r["military"], "oratory": r["oratory"], "loyalty": r["loyalty"],
            "votes": r["oratory"] + x["knights"], "faction_leader": leader, "prior_consul": x["prior_consul"]}


def test_16_every_senator_shown_as_his_record_says_at_every_step_of_random_games():
    checked = []

    def check(_before: dict, seat: str, _answer: str, after: dict) -> None:
        view = RULES.view(after, seat)
        rows = [x for f in view["factions"].values() for x in f["senators"]] + view["forum"]["senators"]
        assert sorted(x["id"] for x in rows) == sorted(after["senators"])
        for row in rows:
            want = expected(after, row["id"])
            assert {k: row[k] for k in want} == want, f"Senator {row['id']} shown out of date"
        checked.append(len(rows))

    for players, seed in ((3, 11), (6, 12)):
        play_game(players, seed, turns=2, on_step=check)
    assert len(checked) > 200
