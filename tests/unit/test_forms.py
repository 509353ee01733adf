"""domain/forms.py: each field kind accepts what its description allows, refuses the rest with a sentence
naming the field, encodes canonically, and reads the web POST and the e-mail reply syntax."""
from __future__ import annotations

import json
import random

import pytest

from domain import forms
from domain.forms import EachOf, Form, FormError, Number, OneOf, Option, Rows, SomeOf

COLOURS = (Option("red", "Red"), Option("blue", "Blue"), Option("black", "Black"))
SENATORS = (Option("s1", "Cornelius"), Option("s2", "Fabius"))


def form_of(*fields, default=None) -> Form:
    return Form(tuple(fields), default)


def test_one_of_accepts_an_option_and_refuses_another_value():
    f = form_of(OneOf("colour", "Colour", COLOURS))
    assert forms.canonical(f, '{"colour": "blue"}') == '{"colour":"blue"}'
    with pytest.raises(FormError, match=r"^Colour: 'green' is not one of the options \(red, blue, black\)\.$"):
        forms.canonical(f, '{"colour": "green"}')
    with pytest.raises(FormError, match="Colour: '3' is not one of the options"):
        forms.canonical(f, '{"colour": 3}')


def test_some_of_counts_refuses_doubles_and_normalises_to_the_options_order():
    f = form_of(SomeOf("cards", "Cards", COLOURS, 1, 2))
    assert forms.canonical(f, '{"cards": ["black", "red"]}') == '{"cards":["red","black"]}'
    with pytest.raises(FormError, match=r"Cards: choose from 1 to 2, not 3\."):
        forms.canonical(f, '{"cards": ["red", "blue", "black"]}')
    with pytest.raises(FormError, match=r"Cards: choose from 1 to 2, not 0\."):
        forms.canonical(f, '{"cards": []}')
    with pytest.raises(FormError, match="Cards: 'red' is chosen twice"):
        forms.canonical(f, '{"cards": ["red", "red"]}')
    exact = form_of(SomeOf("cards", "Cards", COLOURS, 2, 2))
    with pytest.raises(FormError, match=r"Cards: choose exactly 2, not 1\."):
        forms.canonical(exact, '{"cards": ["red"]}')


def test_number_is_a_whole_number_within_its_bounds():
    f = form_of(Number("talents", "Talents", 0, 5))
    assert forms.canonical(f, '{"talents": 5}') == '{"talents":5}'
    for bad, why in (("6", "Talents: 6 is not between 0 and 5."), ("-1", "Talents: -1 is not between 0 and 5."),
                     ("2.5", "Talents: give a whole number from 0 to 5."), ("true", "Talents: give a whole number"),
                     ('"3"', "Talents: give a whole number")):
        with pytest.raises(FormError) as exc:
            forms.canonical(f, '{"talents": %s}' % bad)
        assert exc.value.reason.startswith(why)


def test_each_of_needs_one_value_per_item_of_its_kind():
    votes = form_of(EachOf("votes", "Votes", SENATORS, OneOf("vote", "Vote", (Option("yes", "Yes"), Option("no", "No")))))
    assert forms.canonical(votes, '{"votes": {"s2": "no", "s1": "yes"}}') == '{"votes":{"s1":"yes","s2":"no"}}'
    with pytest.raises(FormError, match="Votes: give a value for s2 too"):
        forms.canonical(votes, '{"votes": {"s1": "yes"}}')
    with pytest.raises(FormError, match="Votes: 's9' is not one of s1, s2"):
        forms.canonical(votes, '{"votes": {"s1": "yes", "s2": "no", "s9": "no"}}')
    with pytest.raises(FormError, match="Votes, Fabius: 'maybe' is not one of the options"):
        forms.canonical(votes, '{"votes": {"s1": "yes", "s2": "maybe"}}')
    talents = form_of(EachOf("spend", "Talents spent", SENATORS, Number("talents", "Talents", 0, 3)))
    with pytest.raises(FormError, match="Talents spent, Cornelius: 4 is not between 0 and 3"):
        forms.canonical(talents, '{"spend": {"s1": 4, "s2": 0}}')


