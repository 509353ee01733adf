"""Sylla's board as one inline SVG, drawn from the rules' view JSON (domain/games/sylla/view.py).

Top to bottom, so it reads on a 360-px phone: round and phase; the Res Publica ladder (civic, health,
leisure, with the crisis zone) and the famine marker; the event column with each seat's cubes; the six
building slots in their sale colours; the recruitment display; the current and next Great Work; then
each player's area (prestige, income tile, characters, buildings, cranes; denarii and tokens for the
viewer only, since the view carries them only for the viewer).
"""
from __future__ import annotations

from typing import Any

from domain.i18n import _, n_
from service.web.boards.svg import Svg
from service.web.i18n import tr
from service.web.render import seat_colour

W = 400
TRACK_CELLS = 7
KIND_FILL = {"civic": "#b03a2e", "health": "#2e86c1", "leisure": "#d4ac0d", "famine": "#6e2c00"}
SLOT_FILL = {"red": "#e6b0aa", "yellow": "#f9e79f", "grey": "#d5d8dc"}
HEX_FILL = {"red": "#c0392b", "yellow": "#d4ac0d", "grey": "#7f8c8d"}
# Names on the board (messages: rendered in the reader's language where they are drawn).
TYPE_SHORT = {"senator": _("SEN"), "merchant": _("MER"), "legionary": _("LEG"), "vestal": _("VES"),
              "slave": _("SLA"), "crane": _("CRN")}  # a character card's type, abbreviated to fit the card
TYPE_NAMES = {"senator": _("Senator"), "merchant": _("Merchant"), "legionary": _("Legionary"),
              "vestal": _("Vestal"), "slave": _("Slave"), "crane": _("Crane")}
TILE_SHORT = {"market": _("Market"), "field": _("Field"), "private_temple": _("Temple"), "tavern": _("Tavern"),
              "insula": _("Insula"), "crane": _("Crane"), "baths": _("Baths"), "theatre": _("Theatre")}
KIND_NAMES = {"civic": _("Civic"), "health": _("Health"), "leisure": _("Leisure"), "famine": _("Famine")}
PHASE_NAMES = {"Setup": _("Set-up"), "I": _("I · First Consul"), "II": _("II · Recruitment"),
               "III": _("III · Buildings"), "IV": _("IV · Income"), "V": _("V · Events"),
               "VI": _("VI · Great Works"), "VII": _("VII · Famine and crises"), "End": _("End of the game")}


def _title(text: str) -> str:
    """An id the board has no name for (a great work, a token, a seat), readable: "private_temple" ->
    "Private temple". Names the rules give in their view (`name`) are preferred wherever they exist."""
    return str(text or "").replace("_", " ").capitalize()


def _kind(kind: str) -> str:
    return KIND_NAMES.get(kind) or _title(kind)


def _type(kind: str) -> str:
    return TYPE_NAMES.get(kind) or _title(kind)


def render(view: dict) -> str:
    s = view["state"]
    names = {p["seat"]: p["name"] for p in view["game"]["players"]}
    viewer = (view.get("you") or {}).get("seat")
    b = _Board(s, names, viewer)
    b.header()
    b.tracks()
    b.events()
    b.buildings()
    b.display()
    b.great_works()
    for seat in s["seats"]:
        b.player(seat)
    return b.done()


