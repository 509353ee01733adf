"""Issue 13, part 4: a readable CLI. `show --as SEAT` prints the board in words (name, round and phase,
the seat's own holdings, who is due) and the decision with numbered choices or the form's fields and
reply syntax, no JSON; `--json` keeps the raw view; `play` says what was recorded and who is due next."""
import json
import re

from service.cli import main
from service.games import GameService
from tests.integration.test_cli import SEED, cli_env, run  # noqa: F401  (the fixture)


def new_sylla(capsys, *extra) -> str:
    args = ["new", "sylla", "--seed", SEED, "--json", "--player", "Ann:", "--player", "Bob:", "--player", "Cid:"]
    code, out, _ = run(capsys, *args, *extra)
    assert code == 0
    return json.loads(out)["id"]


def test_show_prints_the_board_in_words_and_a_form_with_its_reply_syntax(cli_env, capsys):  # noqa: F811
    gid = new_sylla(capsys, "--name", "Friday table")
    code, out, _ = run(capsys, "show", gid, "--as", "red")
    assert code == 0
    assert out.startswith("Friday table (Sylla), active\n")
    assert "Set-up · choosing starting characters" in out
    assert "You play Red (Bob)." in out and "Prestige 10 · 0 denarii" in out
    assert "Characters (choose exactly 6):" in out and re.search(r"^\s+1\. \S", out, re.M)
    assert f'Answer: tabularium play {gid} --as red "1 2 3 4 5 6"' in out
    assert "{" not in out and '"state"' not in out and len(out.splitlines()) < 40  # no raw JSON
    code, raw, _ = run(capsys, "show", gid, "--as", "red", "--json")
    assert json.loads(raw) == GameService().view(gid, "red")  # --json: the raw view, unchanged
    assert json.loads(raw)["game"]["name"] == "Friday table"


def test_play_says_what_was_recorded_and_who_is_due_then_show_numbers_the_choices(cli_env, capsys):  # noqa: F811
    gid = new_sylla(capsys)
    code, out, _ = run(capsys, "play", gid, "--as", "red", "1 2 3 4 5 6")
    assert code == 0
    assert out.startswith("Recorded (the game is at event 2):")
    assert "You chose in secret: Characters: " in out  # the narration line, in words
    assert "Next: Blue (Ann), Black (Cid)." in out
    run(capsys, "play", gid, "--as", "blue", "1 2 3 4 5 6")
    code, out, _ = run(capsys, "play", gid, "--as", "black", "1 2 3 4 5 6")
    assert "Secret choices revealed:" in out and "Round 1 begins." in out
    due = GameService().get(gid).waiting_for()
    assert len(due) == 1
    code, out, _ = run(capsys, "show", gid, "--as", due[0])
    assert "Round 1 of 5 · Phase I · First Consul" in out
    assert "Characters: " in out and "Your decision: " in out
    assert re.search(r"^  1\. Bid 0 votes", out, re.M) and "NUMBER" in out
    code, out, _ = run(capsys, "play", gid, "--as", due[0], "1")
    assert code == 0 and "You bid 0 votes for First Consul." in out and "Next: " in out


def test_a_default_name_and_a_spectators_show(cli_env, capsys):  # noqa: F811
    gid = new_sylla(capsys)
    code, out, _ = run(capsys, "show", gid)
    assert out.startswith(f"Sylla, game {gid[:8]} (Sylla), active")
    assert "You play" not in out and "denarii" not in out  # the referee's summary names no seat's purse
    assert "Waiting for Blue (Ann), Red (Bob), Black (Cid)." in out
    assert main(["new", "sylla", "--player", "A:", "--player", "B:", "--player", "C:", "--name", "x" * 81]) == 1
