"""Configuration from the environment (ARCHITECTURE.md section 6); one frozen object per process."""
from __future__ import annotations

import hashlib
import hmac
import ipaddress
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

MODES = ("embedded", "production")
DEFAULT_DATABASE_URL = "sqlite:///var/tabularium.sqlite3"
PLACEHOLDER = "CHANGE-ME"  # the value deploy/.env.example ships with


class ConfigurationError(RuntimeError):
    """The environment does not describe a deployment this server may run as (a sentence for the operator).

    A RuntimeError so that gunicorn prints it as "Error: ..." and stops instead of a traceback."""


def is_loopback_host(host: str | None) -> bool:
    """`localhost`, 127.0.0.0/8 or ::1 (with or without brackets). A unix socket path counts as local."""
    if host is None:
        return False
    host = host.strip().strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def bind_is_local(bind: str) -> bool:
    """A gunicorn/werkzeug bind (`host:port`, `[::1]:port`, `unix:/path`, `fd://3`) that only this machine reaches."""
    if bind.startswith(("unix:", "fd://")):
        return True
    host = bind.rsplit(":", 1)[0] if bind.count(":") == 1 or bind.startswith("[") else bind
    return is_loopback_host(host)


def _var_dir() -> Path:
    return Path(os.environ.get("TABULARIUM_VAR_DIR", "var"))


def _generated_secret_key() -> str:
    """The embedded mode's key, generated once into var/ so sessions survive restarts (production must set
    TABULARIUM_SECRET_KEY: Settings.check refuses a generated key there)."""
    path = _var_dir() / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


