"""The Republic of Rome's random play summary: one line after the run (games, turns, decisions, endings by
reason, failures, and the bot's fallback answers the rules refused: ror_random.bot_answer), then, for the
games played to their end, one line per player count: the endings and the game lengths (turns and
decisions: least, median, 95th percentile, most), summed over
the chunks, whether they ran in this process or in pytest-xdist workers (each chunk records its tally as
a user property, which travels with its report).

The line is printed when this conftest is loaded by the process that writes the terminal summary, i.e.
when the run names this directory (`make soak`); a run of the whole suite under xdist does not load it
in the controller and prints nothing more.
"""
from __future__ import annotations

TOTALS: dict = {}


def pytest_runtest_logreport(report) -> None:
    if report.when != "call":
        return
    for name, tally in report.user_properties:
        if name == "ror_random_play":
            for key in ("games", "turns", "decisions", "failures", "refused_fallbacks"):
                TOTALS[key] = TOTALS.get(key, 0) + tally.get(key, 0)
            TOTALS.setdefault("lengths", []).extend(tuple(x) for x in tally.get("lengths", []))
            endings = TOTALS.setdefault("endings", {})
            for reason, n in tally["endings"].items():
                endings[reason] = endings.get(reason, 0) + n


def pytest_terminal_summary(terminalreporter) -> None:
    if not TOTALS:
        return
    endings = ", ".join(f"{reason} {n}" for reason, n in sorted(TOTALS.get("endings", {}).items())) or "none"
    terminalreporter.write_line(
        f"republic_of_rome random play: {TOTALS['games']} games, {TOTALS['turns']} turns, "
        f"{TOTALS['decisions']} decisions; endings: {endings}; failures: {TOTALS['failures']}; "
        f"bot answers refused (the rules' default played instead): {TOTALS['refused_fallbacks']}")
    for line in length_lines(TOTALS.get("lengths", [])):
        terminalreporter.write_line(line)


def spread(values: list[int]) -> str:
    """least / median / 95th percentile / most"""
    v = sorted(values)
    return f"{v[0]}/{v[len(v) // 2]}/{v[min(len(v) - 1, (95 * len(v)) // 100)]}/{v[-1]}"


def length_lines(lengths: list[tuple]) -> list[str]:
    """One line per player count of the games that ended: how they ended and how long they took."""
    lines = []
    for players in sorted({x[0] for x in lengths}):
        games = [x for x in lengths if x[0] == players]
        endings: dict[str, int] = {}
        for x in games:
            endings[x[3]] = endings.get(x[3], 0) + 1
        shares = ", ".join(f"{reason} {n} ({100 * n / len(games):.0f} %)" for reason, n in sorted(endings.items()))
        lines.append(f"  {players} players, {len(games)} games to the end: {shares}; turns (least/median/p95/most) "
                     f"{spread([x[1] for x in games])}; decisions {spread([x[2] for x in games])}")
    return lines
