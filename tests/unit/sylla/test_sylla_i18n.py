"""Issue #12 section 3 for Sylla and the toy title: every sentence a player reads is a translatable Message.

The glossary (domain/games/sylla/names.py) lists every name of the data; a random game's prompt texts,
choice labels, form labels, narration (for every viewer), waiting sentences and refusals are Messages
(or whole sentences side by side) whose msgids, and those of their Message parameters, are extracted
from the code by Babel with the project's keywords.
"""
from __future__ import annotations

import functools
import json
import random
from pathlib import Path

from babel.messages.extract import extract_from_dir

from domain.bots import random_choice
from domain.games.sylla import RULES
from domain.games.sylla.data import CHAR_TYPES, COLOURS, KINDS, raw_data
from domain.games.sylla.names import GLOSSARY, name_of
from domain.games.toy import RULES as TOY
from domain.i18n import Message, Sentences
from domain.rules import IllegalAction

ROOT = Path(__file__).resolve().parents[3]
KEYWORDS = {"_": None, "n_": (1, 2), "N_": None}


@functools.lru_cache(maxsize=1)
def extracted() -> frozenset[str]:
    found = set()
    for folder in ("domain",):  # the rules, and the platform's forms and toolkit they use
        for _file, _line, message, _comments, _context in extract_from_dir(
                ROOT / folder, method_map=[("**.py", "python")], keywords=KEYWORDS):
            found.update(message if isinstance(message, tuple) else (message,))
    return frozenset(found)


def unknown_msgids(text) -> list[str]:
    """The msgids of a text (and of its Message parameters) that Babel does not extract: [] when all are."""
    if isinstance(text, Sentences):
        return [m for part in text.parts for m in unknown_msgids(part)]
    if not isinstance(text, Message):
        return [f"not a Message: {text!r}"]
    out = [] if text.msgid in extracted() else [text.msgid]
    if text.plural is not None and text.plural not in extracted():
        out.append(text.plural)
    for value in text.params.values():
        if isinstance(value, (Message, Sentences)):
            out += unknown_msgids(value)
    return out


def test_every_player_visible_name_of_the_data_is_in_the_glossary():
    d = raw_data()
    names = {e["name"] for e in d["events"]} | {g["name"] for g in d["great_works"]}
    names |= {t["names"]["en"] for t in d["building_types"].values()}
    names |= {t.capitalize() for t in CHAR_TYPES} | {k.capitalize() for k in KINDS} | set(COLOURS)
    names |= {c.capitalize() for c in d["conventions"]["player_colours"]} | {"Famine"}
    assert sorted(names - GLOSSARY) == []
    assert all(name in extracted() for name in GLOSSARY)
    assert isinstance(name_of("Flood"), Message) and name_of("Flood") == "Flood"
    assert not isinstance(name_of("A renamed event"), Message)  # data_overrides may rename: plain text


def _texts_of_prompt(p) -> list:
    out = [p.text] + [c.label for c in p.choices]
    if p.form is not None:
        for f in p.form.fields:
            out.append(f.label)
            out += [o.label for o in getattr(f, "options", ())]
    return out


def _play(rules, seats, options, seed, with_refusals: bool) -> list:
    chooser, rng = random.Random(seed), random.Random(seed * 7919 + 17)
    state, texts = rules.setup(seats, options, rng), []
    while rules.outcome(state) is None:
        prompts = rules.prompts(state)
        for p in prompts:
            texts += _texts_of_prompt(p)
        view = rules.view(state, seats[0])
        if view.get("waiting_sentence"):
            texts.append(view["waiting_sentence"])
        if with_refusals:
            for seat in seats:
                try:
                    rules.apply(state, seat, "nonsense", random.Random(0))
                except IllegalAction as exc:
                    texts.append(exc.reason)
        picks = [(p.seat, random_choice(p, chooser)) for p in prompts]
        for seat, choice in picks[:1] if len(prompts) == 1 and not prompts[0].secret else picks:
            before, state = state, rules.apply(state, seat, choice, rng)
            for viewer in seats + [None, "*"]:
                texts += rules.describe(before, seat, choice, state, viewer)
    return texts


def test_a_random_sylla_game_shows_only_extracted_messages():
    for seed, seats, options in ((1, ["red", "black", "white", "yellow"], {}),
                                 (2, ["blue", "red", "black"], {"announce_token_kinds": False})):
        texts = _play(RULES, seats, options, seed, with_refusals=seed == 1)
        assert len(texts) > 500
        problems = sorted({m for t in texts for m in unknown_msgids(t)})
        assert problems == [], problems[:10]


def test_a_random_toy_game_shows_only_extracted_messages():
    texts = _play(TOY, ["red", "blue", "green"], {"rounds": 4}, 3, with_refusals=True)
    assert sorted({m for t in texts for m in unknown_msgids(t)}) == []


def test_sylla_refusals_and_option_help_are_messages():
    for bad in ({"crisis_order": ["civic"]}, {"scenario": {"round": 99}}, {"scenario": {"nope": 1}}):
        try:
            RULES.setup(["red", "black", "white"], bad, random.Random(0))
        except IllegalAction as exc:
            reason = exc.reason
        assert unknown_msgids(reason) == [] or "crisis_order" in json.dumps(bad), reason
    assert all(unknown_msgids(o.help) == [] for o in RULES.options)
    assert all(unknown_msgids(o.help) == [] for o in TOY.options)


def test_narration_names_are_messages_a_translation_can_reach():
    """A seat's colour and an event's name inside a sentence are Message parameters, not baked-in text."""
    texts = _play(RULES, ["red", "black", "white"], {}, 4, with_refusals=False)
    params = [v for t in texts if isinstance(t, Message) for v in t.params.values()]
    assert any(isinstance(v, Message) and v.msgid == "Red" for v in params)
    assert any(isinstance(v, Message) and v.msgid in {"Epidemic", "Eruption", "Famine", "Flood", "Pillage",
                                                       "Decadence", "Imperial Cult", "Slave Revolt"} for v in params)
