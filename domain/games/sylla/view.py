"""What one seat (or a spectator) may see, following rule 12 to the letter.

Public: tracks, events and cubes, building slots, the display, the top Great Work and the removed one,
every area (cards and tiles with tilt and face-down state), prestige, bids and passes, revealed crisis
counts and Great Work commitments, final scoring. Private to the owner: denarii, tokens, a sealed
choice. Nobody sees the order of any deck: only sizes.
"""
from __future__ import annotations


from domain.i18n import _
from domain.rules import REFEREE  # the all-seeing viewer: the operator, and everybody after the end

from .data import KINDS, GameData
from .machine import STATES
from .names import and_list, name_of, seat_name
from .state import _deep

SETUP, END = name_of("Setup"), name_of("End")  # shown to players (glossary); the others are roman numerals
PHASES = {
    "choose_starting_characters": SETUP,
    "first_consul_bidding": "I", "first_consul_token": "I", "recruitment": "II",
    "buildings": "III", "buildings_offer": "III", "buildings_bid": "III", "buildings_pay": "III",
    "buildings_insula": "III", "income": "IV", "events_place_cubes": "V", "events_choose_avoided": "V",
    "events_choose_disabled": "V", "events_choose_removed": "V", "great_works_thumb": "VI",
    "famine_and_crises": "VII", "end_of_round": "VII", "ecclesia": END, "free_slaves": END,
    "game_over": END,
}


def card_view(s: dict, D: GameData, cid: str) -> dict:
    if cid in D.cards:
        c = D.cards[cid]
        out = {"id": cid, "type": c.type, "christian": c.christian, "hexes": list(c.hexes)}
    else:
        out = {"id": cid, "type": "crane", "christian": False, "hexes": list(D.crane_hexes)}
    out["face_up"] = cid not in s["down"]
    out["tilted"] = cid in s["tilted"]
    out["disabled_by"] = s["down"].get(cid)
    return out


def tile_view(s: dict, D: GameData, tile: str) -> dict:
    return {"id": tile, "type": D.tile_type[tile], "name": D.tile_name(tile), "face_up": tile not in s["down"],
            "disabled_by": s["down"].get(tile)}


def player_view(s: dict, D: GameData, seat: str, viewer: str | None) -> dict:
    p = s["players"][seat]
    out = {
        "seat": seat, "name": seat_name(seat), "colour": seat, "prestige": p["prestige"],
        "income_tile": p["income_tile"], "character_set": p["set"], "first_consul": s["fc"] == seat,
        "cards": [card_view(s, D, c) for c in p["cards"]],
        "buildings": [tile_view(s, D, t) for t in p["tiles"]],
        "cranes": [card_view(s, D, c) for c in p["cranes"]],
        "prestige_ledger": dict(s["ledger"][seat]),
    }
    if seat == viewer or viewer == REFEREE:
        out["denarii"] = p["denarii"]
        out["tokens"] = dict(p["tokens"])
        if seat in s["sealed"]:
            out["sealed_choice"] = s["sealed"][seat]
    if s["phase"] == "choose_starting_characters" and seat != viewer and viewer != REFEREE:
        out["cards"] = []  # Rule 12: the starting choice is hidden until everybody has chosen
    return out


def context_view(s: dict, D: GameData) -> dict:
    """The public part of the current step (auction bids, cubes left, who still owes a sealed choice)."""
    ctx, phase = s["ctx"], s["phase"]
    if phase == "first_consul_bidding":
        return {"order": ctx["order"], "bids": ctx["bids"], "high": ctx["high"], "bidder": ctx["bidder"]}
    if phase in ("buildings_bid", "buildings_pay", "buildings_insula"):
        out = {"slot": ctx["slot"] + 1, "tile": s["slots"][ctx["slot"]], "colour": D.slot_colours[ctx["slot"]],
               "bids": ctx.get("bids", {}), "high": ctx.get("high"), "bidder": ctx.get("bidder"),
               "offerer": ctx["offerer"], "sales": ctx["sales"]}
        if "to_pay" in ctx:
            out["to_pay"] = ctx["to_pay"]
        return out
    if phase == "buildings_offer":
        return {"offerer": ctx["offerer"], "sales": ctx["sales"]}
    if phase == "income":
        return {"turn": ctx["order"][ctx["i"]], "claimed": ctx["claimed"]}
    if phase == "events_place_cubes":
        return {"turn": ctx["turn"], "cubes_left": ctx["left"]}
    if phase == "events_choose_disabled":
        return {"event": ctx["lasting"],
                "to_choose": [seat for seat in s["seats"] if seat in ctx["left"] and seat not in s["sealed"]],
                "submitted": [seat for seat in s["seats"] if seat in s["sealed"]]}
    if phase in ("choose_starting_characters", "great_works_thumb", "free_slaves"):
        owing = ctx.get("who", s["seats"])
        return {"submitted": [seat for seat in s["seats"] if seat in s["sealed"]],
                "waiting": [seat for seat in owing if seat not in s["sealed"]]}
    return {}


