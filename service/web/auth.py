"""Who is calling: seat tokens (bearer), the operator token, and the session cookie.

* API calls send `Authorization: Bearer <token>`; a seat token is good for its own game only (403
  elsewhere), the operator token for every game. GET requests of the API also accept the session
  cookie (the page's polling script); POSTs never do, so the CSRF-exempt API cannot be driven by a
  cookie from another site.
* The session (a signed cookie) remembers the seats this browser confirmed a magic link for:
  `[[game_id, seat, fingerprint]]`, where the fingerprint is the start of the seat's current token
  hash, so rotating a token logs out every browser that used the old one. In the embedded mode a
  browser may hold several seats of one game (one person trying a whole game); in production a
  login replaces the browser's other seat in that game.
* Each remembered seat (and the operator's login) also carries the seat's session generation, kept in the
  small table `tabularium_session_generations` next to the token table: `POST /logout` raises the
  generation of every seat the browser was logged in to, so a copy of the cookie taken before the logout
  is refused afterwards, by every worker and after restarts. (Per seat: logging out logs that seat out of
  every browser; the seat's link still works, it is not rotated.) The operator's login is `[*, operator]`.
* The operator token is compared in constant time and may be rotated without downtime: see
  Settings.operator_tokens (TABULARIUM_OPERATOR_TOKEN_FALLBACKS).
"""
from __future__ import annotations

import hmac
from dataclasses import dataclass, field
from typing import Any, Callable

from flask import abort, g, request, session

from domain.i18n import _

from service.games import TokenReplaced, token_hash
from service.views import REFEREE
from service.web import get_service, get_settings

FP = 16            # hex digits of the token hash kept in the cookie
MAX_SEATS = 24     # remembered seats per browser (the cookie must stay under 4 kB)
MAX_LINK_GAMES = 4  # games whose seat links the embedded lobby keeps for their creator
OPERATOR_KEY = ("*", "operator")  # the operator login's row in the generation table
GENERATIONS_TABLE = """CREATE TABLE IF NOT EXISTS tabularium_session_generations (
    game_id TEXT NOT NULL, seat TEXT NOT NULL, generation INTEGER NOT NULL, PRIMARY KEY (game_id, seat))"""


def fingerprint(hashed: str | None) -> str:
    return (hashed or "")[:FP]


@dataclass
class Caller:
    operator: bool = False
    seats: dict[str, list[str]] = field(default_factory=dict)   # game id -> seats
    via: str | None = None                                       # "bearer" | "session" | None
    token_hash: str | None = None                                # of a bearer seat token
    fingerprints: dict[tuple[str, str], str] = field(default_factory=dict)  # session: (game, seat) -> FP

    @property
    def anonymous(self) -> bool:
        return not self.operator and not self.seats

    def seats_in(self, game_id: str) -> list[str]:
        return list(self.seats.get(str(game_id), []))


# ---------------------------------------------------------------------------------------- bearer

def bearer_token() -> str | None:
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _sep, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        abort(401, description=_('Send the token as "Authorization: Bearer <token>".'))
    return token


def bearer_caller(game: Any = None) -> Caller | None:
    """With `game` (just loaded, so current), its own seats' tokens are recognised without a query."""
    token = bearer_token()
    if token is None:
        return None
    owner = get_service().authenticate(token, game=game)
    if owner is None:
        abort(401, description=_("That token is not valid (it may have been replaced by a newer link)."))
    if owner == ("*", "operator"):
        return Caller(operator=True, via="bearer")
    return Caller(seats={owner[0]: [owner[1]]}, via="bearer", token_hash=token_hash(token))


def seat_token_guard(caller: Caller) -> Callable[[Any], None] | None:
    """For a command: the bearer seat token must still be its seat's token in the very game the command
    acts on. The command may start from a cached game trusted without a read (`load_game(...,
    for_command=True)`); should another process have replaced the token meanwhile, the save conflicts,
    and on the latest game this check refuses (401), as a fresh authentication would have."""
    if caller.token_hash is None:
        return None
    hashed, seats = caller.token_hash, caller.seats

    def guard(game: Any) -> None:
        for seat in seats.get(str(game.id), []):
            if not hmac.compare_digest(game.token_hashes.get(seat, ""), hashed):
                raise TokenReplaced(_("That token is not valid (it may have been replaced by a newer link)."))
    return guard


def session_seat_guard(caller: Caller, seat: str) -> Callable[[Any], None] | None:
    """For a form's command: the browser's login for `seat` (a fingerprint of the seat's token when the
    link was confirmed) must still match the seat's token in the game the command acts on, should the
    link have been replaced between the page's read and the save."""
    fingerprints = dict(caller.fingerprints)
    if not any(s == seat for _gid, s in fingerprints):
        return None  # the operator acting for a seat: no seat login to check

    def guard(game: Any) -> None:
        expected = fingerprints.get((str(game.id), seat))
        if expected is not None and not hmac.compare_digest(fingerprint(game.token_hashes.get(seat)), expected):
            raise TokenReplaced(_("Your login for this seat was replaced by a newer link: open your latest link."))
    return guard


