"""The Republic of Rome's random play summary: one line after the run (games, turns, decisions, endings by
reason, failures, and the bot's fallback answers the rules refused: ror_random.bot_answer), summed over
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
