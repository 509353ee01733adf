"""Sylla's glossary: every player-visible name that comes from the data file, marked for extraction.

`pybabel extract` cannot read `sylla-data.json`, so each name a player may read (seat colours, character
types, Res Publica kinds, hex colours, buildings, events, Great Works, phases) is listed here once as an
`N_` literal; a later issue translates them once in the catalogs. Wherever a name is shown, alone or
inside a sentence, it is `name_of(text)`: a Message whose msgid is the name, so the edge renders it in
the reader's language (a sentence takes it as a named parameter). A name that is not in the glossary
(a table's `data_overrides` renamed something) stays plain text. tests/unit/sylla checks that every
name of the shipped data is here.

The list helpers build the lists a sentence names ("Red, Black and You") from whole list patterns, so a
translator words the separators too.
"""
from __future__ import annotations

from typing import Iterable

from domain.i18n import Message, N_, _, n_

SEATS = (N_("Blue"), N_("Red"), N_("Black"), N_("White"), N_("Green"), N_("Yellow"))
CHARACTER_TYPES = (N_("Senator"), N_("Merchant"), N_("Legionary"), N_("Vestal"), N_("Slave"))
TOKEN_KINDS = (N_("Civic"), N_("Health"), N_("Leisure"))
MARKERS = TOKEN_KINDS + (N_("Famine"),)
HEX_COLOURS = (N_("red"), N_("yellow"), N_("grey"))
BUILDINGS = (N_("Market stall"), N_("Field"), N_("Private Temple"), N_("Tavern"), N_("Insula"), N_("Crane"),
             N_("Triumphal Arch"), N_("Statue"), N_("Bank"))
EVENTS = (N_("Epidemic"), N_("Eruption"), N_("Imperial Cult"), N_("Famine"), N_("Persecution of Christians"),
          N_("Senate Treachery (Senate Purge)"), N_("Flood"), N_("Slave Revolt"), N_("Pillage"), N_("Decadence"))
GREAT_WORKS = (N_("Pantheon"), N_("Temple"), N_("Granary"), N_("Public Baths"), N_("Colosseum"),
               N_("Senate (Curia)"), N_("Ecclesia (Church)"))
PHASES = (N_("Setup"), N_("End"))  # the other phases are numbered I to VII (roman numerals, not words)

GLOSSARY = frozenset(SEATS + CHARACTER_TYPES + MARKERS + HEX_COLOURS + BUILDINGS + EVENTS + GREAT_WORKS + PHASES)


def name_of(text: str) -> str:
    """A name of the data as a translatable Message (plain text when it is not in the glossary)."""
    return Message(text) if text in GLOSSARY else text


def seat_name(seat: str | None) -> str:
    """A seat's display name: the seat ids are colour names ('red' -> 'Red')."""
    return name_of(seat.capitalize()) if seat else _("Nobody")


def kind_name(kind: str) -> str:
    """A Res Publica kind or a marker ('civic' -> 'Civic', 'famine' -> 'Famine')."""
    return name_of(kind.capitalize())


def type_name(ctype: str) -> str:
    """A character type ('senator' -> 'Senator')."""
    return name_of(ctype.capitalize())


def colour_name(colour: str) -> str:
    """A hex or slot colour, lower case as in 'a red hex' ('red')."""
    return name_of(colour)


def colours_name(colours: Iterable[str]) -> str:
    """The colours of a card's hexes: 'red/yellow'."""
    names = [colour_name(c) for c in colours]
    if not names:
        return ""
    out = names[0]
    for n in names[1:]:
        out = _("%(colours)s/%(colour)s", colours=out, colour=n)
    return out


# ------------------------------------------------------------------------------------------ lists
def and_list(items: Iterable[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    head = items[0]
    for item in items[1:-1]:
        head = _("%(list)s, %(item)s", list=head, item=item)
    return _("%(list)s and %(last)s", list=head, last=items[-1])


def comma_list(items: Iterable[str]) -> str:
    """'A, B, C'."""
    items = list(items)
    if not items:
        return ""
    head = items[0]
    for item in items[1:]:
        head = _("%(list)s, %(item)s", list=head, item=item)
    return head


def semicolon_list(items: Iterable[str]) -> str:
    """'A; B; C' (items that hold commas themselves)."""
    items = list(items)
    if not items:
        return ""
    head = items[0]
    for item in items[1:]:
        head = _("%(list)s; %(item)s", list=head, item=item)
    return head


def denarii(n: int) -> str:
    return n_("%(n)d denarius", "%(n)d denarii", n)


def votes(n: int) -> str:
    return n_("%(n)d vote", "%(n)d votes", n)


def cards(n: int) -> str:
    return n_("%(n)d card", "%(n)d cards", n)


__all__ = ["GLOSSARY", "name_of", "seat_name", "kind_name", "type_name", "colour_name", "colours_name",
           "and_list", "comma_list", "semicolon_list", "denarii", "votes", "cards"]
