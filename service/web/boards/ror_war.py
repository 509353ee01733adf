"""The Republic of Rome's board, war and revolt: this turn's battles with their numbers, the captives and their
ransom, the Commanders in the field with their units, the faction in revolt with its army and the Senate's army
sent against it, the card offers waiting for an answer, and the public deals. Drawn from the rules' view alone
(domain/games/republic_of_rome/view.py keys "combat", "commands", "revolt", "offers", "deals"), all public
(a deal's cards are named only if the view gives their names to this reader).
"""
from __future__ import annotations

from domain.i18n import _, n_
from domain.rules import comma_list

FATES = {"killed": _("killed"), "captured": _("captured")}


def model(s: dict, names: dict) -> dict:
    senators = {x["id"]: x["name"] for f in s["factions"].values() for x in f["senators"]}
    senators.update({x["id"]: x["name"] for x in s["forum"]["senators"]})
    combat = s.get("combat") or {}
    out = {"battles": [battle(b, senators) for b in combat.get("battles") or []],
           "captives": [{"name": c["name"], "war": c["war_name"], "ransom": c["ransom"]}
                        for c in combat.get("captives") or []],
           "commands": [command(c) for c in s.get("commands") or []],
           "revolt": revolt(s.get("revolt"), names),
           "offers": [{**o, "from_player": names.get(o["from"], o["from"]), "to_player": names.get(o["to"], o["to"])}
                      for o in s.get("offers") or []],
           "deals": [deal(d, names) for d in s.get("deals") or []]}
    out["any"] = any(out[k] for k in ("battles", "captives", "commands", "revolt", "offers", "deals"))
    return out


def units(legions: dict, fleets: int = 0) -> str:
    words = [n_("%(n)d Legion", "%(n)d Legions", legions["units"])]
    if legions["veterans"]:
        words.append(n_("%(n)d of them veteran", "%(n)d of them veterans", legions["veterans"]))
    if fleets:
        words.append(n_("%(n)d Fleet", "%(n)d Fleets", fleets))
    return comma_list(words)


def battle(b: dict, senators: dict) -> dict:
    """Rule 10.3, one battle as numbers: Roman strength (with the Commander's MIL counted in it), the enemy's,
    the modifier, the three dice, the result, the units lost, the Mortality chits drawn and what they did."""
    chits = [_("blank") if c == "blank" else c for c in b.get("chits") or []]
    fates = [_("%(senator)s %(fate)s", senator=senators.get(sid, b["commander_name"] if sid == b["commander"] else sid),
               fate=FATES.get(fate, fate)) for sid, fate in (b.get("fates") or {}).items()]
    lost = [n_("%(n)d Legion", "%(n)d Legions", b["legions_lost"]) if b["legions_lost"] else None,
            n_("%(n)d Fleet", "%(n)d Fleets", b["fleets_lost"]) if b["fleets_lost"] else None]
    lost = [x for x in lost if x]
    return {"war": b["war_name"], "commander": b["commander_name"], "naval": b["naval"],
            "kind": _("naval") if b["naval"] else _("land"),
            "roman": b["roman"], "mil": b["mil"], "enemy": b["enemy"], "modifier": "%+d" % b["modifier"],
            "dice": " ".join(str(d) for d in b["dice"]), "total": b["total"], "modified": b["modified"],
            "result": b["result_name"], "lost": comma_list(lost) if lost else _("none"),
            "chits": comma_list(chits) if chits else _("none"), "fates": comma_list(fates) if fates else ""}


def command(c: dict) -> dict:
    notes = []
    if c.get("victorious"):
        notes.append(_("victorious"))
    elif c.get("proconsul"):
        notes.append(_("Proconsul"))
    if c.get("master_of_horse_name"):
        notes.append(_("with the Master of Horse %(senator)s", senator=c["master_of_horse_name"]))
    return {"name": c["name"], "war": c["war_name"], "units": units(c["legions"], c["fleets"]), "notes": notes}


def revolt(r: dict | None, names: dict) -> dict | None:
    """Rule 11.2: the rebel faction, its Senators, its army; the Senate's army sent against it, or not yet."""
    if not r:
        return None
    sent = r.get("senate_army")
    return {"seat": r["seat"], "player": names.get(r["seat"], r["seat"]), "rebel": r.get("rebel_name"),
            "senators": comma_list(r.get("senator_names") or []), "army": units(r["legions"]), "turn": r["turn"],
            "senate_army": _("%(senator)s with %(units)s (sent in turn %(turn)d)", senator=sent["name"],
                             units=units(sent["legions"]), turn=sent["turn"]) if sent else None}


def deal(d: dict, names: dict) -> dict:
    """Rule 16, a public deal: its parties, the cards each gave (how many; which, only if the view names them), the
    talents each still owes at the next Redistribution, and where it stands (standing, claimed, voided)."""
    a, b = d["parties"]
    voided, claimed = d.get("voided_by") or [], d.get("claimed") or []
    if voided:
        status = _("voided by %(seats)s", seats=comma_list(names.get(x, x) for x in voided))
    elif claimed:
        status = _("breach claimed by %(seats)s", seats=comma_list(names.get(x, x) for x in claimed))
    else:
        status = _("standing")
    shown = d.get("card_names")
    return {"id": d["id"], "turn": d["turn"], "due": d["due_turn"], "status": status,
            "parties": [{"seat": p, "player": names.get(p, p), "cards": d["cards"][p], "owed": d["owed"][p],
                         "card_names": comma_list(shown[p]) if shown is not None and shown[p] else None}
                        for p in (a, b)]}
