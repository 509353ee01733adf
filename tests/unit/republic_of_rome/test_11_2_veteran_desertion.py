"""Rule 11.2 and decision 50 (veteran_desertion.py): Veterans loyal to a rebel join him wherever they are; Veterans
in the rebel army loyal to a Senator who stays loyal desert or stay, as his faction decides (default: desert)."""
from __future__ import annotations

import pytest

from domain.games.republic_of_rome import RULES
from tests.scenario.republic_of_rome.position import answer, asked, narration
from tests.unit.republic_of_rome.test_11_2_revolt import revolution, table


def julius_veteran_with_fabius() -> dict:
    """table() of test_11_2_revolt, and: Legion 3 of Fabius's army a Veteran loyal to Julius (4, Blue); Legion
    5 in Italy a Veteran loyal to Fabius."""
    s = table()
    s["legions"] = [{**u, "veteran": True, "loyal_to": "4"} if u["id"] == 3 else u for u in s["legions"]]
    s["legions"] = [u for u in s["legions"] if u["id"] != 5] + [{"id": 5, "veteran": True, "loyal_to": "2", "at": "italy"}]
    return s


def rebel_declared(s: dict) -> dict:
    s = revolution(s)
    s = answer(s, "red", {"test": "no", "talents": 0})
    s = answer(s, "red", "revolt")
    return answer(s, "red", {"senators": {"1": "stay", "3": "stay"}})


def where(s: dict, lid: int) -> str:
    return next(u["at"] for u in s["legions"] if u["id"] == lid)


def test_11_2_veterans_of_a_loyal_owner_in_the_rebel_army_may_desert():
    s = rebel_declared(julius_veteran_with_fabius())
    assert where(s, 5) == "rebel"  # loyal to the rebel: joins him from Italy, without a question
    assert s["step"] == "revolution_veteran_desertion" and list(asked(s)) == ["blue"]
    assert [c.id for c in asked(s)["blue"].choices] == ["desert", "stay"]
    assert RULES.default_choice(s, "blue") == "desert"
    after = answer(s, "blue", "desert")
    assert where(after, 3) == "italy" and after["phase"] != "revolution"
    assert any("Veteran Legion loyal to" in line and "deserts the rebel" in line for line in narration(s, after, "green"))
    RULES.check_invariants(after)
    stayed = answer(s, "blue", "stay")
    assert where(stayed, 3) == "rebel" and stayed["phase"] != "revolution"


def test_11_2_no_question_without_a_loyal_owners_veterans_in_the_rebel_army():
    s = rebel_declared(table())
    assert s["phase"] != "revolution"


def test_11_2_the_invariant_bites_on_a_rebels_veteran_outside_his_army():
    s = rebel_declared(julius_veteran_with_fabius())
    RULES.check_invariants(s)
    s["legions"] = [{**u, "at": "italy"} if u["id"] == 5 else u for u in s["legions"]]
    with pytest.raises(AssertionError):
        RULES.check_invariants(s)
