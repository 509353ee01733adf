"""High Card's rules reference (the test title): the same shape as domain/games/sylla/help.py, much smaller.

SECTIONS (anchor id, rule number, title, paragraphs), GLOSSARY, PROMPT_SECTIONS (every prompt kind the
title can ask -> its section) and OPTION_SECTIONS (every option -> the section it changes).
"""
from __future__ import annotations

from domain.i18n import _

SECTIONS: tuple[dict, ...] = (
    {"id": "goal", "rule": "1", "title": _("What the game is about"),
     "body": (_("Each player holds a hidden hand of numbered cards. Over a few rounds, the highest card played "
                "scores. The highest score at the end wins; ties share the victory."),)},
    {"id": "play-card", "rule": "2", "title": _("Playing a card"),
     "body": (_("Every round, everyone plays one card from their hand at the same time and in secret. The cards "
                "are shown together once the last player has chosen."),
              _("The highest card wins the round and scores its number plus a die roll."))},
    {"id": "draw-or-pass", "rule": "3", "title": _("Drawing after a win"),
     "body": (_("The winner of the round may draw a card from the deck, or pass."),)},
    {"id": "keep-or-discard", "rule": "3.1", "title": _("Keeping the card you drew"),
     "body": (_("After drawing, the winner keeps the card in their hand or discards it. This second decision in "
                "a row by the same player is the one you can take back with undo."),)},
    {"id": "end", "rule": "4", "title": _("End of the game"),
     "body": (_("The game ends after the last round, or when someone has no card left to play."),)},
)

GROUPS = {"pieces": _("Pieces")}

GLOSSARY: tuple[dict, ...] = (
    {"id": "card", "group": "pieces", "name": _("Card"), "section": "play-card",
     "text": _("A numbered card; the higher, the better.")},
    {"id": "die", "group": "pieces", "name": _("Die"), "section": "play-card",
     "text": _("Rolled for the winner of each round and added to the score.")},
)

PROMPT_SECTIONS: dict[str, str] = {"play_card": "play-card", "draw_or_pass": "draw-or-pass",
                                   "keep_or_discard": "keep-or-discard"}

OPTION_SECTIONS: dict[str, str] = {"rounds": "end", "hand_size": "goal"}

OPTION_TITLES: dict[str, str] = {"rounds": _("Number of rounds"), "hand_size": _("Cards in hand")}

INTRO = _("High Card is a tiny title for testing the server; it shows every kind of decision a game can ask.")
