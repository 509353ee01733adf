"""What a missed deadline plays, per kind of decision, as rules data (issue #14 item 10).

The game masters who ran The Republic of Rome by post and e-mail published one list of default orders for
a player who misses a deadline (the by-mail notes kept with the specification; spec 17.9 suggests the same):
a missing vote abstains (a Land Bill: votes no), no talents are spent; a missing persuasion, counter-bribe,
bid or contribution spends nothing and passes; income stays where it was earned; no change of Faction
Leader, no Games, no money on Knights; the HRAO's consul nomination is made for him; and so on.

Each step applies its default in its own `default(s, D, seat, ids)` (the platform's `default_choice`);
this table says the same in words, for the rules page ("If you miss the deadline: ...") and the board.
tests/unit/republic_of_rome/test_defaults.py checks that every kind of decision the title asks has an
entry here and that the steps' defaults do what the entries say where a machine can tell (a vote abstains,
a bid is 0). A kind added to the rules needs its line here and its section in help.py.
"""
from __future__ import annotations

from domain.i18n import Message, _

DEFAULTS: dict[str, Message] = {
    # ------------------------------------------------------------------ setup (Rule 3, spec 17.1)
    "choose_faction_leader": _("Your Senator with the most Influence (the lower number on a tie) becomes Faction "
                               "Leader, and no card is played: Statesmen and Concessions stay in your hand."),
    # ------------------------------------------------------------------ Revenue (Rule 6, spec 17.3)
    "place_income": _("Your income stays with the Senators who earned it, your Governors take their spoils, "
                      "and grain is sold at the printed price (multiplier 1, no Popularity lost)."),
    "rebel_maintenance": _("Nothing is paid: the units the rebel cannot pay for are released."),
    "contribute": _("You pass: none of your Senators contributes."),
    "redistribute": _("No talents move: every treasury stays as it is; every card stays in your hand."),
    # ------------------------------------------------------------------ Forum (Rule 7, spec 17.4)
    "roll_initiative": _("The server rolls the Initiative for you (the roll is compulsory)."),
    "choose_storm_losses": _("The Fleets in Italy sink first, then the others in their number order."),
    "persuade": _("No persuasion is attempted."),
    "counter_bribe": _("You pay no counter-bribe (0 talents) and play no Influence Peddling."),
    "persuade_continue": _("The persuader rolls now, without adding to the bribe."),
    "initiative_actions": _("Nothing more is done: no Knight is attracted or pressured, the Faction Leader stays, "
                            "nobody sponsors Games and no Influence Peddling is played (a faction without a Faction "
                            "Leader gets its Senator with the most Influence)."),
    "bid_initiative": _("You pass: no bid for the extra Initiative."),
    "enemy_leader_dies_choice": _("The strongest enemy Leader dies."),
    # ------------------------------------------------------------------ Senate, first part (Rule 9, spec 17.6)
    "nominate_consuls": _("The nomination is made for you: the first pair of eligible Senators still open, in "
                          "the order of their numbers."),
    "choose_consular_office": _("Your faction names its own Consul as Rome Consul (the lower-numbered one if it "
                                "holds both); if the other faction names its own, dice decide."),
    "nominate_censor": _("The nomination is made for you: the eligible Senator with the lowest number."),
    "senate_vote": _("Your faction abstains with every Senator and spends no talents (on a Land Bill it votes "
                     "no); as Consul for Life, so do the Senators of the factions you control."),
    # ------------------------------------------------------------------ the full Senate (Rule 9, spec 17.6)
    "call_faction": _("The next faction is called in seat order."),
    "appoint_dictator": _("Your Consul appoints nobody: there is a Dictator only if the Senate elects one."),
    "propose_dictator": _("No Dictator is proposed: the Senate goes on to the Censor."),
    "appoint_master_of_horse": _("The eligible Senator with the lowest number becomes Master of Horse."),
    "prosecute": _("The Censor prosecutes nobody."),
    "nominate_governors": _("The nomination is made for you: for the first Province without a Governor, the "
                            "lowest-numbered candidate who needs no consent."),
    "nominate_consul_for_life": _("No Consul for Life is nominated: the agenda goes on."),
    "other_business": _("No proposal: the Senate adjourns."),
    "propose": _("No proposal: yours is withdrawn before the vote and the Senate adjourns (a faction proposing "
                 "with a Tribune withdraws its proposal)."),
    "consent": _("No answer is a refusal: the Senator does not consent."),
    "unanimous_defeat": _("The presiding Senator steps down for the rest of the turn (a Censor ends the "
                          "Prosecutions); he keeps his office and his Influence."),
    "play_bodyguards": _("No Secret Bodyguard is played."),
    "new_alliance_choice": _("The War with the greatest printed land strength makes peace."),
    "choose_repopulation_senator": _("The Senator with the most Influence (the lowest number on a tie) joins your "
                                     "faction."),
    # ------------------------------------------------------------------ Revolution (Rule 11, spec 17.8)
    "revolution_cards": _("Nothing is played or given; if your hand holds more than five cards, the excess is "
                          "discarded, the last drawn first."),
    "accept_cards": _("The cards offered to you are refused and go back to the faction that offered them."),
    "public_deal": _("Nothing is recorded and nothing is claimed."),
    "confirm_deal": _("The deal is refused: no card moves and nothing is promised."),
    "rule_on_breach": _("Your faction abstains: it is not counted in the ruling."),
    "void_deal": _("The deal is voided: the cards you gave that are still in the other faction's hand come back, "
                   "and the talents you promised are no longer owed."),
    "loyalty_test": _("No loyalty test: every Legion stays with its Commander."),
    "declare_revolt": _("The Commander lays down his command: his units return to Italy and he returns to Rome."),
    "secondary_rebel": _("Every Senator of the faction stays loyal to Rome."),
    "veteran_desertion": _("The Veterans desert the rebel and return to Italy: they follow the Senator they are "
                           "loyal to."),
    # ------------------------------------------------------------------ Combat (Rule 10, spec 17.7)
    "continue_to_land_battle": _("The Commander does not fight the land battle now: he stays in the field as "
                                 "Proconsul."),
    "pay_ransom": _("No ransom is paid: the captive stays with the enemy."),
}


def missed_deadline(kind: str) -> Message | None:
    """'If you miss the deadline: ...' for a kind of decision, or None when the table has no line for it."""
    text = DEFAULTS.get(kind)
    return _("If you miss the deadline: %(default)s", default=text) if text is not None else None
