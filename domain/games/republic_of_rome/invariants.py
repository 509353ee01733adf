"""Invariants checked after every step of random play (tests/property) and by the conformance suite.

Each check raises AssertionError with what is wrong; none of them changes the state.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from .consul_control import check_control
from .deals import check_deals
from .senate import check_senate
from .war_events import check_events


def check(s: dict, D: Any) -> None:
    """AssertionError for an impossible state."""
    check_money(s)
    check_every_card_once(s, D)
    check_bounds(s)
    check_seats(s)
    check_senator_records(s, D)
    check_places(s, D)
    check_forces(s)
    check_curia_and_forum_disjoint(s)
    check_revolution(s, D)
    check_events(s, D)
    check_deals(s)
    check_senate(s)
    check_control(s)
    check_result(s)


def check_money(s: dict) -> None:
    for seat, f in s["factions"].items():
        assert f["treasury"] >= 0, f"{seat}'s faction treasury is negative"
    for sid, x in s["senators"].items():
        assert x["talents"] >= 0, f"senator {sid} has negative talents"
    if s["phase"] != "revenue" and not s["finished"]:
        assert s["treasury"] >= 0, "the State treasury is negative outside the Revenue Phase"


def check_bounds(s: dict) -> None:
    assert s["unrest"] >= 0, "negative unrest"
    for sid, x in s["senators"].items():
        assert x["inf"] >= 0 and -9 <= x["pop"] <= 9 and x["knights"] >= 0, f"senator {sid} out of bounds"
        if x["faction"] is not None:
            assert x["faction"] in s["factions"], f"senator {sid} in an unknown faction"
    offices = Counter(x["office"] for x in s["senators"].values() if x["office"])
    assert all(n == 1 for n in offices.values()), f"an office held twice: {offices}"


def check_seats(s: dict) -> None:
    """One faction per seat; a Faction Leader is a Senator of his own faction (Rule 3.4); a hand's
    unplayable cards are cards of that hand; only seats hold sealed answers."""
    assert set(s["factions"]) == set(s["seats"]), "the factions are not the seats"
    assert set(s["sealed"]) <= set(s["seats"]), f"a sealed answer from no seat: {sorted(s['sealed'])}"
    for seat, f in s["factions"].items():
        leader = f["leader"]
        if leader is not None:
            assert leader in s["senators"], f"{seat}'s Faction Leader {leader} is not in play"
            assert s["senators"][leader]["faction"] == seat, \
                f"{seat}'s Faction Leader {leader} belongs to {s['senators'][leader]['faction']}"
        assert not Counter(f["unplayable"]) - Counter(f["hand"]), f"{seat} has unplayable cards not in hand"
    trc = s.get("temporary_rome_consul")
    assert trc is None or trc in s["senators"], f"the Temporary Rome Consul {trc} is not in play"


def check_senator_records(s: dict, D: Any) -> None:
    """A Senator is named by one of his cards (the Family's, or the Statesman's who entered alone); a
    Statesman sits only on his own Family (Rule 7.4)."""
    for sid, x in s["senators"].items():
        assert x["id"] == sid, f"senator record {sid} says it is {x['id']}"
        assert x["family"] or x["statesman"], f"senator {sid} has no card"
        assert x["family"] is None or x["family"] in D.senators, f"senator {sid}: unknown Family {x['family']}"
        if x["statesman"]:
            card = D.statesmen.get(x["statesman"])
            assert card is not None, f"senator {sid}: unknown Statesman {x['statesman']}"
            assert x["family"] is None or str(card["family_id"]) == x["family"], \
                f"Statesman {x['statesman']} sits on Family {x['family']}"
        assert sid in (x["family"], x["statesman"]), f"senator {sid} is named by neither of his cards"


def check_places(s: dict, D: Any) -> None:
    """Every Senator is in exactly one place (Rule 1): in Rome, governing a Province, commanding at a War,
    or captive of one; a Province's Governor is there and nowhere else; a Province is either awaiting a
    Governor in the Forum or governed, not both."""
    governors = {p: v["governor"] for p, v in s["provinces"].items() if v.get("governor") is not None}
    for sid, x in s["senators"].items():
        where = x["location"]
        kind, _sep, key = where.partition(":")
        if kind == "rome":
            assert not key, f"senator {sid}: location {where!r}"
        elif kind == "province":
            assert governors.get(key) == sid, f"senator {sid} is in {key} but its Governor is {governors.get(key)}"
        elif kind == "war":
            won = any(c["war"] == key and c.get("victorious") and sid in (c["commander"], c.get("master_of_horse"))
                      for c in s.get("commands", []))
            assert key in s["forum"]["wars"] or won, f"senator {sid} commands at {key}, which is not in play"
        elif kind == "rebel":
            assert x["rebel"] and not key, f"senator {sid}: location {where!r} but rebel={x['rebel']}"
        elif kind == "captive":
            assert key in D.wars or key in D.leaders, f"senator {sid} is captive of unknown {key}"
        else:
            raise AssertionError(f"senator {sid} is nowhere: location {where!r}")
    for province, sid in governors.items():
        assert sid in s["senators"], f"the Governor of {province}, {sid}, is not in play"
        assert s["senators"][sid]["location"] == f"province:{province}", \
            f"the Governor of {province}, {sid}, is at {s['senators'][sid]['location']}"
    waiting = s["forum"]["provinces"]
    assert len(set(waiting)) == len(waiting), f"a Province twice in the Forum: {waiting}"
    assert not set(waiting) & set(governors), f"governed Provinces in the Forum: {set(waiting) & set(governors)}"


def check_forces(s: dict) -> None:
    """Rule 9.8.4-9.8.5, 10.3: every unit is in one place (Italy, a War in play or won by its Commander, a
    Province); a command's units are its own, at its War, in no other command; its Commander is there."""
    wars = set(s["forum"]["wars"]) | {c["war"] for c in s.get("commands", []) if c.get("victorious")}
    for key in ("legions", "fleets"):
        ids = [u["id"] for u in s[key]]
        assert len(ids) == len(set(ids)), f"{key}: an id twice {sorted(ids)}"
        for u in s[key]:
            kind, _sep, where = u["at"].partition(":")
            assert u["at"] == "italy" or (kind == "war" and where in wars) or \
                (kind == "province" and where in s["provinces"]) or \
                (u["at"] == "rebel" and key == "legions" and s.get("revolt")), f"{key[:-1]} {u['id']} is at {u['at']!r}"
        at = {u["id"]: u["at"] for u in s[key]}
        held: set = set()
        for c in s.get("commands", []):
            for i in c[key]:
                assert at.get(i) == "war:" + c["war"], f"{c['commander']}'s {key[:-1]} {i} is at {at.get(i)!r}"
                assert i not in held, f"{key[:-1]} {i} in two commands"
                held.add(i)
    for c in s.get("commands", []):
        x = s["senators"].get(c["commander"])
        if x is not None:  # a Commander who died since keeps his command until the Combat Phase tidies it
            assert x["location"] == "war:" + c["war"], f"Commander {c['commander']} is at {x['location']!r}"


