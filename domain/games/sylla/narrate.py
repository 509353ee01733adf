"""Narration: the notes an apply left in the state, worded for one viewer.

Visibility is decided here and only here (rule 12): a sealed choice is shown to its owner alone, token
kinds from a Private Temple or an Insula only when the table announces them, and no line ever states a
player's denarii or token totals.
"""
from __future__ import annotations

from typing import Any, Callable

from domain.i18n import _, join_sentences, n_
from domain.rules import REFEREE  # the all-seeing viewer: the operator, and everybody after the end

from .data import GameData
from .events import item_label
from .names import and_list, colour_name, comma_list, denarii, kind_name, name_of, seat_name, semicolon_list, votes
from .setup import card_label, hands_for

PRESTIGE_SOURCES = {"the Triumphal Arch": "Triumphal Arch", "the Statue": "Statue"}  # as noted by buildings.py


def token_list(kinds: list[str]) -> str:
    """['health', 'health'] -> '2 Health tokens'; ['civic', 'leisure'] -> '1 Civic token and 1 Leisure token'."""
    counts = {k: kinds.count(k) for k in dict.fromkeys(kinds)}
    return and_list([n_("%(n)d %(kind)s token", "%(n)d %(kind)s tokens", n, kind=kind_name(k)) for k, n in counts.items()])


