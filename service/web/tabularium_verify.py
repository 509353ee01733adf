#!/usr/bin/env python3
"""Check a Tabularium game archive without Tabularium: one file, Python 3.9 or later, standard library only.

    python3 tabularium_verify.py archive.json

It checks, and says in a sentence what does not hold:
  * the archive's structure (a malformed file gets a sentence, never a traceback);
  * the hash chain: every event's SHA-256 recomputes from the game id, its number, its type, the hash of
    the event before it and its content; entries withheld from a seat's copy ("Private") cannot be
    recomputed, but the chain must still run through them unbroken;
  * the seed commitment: the SHA-256 of the seed revealed at the end equals the commitment published when
    the game was created;
  * every recorded random draw (dice, shuffles) and every public event's salt, re-derived from that seed.
    A private event (a standing order set or cancelled, a message to some seats) is withheld from the other
    seats for good, so its salt is fresh randomness that no revealed seed gives away (else anyone could
    guess its content against its hash): its salt is not re-derived, only covered by its hash (games
    recorded before this rule have seed-derived salts there, which pass as well).

It does not replay the game's rules (that needs the project's source: `tabularium verify`), and says so.
Exit status: 0 when everything it checks holds, 1 otherwise, 2 for a wrong command line.

It imports nothing but the standard library, so you can read all of it before you run it.
"""
import hashlib
import hmac
import json
import re
import sys
import uuid

VERSION = "1"
ARCHIVE_FORMAT = "tabularium-archive/1"
GENESIS = "0" * 64
MAX_BYTES = 256 * 1024 * 1024   # far beyond any real game
MAX_DEPTH = 64                  # a real archive nests about 10 deep
MAX_DRAW_BITS = 4096            # a real draw asks for at most a few dozen bits
EVENT_TYPES = {"GameCreated", "ChoiceMade", "ChoiceSealed", "ChoicesRevealed", "MessagePosted", "GameFinished",
               "GameAbandoned", "SeatTokenRotated", "DeadlineMissed", "SeatReplaced", "VacationStarted",
               "VacationEnded", "GamePaused", "GameResumed", "PreferencesChanged", "ChoiceUndone",
               "StandingOrderSet", "StandingOrderCancelled", "Private"}
PRIVATE = "Private"          # an entry withheld from a seat's copy: only its place in the chain is shown
REDACTED = {"redacted": True}
SEED_REVEALED_BY = ("GameFinished", "GameAbandoned")
PRIVATE_KINDS = ("StandingOrderSet", "StandingOrderCancelled")  # private to their seat, whatever they say
HEX64 = re.compile(r"[0-9a-f]{64}\Z")
SEED = re.compile(r"(?:[0-9a-f]{2}){16,64}\Z")  # 16 to 64 bytes, as the server accepts them
NOT_CHECKED = "rules replay: not checked by this script; run `tabularium verify` from the source"


class Malformed(Exception):
    """The archive cannot be checked: its shape is not that of a Tabularium archive."""


# --------------------------------------------------------------------------- the platform's formulas

def canonical_json(obj):
    """Exactly domain/chain.py: sorted keys, no spaces, UTF-8 text (not \\u escapes), no NaN."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def event_hash(game_id, seq, event_type, prev_hash, content):
    body = {"game": game_id, "seq": seq, "type": event_type, "prev": prev_hash, "content": content}
    return hashlib.sha256(canonical_json(body).encode("utf-8")).hexdigest()


def seed_commitment(seed_hex):
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


def derive(seed_hex, seq, counter, bits):
    """The `counter`-th draw of `bits` bits for event `seq`: HMAC-SHA256(seed, "<seq>:<counter>:<block>")."""
    key = bytes.fromhex(seed_hex)
    value, block = 0, 0
    while block * 256 < bits:
        msg = "{}:{}:{}".format(seq, counter, block).encode()
        value = (value << 256) | int.from_bytes(hmac.new(key, msg, hashlib.sha256).digest(), "big")
        block += 1
    return value >> (block * 256 - bits)


def salt_for(seed_hex, seq):
    """A public event's salt (domain/game.py)."""
    return hmac.new(bytes.fromhex(seed_hex), "salt:{}".format(seq).encode(), hashlib.sha256).hexdigest()[:32]


