"""Sylla's board, drawn from the rules' view JSON (domain/games/sylla/view.py), in three parts:

* the shared board (`svg.board`): round and phase, the Res Publica track (Civic, Health and Leisure
  markers and the Famine marker: striped diamonds, so they never look like a player's disc or cube), the
  events with each player's cubes, the six building slots in their sale colours, the recruitment display
  and the Great Works;
* the players' areas (`svg.board-players`): prestige, income tile, characters, buildings and Crane cards;
  denarii and tokens for the viewer only (the view carries them only for the viewer);
* a legend of every symbol and colour, and the explanations: every card, tile and marker is a link to
  its explanation in the list under the board (a tap on a phone, a click, or Tab and Enter).

Both drawings are 360 units wide with text of 12 units or more, so they read on a 390-px phone; on a wide
screen the page puts them side by side next to the decision (static/style.css).
"""
from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from domain.i18n import _, n_
from domain.rules import comma_list, seat_name
from service.web.boards.svg import Notes, Svg
from service.web.i18n import tr
from service.web.render import seat_colour

W = 360
TRACK_CELLS = 7
# The Res Publica markers keep the rulebook's colours (Civic violet, Health blue, Leisure green, Famine
# yellow), drawn as striped diamonds: a shape and a pattern no player's piece has.
KIND_FILL = {"civic": "#6c3483", "health": "#1f618d", "leisure": "#1e8449", "famine": "#9a7d0a"}
SLOT_FILL = {"red": "#e6b0aa", "yellow": "#f9e79f", "grey": "#d5d8dc"}
HEX_FILL = {"red": "#c0392b", "yellow": "#d4ac0d", "grey": "#7f8c8d"}
CARD_W, CARD_H, CARD_STEP = 36, 50, 42
# Names on the board (messages: rendered in the reader's language where they are drawn).
TYPE_SHORT = {"senator": _("SEN"), "merchant": _("MER"), "legionary": _("LEG"), "vestal": _("VES"),
              "slave": _("SLA"), "crane": _("CRN")}  # a character card's type, abbreviated to fit the card
TYPE_NAMES = {"senator": _("Senator"), "merchant": _("Merchant"), "legionary": _("Legionary"),
              "vestal": _("Vestal"), "slave": _("Slave"), "crane": _("Crane card")}
TYPE_HELP = {
    "senator": _("A Senator gives 1 vote in the First Consul election (phase I) and for the Great Work (phase VI)."),
    "merchant": _("A Merchant adds 1 denarius to your income in phase IV."),
    "legionary": _("A Legionary gives you 1 legionary cube to place on an event in phase V."),
    "vestal": _("A Vestal gives you 1 vestal cube to place on an event in phase V."),
    "slave": _("A Slave has no ability, but its hexes pay for buildings of every colour; it can be freed at the "
               "end of the game."),
    "crane": _("A Crane card counts as one card of any colour when you pay for a building in phase III."),
}
TILE_SHORT = {"market": _("Market"), "field": _("Field"), "private_temple": _("Temple"), "tavern": _("Tavern"),
              "insula": _("Insula"), "crane": _("Crane"), "baths": _("Baths"), "theatre": _("Theatre"),
              "statue": _("Statue"), "triumphal_arch": _("Arch"), "bank": _("Bank")}
TILE_HELP = {
    "market": _("A Market adds 2 denarii to your income in phase IV while it is face up."),
    "field": _("A Field feeds your people: each face-up Field lowers your famine loss in phase VII by 2."),
    "private_temple": _("A Private Temple lets you pay 2 denarii for 1 Res Publica token of any kind in phase IV, "
                        "once a round."),
    "tavern": _("A Tavern lets you move one Res Publica marker one space left or right in phase IV."),
    "insula": _("An Insula gives its buyer 2 Res Publica tokens at once, then leaves the game."),
    "crane": _("A Crane tile gives its buyer a Crane card, which pays for buildings from the next round."),
    "statue": _("A Statue gives its buyer 4 prestige at once."),
    "triumphal_arch": _("A Triumphal Arch gives its buyer 6 prestige at once."),
}
KIND_NAMES = {"civic": _("Civic"), "health": _("Health"), "leisure": _("Leisure"), "famine": _("Famine")}
COLOUR_NAMES = {"red": _("red"), "yellow": _("yellow"), "grey": _("grey")}
PHASE_NAMES = {"Setup": _("Set-up"), "I": _("I · First Consul"), "II": _("II · Recruitment"),
               "III": _("III · Buildings"), "IV": _("IV · Income"), "V": _("V · Events"),
               "VI": _("VI · Great Works"), "VII": _("VII · Famine and crises"), "End": _("End of the game")}
