"""The Republic of Rome's rules reference (domain/games/republic_of_rome/help.py): a section for every kind of
decision the title can ask, including the decisions of spec section 17 (1-25 and the first Senate's) as the
code names them; each such section says what a missed deadline plays; translatable text, consistent anchors,
no rule marks or bare rule citations a player would read."""
from __future__ import annotations

import re

from domain.games.republic_of_rome import help as h
from domain.games.republic_of_rome.defaults import DEFAULTS, missed_deadline
from domain.games.republic_of_rome.machine import STATES
from domain.games.republic_of_rome.options import SPEC
from domain.help import rule_section
from domain.i18n import Message

MARKS = re.compile(r"\[(A|I)\]|\[A,|\brules? \d+(\.\d+)+")  # as tests/web/test_rules_help.py

# Spec section 17: each decision a player takes in part 1, and the kind of prompt that asks it (several
# decisions the game masters collected in one order share a prompt: the revenue order, the Initiative's
# last form). Decisions 3-9 are the platform's (messages, deals, shown cards, trades) or later parts'.
SPEC_DECISIONS = {
    1: "choose_faction_leader", 2: "choose_faction_leader",            # 17.1: leader and initial cards, sealed
    10: "initiative_actions",                                            # releasing an opposed Statesman
    11: "place_income", 12: "place_income", 13: "place_income",         # 17.3: spoils, grain, income
    14: "rebel_maintenance", 15: "contribute", 16: "redistribute",
    17: "roll_initiative", 18: "choose_storm_losses", 19: "persuade", 20: "counter_bribe",
    21: "persuade_continue", 22: "initiative_actions", 23: "initiative_actions", 24: "bid_initiative",
    25: "enemy_leader_dies_choice",
    26: "nominate_consuls", 27: "choose_consular_office", 31: "nominate_censor", 39: "senate_vote",
}


def declared_kinds() -> set[str]:
    return {step.kind for step in STATES.values() if step.kind}


def test_17_every_kind_a_step_declares_has_a_help_section():
    sections = {s["id"] for s in h.SECTIONS}
    missing = sorted(declared_kinds() - set(h.PROMPT_SECTIONS))
    assert not missing, f"no help section for the prompt kinds {missing}: add them to help.py"
    assert all(h.PROMPT_SECTIONS[k] in sections for k in declared_kinds())
    assert rule_section("republic_of_rome", "senate_vote") == "senate-vote"  # the lookup pages and e-mails use


def test_17_every_decision_of_part_one_has_its_section():
    for number, kind in SPEC_DECISIONS.items():
        assert kind in h.PROMPT_SECTIONS, (number, kind)
        assert kind in DEFAULTS, (number, kind)


def test_17_9_each_decision_section_ends_with_what_a_missed_deadline_plays():
    by_id = {s["id"]: s for s in h.SECTIONS}
    for kind, section in h.PROMPT_SECTIONS.items():
        body = by_id[section]["body"]
        assert missed_deadline(kind) in body, kind
        assert str(missed_deadline(kind)).startswith("If you miss the deadline: ")
        assert str(DEFAULTS[kind]) in str(missed_deadline(kind))
    assert missed_deadline("no_such_kind") is None


def test_help_is_translatable_and_its_anchors_hold():
    ids = [s["id"] for s in h.SECTIONS]
    assert len(ids) == len(set(ids)), "two sections share an anchor"
    for s in h.SECTIONS:
        assert isinstance(s["title"], Message) and s["body"]
        assert all(isinstance(p, Message) for p in s["body"]), s["id"]
        assert re.fullmatch(r"[a-z0-9-]+", s["id"]) and s["rule"]
    for t in h.GLOSSARY:
        assert isinstance(t["name"], Message) and isinstance(t["text"], Message), t["id"]
        assert t["group"] in h.GROUPS and t["section"] in ids, t["id"]
    assert isinstance(h.INTRO, Message)
    names = {o.name for o in SPEC}
    assert set(h.OPTION_SECTIONS) == names and set(h.OPTION_SECTIONS.values()) <= set(ids)
    assert set(h.OPTION_TITLES) == names and all(isinstance(v, Message) for v in h.OPTION_TITLES.values())


def test_no_rule_marks_or_bare_citations_in_what_players_read():
    texts = [h.INTRO] + [t for s in h.SECTIONS for t in (s["title"], *s["body"])]
    texts += [t[k] for t in h.GLOSSARY for k in ("name", "text")] + list(DEFAULTS.values())
    found = [str(t) for t in texts if MARKS.search(str(t))]
    assert not found, found[:3]
    assert MARKS.search("an [A] reading") and MARKS.search("see rule 7.4")  # the check bites
