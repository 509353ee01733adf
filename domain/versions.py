"""Rules versions and running games (docs/architecture.md, "Rules versions and running games").

A game records the rules id and version it was created with (`GameCreated.content["rules"]` and
`["rules_version"]`) and is replayed, for ever, by whatever code the server runs today. So the server
loads a game only if today's rules declare that they replay its recorded version exactly:

* the title's current `version`, or
* a version listed in the title's optional `compatible_versions` (a tuple of strings): older versions
  whose logs today's code replays exactly, either because nothing that matters changed or because the
  rules keep the old behaviour for those games (the title's optional `setup_for(version, seats,
  options, rng)` lets it mark, in the state of new games only, which behaviour they use).

Anything else is refused with `RulesVersionUnsupported`, a sentence for the operator and the players
(HTTP 503, `show` and `verify` print it), never a traceback and never a silently different replay.
"""
from __future__ import annotations

from random import Random
from typing import Any, Mapping, Sequence

from domain.errors import GameError
from domain.i18n import _, n_
from domain.rules import Rules, UnknownTitle, get_rules


class RulesVersionUnsupported(GameError):
    """This server's rules cannot replay the version a game was recorded with: nothing is loaded."""


def replayable_versions(rules: Rules) -> tuple[str, ...]:
    """The recorded versions today's code of `rules` replays exactly: its own and the declared ones."""
    return (rules.version, *tuple(getattr(rules, "compatible_versions", ()) or ()))


def rules_for(rules_id: str, version: str, game: Any = None) -> Rules:
    """Today's rules for a game recorded with (`rules_id`, `version`); RulesVersionUnsupported if they
    cannot replay it. `game` (an id) only names the game in the sentence."""
    try:
        rules = get_rules(rules_id)
    except UnknownTitle:
        params = {"game": game, "rules": str(rules_id)[:40], "version": str(version)[:20]}
        raise RulesVersionUnsupported(_(
            "Game %(game)s was recorded with the rules %(rules)r (version %(version)s), which this server does "
            "not have, so it cannot be loaded. Nothing was changed; the operator must run a release that has "
            "those rules.", **params) if game is not None else _(
            "This game was recorded with the rules %(rules)r (version %(version)s), which this server does "
            "not have, so it cannot be loaded. Nothing was changed; the operator must run a release that has "
            "those rules.", **params)) from None
    known = replayable_versions(rules)
    if version not in known:
        params = {"game": game, "title": rules.title, "version": str(version)[:20], "current": rules.version,
                  "known": ", ".join(known)}
        raise RulesVersionUnsupported(n_(
            "Game %(game)s was recorded with %(title)s rules version %(version)s; this server runs version "
            "%(current)s and replays only version %(known)s, so the game cannot be loaded. Nothing was changed; "
            "the operator must run a release that replays that version (docs/operations.md, \"Upgrades\").",
            "Game %(game)s was recorded with %(title)s rules version %(version)s; this server runs version "
            "%(current)s and replays only versions %(known)s, so the game cannot be loaded. Nothing was changed; "
            "the operator must run a release that replays that version (docs/operations.md, \"Upgrades\").",
            len(known), **params) if game is not None else n_(
            "This game was recorded with %(title)s rules version %(version)s; this server runs version "
            "%(current)s and replays only version %(known)s, so the game cannot be loaded. Nothing was changed; "
            "the operator must run a release that replays that version (docs/operations.md, \"Upgrades\").",
            "This game was recorded with %(title)s rules version %(version)s; this server runs version "
            "%(current)s and replays only versions %(known)s, so the game cannot be loaded. Nothing was changed; "
            "the operator must run a release that replays that version (docs/operations.md, \"Upgrades\").",
            len(known), **params))
    return rules


def setup_state(rules: Rules, version: str, seats: Sequence[str], options: Mapping, rng: Random) -> Any:
    """The rules' set-up for a game recorded with `version` (the current one for a new game): the title's
    optional `setup_for(version, ...)` if it has one, else its plain `setup(...)`."""
    setup_for = getattr(rules, "setup_for", None)
    if setup_for is not None:
        return setup_for(version, seats, options, rng)
    return rules.setup(seats, options, rng)


__all__ = ["RulesVersionUnsupported", "replayable_versions", "rules_for", "setup_state"]