def api_caller(allow_session: bool = True, game: Any = None) -> Caller:
    caller = bearer_caller(game)
    if caller is not None:
        return caller
    if allow_session:
        caller = session_caller()
        if not caller.anonymous:
            return caller
    return Caller()


def require_caller(caller: Caller) -> Caller:
    if caller.anonymous:
        abort(401, description=_("This needs a seat token (Authorization: Bearer <token>) or the operator token."))
    return caller


def viewer_for(game: Any, caller: Caller, wanted: str | None = None) -> str:
    """The seat this caller sees `game` as (REFEREE for the operator); 401/403 when not allowed."""
    require_caller(caller)
    seats = caller.seats_in(game.id)
    if wanted is not None and wanted not in game.seat_ids:
        abort(403, description=_("There is no seat %(seat)s in this game.", seat=repr(wanted[:20])))
    if caller.operator and not seats:
        return wanted or REFEREE
    if not seats:
        abort(403, description=_("Your token or login belongs to another game."))
    if wanted is not None:
        if wanted not in seats and not caller.operator:
            abort(403, description=_("You are not logged in as %(seat)s.", seat=wanted))
        return wanted
    waiting = set(game.waiting_for())
    return next((s for s in seats if s in waiting), seats[0])


def acting_seat(game: Any, caller: Caller, wanted: str | None) -> tuple[str, str]:
    """(seat, by) for a command; the operator must name the seat."""
    seats = caller.seats_in(game.id)
    if wanted is not None and not isinstance(wanted, str):
        abort(400, description=_('"seat" must be a string.'))
    if caller.operator and (wanted is not None or not seats):
        if wanted is None or wanted not in game.seat_ids:
            abort(422, description=_('The operator must name an existing "seat" to act for.'))
        return wanted, "operator"
    require_caller(caller)
    if not seats:
        abort(403, description=_("Your token or login belongs to another game."))
    if wanted is not None and wanted not in seats:
        abort(403, description=_("You are not logged in as %(seat)s.", seat=wanted[:20]))
    return (wanted or seats[0]), "seat"


# --------------------------------------------------------------------------------------- session

def _raw_entries() -> list[list[str]]:
    """[game, seat, fingerprint, generation]; a cookie from before generations counts as generation 0."""
    raw = session.get("seats")
    if not isinstance(raw, list):
        return []
    return [e if len(e) == 4 else [*e, "0"] for e in raw
            if isinstance(e, list) and len(e) in (3, 4) and all(isinstance(x, str) for x in e)]


def _entries() -> list[list[str]]:
    """The session's seats whose generation is still current (a logout elsewhere raised it: dropped)."""
    raw = _raw_entries()
    if not raw:
        return []
    current = generations({e[0] for e in raw})
    keep = [e for e in raw if current.get((e[0], e[1]), 0) == _int(e[3])]
    if len(keep) != len(raw):
        session["seats"] = keep
    return keep


def _int(text: Any) -> int:
    try:
        return int(text)
    except (TypeError, ValueError):
        return -1


# ------------------------------------------------------------------------------ session generations

_ensured: set[int] = set()


def _db():
    db = get_service().store.db
    if db.uid not in _ensured:  # databases made before the table existed (init-db also creates it)
        for attempt in range(5):
            try:
                db.execute(GENERATIONS_TABLE)
                break
            except Exception:  # two processes creating it at once on PostgreSQL: try again
                if attempt == 4:
                    raise
                import time

                time.sleep(0.05 * (attempt + 1))
        _ensured.add(db.uid)
    return db


def generations(game_ids: Any) -> dict[tuple[str, str], int]:
    """The current generation of every seat of these games (and the operator's), once per request."""
    cache = g.setdefault("tabularium_generations", {})
    wanted = sorted({str(x) for x in game_ids} | {OPERATOR_KEY[0]})
    missing = [x for x in wanted if x not in cache.setdefault("_games", set())]
    if missing:
        marks = ",".join("?" for _ in missing)
        rows = _db().query(f"SELECT game_id, seat, generation FROM tabularium_session_generations "
                           f"WHERE game_id IN ({marks})", tuple(missing))
        for r in rows:
            cache[(r["game_id"], r["seat"])] = int(r["generation"])
        cache["_games"].update(missing)
    return cache


def generation(game_id: str, seat: str) -> int:
    return generations([game_id]).get((str(game_id), seat), 0)


def _bump(keys: list[tuple[str, str]]) -> None:
    if not keys:
        return
    with _db().transaction() as cur:
        for gid, seat in keys:
            cur.execute("INSERT INTO tabularium_session_generations (game_id, seat, generation) VALUES (?, ?, 1)"
                        " ON CONFLICT (game_id, seat) DO UPDATE SET"
                        " generation = tabularium_session_generations.generation + 1", (gid, seat))
    g.pop("tabularium_generations", None)