def is_private_event(event_type, content):
    """Exactly domain/chain.py: withheld from some seat for good, so its salt is fresh randomness."""
    if event_type in PRIVATE_KINDS:
        return True
    return event_type == "MessagePosted" and content.get("to") != "all"


# --------------------------------------------------------------------------- reading the file

_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)


def nesting_depth(text):
    """The deepest nesting of [ and { outside strings, without building anything."""
    depth = deepest = 0
    for m in _TOKENS.finditer(text):
        t = m.group()
        if t in ("[", "{"):
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return deepest
        elif t in ("]", "}"):
            depth -= 1
    return deepest


def _no_duplicate_keys(pairs):
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise Malformed("the same key {!r} appears twice in one object, so the file is ambiguous".format(key))
        obj[key] = value
    return obj


def _no_constant(name):
    raise Malformed("it contains {}, which is not JSON and never appears in an archive".format(name))


def load_archive(path):
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise Malformed("the file {!r} cannot be read ({})".format(path, exc.strerror or type(exc).__name__)) from None
    if len(data) > MAX_BYTES:
        raise Malformed("the file is larger than {} MB, far more than any game's archive".format(MAX_BYTES >> 20))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Malformed("the file is not UTF-8 text, so it is not a Tabularium archive") from None
    if nesting_depth(text) > MAX_DEPTH:
        raise Malformed("its JSON is nested more than {} levels deep; an archive never is".format(MAX_DEPTH))
    try:
        return json.loads(text, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise Malformed("it is not valid JSON (line {}, column {}: {})".format(exc.lineno, exc.colno, exc.msg)) from None
    except (ValueError, RecursionError):  # e.g. an integer with thousands of digits
        raise Malformed("it is not JSON that an archive could hold") from None


# --------------------------------------------------------------------------- structure

_KINDS = {dict: "an object", list: "a list", str: "a string", int: "a number", float: "a number",
          bool: "true or false", type(None): "null"}


def _kind(value):
    return _KINDS.get(type(value), "something else")


def _expect(value, wanted, where):
    """`wanted` is dict, list, str or int (an int is never true/false)."""
    ok = isinstance(value, wanted) and not (wanted is int and isinstance(value, bool))
    if not ok:
        raise Malformed("{} is {} where {} belongs".format(where, _kind(value), _KINDS[wanted]))
    return value


def _hex64(value, where):
    if not isinstance(value, str) or not HEX64.match(value):
        raise Malformed("{} is not 64 lowercase hexadecimal digits".format(where))
    return value


def _seed(value, where):
    if not isinstance(value, str) or not SEED.match(value):
        raise Malformed("{} is not 32 to 128 lowercase hexadecimal digits".format(where))
    return value


def _draws(value, where):
    _expect(value, list, where)
    for i, d in enumerate(value, start=1):
        w = "{}, draw {}".format(where, i)
        _expect(d, list, w)
        if len(d) != 2:
            raise Malformed("{} is not a pair [bits, value]".format(w))
        bits, number = _expect(d[0], int, w + ", its number of bits"), _expect(d[1], int, w + ", its value")
        if not 0 < bits <= MAX_DRAW_BITS or not 0 <= number < (1 << bits):
            raise Malformed("{} is not a possible draw of {} bits".format(w, bits))


def check_structure(archive):
    """Raise Malformed with a sentence unless the archive has every field the checks below read."""
    _expect(archive, dict, "the top level of the file")
    if archive.get("format") != ARCHIVE_FORMAT:
        raise Malformed("this is not a Tabularium archive (its \"format\" is not {!r})".format(ARCHIVE_FORMAT))
    game_id = _expect(archive.get("game_id"), str, "the game id")
    try:
        uuid.UUID(game_id)
    except ValueError:
        raise Malformed("the game id {!r} is not a valid game id".format(game_id[:80])) from None
    events = _expect(archive.get("events"), list, "the archive's \"events\"")
    if not events:
        raise Malformed("the archive has no events")
    _expect(archive.get("length"), int, "the archive's \"length\"")
    _hex64(archive.get("head"), "the archive's \"head\"")
    for i, e in enumerate(events, start=1):
        where = "event {}".format(i)
        _expect(e, dict, where)
        _expect(e.get("seq"), int, where + ": its \"seq\"")
        _expect(e.get("type"), str, where + ": its \"type\"")
        _hex64(e.get("prev_hash"), where + ": its \"prev_hash\"")
        _hex64(e.get("hash"), where + ": its \"hash\"")
        c = _expect(e.get("content"), dict, where + ": its \"content\"")
        if c == REDACTED or e["type"] == PRIVATE:
            continue
        _expect(c.get("salt"), str, where + ": its salt")
        if "draws" in c and c["draws"] is not None:
            _draws(c["draws"], where + ": its draws")
        if e["type"] == "ChoicesRevealed":
            for j, item in enumerate(_expect(c.get("choices"), list, where + ": its revealed choices"), start=1):
                w = "{}: revealed choice {}".format(where, j)
                _expect(item, dict, w)
                _draws(item.get("draws"), w + ": its draws")
                _expect(item.get("sealed_seq"), int, w + ": its sealed event number")
                _expect(item.get("sealed_salt"), str, w + ": its sealed salt")
        if e["type"] in SEED_REVEALED_BY and c.get("seed") is not None:
            _seed(c["seed"], where + ": the revealed seed")
    first = events[0]
    if first["type"] != "GameCreated":
        raise Malformed("event 1 is {!r}, not the game's creation (GameCreated)".format(first["type"]))
    _hex64(first["content"].get("seed_commitment"), "event 1: the seed commitment")
    _draws(first["content"].get("draws"), "event 1: its draws")
    if first["content"].get("seed") is not None:
        _seed(first["content"]["seed"], "event 1: its seed")


# --------------------------------------------------------------------------- the checks

def check_chain(archive, problems):
    """Every hash recomputes (withheld entries: their place only) and links to the one before it."""
    game_id, events = archive["game_id"], archive["events"]
    prev, recomputed, withheld = GENESIS, 0, 0
    for seq, e in enumerate(events, start=1):
        problem = None
        if e["seq"] != seq:
            problem = "event {} is missing or out of order (found event {} in its place)".format(seq, e["seq"])
        elif e["type"] not in EVENT_TYPES:
            problem = "event {} has an unknown type {!r}".format(seq, e["type"][:80])
        elif e["prev_hash"] != prev:
            problem = "event {} does not link to the event before it (its prev_hash is not that event's hash)".format(seq)
        elif (e["type"] == PRIVATE) != (e["content"] == REDACTED):
            problem = "event {} is withheld in one field but not the other (its type or its content)".format(seq)
        elif e["type"] == PRIVATE:
            withheld += 1  # its own hash cannot be recomputed; the next event's prev_hash must still name it
        else:
            try:
                digest = event_hash(game_id, seq, e["type"], prev, e["content"])
            except (ValueError, UnicodeError):  # NaN, or text that is not valid Unicode
                digest = None
            if digest != e["hash"]:
                problem = "event {} ({}) does not match its hash: its content was changed".format(seq, e["type"])
            elif "at" in e and e["at"] != e["content"].get("at"):
                problem = "event {}: the time shown beside it is not the time its hash covers".format(seq)
            else:
                recomputed += 1
        if problem:
            problems.append(problem)
            return "BROKEN: " + problem
        prev = e["hash"]
    if archive["length"] != len(events) or archive["head"] != prev:
        problem = "the archive's head or length does not match its events (was it truncated?)"
        problems.append(problem)
        return "BROKEN: " + problem
    note = "ok: {} events, every hash recomputed".format(len(events))
    if withheld:
        note = ("ok: {} events; {} recomputed, {} withheld (\"Private\") {} linked by prev_hash/hash, "
                "whose content is not in this copy".format(len(events), recomputed, withheld,
                                                           "entry" if withheld == 1 else "entries"))
    return note


def revealed_seed(events):
    for e in events:
        if e["type"] in SEED_REVEALED_BY and e["content"].get("seed") is not None:
            return e["content"]["seed"]
    return None


def check_seed(events, seed, problems):
    created = events[0]["content"]
    if seed is None:
        return "not revealed yet (it is revealed when the game ends), so the draws cannot be checked"
    if seed_commitment(seed) != created["seed_commitment"]:
        problems.append("the revealed seed does not match the commitment published at creation "
                        "(its SHA-256 is not the seed commitment in GameCreated)")
        return "MISMATCH"
    if created.get("seed") is not None and created["seed"] != seed:
        problems.append("the seed revealed at the end is not the one recorded at creation")
        return "MISMATCH"
    return "ok: SHA-256 of the revealed seed equals the commitment in GameCreated ({})".format(
        created["seed_commitment"])


def check_randomness(events, seed, problems):
    """Every recorded draw and every public event's salt derives from the revealed seed."""
    count, with_draws, before = 0, 0, len(problems)
    for e in events:
        seq, c = e["seq"], e["content"]
        if e["type"] == PRIVATE or c == REDACTED:
            continue
        if c["salt"] != salt_for(seed, seq) and not is_private_event(e["type"], c):
            problems.append("event {}: its salt does not derive from the seed".format(seq))
        if e["type"] == "ChoicesRevealed":
            draws = [d for item in c["choices"] for d in item["draws"]]
            for item in c["choices"]:
                if item["sealed_salt"] != salt_for(seed, item["sealed_seq"]):
                    problems.append("event {}: the salt of sealed event {} does not derive from the seed".format(
                        seq, item["sealed_seq"]))
        else:
            draws = c.get("draws") or []
        for counter, (bits, value) in enumerate(draws):
            if derive(seed, seq, counter, bits) != value:
                problems.append("event {}: draw {} does not match the revealed seed".format(seq, counter + 1))
                break
        count += len(draws)
        with_draws += bool(draws)
    if len(problems) > before:
        return "INVALID: " + problems[before] + (" (and {} more)".format(len(problems) - before - 1)
                                                  if len(problems) - before > 1 else "")
    return ("ok: {} draws in {} events, and every public event's salt, derive from the revealed seed"
            .format(count, with_draws))


def verify(archive):
    """(lines to print, problems); the archive is well-formed."""
    events, problems = archive["events"], []
    created = events[0]["content"]
    lines = ["archive: game {}, rules {}, {} events, head {}".format(
        archive["game_id"], str(created.get("rules"))[:40], len(events), archive["head"]),
        "structure: ok"]
    lines.append("hash chain: " + check_chain(archive, problems))
    seed = revealed_seed(events)
    seed_line = check_seed(events, seed, problems)
    lines.append("seed commitment: " + seed_line)
    if seed is None:
        lines.append("random draws: not checked, the seed is not revealed yet")
    elif seed_line.startswith("ok"):
        lines.append("random draws: " + check_randomness(events, seed, problems))
    else:
        lines.append("random draws: not checked, the revealed seed is not the committed one")
    lines.append(NOT_CHECKED)
    return lines, problems


def main(argv):
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        print("usage: python3 tabularium_verify.py ARCHIVE.json   (or - to read standard input)\n" + __doc__,
              file=sys.stderr)
        return 2
    print("Tabularium archive verifier {} (standard library only, nothing imported from Tabularium)".format(VERSION))
    try:
        archive = load_archive(argv[0])
        check_structure(archive)
        lines, problems = verify(archive)
    except Malformed as exc:
        print("structure: MALFORMED")
        print("FAILED: the archive cannot be checked: {}.".format(exc))
        return 1
    except RecursionError:
        print("FAILED: the archive cannot be checked: it is nested too deeply.")
        return 1
    for line in lines:
        print(line)
    if problems:
        for p in problems:
            print("problem: " + p + ".")
        print("FAILED: {} problem{} found; this archive is not what the server recorded.".format(
            len(problems), "" if len(problems) == 1 else "s"))
        return 1
    print("Compare the head above with the chain head in your last e-mail from the game: equal heads mean "
          "nothing was added, removed or changed since.")
    print("OK: every check this script makes holds.")
    return 0


if __name__ == "__main__":
    try:
        status = main(sys.argv[1:])
    except KeyboardInterrupt:
        status = 1
    except Exception as exc:  # a sentence, never a traceback
        print("FAILED: the verifier met something it does not understand ({}); the archive is not "
              "verified.".format(type(exc).__name__))
        status = 1
    sys.exit(status)
