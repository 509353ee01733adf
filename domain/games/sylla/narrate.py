"""Narration: the notes an apply left in the state, worded for one viewer.

Visibility is decided here and only here (rule 12): a sealed choice is shown to its owner alone, token
kinds from a Private Temple or an Insula only when the table announces them, and no line ever states a
player's denarii or token totals.
"""
from __future__ import annotations

from typing import Any, Callable

from domain.rules import REFEREE  # the all-seeing viewer: the operator, and everybody after the end

from .consul import denarii, plural
from .data import GameData
from .events import item_label
from .setup import card_label


def and_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def token_list(kinds: list[str]) -> str:
    """['health', 'health'] -> '2 Health tokens'; ['civic', 'leisure'] -> '1 Civic and 1 Leisure token'."""
    counts = {k: kinds.count(k) for k in dict.fromkeys(kinds)}
    last = list(counts.values())[-1]
    return and_list([f"{n} {k.capitalize()}" for k, n in counts.items()]) + (" tokens" if last > 1 else " token")


class Teller:
    def __init__(self, D: GameData, state: dict, viewer: str | None):
        self.D, self.s, self.viewer = D, state, viewer

    def sees(self, seat: str) -> bool:
        """A seat's private facts are shown to that seat and to the referee ("*": operator, finished game)."""
        return self.viewer == seat or self.viewer == REFEREE

    def who(self, seat: str | None) -> str:
        return "You" if seat == self.viewer else (seat or "nobody").capitalize()

    def v(self, seat: str, you: str, other: str) -> str:
        """Pick the verb form: 'You bid' / 'Red bids'."""
        return f"{self.who(seat)} {you if seat == self.viewer else other}"

    def names(self, seats: list[str]) -> str:
        return and_list([self.who(s) for s in seats])

    def ev(self, ev: str | None) -> str:
        return self.D.event_name(ev) if ev else "nothing"

    def tile(self, tile: str) -> str:
        return self.D.tile_name(tile)

    def announce(self) -> bool:
        return bool(self.s["options"]["announce_token_kinds"])

    # ------------------------------------------------------------------------------------ notes
    def sealed(self, seat: str, what: str, cid: str) -> str:
        if not self.sees(seat):
            return {"start": f"{self.who(seat)} has chosen their starting characters.",
                    "work": f"{self.who(seat)} has committed to the Great Work.",
                    "free": f"{self.who(seat)} has decided about their slaves.",
                    "disable": f"{self.who(seat)} has chosen an item to turn face down."}[what]
        who = self.who(seat)
        if what == "start":
            return f"{who} {'choose' if seat == self.viewer else 'chooses'} starting characters in secret ({cid})."
        if what == "work":
            thumb, d = cid.split("-")
            return f"{who} {'commit' if seat == self.viewer else 'commits'} in secret: thumb {thumb} with {denarii(int(d))}."
        if what == "disable":
            item = self.D.card_lower.get(cid[8:]) or self.D.tile_lower[cid[8:]]
            return (f"{who} {'choose' if seat == self.viewer else 'chooses'} in secret to turn the "
                    f"{item_label(self.D, item)} face down.")
        return f"{who} {'decide' if seat == self.viewer else 'decides'} in secret to free {cid[5:]} slave(s)."

    def start_hand(self, seat: str, cards: list[str]) -> str:
        return f"{self.v(seat, 'start', 'starts')} with " + ", ".join(card_label(self.D, c) for c in cards) + "."

    def start_money(self, seat: str, amount: int) -> str:
        return f"{self.v(seat, 'take', 'takes')} {denarii(amount)} of starting money."

    def round(self, rnd: int, opener: str) -> str:
        return f"Round {rnd} begins. {self.v(opener, 'open', 'opens')} the election for First Consul."

    def consul_pass(self, seat: str) -> str:
        return f"{self.v(seat, 'pass', 'passes')} in the election."

    def consul_bid(self, seat: str, votes: int) -> str:
        return f"{self.v(seat, 'bid', 'bids')} {plural(votes, 'vote')} for First Consul."

    def consul_elected(self, seat: str, votes: int, used: int, paid: int) -> str:
        return (f"{self.v(seat, 'become', 'becomes')} First Consul for {plural(votes, 'vote')} "
                f"({plural(used, 'Senator')}, {denarii(paid)} paid).")

    def fc_token(self, seat: str, kind: str, n: int) -> str:
        return f"{self.v(seat, 'take', 'takes')} {n} {kind.capitalize()} token as First Consul."

    def hunger(self, food: int, moved: int, level: int) -> str:
        return f"The events in play show {plural(food, 'food symbol')}: the Famine marker moves to {level}."

    def recruit(self, seat: str, card: str) -> str:
        return f"{self.v(seat, 'recruit', 'recruits')} the {card_label(self.D, card)}."

    def leftovers(self, n: int) -> str:
        return f"The {plural(n, 'card')} left in the display go to the bottom of the character deck."

    def unsold_removed(self, tiles: list[str]) -> str:
        return "Unsold and removed from the game: " + ", ".join(self.tile(t) for t in tiles) + "."

    def offer(self, seat: str, tile: str, colour: str) -> str:
        return f"{self.v(seat, 'offer', 'offers')} the {self.tile(tile)} for sale in {colour}."

    def build_pass(self, seat: str) -> str:
        return f"{self.v(seat, 'pass', 'passes')}."

    def build_bid(self, seat: str, n: int) -> str:
        return f"{self.v(seat, 'bid', 'bids')} {n}."

    def unsold(self, tile: str) -> str:
        return f"Nobody bids: the {self.tile(tile)} is removed from the game."

    def build_won(self, seat: str, tile: str, n: int) -> str:
        return f"{self.v(seat, 'win', 'wins')} the {self.tile(tile)} for {plural(n, 'card')}."

    def tilt(self, seat: str, cards: list[str], left: int) -> str:
        more = f" ({left} more to tilt)" if left else ""
        return f"{self.v(seat, 'tilt', 'tilts')} {and_list([card_label(self.D, c) for c in cards])}{more}."

    def bought(self, seat: str, tile: str) -> str:
        return f"{self.v(seat, 'take', 'takes')} the {self.tile(tile)}."

    def insula(self, seat: str, kinds: list[str]) -> str:
        if self.sees(seat) or self.announce():
            return f"{self.v(seat, 'take', 'takes')} {token_list(kinds)} from the Insula."
        return f"{self.v(seat, 'take', 'takes')} {len(kinds)} Res Publica tokens from the Insula."

    def crane(self, seat: str, crane: str) -> str:
        return f"{self.v(seat, 'take', 'takes')} a Crane card (tilted until next round)."

    def prestige(self, seat: str, delta: int, source: str) -> str:
        return f"{self.v(seat, 'gain', 'gains')} {delta} prestige from {source}."

    def bank(self, seat: str, amount: int) -> str:
        return f"{self.v(seat, 'take', 'takes')} {denarii(amount)} from the Bank."

    def income(self, seat: str, total: int, base: int, merchants: int, markets: int) -> str:
        parts = [f"{base} income tile"]
        if merchants:
            parts.append(plural(merchants, "Merchant"))
        if markets:
            parts.append(plural(markets, "Market"))
        return f"{self.v(seat, 'take', 'takes')} {denarii(total)} of income ({', '.join(parts)})."

    def temple(self, seat: str, kind: str, cost: int) -> str:
        what = f"a {kind.capitalize()} token" if self.sees(seat) or self.announce() else "a Res Publica token"
        return f"{self.v(seat, 'use', 'uses')} a Private Temple: {denarii(cost)} for {what}."

    def tavern(self, seat: str, kind: str, moved: int, new: int) -> str:
        if not moved:
            return f"{self.v(seat, 'use', 'uses')} a Tavern to block the {kind.capitalize()} marker at {new}."
        way = "right" if moved > 0 else "left"
        return f"{self.v(seat, 'use', 'uses')} a Tavern: the {kind.capitalize()} marker moves {way} to {new}."

    def income_done(self, seat: str) -> str:
        return f"{self.v(seat, 'use', 'uses')} no more Temple or Tavern this round."

    def cubes(self, cubes: dict) -> str:
        parts = [f"{self.who(seat)} {v} vestal + {g} legionary" for seat, (v, g) in cubes.items() if v or g]
        return "Cubes this round: " + ("; ".join(parts) if parts else "none") + "."

    def cubes_unplaceable(self, seat: str) -> str:
        return f"{self.who(seat)} cannot place the remaining cubes on any event."

    def cube(self, seat: str, t: str, ev: str) -> str:
        return f"{self.v(seat, 'place', 'places')} a {t} cube on {self.ev(ev)}."

    def event_reward(self, ev: str, winners: list[str], kind: str | None, n: int) -> str:
        if kind:
            return f"Majority on {self.ev(ev)}: {self.names(winners)} {'take' if len(winners) > 1 or winners[0] == self.viewer else 'takes'} {n} {kind.capitalize()} token."
        return f"Majority on {self.ev(ev)}: {self.names(winners)} {'gain' if len(winners) > 1 or winners[0] == self.viewer else 'gains'} {n} prestige."

    def fc_avoids(self, seat: str, evs: list[str]) -> str:
        return f"{self.v(seat, 'choose', 'chooses')} to avoid " + " and ".join(self.ev(e) for e in evs) + "."

    def events_outcome(self, avoided: list[str], occur: list[str]) -> str:
        return (f"Avoided: {' and '.join(self.ev(e) for e in avoided) or 'none'}. "
                f"Occurring: {' and '.join(self.ev(e) for e in occur) or 'none'}.")

    def track_event(self, ev: str, track: str, moved: int, new: int) -> str:
        return f"{self.ev(ev)}: the {track.capitalize()} marker moves to {new}."

    def decadence(self, ev: str, moved: list[str], top: int) -> str:
        if not moved:
            return f"{self.ev(ev)}: every marker is at the far left; nothing moves."
        return f"{self.ev(ev)}: " + " and ".join(k.capitalize() for k in moved) + f" marker(s) move from {top} to {top - 1}."

    def lasting_again(self, ev: str) -> str:
        return f"{self.ev(ev)} occurs again, but only its first occurrence turns items face down."

    def lasting(self, ev: str, affected: list[str]) -> str:
        if not affected:
            return f"{self.ev(ev)} occurs, but nobody has an item it can turn face down."
        return f"{self.ev(ev)} occurs: {self.names(affected)} must turn an item face down."

    def disabled(self, seat: str, item: str, ev: str) -> str:
        return f"{self.v(seat, 'turn', 'turns')} the {item_label(self.D, item)} face down ({self.ev(ev)})."

    def event_removed(self, ev: str, back: list, kept: list, drawn: str | None) -> str:
        line = f"{self.ev(ev)} is removed from the game."
        for seat, item in back:
            line += f" {self.who(seat)}'s {item_label(self.D, item)} is face up again."
        for seat, item, cover in kept:
            line += f" {self.who(seat)}'s {item_label(self.D, item)} stays face down ({self.ev(cover)} is in play)."
        return line + (f" {self.ev(drawn)} is drawn into its place." if drawn else "")

    def work_placed(self, gw: str, nxt: str | None) -> str:
        after = f" Next round's Great Work: the {self.D.work_name(nxt)}." if nxt else ""
        return f"Great Work of the round: the {self.D.work_name(gw)}.{after}"

    def work_revealed(self, gw: str, commits: dict) -> str:
        parts = [f"{self.who(seat)} thumb {t}, {denarii(d)}, {plural(v, 'vote')}" for seat, (t, d, v) in commits.items()]
        return "Commitments revealed: " + "; ".join(parts) + "."

    def work_scored(self, gw: str, points: dict, track: list | None) -> str:
        parts = [f"{self.who(seat)} +{p}" for seat, p in points.items() if p]
        line = f"The {self.D.work_name(gw)} is built. Prestige: {', '.join(parts) if parts else 'nobody scores'}."
        if track:
            kind, total, moved, new = track
            line += f" Participants' votes: {total}; the {kind.capitalize()} marker " + (
                f"moves to {new}." if moved else "does not move.")
        return line

    def feeding(self, level: int, losses: dict) -> str:
        parts = [f"{self.who(seat)} -{actual}" for seat, (loss, actual, fields) in losses.items()]
        return f"Feeding at level {level}: " + ", ".join(parts) + "."

    def crisis(self, kind: str, counts: dict, changes: dict) -> str:
        shown = ", ".join(f"{self.who(seat)} {n}" for seat, n in counts.items())
        line = f"{kind.capitalize()} crisis! Tokens revealed: {shown}."
        if not changes:
            return line + " Everybody is tied: nothing happens."
        return line + " " + ", ".join(f"{self.who(seat)} {d:+d}" for seat, d in changes.items()) + " prestige."

    def round_end(self, rnd: int, cards: int, tiles: int) -> str:
        return (f"End of round {rnd}: {plural(cards, 'character')} and {plural(tiles, 'building')} are revealed; "
                "tilted cards stand upright again.")

    def christians(self, gains: dict) -> str:
        parts = [f"{self.who(seat)} +{g} ({n})" for seat, (n, g) in gains.items() if n]
        return "Ecclesia: face-up Christians score " + (", ".join(parts) if parts else "nothing") + "."

    def slaves_freed(self, freed: dict) -> str:
        parts = [f"{self.who(seat)} free{'' if seat == self.viewer else 's'} {k} (+{g})" for seat, (k, g) in freed.items()]
        return "Slaves freed: " + ", ".join(parts) + "."

    def final(self, final: dict, winners: list[str]) -> str:
        parts = [f"{self.who(seat)} +{f['points']}" for seat, f in final.items()]
        verb = "win" if len(winners) > 1 or winners[0] == self.viewer else "wins"
        return f"Res Publica tokens score: {', '.join(parts)}. {self.names(winners)} {verb} the game!"


def narrate(D: GameData, state: dict, viewer: str | None) -> list[str]:
    teller = Teller(D, state, viewer)
    lines = []
    for kind, *args in state["notes"]:
        render: Callable[..., Any] = getattr(teller, kind)
        lines.append(render(*args))
    return lines
