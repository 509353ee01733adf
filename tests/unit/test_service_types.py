"""Issue #12, section 4: the service and the workers are written against typed service interfaces, not
`svc: Any`: every parameter that hands over the application service (`svc`, `service`) names its type
(service.games.GameService, or notifications.ports.GameServicePort where only the port is needed), and every
process builds its service through the composition root (service.composition.build): the CLI, the workers,
`tabularium serve`, the WSGI entry and `create_app`."""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SERVICE_NAMES = {"svc", "service"}
TYPES = {"GameService", "GameServicePort"}
# Functions not typed yet (each with who will): none left.
NOT_YET: set[tuple[str, str]] = set()


def _service_parameters():
    for path in sorted([*ROOT.glob("service/**/*.py"), *ROOT.glob("workers/**/*.py")]):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for arg in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]:
                if arg.arg in SERVICE_NAMES:
                    yield str(path.relative_to(ROOT)), node.name, arg


def test_every_service_parameter_names_the_service_type():
    untyped = []
    for path, function, arg in _service_parameters():
        names = {n.id for n in ast.walk(arg.annotation) if isinstance(n, ast.Name)} if arg.annotation else set()
        if not names & TYPES and (path, function) not in NOT_YET:
            untyped.append(f"{path}: {function}({arg.arg}: {ast.unparse(arg.annotation) if arg.annotation else '-'})")
    assert not untyped, "parameters without the service's type:\n" + "\n".join(untyped)


def test_the_list_of_parameters_still_to_type_is_not_stale():
    found = {(path, function) for path, function, arg in _service_parameters()}
    assert NOT_YET <= found  # a function typed or renamed since: drop it from NOT_YET


def test_create_app_builds_its_service_through_the_composition_root(sqlite_url, monkeypatch):
    from service import composition
    from service.config import Settings
    from service.web import create_app

    built = []
    real = composition.build

    def counted(settings=None, clock=None):
        services = real(settings, clock)
        built.append(services)
        return services

    monkeypatch.setattr(composition, "build", counted)
    settings = Settings.from_env(database_url=sqlite_url, secret_key="test-secret", test_titles=True,
                                 mode="embedded")
    app = create_app(settings)
    try:
        assert len(built) == 1 and app.extensions["tabularium.service"] is built[0].games
        assert built[0].games.settings is settings
    finally:
        built[0].close()


PROBE = """
from service import composition
built = []
real = composition.build
composition.build = lambda settings=None, clock=None: built.append(1) or real(settings, clock)
from service.web.wsgi import app
print(len(built), type(app.extensions["tabularium.service"]).__name__)
"""


def test_the_wsgi_entry_builds_through_the_composition_root(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABULARIUM_")}
    env.update(TABULARIUM_VAR_DIR=str(tmp_path / "var"), TABULARIUM_MAIL_URL=f"file://{tmp_path}/mail",
               TABULARIUM_DATABASE_URL=f"sqlite:///{tmp_path}/t.sqlite3", TABULARIUM_MODE="embedded")
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "1 GameService"
