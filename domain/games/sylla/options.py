"""Table options: every reading of the rulebook players could want the other way ([I] in the spec), plus
overrides of the values the spec marks assumed ([A]). The help texts are for players: plain words, no
section numbers or [A]/[I] marks (the /rules/sylla page links each option to its rule).

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
               _("How many spaces at the left end of the Res Publica track count as the crisis zone: 2 means the "
                 "spaces worth 0 and 1 (recommended), 1 only the space worth 0. The rulebook's exact width "
                 "could not be confirmed, so the table may choose."), advanced=True, label=_("Width of the crisis zone")),
    Option.choice("granary_famine_direction", "decrease", ("decrease", "increase"),
                  _("What the Granary does to the Famine marker: \"decrease\" moves it left, so Rome is less hungry "
                    "(recommended); \"increase\" follows the Greek rulebook word for word and moves it right, "
                    "which makes funding the Granary hurt everyone."), label=_("What the Granary does to Famine"), choice_labels=(_("Moves it left (less hunger)"), _("Moves it right (the Greek text)"))),
    Option.choice("curia_marker", "civic", ("civic", "leisure"),
                  _("Which marker the Senate (Curia) Great Work raises: \"civic\" (recommended, like the card's "
                    "heading) or \"leisure\" (the Greek rulebook word for word)."), label=_("Marker raised by the Senate (Curia)"), choice_labels=(_("Civic"), _("Leisure"))),
    Option.bool("lasting_event_repeat_flips", True,
                _("Yes: each time a lasting event happens again, every player turns one more item face down "
                  "(recommended). No: only the first time it happens while in the column."), label=_("Lasting events turn more items face down when they repeat")),
    Option.bool("announce_token_kinds", True,
                _("Yes: everybody sees which kind of token a player takes with a Private Temple or an Insula "
                  "(recommended, as at a real table). No: they only see that tokens were taken."), label=_("Everybody sees which tokens are taken")),
    Option.choice("three_player_income_tiles", "I-III", ("I-III", "random"),
                  _("With 3 players: \"I-III\" deals income tiles I, II and III (recommended); \"random\" deals "
                    "3 of the 4 at random, and the lowest numeral dealt opens the first election."), label=_("Income tiles with 3 players"), choice_labels=(_("Tiles I, II and III"), _("3 of the 4 at random"))),
    Option.choice("three_player_unused_set", "deck", ("deck", "removed"),
                  _("With 3 players: \"deck\" shuffles the fourth set of characters, which nobody receives, into "
                    "the deck players recruit from (recommended); \"removed\" leaves it out of the game."), label=_("The unused fourth set with 3 players"), choice_labels=(_("Shuffled into the deck"), _("Left out of the game"))),
    Option.choice("unsold_building_offerer", "same", ("same", "next"),
                  _("When nobody bids on a building: \"same\" lets the same player offer the next one "
                    "(recommended); \"next\" passes the offer to the next player clockwise."), label=_("Who offers after an unsold building"), choice_labels=(_("The same player"), _("The next player clockwise"))),
    Option.json("crisis_order", ["civic", "health", "leisure"],
                _("The order in which crises of different kinds are resolved in phase VII, when several markers "
                  "are in the crisis zone. It only matters when a player would drop to 0 prestige."),
                of=list, check=_crisis_order, advanced=True, label=_("Order of crises in phase VII")),
    Option.choice("decadence_slot", "bottom", ("bottom", "top"),
                  _("Where Decadence sits in the event column: \"bottom\", the last slot, so it happens last "
                    "(recommended); \"top\", the first slot, so it happens first, as one sentence of the Greek "
                    "rulebook reads."), label=_("Where Decadence sits in the event column"), choice_labels=(_("Last slot (happens last)"), _("First slot (happens first)"))),
    Option.json("data_overrides", {},
                _("For experts: change card and tile values that could not be confirmed from the rulebook. A JSON "
                  "object merged into Sylla's data, with keys as in the data file and records (characters, "
                  "buildings, events, great_works) merged by id, for example "
                  "{\"events\": {\"famine\": {\"food_symbols\": 2}}}."), advanced=True, label=_("Changed card and tile values")),
    Option.json("scenario", None,
                _("For experts: start from a prepared position instead of the random setup, written as JSON (the "
                  "project's documentation of Sylla describes the format under \"Starting from a position\")."), nullable=True, advanced=True, label=_("Start from a prepared position")),
], check=_usable_data)

# {name: {"default", "help"}}, as before the declaration (docs and tests read it)
OPTIONS: dict[str, dict] = {o.name: {"default": o.default, "help": o.help} for o in SPEC}


def normalize(options: Mapping[str, Any] | None) -> dict:
    """Validated options with every default filled in; IllegalAction with a sentence otherwise."""
    out = SPEC.validate(options, "Sylla")
    out["crisis_order"] = list(out["crisis_order"])
    return out