def check_revolution(s: dict, D: Any) -> None:
    """Rule 11.1: no hand starts a turn with more than five cards (checked in the Mortality Phase that follows
    a Revolution Phase); Rule 11.2: the rebels are Senators of the revolt (one who died may have an heir, loyal,
    under the same id), all of one faction; Veterans loyal to a rebel are in the rebel army."""
    if s["phase"] == "mortality" and s["turn"] > 1 and s["options"].get("scenario") is None:
        for seat, f in s["factions"].items():
            assert len(f["hand"]) <= D.c("hand_limit_at_turn_start"), f"{seat} starts the turn with {len(f['hand'])} cards"
    rebels = sorted(sid for sid, x in s["senators"].items() if x["rebel"])
    revolt = s.get("revolt")
    if revolt is None:
        assert not rebels, f"rebels {rebels} without a revolt"
        return
    assert set(rebels) <= set(revolt["senators"]), f"rebels {rebels}, but the revolt names {revolt['senators']}"
    assert all(s["senators"][sid]["faction"] == revolt["seat"] for sid in rebels), "rebels of two factions"
    astray = [u["id"] for u in s["legions"] if u["veteran"] and u["loyal_to"] in rebels and u["at"] != "rebel"]
    assert s["finished"] or not astray, f"Veterans {astray} loyal to a rebel outside his army (spec 11.2)"