class _Board:
    def __init__(self, s: dict, names: dict, viewer: str | None):
        self.s, self.names, self.viewer = s, names, viewer
        self.items: list[tuple[str, tuple, dict]] = []
        self.y = 0

    # the height is known only at the end: collect calls, then replay them into the Svg
    def __getattr__(self, name):  # rect, circle, text, add, title
        if name in ("rect", "circle", "text", "add", "title"):
            return lambda *a, **k: self.items.append((name, a, k))
        raise AttributeError(name)

    def done(self) -> str:
        s = self.s
        label = _("Sylla, round %(round)d of %(rounds)d, phase %(phase)s", round=s["round"], rounds=s["rounds"],
                  phase=s.get("phase_number", ""))
        svg = Svg(W, self.y + 8, label)
        svg.rect(0, 0, W, self.y + 8, fill="#f4ecdc", stroke="#b9a888", rx=8)
        for name, a, k in self.items:
            getattr(svg, name)(*a, **k)
        return svg.to_string()

    def heading(self, text: str) -> None:
        self.y += 20
        self.text(10, self.y, text, size=12, weight="bold", fill="#4a3520")
        self.y += 6

    # ------------------------------------------------------------------------ sections
    def header(self) -> None:
        s = self.s
        self.y = 22
        status = _("Game over") if s.get("finished") else PHASE_NAMES.get(s.get("phase_number"), _title(s.get("phase")))
        self.text(10, self.y, _("Round %(round)d of %(rounds)d", round=s["round"], rounds=s["rounds"]), size=15,
                  weight="bold")
        self.text(W - 10, self.y, status, size=12, anchor="end")
        fc = s.get("first_consul")
        self.y += 18
        if fc:
            self.circle(16, self.y - 4, 5, fill=seat_colour(fc))
            self.text(26, self.y, _("First Consul: %(name)s", name=self.names.get(fc, _title(fc))), size=11)
        if s.get("waiting_for") and s.get("waiting_text"):
            who = ", ".join(self.names.get(x, _title(x)) for x in s["waiting_for"])
            self.y += 15
            waiting = _("Waiting for %(names)s %(what)s", names=who, what=s["waiting_text"])
            self.text(10, self.y, tr(waiting)[:80], size=10, fill="#555")

    def tracks(self) -> None:
        s = self.s
        self.heading(_("Res Publica"))
        crisis = set(s.get("crisis_zone") or [])
        cell, x0 = 40, 80
        for kind in ("civic", "health", "leisure", "famine"):
            y = self.y + 2
            self.text(10, y + 15, _kind(kind), size=11)
            for i in range(TRACK_CELLS):
                red_zone = kind != "famine" and i in crisis
                self.rect(x0 + i * cell, y, cell - 3, 22, fill="#f5c6c0" if red_zone else "#fffaf0",
                          stroke="#9c8a6a", rx=3)
                self.text(x0 + i * cell + 5, y + 9, str(i), size=8, fill="#8a7a5a")
            value = s["tracks"].get(kind)
            if isinstance(value, int):
                pos = max(0, min(TRACK_CELLS - 1, value))
                self.circle(x0 + pos * cell + (cell - 3) / 2, y + 12, 7, fill=KIND_FILL[kind], stroke="#222")
                self.title(_("%(track)s: %(value)d", track=_kind(kind), value=value))
            self.y += 26
        self.text(x0, self.y + 10, _("shaded: crisis zone · famine: higher is hungrier"), size=9, fill="#666")
        self.y += 12

    def events(self) -> None:
        s = self.s
        self.heading(_("Events (deck %(n)d)", n=s.get("event_deck_size", 0)))
        for ev in s.get("events") or []:
            y = self.y + 2
            self.rect(10, y, W - 20, 30, fill="#fffaf0" if ev.get("id") else "#eee", stroke="#9c8a6a")
            slot = _("%(slot)s. %(name)s", slot=ev["slot"], name=ev.get("name") or _("empty"))
            self.text(16, y + 13, tr(slot)[:46], size=11, weight="bold")
            marks = []  # separate marks on the event, each a word of its own (a list, not a sentence)
            if ev.get("token"):
                marks.append(_title(ev["token"]))
            if ev.get("vestal"):
                marks.append(tr(_("vestals")))
            if ev.get("legionary"):
                marks.append(tr(_("legions")))
            if ev.get("food"):
                marks.append(tr(_("food %(n)s", n=ev["food"])))
            if ev.get("permanent"):
                marks.append(tr(_("permanent")))
            self.text(16, y + 25, " · ".join(marks), size=9, fill="#555")
            x = W - 16
            for seat, n in sorted((ev.get("cubes") or {}).items(), reverse=True):
                if not n:
                    continue
                x -= 26
                self.rect(x, y + 8, 14, 14, fill=seat_colour(seat), stroke="#222", rx=2)
                self.title(n_("%(name)s: %(n)d cube", "%(name)s: %(n)d cubes", n, name=self.names.get(seat, seat)))
                self.text(x + 16, y + 19, str(n), size=10, weight="bold")
            self.y += 34
        step = s.get("step") or {}
        if "cubes_left" in step:
            left = ", ".join(f"{self.names.get(k, k)} {v}" for k, v in step["cubes_left"].items())
            self.text(10, self.y + 10, tr(_("Cubes left: %(list)s", list=left))[:80], size=9, fill="#555")
            self.y += 12

    def buildings(self) -> None:
        s = self.s
        self.heading(_("Buildings for sale (stack %(n)d)", n=s.get("building_stack_size", 0)))
        w = (W - 20) / 6
        y = self.y + 2
        step = s.get("step") or {}
        for i, slot in enumerate(s.get("building_slots") or []):
            x = 10 + i * w
            active = step.get("slot") == slot.get("slot")
            self.rect(x + 1, y, w - 4, 42, fill=SLOT_FILL.get(slot.get("colour"), "#eee"),
                      stroke="#222" if active else "#9c8a6a", stroke_width=2 if active else 1)
            self.text(x + 5, y + 11, str(slot.get("slot")), size=8, fill="#555")
            tile = slot.get("tile")
            label = tr(TILE_SHORT.get(tile["type"], _title(tile["type"]))) if tile else "—"
            self.text(x + (w - 4) / 2 + 1, y + 28, label, size=10, anchor="middle", weight="bold" if tile else None)
            if tile:
                self.title(tile.get("name") or label)
        self.y += 46
        if step.get("bids"):
            bids = ", ".join(f"{self.names.get(k, k)} {v}" for k, v in step["bids"].items())
            self.text(10, self.y + 10, tr(_("Bids: %(list)s", list=bids))[:80], size=9, fill="#555")
            self.y += 12

    def card(self, x: float, y: float, card: dict) -> None:
        up = card.get("face_up", True)
        cx, cy = x + 15, y + 20
        transform = f"rotate(90 {cx} {cy})" if card.get("tilted") else None
        self.rect(x, y, 30, 40, fill="#fffdf6" if up else "#b7b2a8", stroke="#6d5a3a", rx=3, transform=transform)
        self.text(cx, y + 16, TYPE_SHORT.get(card.get("type"), "?"), size=9, anchor="middle", weight="bold",
                  transform=transform)
        for j, hexcol in enumerate(card.get("hexes") or []):
            self.circle(x + 7 + j * 8, y + 32, 3.2, fill=HEX_FILL.get(hexcol, "#999"), stroke="none",
                        transform=transform)
        if card.get("christian"):
            self.text(x + 26, y + 10, "✝", size=8, anchor="middle", transform=transform)
        self.title(card_tip(card))

    def cards_row(self, cards: list[dict], x0: float = 10) -> None:
        if not cards:
            return
        per_row = int((W - x0 - 10) // 44)
        for i, c in enumerate(cards):
            if i and i % per_row == 0:
                self.y += 48
            self.card(x0 + (i % per_row) * 44 + 6, self.y + 4, c)
        self.y += 48

    def display(self) -> None:
        s = self.s
        self.heading(_("Recruitment (deck %(deck)d, cranes %(cranes)d)", deck=s.get("character_deck_size", 0),
                       cranes=s.get("crane_cards_left", 0)))
        cards = s.get("recruitment_display") or []
        if cards:
            self.cards_row(cards)
        else:
            self.text(10, self.y + 12, _("no characters on display"), size=10, fill="#666")
            self.y += 16

    def great_works(self) -> None:
        gw = self.s.get("great_works") or {}
        self.heading(_("Great Works (pile %(n)d)", n=gw.get("pile_size", 0)))
        y = self.y + 2
        for i, (label, value) in enumerate(((_("Current"), gw.get("current")), (_("Next"), gw.get("next")))):
            x = 10 + i * ((W - 20) / 2)
            self.rect(x, y, (W - 20) / 2 - 6, 30, fill="#fffaf0" if value else "#eee", stroke="#9c8a6a")
            self.text(x + 6, y + 12, label, size=9, fill="#666")
            self.text(x + 6, y + 25, _title(value) if value else "—", size=12, weight="bold")
        self.y += 34
        if gw.get("built"):
            self.text(10, self.y + 10, _("Built: %(list)s", list=", ".join(_title(x) for x in gw["built"])), size=10)
            self.y += 13

    def player(self, seat: str) -> None:
        p = (self.s.get("players") or {}).get(seat)
        if not p:
            return
        self.y += 10
        top = self.y
        items_before = len(self.items)
        self.y += 18
        name = self.names.get(seat, _title(seat))
        self.circle(20, top + 12, 7, fill=seat_colour(seat))
        values = {"name": name, "prestige": p.get("prestige"), "income": p.get("income_tile") or "—"}
        if seat == self.viewer:
            head = _("%(name)s (you) · prestige %(prestige)s · income %(income)s · First Consul", **values) \
                if p.get("first_consul") else _("%(name)s (you) · prestige %(prestige)s · income %(income)s", **values)
        else:
            head = _("%(name)s · prestige %(prestige)s · income %(income)s · First Consul", **values) \
                if p.get("first_consul") else _("%(name)s · prestige %(prestige)s · income %(income)s", **values)
        self.text(32, top + 16, tr(head)[:60], size=11, weight="bold")
        if "denarii" in p:
            tokens = p.get("tokens") or {}
            private = _("denarii %(denarii)s · tokens %(tokens)s", denarii=p["denarii"],
                        tokens=", ".join(f"{_title(k)} {v}" for k, v in tokens.items()))
            self.y += 14
            self.text(32, self.y, tr(private)[:70], size=10, fill="#1d4e89")
        self.cards_row(p.get("cards") or [], 10)
        tiles = p.get("buildings") or []
        if tiles or p.get("cranes"):
            x = 16
            for t in tiles:
                label = tr(TILE_SHORT.get(t["type"], _title(t["type"])))
                width = 8 + 6 * len(label)
                if x + width > W - 10:
                    x, self.y = 16, self.y + 22
                self.rect(x, self.y + 2, width, 18, fill="#efe4cf" if t.get("face_up", True) else "#b7b2a8",
                          stroke="#6d5a3a")
                self.title(t.get("name") or label)
                self.text(x + 4, self.y + 15, label, size=9)
                x += width + 4
            for c in p.get("cranes") or []:
                if x + 46 > W - 10:
                    x, self.y = 16, self.y + 22
                self.rect(x, self.y + 2, 42, 18, fill="#dfe6ec", stroke="#6d5a3a",
                          transform=None)
                self.text(x + 4, self.y + 15, _("Crane·used") if c.get("tilted") else _("Crane"), size=8)
                x += 46
            self.y += 24
        # a frame in the seat's colour behind the player's area
        frame = ("rect", (6, top, W - 12, self.y - top + 2),
                 {"fill": "none", "stroke": seat_colour(seat), "rx": 6, "stroke_width": 2})
        self.items.insert(items_before, frame)


def card_tip(card: dict) -> str:
    """A character card's tooltip: its type, Christian or not, used (tilted) or face down (by what)."""
    name = _("%(type)s (Christian)", type=_type(card.get("type"))) if card.get("christian") else _type(card.get("type"))
    tilted, down = card.get("tilted"), not card.get("face_up", True)
    by = _title(card.get("disabled_by"))
    if tilted and down:
        return _("%(card)s, used (tilted), face down (%(by)s)", card=name, by=by)
    if tilted:
        return _("%(card)s, used (tilted)", card=name)
    if down:
        return _("%(card)s, face down (%(by)s)", card=name, by=by)
    return name


def private(view: dict) -> list[tuple[str, Any]]:
    seat = (view.get("you") or {}).get("seat")
    p = ((view.get("state") or {}).get("players") or {}).get(seat) or {}
    out: list[tuple[str, Any]] = []
    if "denarii" in p:
        out.append((_("Denarii"), p["denarii"]))
    if "tokens" in p:
        out.append((_("Tokens"), ", ".join(f"{_title(k)} {v}" for k, v in p["tokens"].items())))
    sealed = p.get("sealed_choice") or (view.get("you") or {}).get("sealed_choice")
    if sealed:
        out.append((_("Your sealed choice"), sealed))
    return out
