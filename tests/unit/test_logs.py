import json
import logging

from service import logs


def test_json_lines_carry_the_bound_game_and_seat(capsys):
    record = logging.LogRecord("tabularium.test", logging.INFO, __file__, 1, "choice %s", ("bid-4",), None)
    formatter = logs.JsonFormatter()
    with logs.bind(game_id="g-1", seat="red"):
        inside = json.loads(formatter.format(record))
    outside = json.loads(formatter.format(record))
    assert inside["game_id"] == "g-1" and inside["seat"] == "red" and inside["message"] == "choice bid-4"
    assert "game_id" not in outside and outside["level"] == "INFO"
