"""DecidedBy: the one answer to "was this the player's own decision?" for a recorded choice."""
import pytest

from domain.decided_by import DecidedBy, automatic, by_seat_itself, players_own
from domain.errors import BadRequest

OWN = {"seat", "operator"}
AUTOMATIC = {"auto", "standing", "bot"}


@pytest.mark.parametrize("by", [m.value for m in DecidedBy])
def test_each_value_answers_the_three_questions(by):
    value = DecidedBy(by)
    assert value.is_players_own is (by in OWN)
    assert value.is_played_for_seat is (by not in OWN)
    assert value.is_automatic is (by in AUTOMATIC)
    assert value.is_seat_itself is (by == "seat")
    content = {"seat": "red", "by": by}
    assert (players_own(content), automatic(content), by_seat_itself(content)) == \
        (value.is_players_own, value.is_automatic, value.is_seat_itself)


def test_a_timeout_is_played_for_the_seat_but_not_automatic():
    assert not DecidedBy.TIMEOUT.is_players_own and not DecidedBy.TIMEOUT.is_automatic


def test_parse_takes_the_value_or_its_string_and_refuses_anything_else_with_a_sentence():
    assert DecidedBy.parse("bot") is DecidedBy.BOT and DecidedBy.parse(DecidedBy.SEAT) is DecidedBy.SEAT
    for bad in ("Seat", "", None, 3, "unsubscribe-link"):
        with pytest.raises(BadRequest) as info:
            DecidedBy.parse(bad)
        assert info.value.reason.startswith("A decision is made by one of seat, operator")


def test_a_recorded_content_without_a_known_by_reads_as_the_players_own():
    """As the platform always read it: only the listed values are played for a seat."""
    for content in ({}, {"by": None}, {"by": "something-older"}):
        assert DecidedBy.of(content) is None
        assert players_own(content) and not automatic(content) and not by_seat_itself(content)


def test_the_stored_value_is_the_plain_string():
    assert [m.value for m in DecidedBy] == ["seat", "operator", "auto", "standing", "timeout", "bot"]
