"""The Republic of Rome's board, drawn from the rules' view JSON (domain/games/republic_of_rome/view.py) and
nothing else: the view already holds only what the viewer may see (their own faction treasury and hand,
nobody else's), so this module never filters secrets itself and never reads the game state.

The board is HTML, not a drawing: it is mostly tables of numbers (a Senator has seven), which read better as
text on a phone and reach screen readers as tables. Four parts (five once the game is over), in the order a player reads them:

* once the game is over, the result: who won (or that the Republic fell and everybody lost), why, and each
  faction's Influence with what was not counted (the view's `result_lines`);
* the situation: turn and phase, the HRAO, who the game waits for and for what, the proposal or attempt
  under way, and (for the viewer's own decision with a deadline) what a missed deadline plays;
* Rome: the State treasury, Unrest, Legions and Veterans, Fleets, Drought, Evil Omens, Manpower Shortage,
  Land Bills, the deck;
* the Forum: Wars by status with their strengths, enemy Leaders, Events (with the Leader Refuge saved and the
  Rhodian Fleets), unaligned Senators, Provinces, Concessions awaiting award, the Curia;
* war and revolt (only when there is something to say): this turn's battles with their numbers (a table),
  the captives and their ransom, the Commanders in the field with their units, the faction in revolt and its
  army, the card offers waiting for an answer, the public deals (ror_war.py beside this module);
* the factions, in seat order: leader, cards, Influence, votes, and every Senator with MIL, ORA, LOY, INF,
  POP, Knights, talents, office, Prior Consul, corruption and where he is; the viewer's own faction also
  shows its treasury and hand.

Every Senator is named as the decision forms name him ("Cornelius (1)"), so a form's options can be found
on the board. The template is templates/boards/republic_of_rome.html, its style static/boards/
republic_of_rome.css (text of 13 px or more, tables that fit a 390-px phone).
"""
from __future__ import annotations

from typing import Any

from flask import render_template

from domain.i18n import _, n_
from domain.rules import comma_list

from .senate_floor import model as floor_more
from .ror_war import model as war_model

WAR_ORDER = ("active", "imminent", "unprosecuted", "inactive")
WAR_STATUS = {"active": _("Active Wars"), "imminent": _("Imminent Wars"), "unprosecuted": _("Unprosecuted Wars"),
              "inactive": _("Inactive Wars")}


def render(view: dict) -> str:
    return render_template("boards/republic_of_rome.html", b=model(view))


def result_on_board(view: dict) -> bool:
    """Whether the board says who won: once the game is over, unless the page around it already does (the game
    page's "Game over" box, from the view's `outcome`, prints the same `result_lines`). The history page's board
    "as of" an event has no such box, so it keeps the block."""
    if not view["state"]["finished"]:
        return False
    return not view.get("outcome") or "as_of" in view


def model(view: dict) -> dict:
    """What the template shows, from the view alone."""
    s = view["state"]
    viewer = (view.get("you") or {}).get("seat")
    names = {p["seat"]: p["name"] for p in view["game"]["players"]}
    return {
        "rules": view["game"]["rules"], "turn": s["turn"], "phase": s["phase_name"], "finished": s["finished"],
        "hrao": s.get("hrao_name"), "hrao_seat": s.get("hrao_seat"), "waiting": s.get("waiting"),
        "situation": list(s.get("situation") or []), "missed": missed_deadline_line(view),
        "result": list(s.get("result_lines") or []) if result_on_board(view) else [],
        "winners": list((s.get("result") or {}).get("winners") or []) if result_on_board(view) else [],
        "answered": [{"seat": seat, "name": names.get(seat, seat)} for seat in s.get("sealed") or []],
        "rome": rome(s), "forum": forum(s), "war": war_model(s, names), "floor": floor(s.get("floor") or {}, names), "floor_more": floor_more(view),
        "rejected_pairs": [p["names"] for p in s.get("rejected_pairs") or []],  # Rule 9.5.2: not nominated again
        "factions": [faction(s["factions"][seat], names, viewer, s.get("hrao_seat")) for seat in s["seats"]],
    }


def missed_deadline_line(view: dict) -> str | None:
    """'If you miss the deadline: ...' for the viewer's own decision, when it has a deadline and the table
    plays defaults when one passes (the clock's on_timeout)."""
    from domain.clock import clock_of
    from domain.games.republic_of_rome.defaults import missed_deadline

    prompt = view.get("prompt")
    if not prompt or not prompt.get("deadline"):
        return None
    try:
        policy = clock_of(view["game"].get("options") or {})["on_timeout"]
    except Exception:  # an unreadable clock: say nothing rather than something wrong
        return None
    return missed_deadline(prompt["kind"]) if policy == "default" else None


