"""Issue #16, a newcomer playing alone: a prompt's form opens with its radio buttons on the form's default (what
a missed deadline plays; else the first option), so a Senate vote with its optional extras (an assassination
attempt, a standing vote) needs no tick in every group before Confirm. A refused submission comes back with the
player's own ticks, not the defaults."""
from __future__ import annotations

import re

from flask import render_template
from werkzeug.datastructures import MultiDict

from domain import forms
from domain.forms import EachOf, Form, OneOf, Option
from service.web.games import default_picks
from tests.support.play import PLAYERS
from tests.web.helpers import csrf_from, embedded_app, hidden, login

SEED = "16" * 32


def checked(page: str, name: str) -> list[str]:
    return re.findall(rf'<input type="radio" name="{re.escape(name)}" value="([^"]+)"[^>]*\schecked', page)


def test_16_the_vote_form_opens_on_no_attempt_and_no_change_of_standing_vote():
    yes_no = OneOf("vote", "Vote", (Option("yes", "Yes"), Option("abstain", "Abstain")))
    form = Form((EachOf("votes", "Votes", (Option("1", "Valerius (1)"),), yes_no),
                 OneOf("assassin", "Assassin", (Option("1", "Valerius (1)"), Option("none", "No attempt"))),
                 OneOf("standing", "Standing vote", (Option("keep", "no change"), Option("yes", "vote yes")))),
                forms.encode({"votes": {"1": "abstain"}, "assassin": "none", "standing": "keep"}))
    picks = default_picks({"form": form.to_json()})
    assert picks == {"f.assassin": "none", "f.standing": "keep", "f.votes.1": "abstain"}  # each item's select too
    assert default_picks({"form": None}) == {} and default_picks(None) == {}


def test_16_the_faction_leader_form_opens_on_the_default_leader_and_keeps_a_refused_pick(svc):
    created = svc.create_game("republic_of_rome", PLAYERS[:3], {}, seed=SEED)
    gid, token = created["id"], created["seats"][0]["token"]
    seat = created["seats"][0]["seat"]
    client = embedded_app(svc).test_client()
    login(client, token)
    prompt = svc.get(gid).prompt_for(seat)
    default = forms.values_of(prompt.form, forms.default_answer(prompt.form))
    page = client.get(f"/games/{gid}?seat={seat}").text
    assert checked(page, "f.leader") == [default["leader"]]
    r = client.post(f"/games/{gid}/choose", data={
        "csrf_token": csrf_from(page), "seat": seat, "prompt_id": hidden(page, "prompt_id"), "key": hidden(page, "key"),
        "answer_form": "1", "f.leader": "no-such-senator"})
    assert r.status_code == 422 and svc.get(gid).prompt_for(seat) is not None
    assert checked(r.text, "f.leader") == [], "a refused page shows the player's own pick, never the default"


def test_16_a_number_for_each_item_opens_on_its_least_value_so_the_vote_form_can_be_confirmed(svc):
    """The vote's "Talents paid for extra votes: Talents for each" (an EachOf of Numbers) was rendered empty and
    required: Confirm did nothing until the newcomer typed 0 in each box. Rows stay empty (empty skips a row)."""
    from flask import render_template

    talents = forms.Number("t", "Talents", 0, 3)
    form = Form((EachOf("extra", "Talents paid", (Option("1", "Valerius (1)"), Option("2", "Julius (2)")), talents),
                 forms.Rows("gifts", "Gifts", (talents,), 2)))
    with embedded_app(svc).test_request_context("/"):
        html = render_template("_form_fields.html", p={"form": form.to_json()}, filled=None, picked={})
    assert re.findall(r'name="f\.extra\.(\d)"[^>]*value="(\d*)"', html.replace("\n", " ")) == [("1", "0"), ("2", "0")]
    assert re.findall(r'name="f\.gifts\.\d\.t"[^>]*value="(\d*)"', html.replace("\n", " ")) == ["", ""]


def selected(page: str, name: str) -> list[str]:
    block = re.search(rf'<select name="{re.escape(name)}".*?</select>', page, re.S)
    return re.findall(r'<option value="([^"]+)" selected', block.group(0)) if block else []


def test_16_a_per_item_select_opens_on_the_form_s_default_and_a_refused_page_keeps_the_player_s_own(svc):
    """A Revolution hand of seven cards: "Keep" (each select's first option) is refused as a whole, so the
    selects open on the default (the two last drawn discarded); a refused page shows what the player chose."""
    app = embedded_app(svc)
    fates = OneOf("fate", "Card", (Option("keep", "Keep"), Option("discard", "Discard")))
    form = Form((EachOf("cards", "Cards in your hand", (Option("a", "A"), Option("b", "B")), fates),),
                forms.encode({"cards": {"a": "keep", "b": "discard"}}))
    p = {"form": form.to_json()}
    picked = default_picks(p)
    assert picked == {"f.cards.a": "keep", "f.cards.b": "discard"}
    with app.test_request_context():
        page = render_template("_form_fields.html", p=p, filled=None, picked=picked)
        assert selected(page, "f.cards.a") == ["keep"] and selected(page, "f.cards.b") == ["discard"]
        again = render_template("_form_fields.html", p=p, filled=MultiDict({"f.cards.b": "keep"}), picked=picked)
        assert selected(again, "f.cards.b") == ["keep"] and selected(again, "f.cards.a") == []
