"""The reply parser (mailparser_reply) is quadratic on some texts: a reply of 20,000 newlines took 114 s
and 'On ' repeated 6,600 times 22 s, holding the IMAP poller, a webhook worker or an MTA pipe. The first
word is read from the start of the reply only, so a hostile body costs milliseconds."""
from __future__ import annotations

import time

import pytest

from notifications.inbound import MAX_TEXT, first_words


@pytest.mark.parametrize(("body", "first"), [
    ("\n" * 4000 + "2", "2"),
    (" \n" * 4000 + "2", "2"),
    ("2 " + "\n" * 4000, "2"),
    ("On " * 2000, "On"),
    ("On , " * 1000, "On"),
])
def test_a_hostile_reply_body_is_read_quickly(body, first):
    started = time.perf_counter()
    words = first_words(body[:MAX_TEXT], 1)
    assert time.perf_counter() - started < 0.5
    assert words == [first]


def test_the_first_word_is_still_read_above_the_quotation():
    quoted = "3\n\nOn Mon, 1 Jan 2024 at 10:00, Tabularium <play@example.org> wrote:\n> 1. bid\n> 2. pass\n" * 200
    assert first_words(quoted, 1) == ["3"]
    assert first_words("\n\n  always 2\nthanks\n", 2) == ["always", "2"]
    assert first_words("> 1\n> quoted only\n", 1) == []