VOTE_STATUS = {"open": _("being voted"), "passed": _("passed"), "failed": _("failed"), "vetoed": _("vetoed"),
               "cancelled": _("cancelled"), "suspended": _("suspended by a Tribune")}
VOTE_WORDS = {"yes": _("yes"), "no": _("no")}


def floor(fl: dict, names: dict) -> dict | None:
    """The Senate floor: the vote under way (else the last one), faction by faction and Senator by Senator,
    who is still to vote; the viewer's own standing votes (the view holds them for the viewer only)."""
    vote = fl.get("vote")
    standing = [order["words"] for orders in (fl.get("standing") or {}).values() for order in orders]
    if not vote and not standing:
        return None
    out: dict = {"standing": standing, "vote": None}
    if vote:
        out["vote"] = {
            "proposal": vote["proposal"], "open": vote.get("open"), "status": VOTE_STATUS.get(vote["status"], vote["status"]),
            "by": vote.get("by"), "by_player": names.get(vote.get("by"), vote.get("by")), "pm": vote.get("pm_name"), "tribune": vote.get("tribune"),
            "yes": vote["yes"], "no": vote["no"], "to_vote": list(vote.get("to_vote") or []),
            "factions": [{"seat": f["seat"], "player": names.get(f["seat"], f["seat"]), "yes": f["yes"], "no": f["no"],
                          "senators": [{"name": r["name"], "vote": VOTE_WORDS.get(r.get("vote"), r.get("vote")),
                                        "abstains": r.get("vote") == "abstain",
                                        "votes": r.get("votes"), "talents": r.get("talents")}
                                       for r in f.get("senators") or []]}
                         for f in vote.get("factions") or []],
        }
    return out


def rome(s: dict) -> list[tuple[str, Any]]:
    """The State's public numbers, as (label, value) pairs."""
    st = s["state"]
    rows: list[tuple[str, Any]] = [
        (_("State treasury"), _("%(n)d T", n=st["treasury"])),
        (_("Unrest"), st["unrest"]),
        (_("Legions"), n_("%(legions)d (%(n)d veteran)", "%(legions)d (%(n)d veterans)", st["veterans"],
                          legions=st["legions"]) if st["veterans"] else st["legions"]),
        (_("Fleets"), st["fleets"]),
        (_("Drought"), st["drought"] or _("none")),
        (_("Evil Omens"), st["evil_omens"] or _("none")),
        (_("Manpower Shortage"), st["manpower_shortage"] or _("none")),
    ]
    if st.get("no_recruitment"):
        rows.append((_("Recruitment"), _("No Legions or Fleets may be raised this turn.")))
    bills = [_("Type %(type)s: %(n)d", type=k, n=v) for k, v in (st.get("land_bills") or {}).items() if v]
    if bills:
        rows.append((_("Land Bills"), comma_list(bills)))
    rows.append((_("Deck"), n_("%(n)d card", "%(n)d cards", s["deck"])))
    return rows


def forum(s: dict) -> dict:
    fm = s["forum"]
    leaders_of: dict[str, list] = {}
    for leader in fm["leaders"]:
        leaders_of.setdefault(leader.get("war"), []).append(leader["name"])
    wars = [{"status": WAR_STATUS.get(status, status),
             "wars": [war(w, leaders_of.get(w["id"], [])) for w in fm["wars"] if w.get("status") == status]}
            for status in WAR_ORDER]
    governed = [p for p in (s.get("provinces") or {}).values() if p.get("governor")]
    curia = s.get("curia") or {}
    return {
        "wars": [group for group in wars if group["wars"]],
        "leaders": fm["leaders"],
        "events": [event(e, fm) for e in fm["events"]],
        "senators": [senator(x, None) for x in fm["senators"]],
        "open_provinces": list(fm.get("province_names") or []),
        "governed": governed,
        "concessions": [c["name"] for c in fm["concessions"]],
        "curia": list(curia.get("senator_names") or []) + list(curia.get("concession_names") or [])
                 + list(curia.get("leader_names") or []),
    }


