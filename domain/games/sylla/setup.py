"""Rule 4: setting up the board, and the secret simultaneous choice of starting characters (D1)."""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from random import Random
from typing import Any, Sequence

from domain.i18n import _, n_

from .data import CHAR_TYPES, KINDS, GameData, data_key
from .machine import Step, goto, state
from .names import comma_list
from .state import bump, note


def empty_state(seats: Sequence[str], opts: dict, D: GameData) -> dict:
    """Every key of a state, with the board not yet laid out."""
    stored = {k: v for k, v in opts.items() if k != "scenario"}
    return {
        "game": "sylla", "seats": list(seats), "round": 1, "phase": "", "seq": 0, "fc": None,
        "options": stored, "dkey": data_key(opts),
        "players": {seat: {"prestige": D.start_prestige, "denarii": 0, "tokens": {k: 0 for k in KINDS},
                           "income_tile": None, "set": None, "cards": [], "tiles": [], "cranes": []}
                    for seat in seats},
        "tilted": {}, "down": {},
        "tracks": {**{k: D.rp_start for k in KINDS}, "famine": D.famine_start},
        "char_deck": [], "display": [], "chars_out": [],
        "stack": [], "slots": [None] * len(D.slot_colours), "tiles_out": [], "cranes": list(D.crane_ids),
        "events": [], "event_deck": [], "events_out": [], "flips": {}, "cubes": [],
        "gw_pile": [], "gw_current": None, "gw_built": [], "gw_removed": [],
        "ctx": {}, "sealed": {}, "ledger": {seat: {"start": D.start_prestige} for seat in seats},
        "public": {}, "notes": [], "finished": False,
    }


def event_column(s: dict, D: GameData, dealt: list[str]) -> list:
    """Rule 4.1.3: Decadence sits in slot 4 under the three dealt events (option: on top, 14.38)."""
    if s["options"]["decadence_slot"] == "top":
        return list(D.permanent) + dealt
    return dealt + list(D.permanent)


def stack_buildings(D: GameData, rng: Random, tiles: list[str]) -> list[str]:
    """Rule 4.1.2: each letter shuffled separately; A on top of B on top of C."""
    stack: list[str] = []
    for letter in D.stack_letters:
        pile = [t for t in tiles if D.tile_stack[t] == letter]
        rng.shuffle(pile)
        stack += pile
    return stack


def reveal_buildings(s: dict) -> None:
    """Rule 4.1.2 / 5.8.2: fill the empty building slots from the top of the stack."""
    slots = s["slots"]
    s["stack"] = list(s["stack"])  # decks are shared between states until changed (state.clone)
    for i, tile in enumerate(slots):
        if tile is None and s["stack"]:
            slots[i] = s["stack"].pop(0)


def reveal_display(s: dict, D: GameData) -> None:
    """Rule 4.1.8 / 5.8.1: reveal the recruitment display (5 cards with 3 players)."""
    size = D.per_player[len(s["seats"])]["recruit_display"]
    s["char_deck"] = list(s["char_deck"])  # decks are shared between states until changed (state.clone)
    while len(s["display"]) < size and s["char_deck"]:
        s["display"].append(s["char_deck"].pop(0))


def deal_income_tiles(s: dict, D: GameData, rng: Random) -> None:
    """Rule 4.1.6 / 4.2: one income tile per player at random; the holder of tile I opens round 1."""
    n = len(s["seats"])
    tiles = list(D.income_order)
    if n < len(tiles):
        tiles = rng.sample(tiles, n) if s["options"]["three_player_income_tiles"] == "random" else tiles[:n]
    tiles.sort(key=D.income_order.index)
    opener_tile = next((t for t in tiles if D.income_tiles[t]["first_consul_at_start"]), tiles[0])
    rng.shuffle(tiles)
    for seat, tile in zip(s["seats"], tiles):
        p = s["players"][seat]
        p["income_tile"], p["set"] = tile, D.income_tiles[tile]["character_set"]
        if tile == opener_tile:
            s["fc"] = seat


