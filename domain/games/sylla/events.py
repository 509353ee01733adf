"""Phase V (Events): cube placement, rewards, which events occur, lasting effects, removal (rule 5.5, 8)."""
from __future__ import annotations

from itertools import combinations
from random import Random
from typing import Any

from domain.i18n import _, n_

from .data import KINDS
from .machine import Step, goto, state
from .names import and_list
from .setup import card_label
from .state import after, bump, clockwise_from, count_type, gain, move_marker, note

CUBE_TYPES = ("vestal", "legionary")


def code(ev: str) -> str:
    return ev.replace("_", "-")


def slot_of(s: dict, ev_code: str) -> int:
    return next(i for i, ev in enumerate(s["events"]) if ev and code(ev) == ev_code)


def totals(s: dict) -> list[int]:
    return [sum(c.values()) for c in s["cubes"]]


# ------------------------------------------------------------------------------- what an event hits
def targets(s: dict, D: Any, target: str, item: str) -> bool:
    """Rule 8.3: the kind of item a lasting event flips (and covers while it stays in play)."""
    card = D.cards.get(item)
    if target == "christian_character":
        return card is not None and card.christian
    if target in ("senator", "slave"):
        return card is not None and card.type == target
    if target == "building_or_crane":
        return card is None  # any kept tile or Crane card (never the income tile, never a character)
    if target == "market":
        return card is None and D.tile_type.get(item) == "market"
    return False


def items_of(s: dict, seat: str) -> list[str]:
    p = s["players"][seat]
    return p["cards"] + p["tiles"] + p["cranes"]


def flippable(s: dict, D: Any, seat: str, target: str) -> list[str]:
    """Rule 8.2: eligible = face up (upright or tilted) and of the targeted kind."""
    return [i for i in items_of(s, seat) if i not in s["down"] and targets(s, D, target, i)]


def owner(s: dict, item: str) -> str:
    return next(seat for seat in s["seats"] if item in items_of(s, seat))


def item_label(D: Any, item: str) -> str:
    return D.tile_name(item) if item in D.tile_type else card_label(D, item)


# --------------------------------------------------------------------------------- step 1: cubes
@state
class EventsPlaceCubes(Step):
    """Rule 5.5 step 1: one cube per turn from the First Consul clockwise until all are placed."""

    name = "events_place_cubes"
    short = "cube"
    kind = "place_cube"
    forced_public = True  # the choices follow from public facts only
    waiting = _("to place a cube on an event")

    def enter(self, s: dict, D: Any, rng: Random) -> None:
        left = {seat: {t: count_type(s, D, seat, t, True) for t in CUBE_TYPES} for seat in s["seats"]}
        s["ctx"] = {"left": left, "turn": s["fc"]}
        s["cubes"] = [{} for _ev in s["events"]]
        note(s, "cubes", {seat: [left[seat]["vestal"], left[seat]["legionary"]] for seat in s["seats"]})
        self.next_placer(s, D, rng, s["fc"])

    def options_for(self, s: dict, D: Any, seat: str) -> list[str]:
        left = s["ctx"]["left"][seat]
        return [f"{t}-{code(ev)}" for t in CUBE_TYPES if left[t] for ev in s["events"] if ev and D.events[ev][t]]

    def next_placer(self, s: dict, D: Any, rng: Random, start: str) -> None:
        for seat in clockwise_from(s, start):
            left = s["ctx"]["left"][seat]
            if not (left["vestal"] or left["legionary"]):
                continue
            if self.options_for(s, D, seat):
                s["ctx"]["turn"] = seat
                return
            note(s, "cubes_unplaceable", seat)  # only possible with altered event data
            left["vestal"] = left["legionary"] = 0
        rewards(s, D)
        choose_avoided(s, D, rng)

    def legal(self, s: dict, D: Any) -> dict:
        seat = s["ctx"]["turn"]
        return {seat: self.options_for(s, D, seat)}

    def label_key(self, s: dict, D: Any, seat: str) -> Any:
        return ()  # the ids name the cube type and the event

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        t, ev_code = cid.split("-", 1)
        ev = s["events"][slot_of(s, ev_code)]
        if t == "vestal":
            return _("Place a vestal cube on %(event)s", event=D.event_name(ev))
        return _("Place a legionary cube on %(event)s", event=D.event_name(ev))

    def text(self, s: dict, D: Any, seat: str) -> str:
        left = s["ctx"]["left"][seat]
        return n_("Place one cube on an event (you have %(vestal)d vestal and %(legionary)d legionary cube left).",
                  "Place one cube on an event (you have %(vestal)d vestal and %(legionary)d legionary cubes left).",
                  left["vestal"] + left["legionary"], vestal=left["vestal"], legionary=left["legionary"])

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        t, ev_code = cid.split("-", 1)
        i = slot_of(s, ev_code)
        s["cubes"][i][seat] = s["cubes"][i].get(seat, 0) + 1
        s["ctx"]["left"][seat][t] -= 1
        note(s, "cube", seat, t, s["events"][i])
        bump(s)
        self.next_placer(s, D, rng, after(s, seat)[0])


