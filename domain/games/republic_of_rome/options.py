"""Table options: every edition difference of spec section 0.2 (the Avalon Hill default first, the Valley
Games reading as the alternative), plus `data_overrides` for the values the spec marks [A] and
`scenario` (start from a prepared position, docs/rules-republic-of-rome.md "Scenarios"). Help texts
are for players: plain words, no section numbers.
"""
from __future__ import annotations

from typing import Any, Mapping

from domain.i18n import _
from domain.rules import IllegalAction
from domain.toolkit.options import Option, OptionSpec


def _usable_data(options: dict) -> None:
    from .data import compile_data
    try:
        compile_data(options)
    except IllegalAction:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise IllegalAction(_("The data overrides make the game's data unusable (%(error)s).", error=repr(exc))) from None


SPEC = OptionSpec([
    Option.choice("temporary_consul", "lowest_id", ("lowest_id", "random_mortality_chit"),
                  _("Who becomes the Temporary Rome Consul at the start: the dealt Senator with the lowest number "
                    "(Avalon Hill), or the first dealt Senator whose Mortality chit is drawn (Valley Games)."),
                  label=_("Temporary Rome Consul"), choice_labels=(_("Lowest number"), _("Drawn chit"))),
    Option.choice("game_end", "end_of_turn_after_last_card_drawn",
                  ("end_of_turn_after_last_card_drawn", "era_ends_card_forum_phase"),
                  _("When the scenario ends: at the end of the turn in which the last card of the deck is drawn "
                    "(Avalon Hill), or in the Forum Phase in which the Era Ends card is drawn (Valley Games)."),
                  label=_("End of the scenario"), choice_labels=(_("Last card drawn"), _("Era Ends card"))),
    Option.bool("imminent_wars", False,
                _("Yes: a newly drawn War matching one in play waits a turn before it becomes active (Valley "
                  "Games). No: it is active at once (Avalon Hill)."), label=_("Imminent Wars")),
    Option.bool("leader_change_or_games_exclusive", True,
                _("Yes: in one Initiative a faction either changes its Faction Leader or sponsors Games, not both "
                  "(Avalon Hill). No: both are allowed."), label=_("Leader change or Games, not both")),
    Option.bool("third_party_persuasion_support", False,
                _("Yes: other factions may add money to help a persuasion attempt. No: they may only pay to "
                  "resist it."), advanced=True, label=_("Others may support a persuasion")),
    Option.bool("blackmail_separate_rolls", False,
                _("Yes: when a Blackmail fails, the target loses two dice of Influence and two other dice of "
                  "Popularity. No: one roll of two dice counts for both."), advanced=True,
                label=_("Blackmail: two rolls")),
    Option.bool("abandon_opposed_statesman", True,
                _("Yes: a faction holding two opposed Statesmen may release one of them to the Forum (Avalon "
                  "Hill)."), label=_("Release an opposed Statesman")),
    Option.bool("legion_loss_costs_popularity", False,
                _("Yes: a Commander loses 1 Popularity per 2 Legions lost in battle (Valley Games)."),
                label=_("Lost Legions cost Popularity")),
    Option.bool("recalled_governor_stays_corrupt", False,
                _("Yes: a Governor recalled by the Senate can still be prosecuted for his spoils (Valley "
                  "Games). No: the recall ends that exposure (Avalon Hill)."), label=_("Recalled Governors stay corrupt")),
    Option.choice("player_to_player_money", "redistribution_after_state_accounts",
                  ("redistribution_after_state_accounts", "personal_revenue_step"),
                  _("When money may pass between players: only in the Redistribution step after the State's "
                    "accounts (Avalon Hill), or already in the personal revenue step (Valley Games)."),
                  label=_("Money between players"), choice_labels=(_("After the State's accounts"), _("With personal revenue"))),
    Option.choice("card_trading", "any_time_unplayable_until_next_revolution_phase",
                  ("any_time_unplayable_until_next_revolution_phase", "revolution_phase_only"),
                  _("When cards may be traded: any time, but a card received outside the Revolution Phase waits "
                    "until the next one to be played (Avalon Hill), or only in the Revolution Phase (Valley Games)."),
                  label=_("Card trading"), choice_labels=(_("Any time"), _("Revolution Phase only"))),
    Option.bool("knight_attract_requires_rome", False,
                _("Yes: only a Senator in Rome may attract a Knight (Valley Games). No: any loyal Senator of the "
                  "faction (Avalon Hill)."), label=_("Knights only in Rome")),
    Option.bool("evil_omens_affects_3d6", False,
                _("Yes: Evil Omens also lower battle rolls and the State of the Republic roll (Valley Games)."),
                label=_("Evil Omens affect three-dice rolls")),
    Option.choice("foreign_epidemic_kills", "all_drawn_away_from_rome",
                  ("all_drawn_away_from_rome", "first_drawn_away_from_rome"),
                  _("A Foreign Epidemic kills every drawn Senator away from Rome (Avalon Hill), or only the first "
                    "one drawn (Valley Games)."), label=_("Foreign Epidemic"),
                  choice_labels=(_("Every drawn Senator"), _("The first one"))),
    Option.choice("unprosecuted_test", "no_legion_on_war_at_end_of_combat",
                  ("no_legion_on_war_at_end_of_combat", "vg_1_10_9_prosecuted_test"),
                  _("Which Wars count as unprosecuted at the end of the Combat Phase: those with no Legion on them "
                    "(Avalon Hill), or the Valley Games test (fought this turn with enough forces left)."),
                  advanced=True, label=_("Unprosecuted Wars"), choice_labels=(_("No Legion on it"), _("Valley Games test"))),
    Option.bool("empty_faction_may_search_deck", True,
                _("Yes: a faction left without Senators takes one from the Curia, or else searches the deck for "
                  "one (Avalon Hill). No: it waits for the next Senator to reach the Curia."),
                advanced=True, label=_("An empty faction searches the deck")),
    Option.choice("population_row_10", "plus_one", ("plus_one", "no_change"),
                  _("What a State of the Republic result of 10 does to Unrest: +1 (the printed board), or nothing "
                    "(another transcription)."), advanced=True, label=_("State of the Republic: result 10"),
                  choice_labels=(_("Unrest +1"), _("No change"))),
    Option.choice("senate_votes", "in_order", ("in_order", "sealed"),
                  _("How the Senate votes: faction by faction in the order the Presiding Magistrate calls, each "
                    "seeing the votes before (the rule), or every faction at once, sealed and revealed together "
                    "(faster by e-mail, as some groups played)."),
                  label=_("Senate votes"), choice_labels=(_("In order"), _("Sealed"))),
    Option.json("data_overrides", {},
                _("For experts: change card and table values that could not be confirmed. A JSON object merged "
                  "into the game's data, with keys as in the data file and records merged by id, for example "
                  "{\"constants\": {\"state_treasury_start\": 120}}."), advanced=True,
                label=_("Changed card and table values")),
    Option.json("scenario", None,
                _("For experts: start from a prepared position instead of the random setup, written as JSON (the "
                  "documentation of The Republic of Rome describes the format)."), nullable=True, advanced=True,
                label=_("Start from a prepared position")),
], check=_usable_data)


def normalize(options: Mapping[str, Any] | None) -> dict:
    """Validated options with every default filled in; IllegalAction with a sentence otherwise."""
    return SPEC.validate(options, "The Republic of Rome")