STRIPES = "".join(
    f'<pattern id="syl-{k}" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
    f'<rect width="5" height="5" fill="{c}"/><rect width="2" height="5" fill="#ffffff" fill-opacity="0.5"/></pattern>'
    for k, c in KIND_FILL.items())


def _title(text: str) -> str:
    """An id the board has no name for (a great work, a token, a seat), readable: "private_temple" ->
    "Private temple". Names the rules give in their view (`name`) are preferred wherever they exist."""
    return str(text or "").replace("_", " ").capitalize()


def _named(ident: str, names: tuple[str, ...]) -> str:
    """The data's name for an id, translatable ("curia" -> "Senate (Curia)", "persecution" -> "Persecution
    of Christians"), else the id readable."""
    from domain.games.sylla.names import name_of

    wanted = _title(ident).casefold()
    found = next((n for n in names if n.casefold() == wanted or f"({wanted})" in n.casefold()
                  or n.casefold().startswith(wanted + " ")), None)
    return name_of(found) if found else _title(ident)


def _work(work: str) -> str:
    from domain.games.sylla.names import GREAT_WORKS

    return _named(work, GREAT_WORKS)


def _event(event: str) -> str:
    from domain.games.sylla.names import EVENTS

    return _named(event, EVENTS)


def _amounts(values: dict, names: dict) -> str:
    """ "Ann 3, Bob Pass" / "Ann (Vestal 0, Legionary 2)": each seat's (or kind's) amount, a pass, or amounts."""
    def one(k, v):
        if isinstance(v, dict):
            return _("%(seat)s (%(name)s)", seat=names.get(k, k),
                     name=_amounts(v, {kind: TYPE_NAMES.get(kind, _title(kind)) for kind in v}))
        return _("%(item)s %(value)s", item=names.get(k, k), value=_("Pass") if v == "pass" else v)
    return comma_list(one(k, v) for k, v in values.items())


def _kind(kind: str) -> str:
    return KIND_NAMES.get(kind) or _title(kind)


def _type(kind: str) -> str:
    return TYPE_NAMES.get(kind) or _title(kind)


def _fit(text: str, size: int, width: float) -> str:
    """The rendered text, cut with … to about `width` units at font size `size`."""
    text = tr(text)
    most = max(3, int(width / (size * 0.56)))
    return text if len(text) <= most else text[:most - 1] + "…"


def render(view: dict) -> str:
    s = view["state"]
    names = {p["seat"]: p["name"] for p in view["game"]["players"]}
    viewer = (view.get("you") or {}).get("seat")
    notes = Notes()
    board = _Board(s, names, viewer, notes, Svg(W, 0, _("Sylla, round %(round)d of %(rounds)d, phase %(phase)s",
                                                           round=s["round"], rounds=s["rounds"],
                                                           phase=s.get("phase_number", ""))))
    board.header()
    board.tracks()
    board.events()
    board.buildings()
    board.display()
    board.great_works()
    shared = board.done()
    areas = _Board(s, names, viewer, notes, Svg(W, 0, _("The players' areas"), css_class="board-players"))
    for seat in s["seats"]:
        areas.player(seat)
    players = areas.done()
    return str(Markup('<div class="board-panels">{}{}</div>').format(Markup(shared), Markup(players))
               + legend(s, names) + notes.html(_("What each card, tile and marker means")))