def check_curia_and_forum_disjoint(s: dict) -> None:
    """Rule 5.2, 7.32: a card is in the Curia or in play (the Forum, a faction), never both."""
    curia = s["curia"]
    dead = set(curia["senators"]) & set(s["senators"])
    assert not dead, f"senators both in the Curia and in play: {sorted(dead)}"
    assert not set(curia["leaders"]) & set(s["forum"]["leaders"]), "a Leader both in the Curia and the Forum"
    held = {c for x in s["senators"].values() for c in x["concessions"]}
    for name, where in (("the Forum", s["forum"]["concessions"]), ("a Senator's hands", held)):
        assert not set(curia["concessions"]) & set(where), f"a Concession both in the Curia and in {name}"
    assert not set(s["forum"]["concessions"]) & held, "a Concession both awaiting award and held"


def places_of(s: dict) -> Counter:
    """Every card of the deck, counted wherever it is (deck, hands, Curia, discard, removed, in play)."""
    seen: Counter = Counter()
    seen.update(s["deck"])
    for f in s["factions"].values():
        seen.update(f["hand"])
    seen.update(s["discard"])
    seen.update(s["removed"])
    seen.update(f"sen:{sid}" for sid in s["curia"]["senators"] if not sid[-1].isalpha())
    seen.update(f"st:{sid}" for sid in s["curia"]["senators"] if sid[-1].isalpha())
    seen.update(f"con:{c}" for c in s["curia"]["concessions"])
    seen.update(f"ldr:{lid}" for lid in s["curia"]["leaders"])
    for x in s["senators"].values():
        if x["family"]:
            seen[f"sen:{x['family']}"] += 1
        if x["statesman"]:
            seen[f"st:{x['statesman']}"] += 1
        seen.update(f"con:{c}" for c in x["concessions"])
    seen.update(f"war:{w}" for w in s["forum"]["wars"])
    seen.update(f"ldr:{lid}" for lid in s["forum"]["leaders"])
    seen.update(f"con:{c}" for c in s["forum"]["concessions"])
    seen.update(s.get("defeated_wars", []))
    from .war_events import refuge_held
    seen.update(f"ldr:{lid}" for lid in refuge_held(s))
    return seen


@lru_cache(maxsize=16)
def early_deck_counts(D: Any) -> Counter:
    """The Early deck as counts, once per compiled data (a GameData is shared by the games it serves)."""
    return Counter(D.early_deck())


def check_every_card_once(s: dict, D: Any) -> None:
    """Card counts are conserved: every Early deck card is in exactly one place (every senator in one place)."""
    if s.get("scenario_cards_free"):
        return
    seen = places_of(s)
    del seen["era:ends"]  # the VG Era Ends card is no card of the Early deck (forum.shuffle_in_era_ends)
    expected = early_deck_counts(D)
    if seen != expected:
        missing, extra = expected - seen, seen - expected
        raise AssertionError(f"cards lost {sorted(missing)} or doubled {sorted(extra)}")


def check_result(s: dict) -> None:
    """Rule 12: a finished game has a result (a victory with winners among the seats, or the Republic's fall
    with none) explained for every seat; a Consul for Life belongs to a seat and ends the game at the end of
    his turn, so a game still going has none from an earlier turn."""
    from .victory import faction_influence
    cfl = s.get("consul_for_life")
    if cfl:
        assert cfl["seat"] in s["seats"], f"a Consul for Life of no seat: {cfl}"
        assert s["finished"] or cfl["turn"] == s["turn"], f"a Consul for Life of turn {cfl['turn']} in turn {s['turn']}"
    result = s.get("result")
    if not s["finished"]:
        assert result is None, "a result before the end of the game"
        return
    assert result and s["step"] == "game_over", "a finished game without its result"
    winners = result["winners"]
    assert set(winners) <= set(s["seats"]) and bool(winners) == (result["kind"] == "victory"), f"winners {winners}"
    explained = result.get("explanation") or {}
    assert set(explained) == set(s["seats"]), "the result does not explain every seat"
    for seat, facts in explained.items():
        assert facts["influence"] == faction_influence(s, seat) and facts["won"] == (seat in winners), \
            f"{seat}'s explanation does not match the end position: {facts}"
