"""Web tests share one database per backend and per test process (creating a PostgreSQL database per test
costs more than the test): `database_url` and `svc` are session-scoped here, still on SQLite and on the
real PostgreSQL. Tests therefore compare before/after instead of assuming an empty database."""
from __future__ import annotations

import pytest

from tests.conftest import make_service
from tests.support import pg
from tests.web.helpers import production_service


@pytest.fixture(scope="session", params=["sqlite", "postgres"])
def database_url(request, tmp_path_factory):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('web')}/events.sqlite3"
        return
    url = pg.create_database()
    yield url
    pg.drop_database(url)


@pytest.fixture(scope="session")
def svc(database_url):
    service = make_service(database_url)
    yield service
    service.close()


@pytest.fixture(scope="session")
def prod_svc(database_url):
    service = production_service(database_url)
    yield service
    service.close()
