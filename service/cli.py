"""`tabularium` command line (ARCHITECTURE.md section 5). Each command is a small function over the service.

Exit codes: 0 success, 1 a check failed (verify) or the command was refused, 2 bad usage.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import locales
from domain.errors import GameError
from domain.i18n import _, from_json, n_
from domain.rules import IllegalAction, titles
from service.config import ConfigurationError, Settings

if TYPE_CHECKING:  # the CLI builds its service lazily (service.composition): only the type is needed here
    from service.games import GameService

COMMANDS: dict[str, tuple[Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], int]]] = {}


def command(name: str, configure: Callable[[argparse.ArgumentParser], None]):
    def register(run: Callable[[argparse.Namespace], int]):
        COMMANDS[name] = (configure, run)
        return run
    return register


# ---------------------------------------------------------------------------- the reader's language

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX precedence: the first one set decides


def cli_language(environ: Any = None) -> str:
    """The language the CLI writes its player-facing output in, from the environment's locale as POSIX
    tools read it (LANGUAGE's list first, then LC_ALL, LC_MESSAGES, LANG: "el_GR.UTF-8" -> "el"); English
    for a language without a catalog, and for "C"/"POSIX"."""
    env = os.environ if environ is None else environ
    for tag in (env.get("LANGUAGE") or "").split(":"):
        if locales.from_tag(tag):
            return locales.from_tag(tag)
    for name in LOCALE_VARIABLES:
        if env.get(name):
            return locales.from_tag(env[name]) or locales.DEFAULT
    return locales.DEFAULT


def text(value: Any) -> str:
    """A message (or a message stored as JSON, or plain text) rendered in the CLI's language."""
    return locales.render(from_json(value), cli_language())


def say(value: Any, file: Any = None) -> None:
    """Print one message in the CLI's language."""
    print(text(value), file=file)


def complain(value: Any) -> None:
    """A sentence on standard error after the program's name, as command-line tools do."""
    print(f"tabularium: {text(value)}", file=sys.stderr)


def usage_error(value: Any) -> SystemExit:
    """Raise it for bad usage: the sentence on standard error after the program's name (exit status 1)."""
    return SystemExit(f"tabularium: {text(value)}")


def service(now: str | None = None):
    """The GameService of a CLI command, built by the composition root (service.composition)."""
    from service.composition import build

    clock = None
    if now:
        moment = parse_time(now)
        clock = lambda: moment  # noqa: E731
    return build(Settings.from_env(), clock).games


def parse_time(value: str) -> datetime:
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise usage_error(_("%(time)r is not an ISO time such as 2026-11-29T12:00:00Z", time=value)) from None
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def out(data: Any, as_json: bool, show: Callable[[Any], str]) -> None:
    """`data` as JSON (messages in it as their English text), or as `show` words it for people."""
    print(json.dumps(data, indent=2, ensure_ascii=False) if as_json else show(data))


# ---------------------------------------------------------------------------- game commands

@command("new", lambda p: (p.add_argument("rules"), p.add_argument("--player", action="append", default=[],
         metavar="NAME:EMAIL", required=True), p.add_argument("--option", action="append", default=[],
         metavar="KEY=VALUE"), p.add_argument("--seed", metavar="HEX"),
         p.add_argument("--name", help='the game\'s name (default: "Sylla, game 7dd66c3b")'),
         p.add_argument("--language", help="the table's language: " + ", ".join(locales.LANGUAGES)),
         p.add_argument("--json", action="store_true")))
def cmd_new(args) -> int:
    players = []
    for spec in args.player:
        name, _sep, email = spec.partition(":")
        players.append({"name": name, "email": email})
    options = parse_options(args.option, args.rules)
    if args.name is not None and args.name.strip():
        options["name"] = args.name.strip()
    if args.language is not None or "language" in options:
        language = locales.language_named(args.language if args.language is not None else str(options["language"]))
        if language is None:
            raise usage_error(_("--language must be one of %(choices)s.", choices=", ".join(locales.LANGUAGES)))
        options["language"] = language
    created = service().create_game(args.rules, players, options, seed=args.seed)
    data = {"id": created["id"], "seats": [{k: s[k] for k in ("seat", "name", "token", "url")}
                                           for s in created["seats"]]}
    out(data, args.json, lambda d: "\n".join([text(_("game %(id)s", id=d["id"]))] + [
        f"  {s['seat']:<8} {s['name']:<20} {s['url']}" for s in d["seats"]]))
    return 0


def parse_options(pairs: list[str], rules_id: str | None = None) -> dict:
    """`--option KEY=VALUE`s. A title's option is read by its declaration (`Rules.parse_option`: text
    that does not read as the option's type is passed on, and the title's check, run by
    `GameService.create_game` as for the API and /new, words the refusal); any other key (the platform's
    `clock`) is JSON if it reads as JSON, else text."""
    from domain.rules import UnknownTitle, get_rules

    try:
        rules = get_rules(rules_id) if rules_id else None
    except UnknownTitle:
        rules = None  # create_game names the unknown title
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise usage_error(_("--option needs KEY=VALUE, not %(option)r", option=pair))
        if rules is not None and key in rules.options_schema():
            options[key] = rules.parse_option(key, value)
            continue
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


def _viewer(seat: str | None) -> str:
    from service.views import REFEREE

    return seat or REFEREE


@command("show", lambda p: (p.add_argument("game"), p.add_argument("--as", dest="seat"),
         p.add_argument("--at", type=int), p.add_argument("--json", action="store_true",
                                                           help="the raw view, exactly as the API's")))
def cmd_show(args) -> int:
    svc = service()
    view = svc.view(args.game, _viewer(args.seat), args.at)
    if args.json:
        out(view, True, str)
        return 0
    print(show_text(view, svc.get(args.game, args.at), args.seat))
    return 0


def _seat_named(seat: str, names: dict) -> Any:
    from domain.rules import seat_name

    return _("%(seat)s (%(name)s)", seat=seat_name(seat), name=names.get(seat, seat))


def show_text(view: dict, game: Any = None, seat: str | None = None) -> str:
    """The board in words for people: the game's name, round and phase (`Rules.summary`), the players,
    the seat's own holdings (`Rules.seat_summary`, its private facts included), who is due, and the
    seat's decision with numbered choices (or its form's fields and reply syntax). `--json`: the raw view."""
    from domain.game import status_name
    from domain.rules import comma_list

    g = view["game"]
    names = {p["seat"]: p["name"] for p in g["players"]}
    lines = [text(_("%(name)s (%(title)s), %(status)s", name=g.get("name") or g["title"], title=g["title"],
                    status=status_name(g["status"])))]
    rules_summary = game.rules.summary(game.state) if game is not None else None
    if rules_summary:
        lines.append(text(rules_summary))
    lines.append(text(_("Players: %(players)s", players=comma_list(_seat_named(s, names) for s in names))))
    if seat and seat in names:
        lines.append(text(_("You play %(seat)s.", seat=_seat_named(seat, names))))
        if game is not None:
            lines += [f"  {text(line)}" for line in game.rules.seat_summary(game.state, seat)]
    waiting = view["waiting_for"]
    if waiting:
        lines.append(text(_("Waiting for %(seats)s.", seats=comma_list(_seat_named(s, names) for s in waiting))))
    elif not view["outcome"]:
        lines.append(text(_("Nobody owes a decision now.")))
    if view["prompt"]:
        lines += [""] + prompt_lines(view["prompt"], g["id"], seat or "SEAT")
    if view["outcome"]:
        o = view["outcome"]
        scores = comma_list(_("%(seat)s %(score)s", seat=_seat_named(s, names), score=v) for s, v in o["scores"].items())
        lines.append(text(_("Game over. Winners: %(winners)s. Scores: %(scores)s.",
                            winners=comma_list(_seat_named(w, names) for w in o["winners"]), scores=scores)))
    lines += ["", text(_("Event %(version)s, chain head %(head)s. The raw view: add --json.", version=g["version"],
                         head=g["chain_head"][:16]))]
    return "\n".join(lines)


def prompt_lines(prompt: dict, game_id: str, seat: str) -> list[str]:
    """A decision for people: its text, then its numbered choices, or its form's fields and how to answer."""
    from domain import forms

    lines = [text(_("Your decision: %(text)s", text=text(prompt["text"])))]
    if prompt.get("form"):
        guide = forms.reply_guide(forms.Form.from_json(prompt["form"]))
        for field in guide["fields"]:
            lines.append(f"  {text(field['heading'])}")
            lines += [f"    {text(line)}" for line in field["lines"]]
        example = guide["bare"] or "; ".join(r["line"] for r in guide["reply"])
        lines.append(text(_("Answer: tabularium play %(game)s --as %(seat)s \"%(reply)s\"", game=game_id, seat=seat,
                            reply=example)))
        lines += [f"  {r['line']}  ({text(r['help'])})" for r in guide["reply"]]
        return lines
    lines += [f"  {n}. {text(c['label'])}" for n, c in enumerate(prompt["choices"], 1)]
    lines.append(text(_("Answer: tabularium play %(game)s --as %(seat)s NUMBER", game=game_id, seat=seat)))
    return lines


@command("play", lambda p: (p.add_argument("game"), p.add_argument("--as", dest="seat", required=True),
         p.add_argument("choice", help="a choice id or its number in the list"),
         p.add_argument("--prompt", help="the prompt id you are answering (default: the current one)"),
         p.add_argument("--always", action="store_true",
                        help="and make the same choice whenever a decision of this kind offers it (a standing order)")))
def cmd_play(args) -> int:
    svc = service()
    game = svc.get(args.game)
    prompt = game.prompt_for(args.seat)
    if prompt is None:
        raise GameError(_("There is no decision for %(seat)s at the moment.", seat=args.seat))
    choice = args.choice
    if choice.isdigit() and prompt.find(choice) is None and 1 <= int(choice) <= len(prompt.choices):
        choice = prompt.choices[int(choice) - 1].id
    if prompt.form is not None and not choice.lstrip().startswith("{"):  # the e-mail syntax: "1 3 4 6 7 9"
        from domain import forms

        choice = forms.read_reply(prompt.form, [line for line in choice.split(";")])
    svc.choose(args.game, args.seat, args.prompt or prompt.id, choice, by="seat", standing=args.always)
    print(played_text(svc, args.game, args.seat, game.version))
    if args.always:
        order = next((o for o in svc.get(args.game).standing.get(args.seat, []) if o["kind"] == prompt.kind), None)
        number = order["id"] if order else "NUMBER"
        say(_("standing order %(number)s: %(kind)s -> %(choice)s "
              "(cancel: tabularium cancel-order %(game)s --as %(seat)s %(number)s)", number=number,
              kind=prompt.kind.replace("_", " "), choice=choice, game=args.game, seat=args.seat))
    return 0


def played_text(svc: GameService, game_id: str, seat: str, before: int) -> str:
    """What a `play` recorded, narrated for the seat (its choice and what followed from it), and who is due
    next: the seat's own next decision in full, or the seats the game waits for."""
    from domain.rules import comma_list

    game = svc.get(game_id)
    names = {s["seat"]: s["name"] for s in game.seats}
    lines = [text(_("Recorded (the game is at event %(version)s):", version=game.version))]
    for entry in svc.history(game_id, seat):
        if entry["seq"] > before:
            lines += [f"  {text(line)}" for line in entry["text"]]
    waiting = game.waiting_for()
    if seat in waiting:
        from service.views import prompt_json

        lines += prompt_lines(prompt_json(game.prompt_for(seat)), str(game.id), seat)
    elif waiting:
        lines.append(text(_("Next: %(seats)s.", seats=comma_list(_seat_named(s, names) for s in waiting))))
    elif game.outcome is not None:
        lines.append(text(_("The game is over.")))
    return "\n".join(lines)


@command("orders", lambda p: (p.add_argument("game"), p.add_argument("--as", dest="seat", required=True)))
def cmd_orders(args) -> int:
    """A seat's standing orders, with the numbers that cancel them."""
    game = service().get(args.game)
    if args.seat not in game.seat_ids:
        raise GameError(_("There is no seat %(seat)r in this game.", seat=args.seat))
    orders = game.standing.get(args.seat, [])
    for o in orders:
        print(f"{o['id']:>5}  {o['kind'].replace('_', ' ')}: {text(o['label'])} ({o['choice']})")
    if not orders:
        say(_("%(seat)s has no standing orders", seat=args.seat))
    return 0


@command("cancel-order", lambda p: (p.add_argument("game"), p.add_argument("--as", dest="seat", required=True),
         p.add_argument("order", type=int, help="the order's number (see `tabularium orders`)")))
def cmd_cancel_order(args) -> int:
    result = service().cancel_standing_order(args.game, args.seat, args.order)
    say(_("standing order %(order)s cancelled; the game is at event %(version)s", order=args.order,
          version=result["version"]))
    return 0


@command("undo", lambda p: (p.add_argument("game"), p.add_argument("--as", dest="seat", required=True)))
def cmd_undo(args) -> int:
    result = service().undo(args.game, args.seat)
    say(_("your last choice was taken back; the game is at event %(version)s", version=result["version"]))
    return 0


@command("history", lambda p: (p.add_argument("game"), p.add_argument("--as", dest="seat"),
         p.add_argument("--json", action="store_true")))
def cmd_history(args) -> int:
    entries = service().history(args.game, _viewer(args.seat))
    out(entries, args.json, lambda es: "\n".join(
        f"{e['seq']:>4} {e['at'][:19]} {e['type']:<16} " + " ".join(text(line) for line in e["text"]) for e in es))
    return 0


@command("verify", lambda p: (p.add_argument("game", nargs="?", help="a game id or an archive file"),
         p.add_argument("--all", action="store_true"), p.add_argument("--json", action="store_true"),
         p.add_argument("--accept-restored-record", action="store_true",
                        help="after restoring the database from a backup on purpose: drop the game's audit "
                             "checkpoint (printed first), which the restored record may contradict")))
def cmd_verify(args) -> int:
    from service import audit

    if not args.game and not args.all:
        raise usage_error(_("verify needs a game id, an archive file, or --all"))
    accept = args.accept_restored_record
    if accept and (args.all or Path(args.game).is_file()):
        complain(_("--accept-restored-record takes one game id (not --all, not an archive)"))
        return 2
    reports = {}
    if args.game and Path(args.game).is_file():
        data = read_json(args.game)
        if isinstance(data, dict) and data.get("format") == ARCHIVES_FORMAT and isinstance(data.get("games"), list):
            for n, archive in enumerate(data["games"], start=1):
                game_id = archive.get("game_id") if isinstance(archive, dict) else None
                reports[f"{args.game}#{n} {game_id if isinstance(game_id, str) else ''}".rstrip()] = \
                    audit.audit_archive(archive)
        else:
            reports[args.game] = audit.audit_archive(data)
    else:
        # Always the full audit (every row read, hashed and replayed; never from an audit checkpoint), held
        # against the game's sealed checkpoint: a record that contradicts it (rewritten or truncated after
        # it was audited) fails and the checkpoint is kept as the evidence. Otherwise the verdict resets
        # it: a pass is the public audit's new starting point (its full pass dated now), a failure drops
        # it, so the public audit audits in full and shows it too (service.audit_checkpoints.full_audit).
        from service.audit_checkpoints import accept_restored, full_audit

        svc = service()
        if accept:
            print(f"tabularium: {text(accept_restored(svc, args.game))}", file=sys.stderr if args.json else sys.stdout)
        if not args.all:
            reports[args.game] = full_audit(svc, args.game)  # no such game: a sentence on stderr, exit 1
        for gid in (svc.store.all_game_ids() if args.all else []):
            reports[gid] = _audit_one(svc, gid)  # every game is reported, whatever the others' state
    failed = [k for k, r in reports.items() if not r.ok]
    out({k: r.to_json() for k, r in reports.items()}, args.json, lambda _: verify_text(reports))
    return 1 if failed else 0


def _audit_one(svc: GameService, gid: str) -> Any:
    from service import audit
    from service.audit_checkpoints import full_audit

    try:
        return full_audit(svc, gid)
    except GameError as exc:  # no such game, or not a game id
        return audit.AuditReport.failed([exc.reason])
    except Exception as exc:  # noqa: BLE001 — never stop `verify --all` at one game
        return audit.AuditReport.failed([_("the game could not be checked (%(error)s)", error=type(exc).__name__)])


def verify_text(reports: dict) -> str:
    lines = []
    for key, r in reports.items():
        words = {"key": key, "head": r.head[:16],
                 "verdict": _("OK") if r.ok else _("FAILED"),
                 "chain": _("valid") if r.chain_valid else _("BROKEN"),
                 "replay": {True: _("valid"), False: _("INVALID"), None: _("not possible")}[r.replay_valid],
                 "dice": {None: _("not yet checkable (seed still secret)"), True: _("valid"),
                          False: _("INVALID")}[r.randomness_valid]}
        if r.state_hash:
            line = n_("%(key)s: %(verdict)s — %(n)d event, head %(head)s, chain %(chain)s, replay %(replay)s, "
                      "dice %(dice)s, final state %(state)s",
                      "%(key)s: %(verdict)s — %(n)d events, head %(head)s, chain %(chain)s, replay %(replay)s, "
                      "dice %(dice)s, final state %(state)s", r.length, state=r.state_hash[:16], **words)
        else:
            line = n_("%(key)s: %(verdict)s — %(n)d event, head %(head)s, chain %(chain)s, replay %(replay)s, "
                      "dice %(dice)s",
                      "%(key)s: %(verdict)s — %(n)d events, head %(head)s, chain %(chain)s, replay %(replay)s, "
                      "dice %(dice)s", r.length, **words)
        lines.append(text(line))
        lines += [f"  - {text(p)}" for p in r.problems]
    return "\n".join(lines) or text(_("no games"))


ARCHIVES_FORMAT = "tabularium-archives/1"  # `export --all`: {"format", "games": [archive, ...]}


def read_json(path: str) -> Any:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except RecursionError:
        raise GameError(_("%(path)s is nested too deeply to be a Tabularium archive; nothing was changed.",
                          path=path)) from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise GameError(_("%(path)s is not a readable JSON archive (%(error)s); nothing was changed.",
                          path=path, error=exc.__class__.__name__)) from None


@command("export", lambda p: (p.add_argument("game", nargs="?"), p.add_argument("--all", action="store_true")))
def cmd_export(args) -> int:
    from service.views import REFEREE

    svc = service()
    if args.all:
        data = {"format": ARCHIVES_FORMAT,
                "games": [svc.export(gid, REFEREE) for gid in svc.store.all_game_ids()]}
    elif args.game:
        data = svc.export(args.game, REFEREE)
    else:
        raise usage_error(_("export needs a game id or --all"))
    json.dump(data, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


@command("import", lambda p: p.add_argument("archive"))
def cmd_import(args) -> int:
    """Every archive in the file is checked before any is imported: one bad archive imports nothing."""
    from service import audit

    data = read_json(args.archive)
    bundle = isinstance(data, dict) and data.get("format") == ARCHIVES_FORMAT
    if bundle and not isinstance(data.get("games"), list):
        raise GameError(_("%(path)s is a bundle of archives without a list of games; nothing was imported.",
                          path=args.archive))
    archives = data["games"] if bundle else [data]
    refused = []
    for n, archive in enumerate(archives, start=1):
        report = audit.audit_archive(archive)
        if not report.ok:
            problems = "; ".join(text(p) for p in report.problems[:5])
            refused.append(_("archive %(n)d of %(total)d does not verify: %(problems)s", n=n, total=len(archives),
                             problems=problems) if bundle else
                           _("%(path)s does not verify: %(problems)s", path=args.archive, problems=problems))
    if refused:
        for sentence in refused:
            complain(sentence)
        complain(_("nothing was imported."))
        return 1
    svc = service()
    present = [a["game_id"] for a in archives if svc.store.witness(a["game_id"])]
    if present:
        raise GameError(_("game %(id)s already exists here; nothing was imported.", id=present[0]))
    for archive in archives:
        say(_("imported %(id)s", id=svc.import_archive(archive)))
    return 0


@command("simulate", lambda p: (p.add_argument("rules"), p.add_argument("--games", type=int, default=10),
         p.add_argument("--players", type=int), p.add_argument("--seed", type=int, default=0),
         p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE"),
         p.add_argument("--json", action="store_true")))
def cmd_simulate(args) -> int:
    from service.simulate import simulate

    result = simulate(args.rules, args.games, args.players, args.seed, parse_options(args.option, args.rules)).to_json()
    out(result, args.json, lambda r: "\n".join([text(_(
        "%(title)s, %(players)s players: %(games)s games, %(decisions)s decisions in %(seconds)s s — "
        "%(games_per_second)s games/s, %(decisions_per_second)s decisions/s, %(errors)s errors",
        title=r["title"], players=r["players"], games=r["games"], decisions=r["decisions"], seconds=r["seconds"],
        games_per_second=r["games_per_second"], decisions_per_second=r["decisions_per_second"],
        errors=len(r["errors"])))] + [f"  {text(e)}" for e in r["errors"][:20]]))
    return 1 if result["errors"] else 0


@command("init-db", lambda p: None)
def cmd_init_db(args) -> int:
    """Every table the platform uses, so production processes can run with TABULARIUM_CREATE_TABLES=no:
    the event store and index, the outbox and inbound-mail tables, and the magic-link nonces."""
    from notifications.outbox import ensure_schema
    from service.store import Store

    store = Store(Settings.from_env(create_tables=True))  # its SCHEMA holds the web's nonce table too
    try:
        ensure_schema(store)
    finally:
        store.close()
    say(_("tables created (or already present)"))
    return 0


@command("titles", lambda p: None)
def cmd_titles(args) -> int:
    print("\n".join(titles()))
    return 0


# ---------------------------------------------------------------------------- entry point

def load_extensions() -> None:
    """Commands that live with their feature (serve, worker, beat, tick, mail-in) register themselves here."""
    for module in ("service.cli_server", "workers.cli"):
        try:
            __import__(module)
        except ModuleNotFoundError as exc:
            if not exc.name or not module.startswith(exc.name):
                raise  # a missing dependency inside the module, not the module itself


def build_parser() -> argparse.ArgumentParser:
    load_extensions()
    parser = argparse.ArgumentParser(prog="tabularium", description="Event-sourced play-by-email server.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (configure, run) in sorted(COMMANDS.items()):
        p = sub.add_parser(name, help=(run.__doc__ or "").strip().split("\n")[0] or None)
        configure(p)
        p.set_defaults(run=run)
    return parser


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("TABULARIUM_VAR_DIR", "var")
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except IllegalAction as exc:
        complain(_("refused: %(reason)s", reason=exc.reason))
    except GameError as exc:
        complain(exc.reason)
    except ConfigurationError as exc:  # a wrong environment is the operator's to fix: a sentence, no traceback
        complain(exc.args[0] if exc.args else str(exc))
        return 2
    except KeyboardInterrupt:
        return 130
    return 1


if __name__ == "__main__":
    # `python -m service.cli` runs this file as __main__; feature modules register their commands on
    # the imported `service.cli`, so dispatch through that one.
    from service.cli import main as imported_main

    sys.exit(imported_main())
