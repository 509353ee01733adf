"""Table options: every [I] reading players could want the other way, plus overrides of [A] data.

One declaration (domain/toolkit/options.py) drives the rules' check at setup and the platform's checks
(CLI, API, the /new form, /api/titles and OpenAPI): `normalize` and `Sylla.check_options` both read SPEC.
"""
from __future__ import annotations

from typing import Any, Mapping

from domain.i18n import _
from domain.rules import IllegalAction
from domain.toolkit.options import Option, OptionSpec

from .data import KINDS, compile_data


def _crisis_order(value: Any) -> str | None:
    if sorted(value) != sorted(KINDS):
        return _("The option crisis_order must list civic, health and leisure once each.")
    return None


def _usable_data(options: dict) -> None:
    """The data overrides and the data options together must still compile into usable data."""
    try:
        compile_data(options)
    except IllegalAction:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, StopIteration) as exc:
        raise IllegalAction(_("The data overrides make Sylla's data unusable (%(error)s).", error=repr(exc))) from None


SPEC = OptionSpec([
    Option.int("crisis_zone_width", 2, 0, 7,
               _("How many of the leftmost Res Publica spaces form the crisis zone (2: values 0 and 1; "
                 "1: only value 0) [A, rule 2.1]."), advanced=True),
    Option.choice("granary_famine_direction", "decrease", ("decrease", "increase"),
                  _("'decrease': the Granary moves the Famine marker left, less hunger (recommended); "
                    "'increase': the literal Greek text, right (rule 14.23).")),
    Option.choice("curia_marker", "civic", ("civic", "leisure"),
                  _("Which marker the Senate (Curia) Great Work raises: 'civic' (recommended) or 'leisure' "
                    "(literal Greek text, rule 14.23).")),
    Option.bool("lasting_event_repeat_flips", True,
                _("true: a lasting event flips one more item each time it occurs; false: only its first "
                  "occurrence while in play flips (rule 14.10).")),
    Option.bool("announce_token_kinds", True,
                _("true: everybody sees the kind of token taken with a Private Temple or an Insula; "
                  "false: only that a token was taken (rule 12).")),
    Option.choice("three_player_income_tiles", "I-III", ("I-III", "random"),
                  _("With 3 players: 'I-III' deals income tiles I, II and III (recommended); 'random' deals "
                    "3 of the 4 at random and the lowest numeral dealt opens round 1 (rule 4.2).")),
    Option.choice("three_player_unused_set", "deck", ("deck", "removed"),
                  _("With 3 players: 'deck' shuffles the undealt character set into the character deck "
                    "(recommended); 'removed' leaves it out of the game (rule 4.2, 14.30).")),
    Option.choice("unsold_building_offerer", "same", ("same", "next"),
                  _("When nobody bids on a building: 'same' keeps the same offerer (recommended); 'next' "
                    "passes the offer to the next player clockwise (rule 14.4).")),
    Option.json("crisis_order", ["civic", "health", "leisure"],
                _("The order in which crises of different kinds are resolved in phase VII (rule 14.20)."),
                of=list, check=_crisis_order, advanced=True),
    Option.choice("decadence_slot", "bottom", ("bottom", "top"),
                  _("'bottom': Decadence sits in slot 4 and resolves last (recommended); 'top': slot 1, it "
                    "resolves first, the literal Greek setup sentence (rule 14.38).")),
    Option.json("data_overrides", {},
                _("A dict merged into Sylla's data file to change [A] values: nested keys as in "
                  "sylla-data.json; lists of records (characters, buildings, events, great_works) are "
                  "merged by id, e.g. {\"events\": {\"famine\": {\"food_symbols\": 2}}}."), advanced=True),
    Option.json("scenario", None,
                _("Start from a set-up position instead of the random setup (see docs/rules-sylla.md, "
                  "'Starting from a position')."), nullable=True, advanced=True),
], check=_usable_data)

# {name: {"default", "help"}}, as before the declaration (docs and tests read it)
OPTIONS: dict[str, dict] = {o.name: {"default": o.default, "help": o.help} for o in SPEC}


def normalize(options: Mapping[str, Any] | None) -> dict:
    """Validated options with every default filled in; IllegalAction with a sentence otherwise."""
    out = SPEC.validate(options, "Sylla")
    out["crisis_order"] = list(out["crisis_order"])
    return out
