"""High Card (the platform's test title): scores, round, cards in hand, cards on the table."""
from __future__ import annotations

from typing import Any

from domain.i18n import _, n_
from service.web.boards.svg import Svg
from service.web.render import seat_colour


def render(view: dict) -> str:
    s = view["state"]
    seats = [p["seat"] for p in view["game"]["players"]]
    names = {p["seat"]: p["name"] for p in view["game"]["players"]}
    top = max([30, *s["scores"].values()])
    height = 70 + 34 * len(seats) + 60
    svg = Svg(360, height, _("High Card, round %(round)d of %(rounds)d", round=s["round"], rounds=s["rounds"]))
    svg.rect(0, 0, 360, height, fill="#f6f1e7", stroke="#bba", rx=8)
    svg.text(12, 24, _("Round %(round)d of %(rounds)d", round=s["round"], rounds=s["rounds"]), size=15, weight="bold")
    svg.text(348, 24, _("Deck: %(n)d", n=s["deck_size"]), size=12, anchor="end")
    svg.text(12, 44, _("Step: play a card face down") if s["step"] == "play_card"
             else _("Step: winner draws or passes"), size=12)
    for i, seat in enumerate(seats):
        y = 62 + 34 * i
        score = s["scores"].get(seat, 0)
        svg.circle(20, y + 11, 8, fill=seat_colour(seat))
        svg.text(34, y + 15, f"{names.get(seat, seat)}", size=12)
        width = max(2, int(190 * score / top))
        svg.rect(150, y + 2, width, 18, fill=seat_colour(seat), stroke="none", rx=2)
        svg.text(150 + width + 6, y + 16, str(score), size=12, weight="bold")
        hand = s["hand_sizes"].get(seat, 0)
        if seat in (s.get("played") or []):
            in_hand = n_("%(n)d card in hand · played face down", "%(n)d cards in hand · played face down", hand)
        else:
            in_hand = n_("%(n)d card in hand", "%(n)d cards in hand", hand)
        svg.text(34, y + 29, in_hand, size=12, fill="#555")
    y = 70 + 34 * len(seats)
    last = s.get("last_round")
    if last:
        cards = ", ".join(f"{names.get(k, k)} {v}" for k, v in last["played"].items())
        svg.text(12, y + 14, _("Last round: %(cards)s", cards=cards), size=12)
        svg.text(12, y + 32, _("%(name)s won and rolled %(die)s.", name=names.get(last["winner"], last["winner"]),
                               die=last["die"]), size=12)
    if s.get("your_hand"):
        svg.text(12, y + 50, _("Your hand: %(cards)s", cards=", ".join(str(c) for c in s["your_hand"])), size=12,
                 weight="bold")
    return svg.to_string()


def private(view: dict) -> list[tuple[str, Any]]:
    out = []
    hand = view["state"].get("your_hand")
    if hand is not None:
        out.append((_("Your hand"), ", ".join(str(c) for c in hand) or _("empty")))
    sealed = (view.get("you") or {}).get("sealed_choice")
    if sealed:
        out.append((_("Played face down (sealed until everyone has played)"), sealed.replace("card-", "")))
    return out
