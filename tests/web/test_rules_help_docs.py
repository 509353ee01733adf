"""The docs cite only files that exist in the repository (issue #13): every repository path named in docs/*.md,
README.md and deploy/README.md (a path under one of the top-level folders, or a file name in backticks) must
exist, and no doc points into the project's shared material outside the repository."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md", ROOT / "deploy" / "README.md"]
TOP = ("docs", "domain", "service", "tests", "notifications", "workers", "deploy", "bench", "scripts", "locales")
PATH = re.compile(r"(?<![\w/.-])((?:%s)/[\w./*<>-]*[\w*/])" % "|".join(TOP))
BACKTICKED_FILE = re.compile(r"`([\w.-]+\.(?:py|md|json|html|txt|cfg|toml|pot|po|ini|yml|yaml|css|js))`")
OUTSIDE = re.compile(r"(?<![\w.-])(shared/|/work/|seeds/)")
# file names that are not files of this repository, on purpose (with why)
NOT_OURS = {"pg_hba.conf": "PostgreSQL's own configuration file, on the database host"}


def repository_files() -> list[str]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return out.split()


def problems(text: str, where: str, files: list[str]) -> list[str]:
    names = {Path(f).name for f in files}
    found = []
    for m in PATH.finditer(text):
        path = m.group(1).rstrip(".")
        if "<" in path:  # a pattern such as domain/games/<title>/: its fixed prefix must exist
            path = path.split("<", 1)[0]
        if "*" in path:
            if not list(ROOT.glob(path)):
                found.append(f"{where}: {m.group(1)} matches no file")
        elif not (ROOT / path).exists():
            found.append(f"{where}: {m.group(1)} does not exist")
    for m in BACKTICKED_FILE.finditer(text):
        if m.group(1) not in names and m.group(1) not in NOT_OURS:
            found.append(f"{where}: no file called {m.group(1)} in the repository")
    for m in OUTSIDE.finditer(text):
        found.append(f"{where}: points outside the repository ({m.group(0)}...)")
    return found


def test_docs_cite_only_files_of_the_repository():
    files = repository_files()
    found = []
    for doc in DOCS:
        if doc.exists():
            found += problems(doc.read_text(encoding="utf-8"), str(doc.relative_to(ROOT)), files)
    assert not found, "\n".join(found)


def test_docs_check_bites():
    files = repository_files()
    assert problems("see `domain/games/sylla/nothing_here.py`", "x", files)
    assert problems("see docs/missing.md", "x", files)
    assert problems("the spec `shared/rules/sylla.md`", "x", files)
    assert problems("in `no_such_module.py`", "x", files)
    assert problems("tests/nowhere/*.py", "x", files)
    assert not problems("see docs/rules-sylla.md, `domain/games/sylla/help.py` and `narrate.py`", "x", files)
    assert not problems("each title's domain/games/<title>/help.py", "x", files)
