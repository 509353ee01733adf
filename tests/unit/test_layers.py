"""The layer contract ([tool.importlinter] in pyproject.toml) holds, and a violation of it is caught.

`make lint` and `make test` run `lint-imports` too; this test makes a plain pytest run fail on a layering
violation as well, and proves the contracts are not vacuous by adding forbidden imports to the real
import graph and checking each is reported."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

importlinter = pytest.importorskip("importlinter")

from importlinter import configuration  # noqa: E402
from importlinter.application import use_cases  # noqa: E402
from importlinter.application.app_config import settings  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CONTRACTS = {"domain-is-pure", "web-is-the-edge", "layers"}


def _report(monkeypatch, extra_imports=()):
    """The report of the project's own contracts over the real graph plus `extra_imports`."""
    monkeypatch.chdir(ROOT)
    monkeypatch.syspath_prepend(str(ROOT))
    configuration.configure()
    use_cases._register_built_in_contract_types()  # what lint_imports does before create_report
    real = settings.GRAPH_BUILDER

    class WithExtraImports:
        def build(self, **kwargs):
            graph = real.build(**kwargs)
            for importer, imported in extra_imports:
                graph.add_import(importer=importer, imported=imported, line_number=1, line_contents="import x")
            return graph

    monkeypatch.setattr(settings, "GRAPH_BUILDER", WithExtraImports(), raising=False)
    options = use_cases.read_user_options(str(ROOT / "pyproject.toml"))
    report = use_cases.create_report(options, cache_dir=None)
    return {contract.name: check.kept for contract, check in report.get_contracts_and_checks()}, report


def test_the_projects_contracts_are_the_three_and_all_are_kept(monkeypatch):
    results, report = _report(monkeypatch)
    options = use_cases.read_user_options(str(ROOT / "pyproject.toml"))
    assert {c["id"] for c in options.contracts_options} == CONTRACTS
    assert len(results) == 3 and all(results.values()), results
    assert not report.contains_failures


@pytest.mark.parametrize("importer, imported, broken", [
    ("domain.game", "service.games", {"domain imports nothing of ours outside domain",
                                      "no cycles between the top-level packages: workers > service > "
                                      "notifications > locales > domain"}),
    ("workers.ticker", "service.web.api", {"notifications and workers do not import service.web"}),
    ("notifications.compose", "service.views", {"no cycles between the top-level packages: workers > service > "
                                                "notifications > locales > domain"}),
    ("service.games", "workers.runtime", {"no cycles between the top-level packages: workers > service > "
                                          "notifications > locales > domain"}),
    ("service.web.mailhooks", "workers.runtime", {"no cycles between the top-level packages: workers > service > "
                                                  "notifications > locales > domain"}),
    ("locales", "notifications.compose", {"no cycles between the top-level packages: workers > service > "
                                          "notifications > locales > domain"}),
])
def test_a_deliberate_violation_breaks_its_contract(monkeypatch, importer, imported, broken):
    results, report = _report(monkeypatch, [(importer, imported)])
    assert report.contains_failures
    assert {name for name, kept in results.items() if not kept} == broken


def test_the_lint_imports_command_passes():
    """What `make lint` / `make test` run (the console script of import-linter, no cache in the tree)."""
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")
    if exe is None:
        pytest.skip("lint-imports is not installed (pip install -e '.[test]')")
    done = subprocess.run([exe, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout
