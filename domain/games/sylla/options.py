"""Table options: every [I] reading players could want the other way, plus overrides of [A] data."""
from __future__ import annotations

from typing import Any, Mapping

from domain.rules import IllegalAction

from .data import KINDS, compile_data

OPTIONS: dict[str, dict] = {
    "crisis_zone_width": {
        "default": 2,
        "help": "How many of the leftmost Res Publica spaces form the crisis zone (2: values 0 and 1; "
                "1: only value 0) [A, rule 2.1].",
    },
    "granary_famine_direction": {
        "default": "decrease",
        "help": "'decrease': the Granary moves the Famine marker left, less hunger (recommended); "
                "'increase': the literal Greek text, right (rule 14.23).",
    },
    "curia_marker": {
        "default": "civic",
        "help": "Which marker the Senate (Curia) Great Work raises: 'civic' (recommended) or 'leisure' "
                "(literal Greek text, rule 14.23).",
    },
    "lasting_event_repeat_flips": {
        "default": True,
        "help": "true: a lasting event flips one more item each time it occurs; false: only its first "
                "occurrence while in play flips (rule 14.10).",
    },
    "announce_token_kinds": {
        "default": True,
        "help": "true: everybody sees the kind of token taken with a Private Temple or an Insula; "
                "false: only that a token was taken (rule 12).",
    },
    "three_player_income_tiles": {
        "default": "I-III",
        "help": "With 3 players: 'I-III' deals income tiles I, II and III (recommended); 'random' deals "
                "3 of the 4 at random and the lowest numeral dealt opens round 1 (rule 4.2).",
    },
    "three_player_unused_set": {
        "default": "deck",
        "help": "With 3 players: 'deck' shuffles the undealt character set into the character deck "
                "(recommended); 'removed' leaves it out of the game (rule 4.2, 14.30).",
    },
    "unsold_building_offerer": {
        "default": "same",
        "help": "When nobody bids on a building: 'same' keeps the same offerer (recommended); 'next' "
                "passes the offer to the next player clockwise (rule 14.4).",
    },
    "crisis_order": {
        "default": ["civic", "health", "leisure"],
        "help": "The order in which crises of different kinds are resolved in phase VII (rule 14.20).",
    },
    "decadence_slot": {
        "default": "bottom",
        "help": "'bottom': Decadence sits in slot 4 and resolves last (recommended); 'top': slot 1, it "
                "resolves first, the literal Greek setup sentence (rule 14.38).",
    },
    "data_overrides": {
        "default": {},
        "help": "A dict merged into Sylla's data file to change [A] values: nested keys as in "
                "sylla-data.json; lists of records (characters, buildings, events, great_works) are "
                "merged by id, e.g. {\"events\": {\"famine\": {\"food_symbols\": 2}}}.",
    },
    "scenario": {
        "default": None,
        "help": "Start from a set-up position instead of the random setup (see docs/rules-sylla.md, "
                "'Starting from a position').",
    },
}

_CHOICES = {
    "granary_famine_direction": ("decrease", "increase"),
    "curia_marker": ("civic", "leisure"),
    "three_player_income_tiles": ("I-III", "random"),
    "three_player_unused_set": ("deck", "removed"),
    "unsold_building_offerer": ("same", "next"),
    "decadence_slot": ("bottom", "top"),
}
_BOOLS = ("lasting_event_repeat_flips", "announce_token_kinds")


def normalize(options: Mapping[str, Any] | None) -> dict:
    """Validated options with every default filled in; IllegalAction with a sentence otherwise."""
    options = dict(options or {})
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise IllegalAction(f"Sylla has no option {unknown[0]!r}; the options are {', '.join(OPTIONS)}.")
    out = {k: v["default"] for k, v in OPTIONS.items()}
    out.update(options)
    for name, allowed in _CHOICES.items():
        if out[name] not in allowed:
            raise IllegalAction(f"The option {name} must be one of {', '.join(allowed)}, not {out[name]!r}.")
    for name in _BOOLS:
        if not isinstance(out[name], bool):
            raise IllegalAction(f"The option {name} must be true or false, not {out[name]!r}.")
    width = out["crisis_zone_width"]
    if isinstance(width, bool) or not isinstance(width, int) or not 0 <= width <= 7:
        raise IllegalAction(f"The option crisis_zone_width must be a whole number from 0 to 7, not {width!r}.")
    order = out["crisis_order"]
    if not isinstance(order, list) or sorted(order) != sorted(KINDS):
        raise IllegalAction("The option crisis_order must list civic, health and leisure once each.")
    out["crisis_order"] = list(order)
    if not isinstance(out["data_overrides"], dict):
        raise IllegalAction("The option data_overrides must be a dict of values to change in Sylla's data.")
    if out["scenario"] is not None and not isinstance(out["scenario"], dict):
        raise IllegalAction("The option scenario must be a dict describing the starting position.")
    try:
        compile_data(out)
    except IllegalAction:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, StopIteration) as exc:
        raise IllegalAction(f"The data overrides make Sylla's data unusable ({exc!r}).") from None
    return out