class _Board:
    def __init__(self, s: dict, names: dict, viewer: str | None, notes: Notes, svg: Svg):
        self.s, self.names, self.viewer, self.notes, self.svg = s, names, viewer, notes, svg
        self.y = 0

    def __getattr__(self, name):  # rect, circle, polygon, text, add, title, link, end_link
        return getattr(self.svg, name)

    def done(self) -> str:
        height = self.y + 8
        self.svg.height = height
        self.svg.parts.insert(0, _rect_markup(W, height))
        self.svg.define(STRIPES)
        return self.svg.to_string()

    def heading(self, text: str) -> None:
        self.y += 22
        self.text(8, self.y, text, size=13, weight="bold", fill="#4a3520")
        self.y += 6

    def explained(self, title: str, *sentences: str) -> None:
        self.link(self.notes.add(title, *sentences), title)

    # ------------------------------------------------------------------------ shared board
    def header(self) -> None:
        s = self.s
        self.y = 22
        status = _("Game over") if s.get("finished") else PHASE_NAMES.get(s.get("phase_number"), _title(s.get("phase")))
        self.text(8, self.y, _("Round %(round)d of %(rounds)d", round=s["round"], rounds=s["rounds"]), size=16,
                  weight="bold")
        self.text(W - 8, self.y, _fit(status, 12, 170), size=12, anchor="end")
        fc = s.get("first_consul")
        if fc:
            self.y += 20
            name = self.names.get(fc, _title(fc))
            self.explained(_("First Consul: %(name)s", name=name),
                           _("The First Consul takes a free Res Publica token, recruits first, offers the first "
                             "building, collects income and places cubes first, breaks ties in phase V and opens "
                             "the next election."))
            self.circle(15, self.y - 4, 6, fill=seat_colour(fc))
            self.text(27, self.y, _fit(_("First Consul: %(name)s", name=name), 12, W - 40))
            self.end_link()

    def tracks(self) -> None:
        s = self.s
        self.heading(_("Res Publica"))
        crisis = set(s.get("crisis_zone") or [])
        cell, x0 = 38, 78
        for i in range(TRACK_CELLS):  # the spaces' values, once above the four rows
            self.text(x0 + i * cell + (cell - 3) / 2, self.y + 10, str(i), size=12, anchor="middle", fill="#5a4a2a")
        self.y += 14
        for kind in ("civic", "health", "leisure", "famine"):
            y = self.y + 2
            self.text(8, y + 17, _kind(kind), size=12)
            for i in range(TRACK_CELLS):
                red_zone = kind != "famine" and i in crisis
                self.rect(x0 + i * cell, y, cell - 3, 24, fill="#f5c6c0" if red_zone else "#fffaf0",
                          stroke="#9c8a6a", rx=3)
            value = s["tracks"].get(kind)
            if isinstance(value, int):
                pos = max(0, min(TRACK_CELLS - 1, value))
                cx, cy = x0 + pos * cell + (cell - 3) / 2, y + 12
                if kind == "famine":
                    self.explained(_("Famine marker at %(value)d", value=value),
                                   _("In phase VII each player loses this many prestige, minus 2 for each face-up "
                                     "Field they own. Food on the events in play moves it right in phase I."))
                else:
                    self.explained(_("%(track)s marker at %(value)d", track=_kind(kind), value=value),
                                   _("At the end of the game each %(track)s token is worth the marker's value.",
                                     track=_kind(kind)),
                                   _("While it stands in the shaded crisis zone, phase VII brings a crisis: the "
                                     "players with the most %(track)s tokens gain 3 prestige, those with the fewest "
                                     "lose 3.", track=_kind(kind)))
                self.polygon([(cx, cy - 11), (cx + 11, cy), (cx, cy + 11), (cx - 11, cy)],
                             fill=f"url(#syl-{kind})", stroke="#111", stroke_width=1.5)
                self.end_link()
            self.y += 28

    def events(self) -> None:
        s = self.s
        self.heading(_("Events (deck %(n)d)", n=s.get("event_deck_size", 0)))
        for ev in s.get("events") or []:
            cubes = [(seat, n) for seat, n in sorted((ev.get("cubes") or {}).items()) if n]
            y = self.y + 2
            h = 58 if cubes else 40
            name = ev.get("name") or tr(_("empty"))
            marks = []  # separate marks on the event, each a word of its own (a list, not a sentence)
            if ev.get("token"):
                marks.append(tr(_("%(kind)s token", kind=_kind(ev["token"]))))
            if ev.get("vestal"):
                marks.append(tr(_("vestal cubes")))
            if ev.get("legionary"):
                marks.append(tr(_("legionary cubes")))
            if ev.get("food"):
                marks.append(tr(_("food %(n)s", n=ev["food"])))
            if ev.get("permanent"):
                marks.append(tr(_("permanent")))
            if ev.get("id"):
                placed = ", ".join(tr(n_("%(name)s %(n)d cube", "%(name)s %(n)d cubes", n,
                                         name=self.names.get(seat, _title(seat)))) for seat, n in cubes)
                self.explained(_("Event %(slot)s: %(name)s", slot=ev["slot"], name=name),
                               _("In phase V players place vestal and legionary cubes on the events that accept "
                                 "them. The two events with the most cubes are avoided; the other two occur."),
                               _("Whoever has the most cubes on it takes a %(kind)s token.",
                                 kind=_kind(ev["token"])) if ev.get("token") else "",
                               _("Its food symbols move the Famine marker in phase I.") if ev.get("food") else "",
                               _("Cubes on it now: %(list)s.", list=placed) if cubes else "")
            self.rect(8, y, W - 16, h, fill="#fffaf0" if ev.get("id") else "#eee", stroke="#9c8a6a")
            self.text(14, y + 16, _fit(_("%(slot)s. %(name)s", slot=ev["slot"], name=name), 13, W - 30),
                      size=13, weight="bold")
            self.text(14, y + 33, _fit(" · ".join(marks), 12, W - 30), size=12, fill="#444")
            x = 14
            for seat, n in cubes:
                self.rect(x, y + 40, 13, 13, fill=seat_colour(seat), stroke="#222", rx=1)
                self.text(x + 16, y + 52, str(n), size=12, weight="bold")
                x += 40
            if ev.get("id"):
                self.end_link()
            self.y += h + 4
        step = s.get("step") or {}
        if "cubes_left" in step:
            left = _amounts(step["cubes_left"], self.names)
            self.text(8, self.y + 12, _fit(_("Cubes left: %(list)s", list=left), 12, W - 16), size=12, fill="#444")
            self.y += 16

    def buildings(self) -> None:
        s = self.s
        self.heading(_("Buildings for sale (stack %(n)d)", n=s.get("building_stack_size", 0)))
        w = (W - 16) / 6
        y = self.y + 2
        step = s.get("step") or {}
        for i, slot in enumerate(s.get("building_slots") or []):
            x = 8 + i * w
            active = step.get("slot") == slot.get("slot")
            tile = slot.get("tile")
            label = tr(TILE_SHORT.get(tile["type"], _title(tile["type"]))) if tile else "—"
            colour = COLOUR_NAMES.get(slot.get("colour"), _title(slot.get("colour")))
            if tile:
                self.explained(_("For sale: %(name)s", name=tile.get("name") or label),
                               TILE_HELP.get(tile["type"], ""),
                               _("It is auctioned in phase III: each bid point is one of your cards with a %(colour)s "
                                 "hex (or a Crane card), tilted to pay.", colour=colour))
            self.rect(x + 1, y, w - 4, 44, fill=SLOT_FILL.get(slot.get("colour"), "#eee"),
                      stroke="#222" if active else "#9c8a6a", stroke_width=3 if active else 1)
            self.text(x + 5, y + 14, str(slot.get("slot")), size=12, fill="#444")
            self.text(x + (w - 4) / 2 + 1, y + 34, _fit(label, 12, w - 6), size=12, anchor="middle",
                      weight="bold" if tile else None)
            if tile:
                self.end_link()
        self.y += 48
        if step.get("bids"):
            bids = _amounts(step["bids"], self.names)
            self.text(8, self.y + 12, _fit(_("Bids: %(list)s", list=bids), 12, W - 16), size=12, fill="#444")
            self.y += 16

    def card(self, x: float, y: float, card: dict) -> None:
        up = card.get("face_up", True)
        cx, cy = x + CARD_W / 2, y + CARD_H / 2
        transform = f"rotate(15 {cx} {cy})" if card.get("tilted") else None
        sentences = [TYPE_HELP.get(card.get("type"), "")]
        hexes = [COLOUR_NAMES.get(h, _title(h)) for h in card.get("hexes") or []]
        if up and hexes:
            sentences.append(_("Its hexes (%(colours)s) pay for buildings of those colours in phase III.",
                               colours=", ".join(tr(h) for h in hexes)))
        if card.get("christian"):
            sentences.append(_("Christian (✝): worth 2 prestige at the end of the game if face up; the Persecution "
                               "event targets it."))
        if card.get("tilted"):
            sentences.append(_("Tilted: used this round to pay for a building, so it has no ability until the round "
                               "ends."))
        if not up:
            sentences.append(_("Face down (%(by)s): it has no hexes and no ability while the event lasts.",
                               by=_event(card.get("disabled_by"))))
        self.explained(card_tip(card), *sentences)
        self.rect(x, y, CARD_W, CARD_H, fill=("#f0e4c8" if card.get("tilted") else "#fffdf6") if up else "#b7b2a8",
                  stroke="#6d5a3a", rx=3, transform=transform)
        self.text(cx, y + 18, TYPE_SHORT.get(card.get("type"), "?"), size=12, anchor="middle", weight="bold",
                  transform=transform)
        if card.get("christian"):
            self.text(cx, y + 33, "✝", size=12, anchor="middle", transform=transform)
        if up:
            for j, hexcol in enumerate(card.get("hexes") or []):
                self.circle(x + 9 + j * 9, y + 43, 3.8, fill=HEX_FILL.get(hexcol, "#999"), stroke="#333",
                            stroke_width=0.5, transform=transform)
        self.end_link()

    def cards_row(self, cards: list[dict], x0: float = 8) -> None:
        if not cards:
            return
        per_row = int((W - x0 - 8) // CARD_STEP)
        for i, c in enumerate(cards):
            if i and i % per_row == 0:
                self.y += CARD_H + 8
            self.card(x0 + (i % per_row) * CARD_STEP + 4, self.y + 6, c)
        self.y += CARD_H + 12

    def display(self) -> None:
        s = self.s
        self.heading(_("Recruitment (deck %(deck)d, cranes %(cranes)d)", deck=s.get("character_deck_size", 0),
                       cranes=s.get("crane_cards_left", 0)))
        cards = s.get("recruitment_display") or []
        if cards:
            self.cards_row(cards)
        else:
            self.text(8, self.y + 14, _("no characters on display"), size=12, fill="#555")
            self.y += 18

    def great_works(self) -> None:
        gw = self.s.get("great_works") or {}
        self.heading(_("Great Works (pile %(n)d)", n=gw.get("pile_size", 0)))
        y = self.y + 2
        half = (W - 16) / 2
        for i, (label, value) in enumerate(((_("Current"), gw.get("current")), (_("Next"), gw.get("next")))):
            x = 8 + i * half
            if value:
                self.explained(_("Great Work: %(name)s", name=_work(value)),
                               _("In phase VI each player votes thumb up (to build it) or thumb down (prestige from "
                                 "the plebs), with Senators and denarii.") if i == 0
                               else _("The Great Work of the next round."))
            self.rect(x, y, half - 6, 36, fill="#fffaf0" if value else "#eee", stroke="#9c8a6a")
            self.text(x + 6, y + 14, label, size=12, fill="#555")
            self.text(x + 6, y + 30, _fit(_work(value), 13, half - 16) if value else "—", size=13, weight="bold")
            if value:
                self.end_link()
        self.y += 40
        if gw.get("built"):
            built = _("Built: %(list)s", list=comma_list(_work(x) for x in gw["built"]))
            self.text(8, self.y + 12, _fit(built, 12, W - 16), size=12)
            self.y += 16

    # ------------------------------------------------------------------------ a player's area
    def player(self, seat: str) -> None:
        p = (self.s.get("players") or {}).get(seat)
        if not p:
            return
        self.y += 6
        top = self.y
        frame_at = len(self.svg.parts)
        name = self.names.get(seat, _title(seat))
        you = seat == self.viewer
        self.explained(_("%(name)s (you)", name=name) if you else name,
                       _("%(name)s plays %(colour)s: this disc, the frame of this area and the cubes of this colour "
                         "on the events are theirs.", name=name, colour=seat_name(seat)),
                       _("Prestige %(prestige)s: glory points; the most after round 5 wins.",
                         prestige=p.get("prestige")),
                       _("Income tile %(tile)s pays 3 denarii each round.", tile=p.get("income_tile") or "—"))
        self.circle(20, top + 15, 8, fill=seat_colour(seat), stroke="#222")
        head = _("%(name)s (you)", name=name) if you else name
        self.text(34, top + 20, _fit(head, 13, 200), size=13, weight="bold")
        self.end_link()
        self.text(W - 12, top + 20, _("prestige %(n)s", n=p.get("prestige")), size=12, anchor="end", weight="bold")
        self.y = top + 38
        line = _("income tile %(tile)s · First Consul", tile=p.get("income_tile") or "—") if p.get("first_consul") \
            else _("income tile %(tile)s", tile=p.get("income_tile") or "—")
        self.text(34, self.y, line, size=12, fill="#444")
        if "denarii" in p:
            tokens = p.get("tokens") or {}
            self.y += 17
            self.text(34, self.y, _("denarii %(denarii)s (only you see this)", denarii=p["denarii"]), size=12,
                      fill="#1d4e89")
            self.y += 17
            private = _("tokens: %(tokens)s", tokens=", ".join(f"{tr(_kind(k))} {v}" for k, v in tokens.items()))
            self.text(34, self.y, _fit(private, 12, W - 46), size=12, fill="#1d4e89")
        self.cards_row([*(p.get("cards") or []), *(p.get("cranes") or [])], 8)
        tiles = p.get("buildings") or []
        if tiles:
            x = 14
            for t in tiles:
                label = tr(TILE_SHORT.get(t["type"], _title(t["type"])))
                width = 12 + 7 * len(label)
                if x + width > W - 10:
                    x, self.y = 14, self.y + 26
                up = t.get("face_up", True)
                self.explained(t.get("name") or label, TILE_HELP.get(t["type"], ""),
                               "" if up else _("Face down (%(by)s): it does not work while the event lasts.",
                                               by=_event(t.get("disabled_by"))))
                self.rect(x, self.y, width, 22, fill="#efe4cf" if up else "#b7b2a8", stroke="#6d5a3a")
                self.text(x + 6, self.y + 16, label, size=12)
                self.end_link()
                x += width + 5
            self.y += 28
        # a frame in the seat's colour behind the player's area
        self.svg.parts.insert(frame_at, f'<rect x="4" y="{top}" width="{W - 8}" height="{self.y - top + 2}" '
                                        f'fill="none" stroke="{escape(seat_colour(seat))}" rx="6" stroke-width="3"/>')


def _rect_markup(width: int, height: int) -> str:
    return f'<rect x="0" y="0" width="{width}" height="{height}" fill="#f4ecdc" stroke="#b9a888" rx="8"/>'


def _swatch(inner: str) -> Markup:
    return Markup('<svg class="swatch" viewBox="0 0 28 28" width="28" height="28" aria-hidden="true">'
                  + inner + "</svg>")


def legend(s: dict, names: dict) -> Markup:
    """Every symbol and colour of the board, in HTML (readable at the page's text size)."""
    rows: list[tuple[Markup, str]] = []
    for seat in s.get("seats") or []:
        colour = escape(seat_colour(seat))
        rows.append((_swatch(f'<circle cx="9" cy="14" r="7" fill="{colour}" stroke="#222"/>'
                             f'<rect x="18" y="8" width="9" height="9" fill="{colour}" stroke="#222"/>'),
                     _("%(name)s: a disc marks the player, a square their cubes on an event.",
                       name=names.get(seat, _title(seat)))))
    for kind in ("civic", "health", "leisure", "famine"):
        fill = KIND_FILL[kind]
        diamond = (f'<pattern id="lg-{kind}" width="5" height="5" patternUnits="userSpaceOnUse" '
                   f'patternTransform="rotate(45)"><rect width="5" height="5" fill="{fill}"/>'
                   f'<rect width="2" height="5" fill="#fff" fill-opacity="0.5"/></pattern>'
                   f'<polygon points="14,2 26,14 14,26 2,14" fill="url(#lg-{kind})" stroke="#111"/>')
        rows.append((_swatch(diamond), _("Famine marker (striped diamond): the feeding level.") if kind == "famine"
                     else _("%(track)s marker (striped diamond): the value of a %(track)s token.", track=_kind(kind))))
    rows.append((_swatch('<rect x="2" y="6" width="24" height="16" fill="#f5c6c0" stroke="#9c8a6a"/>'),
                 _("Shaded space: the crisis zone of the Res Publica track.")))
    for colour in ("red", "yellow", "grey"):
        rows.append((_swatch(f'<rect x="2" y="4" width="24" height="20" fill="{SLOT_FILL[colour]}" stroke="#9c8a6a"/>'
                             f'<circle cx="14" cy="14" r="5" fill="{HEX_FILL[colour]}"/>'),
                     _("A %(colour)s building slot is paid with cards showing a %(colour)s hex (a dot on the card).",
                       colour=COLOUR_NAMES[colour])))
    rows.append((_swatch('<rect x="2" y="4" width="24" height="20" fill="#fffaf0" stroke="#222" stroke-width="3"/>'),
                 _("Thick outline: the building being auctioned now.")))
    rows.append((_swatch('<rect x="6" y="1" width="16" height="26" fill="#fffdf6" stroke="#6d5a3a"/>'),
                 _("Character card: SEN Senator, MER Merchant, LEG Legionary, VES Vestal, SLA Slave, CRN Crane "
                   "card; ✝ Christian.")))
    rows.append((_swatch('<rect x="6" y="1" width="16" height="26" fill="#f0e4c8" stroke="#6d5a3a" '
                         'transform="rotate(15 14 14)"/>'),
                 _("Tilted card: used this round.")))
    rows.append((_swatch('<rect x="6" y="1" width="16" height="26" fill="#b7b2a8" stroke="#6d5a3a"/>'),
                 _("Grey card or tile: face down, disabled by an event.")))
    items = Markup("").join(Markup('<li>{}<span>{}</span></li>').format(icon, tr(text)) for icon, text in rows)
    return (Markup('<details class="legend" open><summary>{}</summary><p class="muted">{}</p><ul>{}</ul></details>')
            .format(tr(_("Legend")), tr(_("Tap or click any card, tile or marker on the board to read what it means.")),
                    items))


def card_tip(card: dict) -> str:
    """A character card's name: its type, Christian or not, used (tilted) or face down (by what)."""
    name = _("%(type)s (Christian)", type=_type(card.get("type"))) if card.get("christian") else _type(card.get("type"))
    tilted, down = card.get("tilted"), not card.get("face_up", True)
    by = _event(card.get("disabled_by"))
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
        out.append((_("Tokens"), comma_list(_("%(item)s %(value)s", item=_kind(k), value=v)
                                            for k, v in p["tokens"].items())))
    sealed = p.get("sealed_choice") or (view.get("you") or {}).get("sealed_choice")
    if sealed:
        out.append((_("Your sealed choice"), sealed))
    return out
