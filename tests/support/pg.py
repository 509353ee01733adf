"""Fresh PostgreSQL databases for tests, on the real server at 127.0.0.1:5432 (user root, trust auth)."""
from __future__ import annotations

import os
import uuid

import psycopg
import pytest

ADMIN_URL = os.environ.get("TABULARIUM_TEST_PG_ADMIN", "postgresql://root@127.0.0.1:5432/test")


def postgres_available() -> bool:
    try:
        with psycopg.connect(ADMIN_URL, connect_timeout=3):
            return True
    except psycopg.Error:
        return False


def require_postgres() -> None:
    """Skip without PostgreSQL on a developer machine; fail under CI=true (a missing service is an error)."""
    if postgres_available():
        return
    message = f"PostgreSQL is not reachable at {ADMIN_URL}"
    if os.environ.get("CI") == "true":
        pytest.fail(message + " (CI=true: a missing service fails the run)")
    pytest.skip(message)


def create_database() -> str:
    require_postgres()
    name = f"tab_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return ADMIN_URL.rsplit("/", 1)[0] + "/" + name


def drop_database(url: str) -> None:
    name = url.rsplit("/", 1)[1]
    with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
