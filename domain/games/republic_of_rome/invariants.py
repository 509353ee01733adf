"""Invariants checked after every step of random play (tests/property) and by the conformance suite."""
from __future__ import annotations

from collections import Counter
from typing import Any

from .data import card_kind, card_key


def check(s: dict, D: Any) -> None:
    """AssertionError for an impossible state."""
    check_money(s)
    check_every_card_once(s, D)
    check_bounds(s)


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
    return seen


def check_every_card_once(s: dict, D: Any) -> None:
    """Card counts are conserved: every Early deck card is in exactly one place (every senator in one place)."""
    if s.get("scenario_cards_free"):
        return
    seen = places_of(s)
    expected = Counter(D.early_deck())
    missing = expected - seen
    extra = seen - expected
    assert not missing and not extra, f"cards lost {sorted(missing)} or doubled {sorted(extra)}"
    assert all(card_kind(c) for c in seen) and all(card_key(c) for c in seen)