class Teller:
    """Each note worded for the viewer: "You bid" to the seat that bid, "Red bids" to everybody else; every
    line is one translatable Message (or whole sentences side by side, `join_sentences`)."""

    def __init__(self, D: GameData, state: dict, viewer: str | None):
        self.D, self.s, self.viewer = D, state, viewer

    def sees(self, seat: str) -> bool:
        """A seat's private facts are shown to that seat and to the referee ("*": operator, finished game)."""
        return self.viewer == seat or self.viewer == REFEREE

    def you(self, seat: str | None) -> bool:
        return seat is not None and seat == self.viewer

    def who(self, seat: str | None) -> str:
        return _("You") if self.you(seat) else seat_name(seat)

    def names(self, seats: list[str]) -> str:
        return and_list([self.who(s) for s in seats])

    def ev(self, ev: str | None) -> str:
        return self.D.event_name(ev) if ev else _("nothing")

    def tile(self, tile: str) -> str:
        return self.D.tile_name(tile)

    def hand(self, seat: str, cid: str) -> str:
        """A starting hand's id ('sen-p.mer-c...') as the list of its characters."""
        _ids, members, cards = hands_for(self.s, self.D, seat)
        return comma_list(card_label(self.D, cards[i]) for i in members[cid]) if cid in members else cid

    def announce(self) -> bool:
        return bool(self.s["options"]["announce_token_kinds"])

    # ------------------------------------------------------------------------------------ notes
    def sealed(self, seat: str, what: str, cid: str) -> str:
        who = seat_name(seat)
        if not self.sees(seat):
            if what == "start":
                return _("%(seat)s has chosen their starting characters.", seat=who)
            if what == "work":
                return _("%(seat)s has committed to the Great Work.", seat=who)
            if what == "free":
                return _("%(seat)s has decided about their slaves.", seat=who)
            return _("%(seat)s has chosen an item to turn face down.", seat=who)
        you = self.you(seat)
        if what == "start":
            hand = self.hand(seat, cid)  # the characters' names, never the hand's id ("sen-p.mer-c...")
            if you:
                return _("You choose starting characters in secret (%(hand)s).", hand=hand)
            return _("%(seat)s chooses starting characters in secret (%(hand)s).", seat=who, hand=hand)
        if what == "work":
            thumb, d = cid.split("-")
            paid = denarii(int(d))
            if thumb == "up":
                if you:
                    return _("You commit in secret: thumb up with %(denarii)s.", denarii=paid)
                return _("%(seat)s commits in secret: thumb up with %(denarii)s.", seat=who, denarii=paid)
            if you:
                return _("You commit in secret: thumb down with %(denarii)s.", denarii=paid)
            return _("%(seat)s commits in secret: thumb down with %(denarii)s.", seat=who, denarii=paid)
        if what == "disable":
            item = item_label(self.D, self.D.card_lower.get(cid[8:]) or self.D.tile_lower[cid[8:]])
            if you:
                return _("You choose in secret to turn the %(item)s face down.", item=item)
            return _("%(seat)s chooses in secret to turn the %(item)s face down.", seat=who, item=item)
        k = int(cid[5:])
        if you:
            return n_("You decide in secret to free %(n)d slave.", "You decide in secret to free %(n)d slaves.", k)
        return n_("%(seat)s decides in secret to free %(n)d slave.", "%(seat)s decides in secret to free %(n)d slaves.",
                  k, seat=who)

    def start_hand(self, seat: str, cards: list[str]) -> str:
        hand = comma_list(card_label(self.D, c) for c in cards)
        if self.you(seat):
            return _("You start with %(cards)s.", cards=hand)
        return _("%(seat)s starts with %(cards)s.", seat=seat_name(seat), cards=hand)

    def start_money(self, seat: str, amount: int) -> str:
        if self.you(seat):
            return n_("You take %(n)d denarius of starting money.", "You take %(n)d denarii of starting money.", amount)
        return n_("%(seat)s takes %(n)d denarius of starting money.", "%(seat)s takes %(n)d denarii of starting money.",
                  amount, seat=seat_name(seat))

    def round(self, rnd: int, opener: str) -> str:
        if self.you(opener):
            opens = _("You open the election for First Consul.")
        else:
            opens = _("%(seat)s opens the election for First Consul.", seat=seat_name(opener))
        return join_sentences([_("Round %(round)d begins.", round=rnd), opens])

    def consul_pass(self, seat: str) -> str:
        if self.you(seat):
            return _("You pass in the election.")
        return _("%(seat)s passes in the election.", seat=seat_name(seat))

    def consul_bid(self, seat: str, n: int) -> str:
        if self.you(seat):
            return n_("You bid %(n)d vote for First Consul.", "You bid %(n)d votes for First Consul.", n)
        return n_("%(seat)s bids %(n)d vote for First Consul.", "%(seat)s bids %(n)d votes for First Consul.", n,
                  seat=seat_name(seat))

    def consul_elected(self, seat: str, n: int, used: int, paid: int) -> str:
        senators = n_("%(n)d Senator", "%(n)d Senators", used)
        if self.you(seat):
            return n_("You become First Consul for %(n)d vote (%(senators)s, %(denarii)s paid).",
                      "You become First Consul for %(n)d votes (%(senators)s, %(denarii)s paid).", n,
                      senators=senators, denarii=denarii(paid))
        return n_("%(seat)s becomes First Consul for %(n)d vote (%(senators)s, %(denarii)s paid).",
                  "%(seat)s becomes First Consul for %(n)d votes (%(senators)s, %(denarii)s paid).", n,
                  seat=seat_name(seat), senators=senators, denarii=denarii(paid))

    def fc_token(self, seat: str, kind: str, n: int) -> str:
        if self.you(seat):
            return n_("You take %(n)d %(kind)s token as First Consul.", "You take %(n)d %(kind)s tokens as First Consul.",
                      n, kind=kind_name(kind))
        return n_("%(seat)s takes %(n)d %(kind)s token as First Consul.",
                  "%(seat)s takes %(n)d %(kind)s tokens as First Consul.", n, seat=seat_name(seat), kind=kind_name(kind))

    def hunger(self, food: int, moved: int, level: int) -> str:
        return n_("The events in play show %(n)d food symbol: the Famine marker moves to %(level)d.",
                  "The events in play show %(n)d food symbols: the Famine marker moves to %(level)d.", food, level=level)

    def recruit(self, seat: str, card: str) -> str:
        if self.you(seat):
            return _("You recruit the %(card)s.", card=card_label(self.D, card))
        return _("%(seat)s recruits the %(card)s.", seat=seat_name(seat), card=card_label(self.D, card))

    def leftovers(self, n: int) -> str:
        return n_("The %(n)d card left in the display goes to the bottom of the character deck.",
                  "The %(n)d cards left in the display go to the bottom of the character deck.", n)

    def unsold_removed(self, tiles: list[str]) -> str:
        return _("Unsold and removed from the game: %(buildings)s.", buildings=comma_list(self.tile(t) for t in tiles))

    def offer(self, seat: str, tile: str, colour: str) -> str:
        building, colour = self.tile(tile), colour_name(colour)
        if self.you(seat):
            return _("You offer the %(building)s for sale in %(colour)s.", building=building, colour=colour)
        return _("%(seat)s offers the %(building)s for sale in %(colour)s.", seat=seat_name(seat), building=building,
                 colour=colour)

    def build_pass(self, seat: str) -> str:
        if self.you(seat):
            return _("You pass.")
        return _("%(seat)s passes.", seat=seat_name(seat))

    def build_bid(self, seat: str, n: int) -> str:
        if self.you(seat):
            return _("You bid %(n)d.", n=n)
        return _("%(seat)s bids %(n)d.", seat=seat_name(seat), n=n)

    def unsold(self, tile: str) -> str:
        return _("Nobody bids: the %(building)s is removed from the game.", building=self.tile(tile))

    def build_won(self, seat: str, tile: str, n: int) -> str:
        if self.you(seat):
            return n_("You win the %(building)s for %(n)d card.", "You win the %(building)s for %(n)d cards.", n,
                      building=self.tile(tile))
        return n_("%(seat)s wins the %(building)s for %(n)d card.", "%(seat)s wins the %(building)s for %(n)d cards.", n,
                  seat=seat_name(seat), building=self.tile(tile))

    def tilt(self, seat: str, cards: list[str], left: int) -> str:
        tilted = and_list([card_label(self.D, c) for c in cards])
        if self.you(seat):
            if left:
                return n_("You tilt %(cards)s (%(n)d more to tilt).", "You tilt %(cards)s (%(n)d more to tilt).", left,
                          cards=tilted)
            return _("You tilt %(cards)s.", cards=tilted)
        if left:
            return n_("%(seat)s tilts %(cards)s (%(n)d more to tilt).", "%(seat)s tilts %(cards)s (%(n)d more to tilt).",
                      left, seat=seat_name(seat), cards=tilted)
        return _("%(seat)s tilts %(cards)s.", seat=seat_name(seat), cards=tilted)

    def bought(self, seat: str, tile: str) -> str:
        if self.you(seat):
            return _("You take the %(building)s.", building=self.tile(tile))
        return _("%(seat)s takes the %(building)s.", seat=seat_name(seat), building=self.tile(tile))

    def insula(self, seat: str, kinds: list[str]) -> str:
        if self.sees(seat) or self.announce():
            if self.you(seat):
                return _("You take %(tokens)s from the Insula.", tokens=token_list(kinds))
            return _("%(seat)s takes %(tokens)s from the Insula.", seat=seat_name(seat), tokens=token_list(kinds))
        if self.you(seat):  # (never: a seat sees its own tokens)
            return n_("You take %(n)d Res Publica token from the Insula.",
                      "You take %(n)d Res Publica tokens from the Insula.", len(kinds))
        return n_("%(seat)s takes %(n)d Res Publica token from the Insula.",
                  "%(seat)s takes %(n)d Res Publica tokens from the Insula.", len(kinds), seat=seat_name(seat))

    def crane(self, seat: str, crane: str) -> str:
        if self.you(seat):
            return _("You take a Crane card (tilted until next round).")
        return _("%(seat)s takes a Crane card (tilted until next round).", seat=seat_name(seat))

    def prestige(self, seat: str, delta: int, source: str) -> str:
        building = name_of(PRESTIGE_SOURCES.get(source, source))
        if self.you(seat):
            return n_("You gain %(n)d prestige from the %(building)s.", "You gain %(n)d prestige from the %(building)s.",
                      delta, building=building)
        return n_("%(seat)s gains %(n)d prestige from the %(building)s.",
                  "%(seat)s gains %(n)d prestige from the %(building)s.", delta, seat=seat_name(seat), building=building)

    def bank(self, seat: str, amount: int) -> str:
        if self.you(seat):
            return n_("You take %(n)d denarius from the Bank.", "You take %(n)d denarii from the Bank.", amount)
        return n_("%(seat)s takes %(n)d denarius from the Bank.", "%(seat)s takes %(n)d denarii from the Bank.", amount,
                  seat=seat_name(seat))

    def income(self, seat: str, total: int, base: int, merchants: int, markets: int) -> str:
        parts = [_("%(n)d income tile", n=base)]
        if merchants:
            parts.append(n_("%(n)d Merchant", "%(n)d Merchants", merchants))
        if markets:
            parts.append(n_("%(n)d Market", "%(n)d Markets", markets))
        sources = comma_list(parts)
        if self.you(seat):
            return n_("You take %(n)d denarius of income (%(sources)s).", "You take %(n)d denarii of income (%(sources)s).",
                      total, sources=sources)
        return n_("%(seat)s takes %(n)d denarius of income (%(sources)s).",
                  "%(seat)s takes %(n)d denarii of income (%(sources)s).", total, seat=seat_name(seat), sources=sources)

    def temple(self, seat: str, kind: str, cost: int) -> str:
        paid = denarii(cost)
        if self.sees(seat) or self.announce():
            if self.you(seat):
                return _("You use a Private Temple: %(denarii)s for a %(kind)s token.", denarii=paid, kind=kind_name(kind))
            return _("%(seat)s uses a Private Temple: %(denarii)s for a %(kind)s token.", seat=seat_name(seat),
                     denarii=paid, kind=kind_name(kind))
        if self.you(seat):  # (never: a seat sees its own tokens)
            return _("You use a Private Temple: %(denarii)s for a Res Publica token.", denarii=paid)
        return _("%(seat)s uses a Private Temple: %(denarii)s for a Res Publica token.", seat=seat_name(seat), denarii=paid)

    def tavern(self, seat: str, kind: str, moved: int, new: int) -> str:
        you, who, marker = self.you(seat), seat_name(seat), kind_name(kind)
        if not moved:
            if you:
                return _("You use a Tavern to block the %(kind)s marker at %(new)d.", kind=marker, new=new)
            return _("%(seat)s uses a Tavern to block the %(kind)s marker at %(new)d.", seat=who, kind=marker, new=new)
        if moved > 0:
            if you:
                return _("You use a Tavern: the %(kind)s marker moves right to %(new)d.", kind=marker, new=new)
            return _("%(seat)s uses a Tavern: the %(kind)s marker moves right to %(new)d.", seat=who, kind=marker, new=new)
        if you:
            return _("You use a Tavern: the %(kind)s marker moves left to %(new)d.", kind=marker, new=new)
        return _("%(seat)s uses a Tavern: the %(kind)s marker moves left to %(new)d.", seat=who, kind=marker, new=new)

    def income_done(self, seat: str) -> str:
        if self.you(seat):
            return _("You use no more Temple or Tavern this round.")
        return _("%(seat)s uses no more Temple or Tavern this round.", seat=seat_name(seat))

    def cubes(self, cubes: dict) -> str:
        parts = [_("%(seat)s %(vestal)d vestal + %(legionary)d legionary", seat=self.who(seat), vestal=v, legionary=g)
                 for seat, (v, g) in cubes.items() if v or g]
        if not parts:
            return _("Cubes this round: none.")
        return _("Cubes this round: %(cubes)s.", cubes=semicolon_list(parts))

    def cubes_unplaceable(self, seat: str) -> str:
        if self.you(seat):
            return _("You cannot place the remaining cubes on any event.")
        return _("%(seat)s cannot place the remaining cubes on any event.", seat=seat_name(seat))

    def cube(self, seat: str, t: str, ev: str) -> str:
        you, who, event = self.you(seat), seat_name(seat), self.ev(ev)
        if t == "vestal":
            if you:
                return _("You place a vestal cube on %(event)s.", event=event)
            return _("%(seat)s places a vestal cube on %(event)s.", seat=who, event=event)
        if you:
            return _("You place a legionary cube on %(event)s.", event=event)
        return _("%(seat)s places a legionary cube on %(event)s.", seat=who, event=event)

    def event_reward(self, ev: str, winners: list[str], kind: str | None, n: int) -> str:
        event = self.ev(ev)
        if kind:
            if len(winners) > 1:
                return n_("Majority on %(event)s: %(seats)s take %(n)d %(kind)s token.",
                          "Majority on %(event)s: %(seats)s take %(n)d %(kind)s tokens.", n,
                          event=event, seats=self.names(winners), kind=kind_name(kind))
            if self.you(winners[0]):
                return n_("Majority on %(event)s: You take %(n)d %(kind)s token.",
                          "Majority on %(event)s: You take %(n)d %(kind)s tokens.", n, event=event, kind=kind_name(kind))
            return n_("Majority on %(event)s: %(seat)s takes %(n)d %(kind)s token.",
                      "Majority on %(event)s: %(seat)s takes %(n)d %(kind)s tokens.", n,
                      event=event, seat=seat_name(winners[0]), kind=kind_name(kind))
        if len(winners) > 1:
            return n_("Majority on %(event)s: %(seats)s gain %(n)d prestige.",
                      "Majority on %(event)s: %(seats)s gain %(n)d prestige.", n, event=event, seats=self.names(winners))
        if self.you(winners[0]):
            return n_("Majority on %(event)s: You gain %(n)d prestige.",
                      "Majority on %(event)s: You gain %(n)d prestige.", n, event=event)
        return n_("Majority on %(event)s: %(seat)s gains %(n)d prestige.",
                  "Majority on %(event)s: %(seat)s gains %(n)d prestige.", n, event=event, seat=seat_name(winners[0]))

    def fc_avoids(self, seat: str, evs: list[str]) -> str:
        events = and_list([self.ev(e) for e in evs])
        if self.you(seat):
            return _("You choose to avoid %(events)s.", events=events)
        return _("%(seat)s chooses to avoid %(events)s.", seat=seat_name(seat), events=events)

    def events_outcome(self, avoided: list[str], occur: list[str]) -> str:
        if avoided:
            first = _("Avoided: %(events)s.", events=and_list([self.ev(e) for e in avoided]))
        else:
            first = _("Avoided: none.")
        if occur:
            second = _("Occurring: %(events)s.", events=and_list([self.ev(e) for e in occur]))
        else:
            second = _("Occurring: none.")
        return join_sentences([first, second])

    def track_event(self, ev: str, track: str, moved: int, new: int) -> str:
        return _("%(event)s: the %(marker)s marker moves to %(new)d.", event=self.ev(ev), marker=kind_name(track), new=new)

    def decadence(self, ev: str, moved: list[str], top: int) -> str:
        if not moved:
            return _("%(event)s: every marker is at the far left; nothing moves.", event=self.ev(ev))
        return n_("%(event)s: %(markers)s marker moves from %(top)d to %(next)d.",
                  "%(event)s: %(markers)s markers move from %(top)d to %(next)d.", len(moved),
                  event=self.ev(ev), markers=and_list([kind_name(k) for k in moved]), top=top, next=top - 1)

    def lasting_again(self, ev: str) -> str:
        return _("%(event)s occurs again, but only its first occurrence turns items face down.", event=self.ev(ev))

    def lasting(self, ev: str, affected: list[str]) -> str:
        if not affected:
            return _("%(event)s occurs, but nobody has an item it can turn face down.", event=self.ev(ev))
        return _("%(event)s occurs: %(seats)s must turn an item face down.", event=self.ev(ev), seats=self.names(affected))

    def disabled(self, seat: str, item: str, ev: str) -> str:
        label = item_label(self.D, item)
        if self.you(seat):
            return _("You turn the %(item)s face down (%(event)s).", item=label, event=self.ev(ev))
        return _("%(seat)s turns the %(item)s face down (%(event)s).", seat=seat_name(seat), item=label, event=self.ev(ev))

    def event_removed(self, ev: str, back: list, kept: list, drawn: str | None) -> str:
        lines = [_("%(event)s is removed from the game.", event=self.ev(ev))]
        for seat, item in back:
            label = item_label(self.D, item)
            if self.you(seat):
                lines.append(_("Your %(item)s is face up again.", item=label))
            else:
                lines.append(_("%(seat)s's %(item)s is face up again.", seat=seat_name(seat), item=label))
        for seat, item, cover in kept:
            label = item_label(self.D, item)
            if self.you(seat):
                lines.append(_("Your %(item)s stays face down (%(event)s is in play).", item=label, event=self.ev(cover)))
            else:
                lines.append(_("%(seat)s's %(item)s stays face down (%(event)s is in play).", seat=seat_name(seat),
                               item=label, event=self.ev(cover)))
        if drawn:
            lines.append(_("%(event)s is drawn into its place.", event=self.ev(drawn)))
        return join_sentences(lines)

    def work_placed(self, gw: str, nxt: str | None) -> str:
        lines = [_("Great Work of the round: the %(work)s.", work=self.D.work_name(gw))]
        if nxt:
            lines.append(_("Next round's Great Work: the %(work)s.", work=self.D.work_name(nxt)))
        return join_sentences(lines)

    def work_revealed(self, gw: str, commits: dict) -> str:
        parts = []
        for seat, (t, d, v) in commits.items():
            if t == "up":
                parts.append(_("%(seat)s thumb up, %(denarii)s, %(votes)s", seat=self.who(seat), denarii=denarii(d),
                               votes=votes(v)))
            else:
                parts.append(_("%(seat)s thumb down, %(denarii)s, %(votes)s", seat=self.who(seat), denarii=denarii(d),
                               votes=votes(v)))
        return _("Commitments revealed: %(commitments)s.", commitments=semicolon_list(parts))

    def work_scored(self, gw: str, points: dict, track: list | None) -> str:
        parts = [_("%(seat)s +%(n)d", seat=self.who(seat), n=p) for seat, p in points.items() if p]
        if parts:
            lines = [_("The %(work)s is built. Prestige: %(points)s.", work=self.D.work_name(gw), points=comma_list(parts))]
        else:
            lines = [_("The %(work)s is built. Prestige: nobody scores.", work=self.D.work_name(gw))]
        if track:
            kind, total, moved, new = track
            if moved:
                lines.append(_("Participants' votes: %(votes)d; the %(marker)s marker moves to %(new)d.",
                               votes=total, marker=kind_name(kind), new=new))
            else:
                lines.append(_("Participants' votes: %(votes)d; the %(marker)s marker does not move.",
                               votes=total, marker=kind_name(kind)))
        return join_sentences(lines)

    def feeding(self, level: int, losses: dict) -> str:
        parts = [_("%(seat)s -%(n)d", seat=self.who(seat), n=actual) for seat, (loss, actual, fields) in losses.items()]
        return _("Feeding at level %(level)d: %(losses)s.", level=level, losses=comma_list(parts))

    def crisis(self, kind: str, counts: dict, changes: dict) -> str:
        shown = comma_list(_("%(seat)s %(n)d", seat=self.who(seat), n=n) for seat, n in counts.items())
        lines = [_("%(kind)s crisis!", kind=kind_name(kind)), _("Tokens revealed: %(counts)s.", counts=shown)]
        if not changes:
            lines.append(_("Everybody is tied: nothing happens."))
        else:
            shifts = comma_list([_("%(seat)s %(delta)+d", seat=self.who(seat), delta=d) for seat, d in changes.items()])
            lines.append(_("%(changes)s prestige.", changes=shifts))
        return join_sentences(lines)

    def round_end(self, rnd: int, cards: int, tiles: int) -> str:
        characters = n_("%(n)d character", "%(n)d characters", cards)
        buildings = n_("%(n)d building", "%(n)d buildings", tiles)
        return _("End of round %(round)d: %(characters)s and %(buildings)s are revealed; tilted cards stand upright again.",
                 round=rnd, characters=characters, buildings=buildings)

    def christians(self, gains: dict) -> str:
        parts = [_("%(seat)s +%(prestige)d (%(n)d)", seat=self.who(seat), prestige=g, n=n)
                 for seat, (n, g) in gains.items() if n]
        if not parts:
            return _("Ecclesia: face-up Christians score nothing.")
        return _("Ecclesia: face-up Christians score %(points)s.", points=comma_list(parts))

    def slaves_freed(self, freed: dict) -> str:
        parts = [_("You free %(n)d (+%(prestige)d)", n=k, prestige=g) if self.you(seat)
                 else _("%(seat)s frees %(n)d (+%(prestige)d)", seat=seat_name(seat), n=k, prestige=g)
                 for seat, (k, g) in freed.items()]
        return _("Slaves freed: %(freed)s.", freed=comma_list(parts))

    def final(self, final: dict, winners: list[str]) -> str:
        parts = comma_list(_("%(seat)s +%(n)d", seat=self.who(seat), n=f["points"]) for seat, f in final.items())
        if len(winners) > 1:
            won = _("%(seats)s win the game!", seats=self.names(winners))
        elif self.you(winners[0]):
            won = _("You win the game!")
        else:
            won = _("%(seat)s wins the game!", seat=seat_name(winners[0]))
        return join_sentences([_("Res Publica tokens score: %(points)s.", points=parts), won])


def narrate(D: GameData, state: dict, viewer: str | None) -> list[str]:
    teller = Teller(D, state, viewer)
    lines = []
    for kind, *args in state["notes"]:
        render: Callable[..., Any] = getattr(teller, kind)
        lines.append(render(*args))
    return lines