def event(e: dict, fm: dict) -> dict:
    """An Event in play; Refuge says which enemy Leader it saved and where he is, the Rhodian Maritime Alliance
    how many Fleets it gave (war_events.py keeps both on the event's record)."""
    out = {"name": e["name"], "intensified": bool(e.get("flipped")), "level": e.get("level"), "details": []}
    leader = e.get("leader")
    if e["id"] == "refuge" and leader:
        wars = {w["id"]: w["name"] for w in fm["wars"]}
        joined = [wars[w] for w in (e.get("wars") or [e.get("war")]) if w in wars]
        saved = e.get("leader_name") or leader
        out["details"].append(_("saved Leader: %(leader)s, with %(wars)s", leader=saved, wars=comma_list(joined))
                              if joined else _("saved Leader: %(leader)s, waiting for his War", leader=saved))
    if e["id"] == "rhodian_maritime_alliance" and e.get("fleets"):
        out["details"].append(n_("%(n)d Rhodian Fleet", "%(n)d Rhodian Fleets", len(e["fleets"])))
    return out


def war(w: dict, leaders: list) -> dict:
    """A War card's line: name, strengths, Disaster and Standoff numbers, spoils, its Leaders."""
    numbers = (lambda ns: comma_list(str(n) for n in ns) if ns else _("none"))  # noqa: E731
    return {"name": w["name"], "land": w.get("land_strength"), "naval": w.get("naval_strength"),
            "support": w.get("fleet_support"), "disaster": numbers(w.get("disaster")),
            "standoff": numbers(w.get("standoff")), "spoils": w.get("spoils"), "leaders": leaders,
            "naval_victory": w.get("naval_victory"), "drought": w.get("drought_symbol")}


def faction(f: dict, names: dict, viewer: str | None, hrao_seat: str | None) -> dict:
    members = f["senators"]
    leader = next((x for x in members if x["id"] == f.get("leader")), None)
    return {
        "seat": f["seat"], "name": f["name"], "player": names.get(f["seat"], f["name"]), "you": f["seat"] == viewer,
        "leader": leader["name"] if leader else None, "cards": f["cards"], "influence": f["influence"],
        "votes": sum(x["votes"] for x in members if x["in_rome"]), "hrao": f["seat"] == hrao_seat,
        "treasury": f.get("treasury"), "hand": f.get("hand"),
        "senators": [senator(x, f.get("leader")) for x in members],
    }


def senator(x: dict, leader: str | None) -> dict:
    """A Senator's row: his name, his seven numbers and what else is true of him, in words."""
    notes = []
    if leader is not None and x["id"] == leader:
        notes.append(_("Faction Leader"))
    if x.get("office_name"):
        notes.append(x["office_name"])
    if x.get("prior_consul"):
        notes.append(_("Prior Consul"))
    if x.get("corrupt"):
        notes.append(_("corrupt"))
    where = location(x)
    if where:
        notes.append(where)
    notes += [_("Concession: %(name)s", name=c) for c in x.get("concession_names") or []]
    return {"id": x["id"], "name": x["name"], "notes": notes, "leader": leader is not None and x["id"] == leader,
            "stats": (x["military"], x["oratory"], x["loyalty"], x["influence"], x["popularity"], x["knights"],
                      x["talents"]),
            "away": not x["in_rome"]}


def location(x: dict) -> str | None:
    """Where a Senator is, in words, when not simply in Rome."""
    if x.get("rebel"):
        return _("in revolt")
    kind = (x.get("location") or "rome").split(":", 1)[0]
    place = x.get("place_name") or "?"
    if kind == "province":
        return _("Governor of %(province)s", province=place)
    if kind == "war":
        return _("in the field: %(war)s", war=place)
    if kind == "captive":
        return _("captive (%(war)s)", war=place)
    return None


def private(view: dict) -> list[tuple[str, Any]]:
    """What only the viewer sees, for the page's "Only you can see" box: their faction treasury and hand."""
    seat = (view.get("you") or {}).get("seat")
    f = ((view.get("state") or {}).get("factions") or {}).get(seat) or {}
    out: list[tuple[str, Any]] = []
    if "treasury" in f:
        out.append((_("Faction treasury"), _("%(n)d T", n=f["treasury"])))
    if "hand" in f:
        out.append((_("Your hand"), comma_list(c["name"] for c in f["hand"]) if f["hand"] else _("no cards")))
    sealed = (view.get("you") or {}).get("sealed_choice")
    if sealed:
        out.append((_("Your sealed answer"), _("recorded; revealed when everybody has answered")))
    return out