def test_rows_are_bounded_in_number_and_each_cell_is_checked():
    f = form_of(Rows("transfers", "Transfers", (OneOf("to", "To", SENATORS), Number("talents", "Talents", 1, 9)), 2))
    assert forms.canonical(f, '{"transfers": []}') == '{"transfers":[]}'
    assert forms.canonical(f, '{"transfers": [{"talents": 3, "to": "s2"}]}') == \
        '{"transfers":[{"talents":3,"to":"s2"}]}'
    with pytest.raises(FormError, match=r"Transfers: give at most 2 rows, not 3\."):
        forms.canonical(f, '{"transfers": [%s]}' % ",".join(['{"talents": 1, "to": "s1"}'] * 3))
    with pytest.raises(FormError, match="Transfers, row 1, 0 is not between 1 and 9"):
        forms.canonical(f, '{"transfers": [{"talents": 0, "to": "s1"}]}')
    with pytest.raises(FormError, match="Transfers, row 1: give exactly to, talents"):
        forms.canonical(f, '{"transfers": [{"to": "s1"}]}')


def test_the_answer_is_a_json_object_with_exactly_the_fields():
    f = form_of(Number("a", "A", 0, 1), OneOf("b", "B", COLOURS))
    with pytest.raises(FormError, match="This decision is a form"):
        forms.canonical(f, "up-3")
    with pytest.raises(FormError, match="B: this field is missing"):
        forms.canonical(f, '{"a": 1}')
    with pytest.raises(FormError, match="This form has no field 'c'"):
        forms.canonical(f, '{"a": 1, "b": "red", "c": 2}')
    with pytest.raises(ValueError):
        Form((Number("a", "A", 0, 1), Number("a", "A again", 0, 1)))


def test_random_answers_are_canonical_legal_and_cover_the_form_and_the_default_is_first_options():
    f = form_of(OneOf("colour", "Colour", COLOURS), SomeOf("cards", "Cards", COLOURS, 0, 2), Number("n", "N", 1, 3),
                EachOf("votes", "Votes", SENATORS, Number("t", "T", 0, 1)),
                Rows("rows", "Rows", (OneOf("to", "To", SENATORS),), 2))
    rng = random.Random(5)
    answers = [forms.random_answer(f, rng) for _ in range(300)]
    assert all(forms.canonical(f, a) == a for a in answers)
    values = [json.loads(a) for a in answers]
    assert {v["colour"] for v in values} == {"red", "blue", "black"} and {v["n"] for v in values} == {1, 2, 3}
    assert {len(v["cards"]) for v in values} == {0, 1, 2} and {len(v["rows"]) for v in values} == {0, 1, 2}
    assert forms.default_answer(f) == '{"cards":[],"colour":"red","n":1,"rows":[],"votes":{"s1":0,"s2":0}}'
    assert forms.default_answer(form_of(Number("n", "N", 1, 3), default='{"n":2}')) == '{"n":2}'


