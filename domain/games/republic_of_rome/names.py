"""The Republic of Rome's glossary: every player-visible name from the data file, marked for extraction,
and the helpers that name Senators, cards, offices and phases in sentences.

`pybabel extract` cannot read the data file, so the names a player reads (phases, offices, card names,
events, provinces, wars, leaders, concessions, intrigue cards) are listed here as `N_` literals; a
name is shown as `name_of(text)`, a Message whose msgid is the name. tests/unit/republic_of_rome checks
that every name of the shipped data is here. Senators' family names and Statesmen's names are proper
names and stay as printed.
"""
from __future__ import annotations

from typing import Any

from domain.i18n import Message, N_, _

from .data import card_key, card_kind

PHASES = {"setup": N_("Setup"), "mortality": N_("Mortality"), "revenue": N_("Revenue"), "forum": N_("Forum"),
          "population": N_("Population"), "senate": N_("Senate"), "combat": N_("Combat"),
          "revolution": N_("Revolution")}
OFFICES = {"dictator": N_("Dictator"), "rome_consul": N_("Rome Consul"), "field_consul": N_("Field Consul"),
           "censor": N_("Censor"), "master_of_horse": N_("Master of Horse"), "pontifex_maximus": N_("Pontifex Maximus")}
WARS = (N_("1st Punic War"), N_("2nd Punic War"), N_("1st Illyrian War"), N_("2nd Illyrian War"),
        N_("1st Gallic War"), N_("1st Macedonian War"), N_("2nd Macedonian War"), N_("Syrian War"))
LEADERS = (N_("Hamilcar"), N_("Hannibal"), N_("Philip V"), N_("Antiochus III"))
CONCESSIONS = (N_("Armaments"), N_("Ship Building"), N_("Aegyptian Grain"), N_("Sicilian Grain"),
               N_("Harbor Fees"), N_("Mining"), N_("Land Commissioner"), N_("Tax Farmer 1"), N_("Tax Farmer 2"),
               N_("Tax Farmer 3"), N_("Tax Farmer 4"), N_("Tax Farmer 5"), N_("Tax Farmer 6"))
INTRIGUE = (N_("Tribune"), N_("Assassin"), N_("Secret Bodyguard"), N_("Seduction"), N_("Blackmail"),
            N_("Influence Peddling"))
EVENTS = (N_("Mob Violence"), N_("Natural Disaster"), N_("Ally Deserts"), N_("Evil Omens"), N_("Refuge"),
          N_("Epidemic"), N_("Drought"), N_("Storm at Sea"), N_("Manpower Shortage"), N_("Allied Enthusiasm"),
          N_("New Alliance"), N_("Rhodian Maritime Alliance"), N_("Enemy's Ally Deserts"), N_("Enemy Leader Dies"),
          N_("Trial of Verres"), N_("Barbarian Raids"), N_("Internal Disorder"), N_("Pretender Emerges"))
PROVINCES = (N_("Sicilia"), N_("Sardinia et Corsica"), N_("Hispania Citerior"), N_("Hispania Ulterior"),
             N_("Illyricum"), N_("Gallia Cisalpina"), N_("Gallia Narbonensis"), N_("Gallia Transalpina"),
             N_("Macedonia"), N_("Africa"), N_("Asia"), N_("Bithynia"), N_("Cilicia et Cyprus"),
             N_("Creta et Cyrenaica"), N_("Syria"))
GAMES = (N_("Slice and Dice"), N_("Blood Fest"), N_("Gladiator Gala"))
GLOSSARY = frozenset(list(PHASES.values()) + list(OFFICES.values())
                     + list(WARS + LEADERS + CONCESSIONS + INTRIGUE + EVENTS + PROVINCES + GAMES))


def name_of(text: str) -> str:
    """A name of the data as a translatable Message (plain text when it is not in the glossary); made once per
    name and shared (Messages are never changed)."""
    name = _NAMES.get(text)
    if name is None:
        name = Message(text) if text in GLOSSARY else text
        if text in GLOSSARY:
            _NAMES[text] = name
    return name


_NAMES: dict[str, Any] = {}  # name_of: glossary name -> its Message


def phase_name(phase: str) -> str:
    return name_of(PHASES[phase]) if phase in PHASES else phase


def office_name(office: str) -> str:
    return name_of(OFFICES[office]) if office in OFFICES else office


def senator_name(D: Any, s: dict, sid: str) -> str:
    """'Cornelius (1)' or 'Scipio Africanus (1A)': the card on top, with its printed id."""
    x = s["senators"].get(sid)
    if x is not None and x["statesman"]:
        return card_senator_name(D, x["statesman"])
    return card_senator_name(D, sid)


def candidate_name(D: Any, s: dict, sid: str) -> str:
    """A Senator as the Senate's forms offer him to a choice among factions: 'Fabius (2), Yellow' (factions
    are public), so a Presiding Magistrate or a Censor choosing by e-mail need not look up the board."""
    x = s["senators"].get(sid)
    if x is None or x["faction"] is None:
        return senator_name(D, s, sid)
    from domain.rules import seat_name
    return _("%(senator)s, %(faction)s", senator=senator_name(D, s, sid), faction=seat_name(x["faction"]))


def card_senator_name(D: Any, sid: str) -> str:
    """A Senator card's name with its id, whether in play or not. The Message depends on the data only, so
    it is made once per card and data set (D.name_cache) and shared: Messages are never changed."""
    cache = getattr(D, "name_cache", None)
    name = cache.get(sid) if cache is not None else None
    if name is None:
        if sid in D.statesmen:
            name = _("%(name)s (%(id)s)", name=D.statesmen[sid]["name"], id=sid)
        else:
            name = _("%(name)s (%(id)s)", name=D.senators[sid]["name"], id=sid)
        if cache is not None:
            cache[sid] = name
    return name


def card_name(D: Any, card: str) -> str:
    """Any card id as players read it ('war:1st_punic_war' -> '1st Punic War')."""
    cache = getattr(D, "name_cache", None)
    name = cache.get(card) if cache is not None else None
    if name is not None:
        return name
    kind, key = card_kind(card), card_key(card)
    if kind in ("sen", "st"):
        name = card_senator_name(D, key)
    else:
        table = {"war": D.wars, "ldr": D.leaders, "con": D.concessions, "int": D.intrigue}[kind]
        name = name_of(table[key]["name"])
    if cache is not None:
        cache[card] = name
    return name


def talents(n: int) -> str:
    return _("%(n)d T", n=n)