def random_setup(s: dict, D: GameData, rng: Random) -> None:
    """Rule 4.1 steps 1-7 (Ecclesia is never in the pile: it is resolved at the end)."""
    s["stack"] = stack_buildings(D, rng, list(D.tile_type))
    reveal_buildings(s)
    others = [e for e in D.event_order if e not in D.permanent]
    rng.shuffle(others)
    in_play = D.const["events_in_play"] - len(D.permanent)
    s["events"] = event_column(s, D, others[:in_play])
    s["event_deck"] = others[in_play:]
    s["cubes"] = [{} for _ev in s["events"]]
    works = list(D.buildable_works)
    rng.shuffle(works)
    k = D.const["great_works_removed_at_setup"]
    s["gw_removed"], s["gw_pile"] = works[:k], works[k:]
    deal_income_tiles(s, D, rng)
    dealt_sets = {p["set"] for p in s["players"].values()}
    unused = [c for cset, ids in D.sets.items() if cset not in dealt_sets for c in ids]
    s["char_deck" if s["options"]["three_player_unused_set"] == "deck" else "chars_out"] = unused
    goto(s, D, "choose_starting_characters", rng)


def finish_setup(s: dict, D: GameData, rng: Random) -> None:
    """Rule 4.1 steps 8-10: the character deck, the display, starting money; round 1 begins."""
    pool = list(s["char_deck"])
    for seat in s["seats"]:
        p = s["players"][seat]
        pool += [c for c in D.sets[p["set"]] if c not in p["cards"]]
        merchants = sum(1 for c in p["cards"] if D.cards[c].type == "merchant")
        p["denarii"] = D.const["starting_denarii_base"] + D.const["starting_denarii_per_merchant"] * merchants
        note(s, "start_money", seat, p["denarii"])
    rng.shuffle(pool)
    s["char_deck"] = pool
    reveal_display(s, D)
    goto(s, D, "first_consul_bidding", rng)


# ------------------------------------------------------------------------- D1 starting characters
def card_code(cid: str, cset: str) -> str:
    prefix = cset + "-"
    return (cid[len(prefix):] if cid.startswith(prefix) else cid).lower()


def card_label(D: GameData, cid: str) -> str:
    return D.card_labels[cid]


_CHOICES: dict[tuple, tuple] = {}


def hand_choices(s: dict, D: GameData, seat: str) -> tuple:
    """The Choice tuple for a seat's starting hands, built once per set and data."""
    from domain.rules import Choice

    cset = s["players"][seat]["set"]
    key = (s["dkey"], cset, len(s["seats"]))
    found = _CHOICES.get(key)
    if found is None:
        ids, members, cards = hands_for(s, D, seat)
        found = _CHOICES[key] = tuple(
            Choice(h, comma_list(card_label(D, cards[i]) for i in members[h])) for h in ids)
    return found


@lru_cache(maxsize=64)
def _hands(codes: tuple[str, ...], k: int) -> tuple[tuple[str, ...], dict]:
    """Every k-card hand of a set, as choice ids ('sen-p.mer-c...') in set order."""
    ids, members = [], {}
    for combo in combinations(range(len(codes)), k):
        cid = ".".join(codes[i] for i in combo)
        ids.append(cid)
        members[cid] = combo
    return tuple(ids), members


_HANDS: dict[tuple, tuple] = {}


def hands_for(s: dict, D: GameData, seat: str) -> tuple[tuple[str, ...], dict, list[str]]:
    """(hand ids, members of each hand, the set's cards) for a seat's starting choice (cached)."""
    cset = s["players"][seat]["set"]
    key = (s["dkey"], cset, len(s["seats"]))
    found = _HANDS.get(key)
    if found is None:
        cards = D.sets[cset]
        k = D.per_player[len(s["seats"])]["starting_characters"]
        ids, members = _hands(tuple(card_code(c, cset) for c in cards), min(k, len(cards)))
        found = _HANDS[key] = (ids, members, cards)
    return found


