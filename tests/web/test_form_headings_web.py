"""Issue #16, a newcomer playing alone: a form's per-item field reads as its own heading ("Cards in your hand",
"Votes") above one line per item, not "Cards in your hand: Card for each"; the Revolution's and the
Redistribution's column is "What to do" (the e-mail's "What to do for each: 1. Keep, 2. Discard, ...")."""
from __future__ import annotations

import re

from flask import render_template

from domain.forms import EachOf, Form, OneOf, Option
from tests.web.helpers import embedded_app


def legends(html: str) -> list[str]:
    return [re.sub(r"\s+", " ", x).strip() for x in re.findall(r"<legend>(.*?)</legend>", html, re.S)]


def test_16_a_per_item_field_is_headed_by_its_own_label(svc):
    fates = OneOf("fate", "What to do", (Option("keep", "Keep"), Option("discard", "Discard")))
    votes = OneOf("vote", "Vote", (Option("yes", "Yes"), Option("no", "No")))
    form = Form((EachOf("cards", "Cards in your hand", (Option("a", "Mining"),), fates),
                 EachOf("votes", "Votes", (Option("1", "Valerius (1)"),), votes)))
    with embedded_app(svc).test_request_context("/"):
        html = render_template("_form_fields.html", p={"form": form.to_json()}, filled=None, picked={})
    assert legends(html) == ["Cards in your hand", "Votes"]
    assert "for each" not in html and '<label for="f.cards.a">Mining</label>' in html