@dataclass(frozen=True)
class Settings:
    # "embedded" | "production" | "" (TABULARIUM_MODE unset: embedded only when everything is local, see `embedded`)
    mode: str = ""
    database_url: str = DEFAULT_DATABASE_URL
    broker_url: str = "memory://"
    mail_url: str = "file://var/mail"
    base_url: str = "http://127.0.0.1:8000"
    secret_key: str = ""
    secret_key_fallbacks: tuple = ()  # old keys still accepted (never used to sign) during a rotation
    secret_key_generated: bool = False  # True when the key came from var/secret_key, not the environment
    inbound_address: str = "play@localhost"
    operator_token: str | None = None
    operator_token_fallbacks: tuple = ()  # old operator tokens still accepted during a rotation
    inbound_webhook_secret: str | None = None  # the key /hooks/mail requires (required in production)
    metrics_token: str | None = None  # a bearer token for /metrics only (the operator token works too)
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
    def operator_tokens(self) -> list[str]:
        """Every operator token accepted now: the old ones of a rotation, then the current one."""
        return [*self.operator_token_fallbacks, self.operator_token] if self.operator_token else []

    def is_operator_token(self, token: str | None) -> bool:
        """Constant time: the digests of the offered token and of every accepted token are compared, all of
        them, so neither the length nor which token matched shows in the timing."""
        return _matches_any(token, self.operator_tokens)

    def is_metrics_token(self, token: str | None) -> bool:
        return _matches_any(token, [t for t in (self.metrics_token,) if t] + self.operator_tokens)

    @property
    def embedded(self) -> bool:
        """The embedded conveniences (the /mail page, the open lobby, anonymous game creation, in-process
        workers) are on: TABULARIUM_MODE=embedded, or TABULARIUM_MODE unset with the in-memory broker. With
        the mode unset, no web app or server starts unless everything is local (`check`, called by
        create_app, `serve` and gunicorn), so the web conveniences never run on a guess; CLI commands and
        workers keep delivering in-process with the in-memory broker, as before."""
        if self.mode:
            return self.mode == "embedded"
        return self.broker_url.startswith("memory://")

    @property
    def production(self) -> bool:
        return not self.embedded

    @property
    def secure_cookies(self) -> bool:
        """Cookies get the Secure flag in production and whenever the public URL is https."""
        return self.production or self.base_url.lower().startswith("https://")

    def not_local(self) -> list[str]:
        """Why this configuration is not a purely local one (empty when it is)."""
        reasons = []
        if not is_loopback_host(urlsplit(self.base_url).hostname):
            reasons.append(f"TABULARIUM_BASE_URL {self.base_url} is not a loopback address")
        if not self.broker_url.startswith("memory://"):
            reasons.append("TABULARIUM_BROKER_URL names a broker")
        if not self.database_url.startswith("sqlite:"):
            reasons.append("TABULARIUM_DATABASE_URL is not a SQLite file")
        return reasons

    def problems(self, serving: bool = False, binds: list[str] | tuple = ()) -> list[str]:
        """Every reason not to start, as sentences for the operator. `serving`: a real HTTP server is about
        to listen on `binds` (`serve`, gunicorn), which the embedded mode only allows on loopback."""
        if self.mode not in ("", *MODES):
            return [f"TABULARIUM_MODE={self.mode!r} is not a mode: use embedded or production."]
        if not self.mode:
            reasons = self.not_local()
            if reasons:
                return ["TABULARIUM_MODE is not set and this deployment is not local ("
                        + "; ".join(reasons) + "). Set TABULARIUM_MODE=production for a server others reach "
                        "(see docs/operations.md, Security model), or TABULARIUM_MODE=embedded for one that "
                        "only this machine uses."]
        found = []
        if self.embedded:
            if not self.broker_url.startswith("memory://"):
                found.append("The embedded mode runs its workers in-process: unset TABULARIUM_BROKER_URL (or set "
                             "it to memory://), or set TABULARIUM_MODE=production.")
            if serving and not is_loopback_host(urlsplit(self.base_url).hostname):
                found.append(f"The embedded mode shows every player's sign-in link at /mail, so it only serves "
                             f"this machine: TABULARIUM_BASE_URL {self.base_url} is not a loopback address. "
                             "Set TABULARIUM_MODE=production for a public server.")
            for bind in binds:
                if not bind_is_local(bind):
                    found.append(f"The embedded mode shows every player's sign-in link at /mail, so it only "
                                 f"listens on loopback: refusing to bind {bind}. Use 127.0.0.1, or set "
                                 "TABULARIUM_MODE=production.")
            return found
        missing = []
        if not self.secret_key or self.secret_key_generated:
            missing.append("TABULARIUM_SECRET_KEY")
        if not self.operator_token:
            missing.append("TABULARIUM_OPERATOR_TOKEN")
        if self.broker_url.startswith("memory://"):
            missing.append("TABULARIUM_BROKER_URL (redis://...)")
        if self.database_url == DEFAULT_DATABASE_URL:
            missing.append("TABULARIUM_DATABASE_URL (postgresql://...)")
        if not self.inbound_webhook_secret:
            missing.append("TABULARIUM_INBOUND_WEBHOOK_SECRET")
        if missing:
            found.append("The production mode needs " + ", ".join(missing) + " (see deploy/.env.example).")
        placeholders = [name for name, value in (
            ("TABULARIUM_SECRET_KEY", self.secret_key), ("TABULARIUM_OPERATOR_TOKEN", self.operator_token),
            ("TABULARIUM_INBOUND_WEBHOOK_SECRET", self.inbound_webhook_secret),
            ("TABULARIUM_METRICS_TOKEN", self.metrics_token)) if value and PLACEHOLDER in value]
        if placeholders:
            found.append(", ".join(placeholders) + f" still hold the example's {PLACEHOLDER}: generate real values "
                         "(python3 -c 'import secrets; print(secrets.token_urlsafe(32))').")
        return found

    def check(self, serving: bool = False, binds: list[str] | tuple = ()) -> Settings:
        """Raise ConfigurationError naming every problem (see `problems`); returns self."""
        found = self.problems(serving, binds)
        if found:
            raise ConfigurationError("Tabularium will not start: " + " ".join(found))
        return self

    @property
    def is_postgres(self) -> bool:
        return self.database_url.startswith(("postgresql://", "postgres://"))

    @classmethod
    def from_env(cls, **overrides) -> Settings:
        env = os.environ.get
        values = dict(
            mode=env("TABULARIUM_MODE", "").strip().lower(),
            database_url=env("TABULARIUM_DATABASE_URL", cls.database_url),
            broker_url=env("TABULARIUM_BROKER_URL", cls.broker_url),
            mail_url=env("TABULARIUM_MAIL_URL", cls.mail_url),
            base_url=env("TABULARIUM_BASE_URL", cls.base_url).rstrip("/"),
            inbound_address=env("TABULARIUM_INBOUND_ADDRESS", cls.inbound_address),
            operator_token=(env("TABULARIUM_OPERATOR_TOKEN") or "").strip() or None,
            inbound_webhook_secret=env("TABULARIUM_INBOUND_WEBHOOK_SECRET") or None,
            metrics_token=(env("TABULARIUM_METRICS_TOKEN") or "").strip() or None,
            redis_url=env("TABULARIUM_REDIS_URL") or None,
            snapshot_interval=int(env("TABULARIUM_SNAPSHOT_INTERVAL", "50")),
            create_tables=env("TABULARIUM_CREATE_TABLES", "yes").lower() not in ("no", "n", "0", "false"),
            test_titles=env("TABULARIUM_TEST_TITLES", "") in ("1", "yes", "y", "true"),
        )
        values["secret_key_fallbacks"] = _list(env("TABULARIUM_SECRET_KEY_FALLBACKS", ""))
        values["operator_token_fallbacks"] = _list(env("TABULARIUM_OPERATOR_TOKEN_FALLBACKS", ""))
        values["secret_key"] = env("TABULARIUM_SECRET_KEY") or ""
        values.update(overrides)
        if values["mode"] not in ("", *MODES):
            raise ConfigurationError(f"TABULARIUM_MODE={values['mode']!r} is not a mode: use embedded or production.")
        if not values.get("secret_key"):
            values["secret_key"] = _generated_secret_key()
            values["secret_key_generated"] = True
        return cls(**values)


def _list(raw: str) -> tuple:
    """A comma-separated variable (the old keys or tokens of a rotation)."""
    return tuple(k.strip() for k in raw.split(",") if k.strip())


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


def _matches_any(token: str | None, accepted: list[str]) -> bool:
    if not token or not accepted:
        return False
    offered, found = _digest(token), False
    for candidate in accepted:
        found |= hmac.compare_digest(offered, _digest(candidate))
    return found