_FORMS: dict[tuple, Any] = {}


def default_hand(D: GameData, members: dict, cards: list[str], ids: Sequence[str]) -> str:
    """What a timeout plays: the first hand with the most different character types."""
    return max(ids, key=lambda h: len({D.cards[cards[i]].type for i in members[h]}))


def hand_form(s: dict, D: GameData, seat: str):
    """The opening choice as a form: k of the seat's set, ticked by number (`characters: 1 3 4 6 7 9`).
    Option values are the card codes of the old hand ids, so an answer maps to its old id and back."""
    from domain import forms

    cset = s["players"][seat]["set"]
    key = (s["dkey"], cset, len(s["seats"]))
    found = _FORMS.get(key)
    if found is None:
        ids, members, cards = hands_for(s, D, seat)
        k = len(members[ids[0]])
        field = forms.SomeOf("characters", _("Characters"),
                             tuple(forms.Option(card_code(c, cset), card_label(D, c)) for c in cards), k, k)
        default = hand_answer(default_hand(D, members, cards, ids))
        found = _FORMS[key] = forms.Form((field,), default)
    return found


def hand_answer(cid: str) -> str:
    """Compatibility reading: an old hand id ('sen-p.mer-c...') as the form's canonical answer."""
    from domain import forms

    return forms.encode({"characters": cid.split(".")})


def hand_id(values: dict) -> str:
    """The old hand id of a (checked) answer: the codes in set order, joined by dots."""
    return ".".join(values["characters"])


@state
class ChooseStartingCharacters(Step):
    name = "choose_starting_characters"
    short = "start"
    kind = "choose_starting_characters"
    forced_public = True  # the choices follow from public facts only
    waiting = _("to choose their starting characters")
    secret = True

    def legal(self, s: dict, D: Any) -> dict[str, list[str]]:
        return {seat: hands_for(s, D, seat)[0] for seat in s["seats"] if seat not in s["sealed"]}

    def text(self, s: dict, D: Any, seat: str) -> str:
        k = D.per_player[len(s["seats"])]["starting_characters"]
        return n_("Choose your %(n)d starting character from set %(set)s (secret; revealed when everybody has chosen).",
                  "Choose your %(n)d starting characters from set %(set)s "
                  "(secret; revealed when everybody has chosen).", k, set=s["players"][seat]["set"])

    def choices(self, s: dict, D: Any, seat: str) -> tuple:
        """The old numbered choices (one per hand): the compatibility reading of recorded games."""
        return hand_choices(s, D, seat)

    def form(self, s: dict, D: Any, seat: str):
        return hand_form(s, D, seat)

    def from_answer(self, s: dict, D: Any, seat: str, values: dict) -> str:
        return hand_id(values)

    def to_answer(self, s: dict, D: Any, seat: str, cid: str) -> str:
        return hand_answer(cid)

    def label(self, s: dict, D: Any, seat: str, cid: str) -> str:
        _ids, members, cards = hands_for(s, D, seat)
        return comma_list(card_label(D, cards[i]) for i in members[cid])

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> str:
        _ids, members, cards = hands_for(s, D, seat)
        return default_hand(D, members, cards, ids)

    def act(self, s: dict, D: Any, seat: str, cid: str, rng: Random) -> None:
        s["sealed"][seat] = cid
        note(s, "sealed", seat, "start", cid)
        if len(s["sealed"]) == len(s["seats"]):
            self.reveal(s, D, rng)

    def reveal(self, s: dict, D: Any, rng: Random) -> None:
        """Rule 4.1.7: the choices are revealed together."""
        for seat in s["seats"]:
            _ids, members, cards = hands_for(s, D, seat)
            s["players"][seat]["cards"] = [cards[i] for i in members[s["sealed"][seat]]]
            note(s, "start_hand", seat, s["players"][seat]["cards"])
        s["sealed"] = {}
        bump(s)
        finish_setup(s, D, rng)


CHAR_TYPE_ORDER = {t: i for i, t in enumerate(CHAR_TYPES)}