def test_the_reply_syntax_reads_numbers_values_labels_bare_lines_and_rows():
    chars = form_of(SomeOf("characters", "Characters", tuple(Option(f"c{i}", f"Card {i}") for i in range(1, 11)), 6, 6))
    expected = '{"characters":["c1","c3","c4","c6","c7","c9"]}'
    assert forms.read_reply(chars, ["characters: 1 3 4 6 7 9"]) == expected
    assert forms.read_reply(chars, ["1 3 4 6 7 9", "Ann"]) == expected
    assert forms.read_reply(chars, ["Characters = c9, 7, 6 4 3 1"]) == expected
    with pytest.raises(FormError, match=r"Characters: 11 is not an option number \(1 to 10\)"):
        forms.read_reply(chars, ["characters: 1 3 4 6 7 11"])
    work = form_of(OneOf("thumb", "Thumb", (Option("up", "Up"), Option("down", "Down"))), Number("denarii", "Denarii", 0, 4))
    assert forms.read_reply(work, ["up 3"]) == forms.read_reply(work, ["thumb: 1", "denarii: 3"]) == '{"denarii":3,"thumb":"up"}'
    with pytest.raises(FormError, match="Denarii: no line starting denarii: was found"):
        forms.read_reply(work, ["thumb: down"])
    moves = form_of(Rows("transfers", "Transfers", (OneOf("to", "To", SENATORS), Number("talents", "Talents", 1, 9)), 3))
    assert forms.read_reply(moves, ["transfers: 2 5", "transfers: Cornelius 1"]) == \
        '{"transfers":[{"talents":5,"to":"s2"},{"talents":1,"to":"s1"}]}'
    assert forms.read_reply(moves, ["transfers: none"]) == '{"transfers":[]}'
    with pytest.raises(FormError, match="Transfers: each row is 2 values"):
        forms.read_reply(moves, ["transfers: 2"])
    assert forms.reply_syntax(work) == "thumb: 1; denarii: 0."
    guide = forms.reply_guide(chars)
    assert guide["bare"] == "1 2 3 4 5 6" and guide["fields"][0]["lines"][2] == "3. Card 3"


def test_the_web_post_becomes_the_canonical_answer_skipping_empty_rows():
    f = form_of(SomeOf("cards", "Cards", COLOURS, 1, 2), Number("n", "N", 0, 9),
                EachOf("votes", "Votes", SENATORS, OneOf("v", "Vote", (Option("yes", "Yes"), Option("no", "No")))),
                Rows("transfers", "Transfers", (OneOf("to", "To", SENATORS), Number("talents", "Talents", 1, 9)), 3))
    post = {"f.cards": ["black", "red"], "f.n": ["4"], "f.votes.s1": ["no"], "f.votes.s2": ["yes"],
            "f.transfers.0.to": [""], "f.transfers.0.talents": [""],
            "f.transfers.1.to": ["s2"], "f.transfers.1.talents": ["7"]}
    answer = forms.read_web(f, lambda k: (post.get(k) or [None])[0], lambda k: post.get(k, []))
    assert answer == ('{"cards":["red","black"],"n":4,"transfers":[{"talents":7,"to":"s2"}],'
                      '"votes":{"s1":"no","s2":"yes"}}')
    post["f.transfers.2.to"] = ["s1"]  # a row half filled in
    with pytest.raises(FormError, match="Transfers, row 3, Talents: this field is empty"):
        forms.read_web(f, lambda k: (post.get(k) or [None])[0], lambda k: post.get(k, []))


def test_a_form_read_back_from_its_json_is_the_same_form_and_answers_it():
    rng = random.Random(3)
    form = Form((OneOf("thumb", "Thumb", (Option("up", "Up"), Option("down", "Down"))),
                 SomeOf("characters", "Characters", tuple(Option(f"c{i}", f"C{i}") for i in range(10)), 6, 6),
                 Number("denarii", "Denarii", 0, 9),
                 EachOf("votes", "Votes", (Option("a", "A"), Option("b", "B")), Number("talents", "Talents", 0, 3)),
                 Rows("transfers", "Transfers", (OneOf("to", "To", (Option("x", "X"),)), Number("n", "N", 1, 5)), 3)),
                default=None)
    again = Form.from_json(json.loads(json.dumps(form.to_json())))
    assert again == form
    for _ in range(20):
        reply = forms.random_reply({"form": form.to_json(), "choices": []}, rng)
        assert forms.canonical(form, reply) == reply
    assert forms.random_reply({"form": None, "choices": [{"id": "only", "label": "Only"}]}, rng) == "only"
