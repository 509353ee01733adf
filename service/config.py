"""Configuration from the environment (ARCHITECTURE.md section 6); one frozen object per process."""
from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path


def _var_dir() -> Path:
    return Path(os.environ.get("TABULARIUM_VAR_DIR", "var"))


def _secret_key() -> str:
    """Required in production; in the embedded mode generated once into var/ so sessions survive restarts."""
    key = os.environ.get("TABULARIUM_SECRET_KEY")
    if key:
        return key
    path = _var_dir() / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


@dataclass(frozen=True)
class Settings:
    database_url: str = "sqlite:///var/tabularium.sqlite3"
    broker_url: str = "memory://"
    mail_url: str = "file://var/mail"
    base_url: str = "http://127.0.0.1:8000"
    secret_key: str = ""
    secret_key_fallbacks: tuple = ()  # old keys still accepted (never used to sign) during a rotation
    inbound_address: str = "play@localhost"
    operator_token: str | None = None
    redis_url: str | None = None
    snapshot_interval: int = 50
    create_tables: bool = True
    test_titles: bool = False  # allow unlisted test-only titles (the platform's own tests)
    extra: dict = field(default_factory=dict)

    @property
    def secret_keys(self) -> list[str]:
        """Every key that may have signed something still valid; the current key last (itsdangerous order)."""
        return [*self.secret_key_fallbacks, self.secret_key]

    @property
    def embedded(self) -> bool:
        return self.broker_url.startswith("memory://")

    @property
    def is_postgres(self) -> bool:
        return self.database_url.startswith(("postgresql://", "postgres://"))

    @classmethod
    def from_env(cls, **overrides) -> Settings:
        env = os.environ.get
        values = dict(
            database_url=env("TABULARIUM_DATABASE_URL", cls.database_url),
            broker_url=env("TABULARIUM_BROKER_URL", cls.broker_url),
            mail_url=env("TABULARIUM_MAIL_URL", cls.mail_url),
            base_url=env("TABULARIUM_BASE_URL", cls.base_url).rstrip("/"),
            inbound_address=env("TABULARIUM_INBOUND_ADDRESS", cls.inbound_address),
            operator_token=env("TABULARIUM_OPERATOR_TOKEN") or None,
            redis_url=env("TABULARIUM_REDIS_URL") or None,
            snapshot_interval=int(env("TABULARIUM_SNAPSHOT_INTERVAL", "50")),
            create_tables=env("TABULARIUM_CREATE_TABLES", "yes").lower() not in ("no", "n", "0", "false"),
            test_titles=env("TABULARIUM_TEST_TITLES", "") in ("1", "yes", "y", "true"),
        )
        values["secret_key_fallbacks"] = tuple(
            k.strip() for k in env("TABULARIUM_SECRET_KEY_FALLBACKS", "").split(",") if k.strip())
        values.update(overrides)
        if not values.get("secret_key"):
            values["secret_key"] = _secret_key()
        return cls(**values)