def rewards(s: dict, D: Any) -> None:
    """Rule 5.5 step 2: majority (ties: everybody tied) takes the event's token; Decadence gives prestige."""
    for i, ev in enumerate(s["events"]):
        if not ev or not s["cubes"][i]:
            continue
        top = max(s["cubes"][i].values())
        winners = [seat for seat in s["seats"] if s["cubes"][i].get(seat, 0) == top]
        kind = D.events[ev]["political_colour"]
        for seat in winners:
            if kind:
                s["players"][seat]["tokens"][kind] += D.const["event_majority_tokens"]
            else:
                gain(s, seat, D.const["decadence_majority_prestige"], "events")
        note(s, "event_reward", ev, winners, kind, D.const["event_majority_tokens"] if kind
             else D.const["decadence_majority_prestige"])


# ---------------------------------------------------------------------- step 3: avoided and occurring
def choose_avoided(s: dict, D: Any, rng: Random) -> None:
    """Rule 5.5 step 3: the two events with the most cubes are avoided; the FC breaks ties (D14)."""
    tot = totals(s)
    slots = [i for i, ev in enumerate(s["events"]) if ev]
    need = min(D.const["events_avoided_per_round"], len(slots))
    ranked = sorted((tot[i] for i in slots), reverse=True)
    edge = ranked[need - 1] if need else None
    sure = [i for i in slots if need and tot[i] > edge]
    tied = [i for i in slots if need and tot[i] == edge]
    s["ctx"] = {"sure": sure, "tied": tied, "need": need - len(sure)}
    if len(tied) == s["ctx"]["need"]:
        begin_outcome(s, D, rng, sure + tied)
    else:
        goto(s, D, "events_choose_avoided", rng)


@state
class EventsChooseAvoided(Step):
    name = "events_choose_avoided"
    short = "avoid"
    kind = "fc_choose_avoided"
    forced_public = True  # the choices follow from public facts only
    waiting = _("to choose which tied events are avoided")

    def legal(self, s: dict, D: Any) -> dict:
        ctx = s["ctx"]
        ids = ["avoid-" + ".".join(code(s["events"][i]) for i in combo)
               for combo in combinations(ctx["tied"], ctx["need"])]
        return {s["fc"]: ids}

    def chosen(self, s: dict, cid: str) -> list[int]:
        return [slot_of(s, c) for c in cid[6:].split(".")]

    def label_key(self, s: dict, D: Any, seat: str) -> Any:
        return tuple(s["events"]), tuple(s["ctx"]["sure"])

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        avoided = s["ctx"]["sure"] + self.chosen(s, cid)
        occur = [i for i, ev in enumerate(s["events"]) if ev and i not in avoided]
        names = and_list(D.event_name(s["events"][i]) for i in sorted(avoided))
        if not occur:
            return _("Avoid %(events)s (nothing will occur)", events=names)
        occ = and_list(D.event_name(s["events"][i]) for i in occur)
        return n_("Avoid %(events)s (%(occurring)s will occur)", "Avoid %(events)s (%(occurring)s will occur)",
                  len(occur), events=names, occurring=occ)

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("Events are tied on cubes: as First Consul, choose which of them are avoided.")

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        picked = self.chosen(s, cid)
        note(s, "fc_avoids", seat, [s["events"][i] for i in picked])
        bump(s)
        begin_outcome(s, D, rng, s["ctx"]["sure"] + picked)