def works_view(s: dict, D: GameData) -> dict:
    """Rule 5.6.1: only the top of the face-up pile is visible; placing this round's work reveals the next."""
    top = s["gw_pile"][0] if s["gw_pile"] else None
    before_phase_6 = PHASES.get(s["phase"]) in ("Setup", "I", "II", "III", "IV", "V")
    if s["gw_current"]:
        current, nxt = s["gw_current"], top
    elif before_phase_6:
        current, nxt = top, None
    else:
        current, nxt = None, top
    return {"current": current, "placed": s["gw_current"] is not None, "next": nxt, "top_of_pile": top,
            "pile_size": len(s["gw_pile"]), "removed": list(s["gw_removed"]), "built": list(s["gw_built"]),
            "ecclesia": D.ecclesia}


def build_view(s: dict, D: GameData, viewer: str | None, waiting_text: str, waiting_for: list[str],
               waiting_sentence: str = "") -> dict:
    """`waiting_text` is the step's phrase ("to bid for First Consul", kept for older readers);
    `waiting_sentence` says it whole ("The game is waiting for Red to bid for First Consul.")."""
    return {
        "game": "sylla", "round": s["round"], "rounds": D.rounds, "phase": s["phase"],
        "phase_number": PHASES.get(s["phase"], ""), "waiting_text": waiting_text, "waiting_for": waiting_for,
        "waiting_sentence": waiting_sentence,
        "viewer": viewer, "seats": list(s["seats"]), "first_consul": s["fc"], "finished": s["finished"],
        "tracks": dict(s["tracks"]), "crisis_zone": sorted(D.crisis),
        "events": [{"slot": i + 1, "id": ev, "name": D.event_name(ev) if ev else None,
                    "token": D.events[ev]["political_colour"] if ev else None,
                    "vestal": bool(ev and D.events[ev]["vestal"]), "legionary": bool(ev and D.events[ev]["legionary"]),
                    "food": D.events[ev]["food_symbols"] if ev else 0, "permanent": ev in D.permanent,
                    "cubes": dict(s["cubes"][i]) if i < len(s["cubes"]) else {}}
                   for i, ev in enumerate(s["events"])],
        "event_deck_size": len(s["event_deck"]), "events_removed": list(s["events_out"]),
        "building_slots": [{"slot": i + 1, "colour": D.slot_colours[i],
                            "tile": None if t is None else {"id": t, "type": D.tile_type[t], "name": D.tile_name(t)}}
                           for i, t in enumerate(s["slots"])],
        "building_stack_size": len(s["stack"]),
        "buildings_removed": len(s["tiles_out"]),
        "recruitment_display": [card_view(s, D, c) for c in s["display"]],
        "character_deck_size": len(s["char_deck"]), "crane_cards_left": len(s["cranes"]),
        "great_works": works_view(s, D),
        "players": {seat: player_view(s, D, seat, viewer) for seat in s["seats"]},
        "step": _deep(context_view(s, D)),
        "revealed": _deep(s["public"]),
        "token_kinds": list(KINDS),
    }


def waiting(s: dict, D: GameData) -> str:
    step = STATES[s["phase"]]
    return step.waiting_text(s, D) if step.waiting else ""




def waiting_sentence(s: dict, D: GameData, seats: list[str]) -> str:
    """Who the game waits for and for what, as one whole sentence (empty when nobody owes a decision)."""
    if not seats:
        return ""
    who, phase, ctx = and_list([seat_name(seat) for seat in seats]), s["phase"], s["ctx"]
    if phase == "choose_starting_characters":
        return _("The game is waiting for %(seats)s to choose their starting characters.", seats=who)
    if phase == "first_consul_bidding":
        return _("The game is waiting for %(seats)s to bid for First Consul.", seats=who)
    if phase == "first_consul_token":
        return _("The game is waiting for %(seats)s to take a Res Publica token.", seats=who)
    if phase == "recruitment":
        return _("The game is waiting for %(seats)s to recruit a character.", seats=who)
    if phase == "buildings_offer":
        return _("The game is waiting for %(seats)s to offer a building for sale.", seats=who)
    if phase == "buildings_bid":
        return _("The game is waiting for %(seats)s to bid for the %(building)s.", seats=who,
                 building=D.tile_name(s["slots"][ctx["slot"]]))
    if phase == "buildings_pay":
        return _("The game is waiting for %(seats)s to tilt cards to pay for a building.", seats=who)
    if phase == "buildings_insula":
        return _("The game is waiting for %(seats)s to choose the Insula's tokens.", seats=who)
    if phase == "income":
        return _("The game is waiting for %(seats)s to use a Private Temple or a Tavern.", seats=who)
    if phase == "events_place_cubes":
        return _("The game is waiting for %(seats)s to place a cube on an event.", seats=who)
    if phase == "events_choose_avoided":
        return _("The game is waiting for %(seats)s to choose which tied events are avoided.", seats=who)
    if phase == "events_choose_disabled":
        return _("The game is waiting for %(seats)s to turn an item face down (%(event)s).", seats=who,
                 event=D.event_name(ctx["lasting"]))
    if phase == "events_choose_removed":
        return _("The game is waiting for %(seats)s to choose which avoided event is removed.", seats=who)
    if phase == "great_works_thumb":
        return _("The game is waiting for %(seats)s to commit to the %(work)s.", seats=who,
                 work=D.work_name(s["gw_current"]))
    if phase == "free_slaves":
        return _("The game is waiting for %(seats)s to free slaves.", seats=who)
    return _("The game is waiting for %(seats)s.", seats=who)
