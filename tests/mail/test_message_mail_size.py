"""A message e-mail carries a bounded amount of chat: the newest messages of its window up to a byte
budget, each cut to a bounded length, and a pointer to the game page for the rest."""
from __future__ import annotations

import pytest

from notifications import compose as composer
from notifications import outbox
from notifications.delivery import flush
from tests.mail.helpers import PLAYERS, Mailboxes, html_of, mail_service, text_of

MAX_EMAIL = 100_000  # bytes of a whole message e-mail (headers, text and HTML parts, encoding)


@pytest.fixture
def svc(sqlite_url, tmp_path):
    service = mail_service(sqlite_url, tmp_path)
    yield service
    service.close()


def chatter(n: int, length: int) -> str:
    """Worst cases for the encoded size: non-ASCII (three bytes, then quoted-printable) and HTML specials."""
    unit = f"#{n:03d} «Ave» <b>&amp; Καρχηδών δεῖ ἐκπορθῆναι "
    return (unit * (length // len(unit) + 1))[:length]


def message_mails(svc, tmp_path, to: str):
    outbox.pump(svc)
    with svc.store.db.transaction() as cur:  # the throttle window has passed
        cur.execute("UPDATE tabularium_outbox SET not_before=0 WHERE kind='message'")
    flush(svc)
    return Mailboxes(tmp_path / "mail").to(to, "message")


def test_a_window_full_of_long_messages_makes_an_email_under_the_cap(svc, tmp_path):
    gid = svc.create_game("toy", PLAYERS[:4], seed="0c" * 32)["id"]
    length = svc.message_caps.length
    posted = 0
    for seat in ("red", "blue", "green"):
        for _ in range(min(25, svc.message_caps.per_seat_hour)):
            svc.post_message(gid, seat, "all", chatter(posted, length))
            posted += 1
    mails = message_mails(svc, tmp_path, "dee@example.org")
    assert mails, "the fourth seat was told"
    for mail in mails:
        assert len(mail.as_bytes()) < MAX_EMAIL, len(mail.as_bytes())
    last = mails[-1]
    assert f"#{posted - 1:03d}" in text_of(last) and f"#{posted - 1:03d}" in html_of(last)  # the newest is there
    assert "#000 " not in text_of(last)  # the oldest is not ...
    assert f"{svc.settings.base_url}/games/{gid}" in text_of(last)  # ... but the game page is
    assert "earlier messages" in text_of(last) and "earlier messages" in html_of(last)


def test_the_newest_message_is_kept_even_alone_over_the_budget_and_short_ones_are_untouched():
    short = [{"seq": n, "text": [f"Red to everyone: Ave {n} <3"]} for n in range(3)]
    assert composer.newest_within(short, composer.MESSAGE_BUDGET) == (short, 0)
    entries = [{"seq": n, "text": [f"Red to everyone: {'x' * 50_000}"]} for n in range(3)]
    kept, older = composer.newest_within(entries, budget=1_000)
    assert [e["seq"] for e in kept] == [2] and older == 2
    assert len(kept[0]["text"][0].encode()) < composer.ENTRY_BYTES + 100
    assert kept[0]["text"][0].endswith("the whole message is on the game page]")
    many = [{"seq": n, "text": [f"Red to everyone: {'é' * 3_000}"]} for n in range(100)]
    kept, older = composer.newest_within(many, composer.MESSAGE_BUDGET)
    assert kept[-1]["seq"] == 99 and older == 100 - len(kept)
    assert sum(len(e["text"][0].encode()) for e in kept) <= composer.MESSAGE_BUDGET


def test_an_entry_keeps_its_sentences_apart_unless_it_had_to_be_cut():
    """An event narrated in several sentences (a Republic of Rome phase change: a dozen) is quoted a sentence a
    line in "Since you last acted" (_since.txt, _layout.html); an entry cut to ENTRY_BYTES is one line."""
    entry = {"seq": 7, "text": ["Dice for the State of the Republic: 3, 5, 1 (total 9).", "Unrest changes by 3 to 4."]}
    kept, older = composer.newest_within([entry], composer.MESSAGE_BUDGET)
    assert kept == [entry] and older == 0
    long = {"seq": 8, "text": ["x" * composer.ENTRY_BYTES, "Unrest changes by 3 to 4."]}
    kept, _older = composer.newest_within([long], composer.MESSAGE_BUDGET)
    assert len(kept[0]["text"]) == 1 and kept[0]["text"][0].endswith("the whole message is on the game page]")


def test_an_entry_of_several_sentences_is_quoted_a_sentence_a_line(tmp_path):
    """The game's creation is narrated in two sentences (who plays, the seed commitment): the first e-mails
    quote them on two lines, the second indented under the first, and as two lines in the HTML."""
    svc = mail_service(f"sqlite:///{tmp_path}/events.sqlite3", tmp_path)
    svc.create_game("toy", PLAYERS[:2], {}, seed="ab" * 32)
    flush(svc)
    mail = Mailboxes(tmp_path / "mail").to(PLAYERS[0]["email"], "your_turn")[0]
    since = text_of(mail).split("Since you last acted:", 1)[1].split("\n--", 1)[0].strip("\n").splitlines()
    assert since[0].startswith("  #1 ") and "created for" in since[0] and "Seed commitment" not in since[0]
    assert since[1].startswith("      Seed commitment: "), since
    html = html_of(mail).split("Since you last acted", 1)[1]
    assert "created for" in html and "<br>Seed commitment" in html.replace("\n", "")
    svc.close()


def busy_table(svc, seats: int = 4) -> tuple[str, int]:
    gid = svc.create_game("toy", PLAYERS[:seats], seed="0e" * 32)["id"]
    posted = 0
    for seat in ("red", "blue", "green"):
        for _ in range(min(25, svc.message_caps.per_seat_hour)):
            svc.post_message(gid, seat, "all", chatter(posted, svc.message_caps.length))
            posted += 1
    return gid, posted


def test_a_digest_of_a_busy_day_is_under_the_cap(svc, tmp_path):
    from notifications.preferences import set_preference

    gid = svc.create_game("toy", PLAYERS[:4], seed="0f" * 32)["id"]
    set_preference(svc, gid, svc.get(gid).seat_ids[3], "digest")  # Dee
    for n in range(60):
        svc.post_message(gid, ("red", "blue", "green")[n % 3], "all", chatter(n, svc.message_caps.length))
    outbox.pump(svc)
    with svc.store.db.transaction() as cur:  # the day is over
        cur.execute("UPDATE tabularium_outbox SET not_before=0 WHERE kind='digest'")
    flush(svc)
    digest = Mailboxes(tmp_path / "mail").to("dee@example.org", "digest")
    assert digest and len(digest[-1].as_bytes()) < MAX_EMAIL, len(digest[-1].as_bytes())
    assert "#059" in text_of(digest[-1]) and "earlier events of the day" in text_of(digest[-1])


def test_since_you_last_acted_is_bounded_too(svc):
    gid, posted = busy_table(svc)
    outbox.pump(svc)
    row = next(r for r in outbox.rows_for(svc.store) if r["kind"] == "message" and r["seat"] == "blue")
    version = svc.get(gid).version
    raw = composer.compose(svc, {**row, "key": "t/since", "kind": "reply_accepted", "seq": version,
                                 "params": {"choice_label": "1", "version": version}}).message.raw
    assert len(raw) < MAX_EMAIL, len(raw)
    assert b"Since you last acted" in raw