def begin_outcome(s: dict, D: Any, rng: Random, avoided: list[int]) -> None:
    avoided = sorted(avoided)
    occur = [i for i, ev in enumerate(s["events"]) if ev and i not in avoided]
    s["ctx"] = {"avoided": avoided, "occur": occur, "k": 0}
    note(s, "events_outcome", [s["events"][i] for i in avoided], [s["events"][i] for i in occur])
    resolve_next(s, D, rng)


def resolve_next(s: dict, D: Any, rng: Random) -> None:
    """Rule 5.5 step 3 / 14.33: occurring events resolve top to bottom, each completely."""
    ctx = s["ctx"]
    while ctx["k"] < len(ctx["occur"]):
        ev = s["events"][ctx["occur"][ctx["k"]]]
        ctx["k"] += 1
        info = D.events[ev]
        if info["effect_kind"] == "lasting":
            if start_lasting(s, D, ev, rng):
                return
        elif info["effect"]["track"] == "rightmost_res_publica":
            decadence(s, D, ev)
        else:
            moved = move_marker(s, D, info["effect"]["track"], info["effect"]["delta"])
            note(s, "track_event", ev, info["effect"]["track"], moved, s["tracks"][info["effect"]["track"]])
    choose_removed(s, D, rng)


def decadence(s: dict, D: Any, ev: str) -> None:
    """Rule 8.1 / 14.11: every Res Publica marker tied for rightmost moves one space left."""
    tracks = s["tracks"]
    top = max(tracks[k] for k in KINDS)
    moved = [k for k in KINDS if tracks[k] == top and top > D.track_min]
    for k in moved:
        move_marker(s, D, k, D.events[ev]["effect"]["delta"])
    note(s, "decadence", ev, moved, top)


def start_lasting(s: dict, D: Any, ev: str, rng: Random) -> bool:
    """Rule 8.2: each player turns one face-up item of the targeted kind face down (D16).

    Returns True when players owe a choice (the state moves to events_choose_disabled).
    """
    if s["flips"].get(ev) and not s["options"]["lasting_event_repeat_flips"]:
        note(s, "lasting_again", ev)  # Rule 14.10 option: only the first occurrence flips
        return False
    s["flips"][ev] = s["flips"].get(ev, 0) + 1
    effect = D.events[ev]["effect"]
    left = {seat: effect.get("count_per_player", 1) for seat in s["seats"]
            if flippable(s, D, seat, effect["flip"])}
    note(s, "lasting", ev, sorted(left, key=s["seats"].index))
    if not left:
        return False
    s["ctx"].update(lasting=ev, left=left)
    goto(s, D, "events_choose_disabled", rng)
    return True