def _operator_fingerprints() -> list[str]:
    return [fingerprint(token_hash(t)) for t in get_settings().operator_tokens]


def _operator_session() -> bool:
    """The session holds the operator's login: a fingerprint of an operator token still accepted (current
    or rotated-out), at the operator login's current generation."""
    op = session.get("op")
    if not isinstance(op, str) or not op:
        return False
    found = False
    for fp in _operator_fingerprints():
        found |= hmac.compare_digest(op, fp)
    if not found:
        return False
    return _int(session.get("opg", "0")) == generations([]).get(OPERATOR_KEY, 0)


def session_caller(game: Any = None) -> Caller:
    """The session's seats; with `game`, those seats are checked against its current token hashes."""
    caller = Caller(via="session")
    if _operator_session():
        caller.operator = True
    entries = _entries()
    if game is not None:
        gid, keep = str(game.id), []
        for e in entries:
            if e[0] == gid and fingerprint(game.token_hashes.get(e[1])) != e[2]:
                continue  # the token was rotated: this browser is logged out of that seat
            keep.append(e)
        if len(keep) != len(entries):
            session["seats"] = keep
        entries = keep
    for gid, seat, fp, _gen in entries:
        caller.seats.setdefault(gid, [])
        caller.fingerprints[(gid, seat)] = fp
        if seat not in caller.seats[gid]:
            caller.seats[gid].append(seat)
    return caller


def session_game_ids() -> list[str]:
    seen: list[str] = []
    for gid, _s, _f, _g in _entries():
        if gid not in seen:
            seen.append(gid)
    for gid, _tokens in _links():
        if gid not in seen:
            seen.append(gid)
    return seen


def validate_session_seats() -> None:
    """Drop remembered seats whose token has since been replaced (one query for all of them)."""
    entries = _entries()
    if not entries:
        return
    ids = sorted({e[0] for e in entries})
    marks = ",".join("?" for _ in ids)
    rows = get_service().store.db.query(
        f"SELECT game_id, seat, token_hash FROM tabularium_seat_tokens WHERE game_id IN ({marks})", tuple(ids))
    current = {(r["game_id"], r["seat"]): fingerprint(r["token_hash"]) for r in rows}
    keep = [e for e in entries if current.get((e[0], e[1])) == e[2]]
    if len(keep) != len(entries):
        session["seats"] = keep


def remember_seat(game_id: str, seat: str, hashed: str) -> None:
    gid = str(game_id)
    several = get_settings().embedded
    entries = [e for e in _entries() if not (e[0] == gid and (e[1] == seat or not several))]
    entries.append([gid, seat, fingerprint(hashed), str(generation(gid, seat))])
    session["seats"] = entries[-MAX_SEATS:]
    session.permanent = True


def remember_operator(token: str | None = None) -> None:
    """The operator's login, bound to the token used (`token`; else the current one), so it ends when that
    token is no longer accepted, and to the operator login's generation, so a logout ends it."""
    settings = get_settings()
    used = token if token and settings.is_operator_token(token) else settings.operator_token
    session["op"] = fingerprint(token_hash(used or ""))
    session["opg"] = str(generations([]).get(OPERATOR_KEY, 0))
    session.permanent = True


def forget_all() -> None:
    """Logout: raise the generation of every seat (and the operator login) this browser holds, so a copy
    of this cookie is refused from now on; then clear the cookie."""
    validate_session_seats()  # a seat whose link was replaced is no longer this browser's to log out
    keys = [(e[0], e[1]) for e in _entries()]
    if _operator_session():
        keys.append(OPERATOR_KEY)
    _bump(sorted(set(keys)))
    session.clear()


def _links() -> list[list[Any]]:
    raw = session.get("links")
    if not isinstance(raw, list):
        return []
    return [e for e in raw if isinstance(e, list) and len(e) == 2 and isinstance(e[1], dict)]


def remember_links(game_id: str, tokens: dict[str, str]) -> None:
    """Embedded mode: the creator's browser keeps every seat's link of the games it created."""
    links = [e for e in _links() if e[0] != str(game_id)]
    links.append([str(game_id), dict(tokens)])
    session["links"] = links[-MAX_LINK_GAMES:]


def links_for(game_id: str) -> dict[str, str]:
    if not get_settings().embedded:
        return {}
    return next((dict(e[1]) for e in _links() if e[0] == str(game_id)), {})


def update_link(game_id: str, seat: str, token: str) -> None:
    links = _links()
    for e in links:
        if e[0] == str(game_id) and seat in e[1]:
            e[1][seat] = token
            session["links"] = links


def _binds_seat(fn):
    """Log lines of the rest of the request carry the seat this caller acts or looks as."""
    import functools

    from service import logs

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        result = fn(*args, **kwargs)
        logs.bind_now(seat=result[0] if isinstance(result, tuple) else result)
        return result
    return wrapper


viewer_for = _binds_seat(viewer_for)
acting_seat = _binds_seat(acting_seat)
