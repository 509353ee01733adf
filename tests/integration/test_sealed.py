"""A sealed choice stays secret until every seat has chosen, and its hash cannot be brute-forced."""
import json

from domain.chain import event_hash
from tests.support.play import new_game


def test_sealed_choice_is_invisible_to_other_seats_until_the_reveal(svc):
    gid = new_game(svc, players=3)
    prompt = svc.get(gid).prompt_for("red")
    choice = prompt.choices[1].id
    svc.choose(gid, "red", prompt.id, choice)
    assert svc.view(gid, "red")["you"]["sealed_choice"] == choice
    for viewer in ("blue", "green", None):
        view = json.dumps(svc.view(gid, viewer))
        history = json.dumps(svc.history(gid, viewer))
        assert choice not in view and choice not in history
        assert "made a secret choice" in history
    # Sealing changes nothing in the others' prompts: their open forms stay valid.
    assert svc.get(gid).prompt_for("blue").id == prompt.id
    for seat in ("blue", "green"):
        p = svc.get(gid).prompt_for(seat)
        svc.choose(gid, seat, p.id, p.choices[0].id)
    revealed = json.dumps(svc.history(gid, "blue"))
    assert "Secret choices revealed" in revealed and f"Red {choice.split('-')[1]}" in revealed


def test_sealed_hash_cannot_be_matched_by_trying_every_legal_choice(svc):
    gid = new_game(svc, players=3)
    prompt = svc.get(gid).prompt_for("red")
    svc.choose(gid, "red", prompt.id, prompt.choices[0].id)
    entry = next(h for h in svc.history(gid, "blue") if h["type"] == "ChoiceSealed")
    sealed = next(e for e in svc.events(gid) if type(e).__name__ == "ChoiceSealed")
    public = {k: v for k, v in sealed.content.items() if k not in ("choice", "salt")}
    for candidate in prompt.choice_ids():  # everything an opponent knows, minus the salt
        for salt in ("", None):
            guess = {**public, "choice": candidate, "salt": salt}
            assert event_hash(gid, entry["seq"], "ChoiceSealed", sealed.prev_hash, guess) != entry["hash"]
    assert "salt" not in json.dumps(svc.history(gid, "blue"))