@state
class EventsChooseDisabled(Step):
    """Rule 8.2: affected players choose which item to turn face down, simultaneously (D16).

    A sealed simultaneous decision, like D1 and D17: each choice is kept in `s["sealed"]` (seen by its
    seat only) and nothing turns face down until the last affected player has chosen; then every
    chosen item turns face down together, in seat order.
    """

    name = "events_choose_disabled"
    short = "flip"
    kind = "choose_item_to_disable"
    forced_public = True  # the choices follow from public facts only
    waiting = _("to turn an item face down")
    secret = True

    def legal(self, s: dict, D: Any) -> dict:
        ctx = s["ctx"]
        target = D.events[ctx["lasting"]]["effect"]["flip"]
        return {seat: ["disable-" + i.lower() for i in flippable(s, D, seat, target)]
                for seat in s["seats"] if seat in ctx["left"] and seat not in s["sealed"]}

    def label_key(self, s: dict, D: Any, seat: str) -> Any:
        return ()

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        return _("Turn face down the %(item)s", item=item_label(D, self.item(D, cid)))

    def item(self, D: Any, cid: str) -> str:
        key = cid[8:]
        return D.card_lower.get(key) or D.tile_lower[key]

    def text(self, s: dict, D: Any, seat: str) -> str:
        ev = s["ctx"]["lasting"]
        return _("%(event)s occurs: turn one of your items face down while it stays in play "
                 "(secret; revealed when every affected player has chosen).", event=D.event_name(ev))

    def waiting_text(self, s: dict, D: Any) -> str:
        return _("to turn an item face down (%(event)s)", event=D.event_name(s["ctx"]["lasting"]))

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        ctx = s["ctx"]
        s["sealed"][seat] = cid
        note(s, "sealed", seat, "disable", cid)
        if len(s["sealed"]) < len(ctx["left"]):
            return
        for who in [p for p in s["seats"] if p in s["sealed"]]:  # the reveal: all together
            item = self.item(D, s["sealed"][who])
            s["down"][item] = ctx["lasting"]
            note(s, "disabled", who, item, ctx["lasting"])
            ctx["left"][who] -= 1
        s["sealed"] = {}
        target = D.events[ctx["lasting"]]["effect"]["flip"]
        ctx["left"] = {p: n for p, n in ctx["left"].items() if n and flippable(s, D, p, target)}
        ctx.pop("done", None)  # states saved before the choice was sealed in the rules
        bump(s)
        if not ctx["left"]:
            del ctx["left"], ctx["lasting"]
            resolve_next(s, D, rng)


# ----------------------------------------------------------------------------------- step 4: removal
def choose_removed(s: dict, D: Any, rng: Random) -> None:
    """Rule 5.5 step 4: the avoided event with more cubes leaves for good; never Decadence (14.11)."""
    tot = totals(s)
    removable = [i for i in s["ctx"]["avoided"] if s["events"][i] not in D.permanent]
    if not removable:
        finish_events(s, D, rng, None)
        return
    top = max(tot[i] for i in removable)
    tied = [i for i in removable if tot[i] == top]
    if len(tied) == 1:
        finish_events(s, D, rng, tied[0])
    else:
        s["ctx"]["removable"] = tied
        goto(s, D, "events_choose_removed", rng)


@state
class EventsChooseRemoved(Step):
    name = "events_choose_removed"
    short = "remove"
    kind = "fc_choose_removed"
    forced_public = True  # the choices follow from public facts only
    waiting = _("to choose which avoided event is removed")

    def legal(self, s: dict, D: Any) -> dict:
        return {s["fc"]: ["remove-" + code(s["events"][i]) for i in s["ctx"]["removable"]]}

    def label_key(self, s: dict, D: Any, seat: str) -> Any:
        return ()

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        return _("Remove %(event)s from the game", event=D.event_name(s["events"][slot_of(s, cid[7:])]))

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("The avoided events are tied: as First Consul, choose the one removed from the game.")

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        bump(s)
        finish_events(s, D, rng, slot_of(s, cid[7:]))


def finish_events(s: dict, D: Any, rng: Random, slot: int | None) -> None:
    if slot is not None:
        remove_event(s, D, slot)
    s["cubes"] = [{} for _ev in s["events"]]  # Rule 5.5 step 4: all cubes return to their owners
    s["ctx"] = {}
    goto(s, D, "great_works_thumb", rng)


def remove_event(s: dict, D: Any, slot: int) -> None:
    """Rule 8.3: items the event disabled return unless another lasting event in play covers them."""
    ev = s["events"][slot]
    s["events"][slot] = None
    s["events_out"] = s["events_out"] + [ev]
    s["flips"].pop(ev, None)
    back, kept = [], []
    for item in sorted(i for i, by in s["down"].items() if by == ev):
        cover = next((e for e in s["events"] if e and e in D.coverage
                      and targets(s, D, D.coverage[e], item)), None)
        if cover:
            s["down"][item] = cover
            kept.append([owner(s, item), item, cover])
        else:
            del s["down"][item]
            back.append([owner(s, item), item])
    drawn = s["event_deck"][0] if s["event_deck"] else None
    s["event_deck"] = s["event_deck"][1:]
    s["events"][slot] = drawn
    note(s, "event_removed", ev, back, kept, drawn)


