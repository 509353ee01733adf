"""Commands and garrisons (Rule 9.8.5, 9.8.1): sending a Commander with units from Italy against a War,
reinforcing a Commander in the field, recalling him, sending Legions to a Province as a garrison and
bringing a garrison home. Where forces are kept: forces.py's docstring.
"""
from __future__ import annotations

from random import Random
from typing import Any, Iterable

from domain.forms import Form, Number, OneOf, Option, SomeOf
from domain.i18n import _
from domain.rules import IllegalAction

from .business import Kind, kind
from .forces import (command_of, commands, end_command, fleets_at, move, naval_pending, strength, units_at,
                     war_strength)
from .governors import province_label
from .names import card_name, candidate_name, senator_name
from .narrate import narrates
from .senate import proposal, refused
from .state import holder, in_rome, note, sort_key
from .voting import words


def sent(s: dict) -> list[str]:
    return s["senate"].get("sent", [])


def senator_options(D: Any, s: dict, ids: list[str]) -> tuple[Option, ...]:
    return tuple(Option(sid, candidate_name(D, s, sid)) for sid in ids)


def war_options(D: Any, s: dict, ids: list[str]) -> tuple[Option, ...]:
    return tuple(Option(w, card_name(D, "war:" + w)) for w in ids)


def unit_fields(s: dict) -> tuple:
    """Legions (regular, by number), Veterans (by id: their allegiance matters) and Fleets from Italy."""
    fields: list = [Number("legions", _("Legions"), 0, len(units_at(s, "italy", False)))]
    veterans = units_at(s, "italy", True)
    if veterans:
        fields.append(SomeOf("veterans", _("Veteran Legions"), tuple(Option(str(i), _("Veteran Legion %(n)d", n=i))
                                                                       for i in veterans)))
    fields.append(Number("fleets", _("Fleets"), 0, len(fleets_at(s, "italy"))))
    return tuple(fields)


def with_units(s: dict, values: dict, veterans: list[int]) -> dict:
    """`values` with the Veterans field when the form has one."""
    return {**values, "veterans": [str(i) for i in veterans]} if units_at(s, "italy", True) else values


def picked_units(s: dict, values: dict) -> tuple[list[int], list[int]]:
    legions = units_at(s, "italy", False)[:values["legions"]] + [int(i) for i in values.get("veterans", [])]
    return legions, fleets_at(s, "italy")[:values["fleets"]]


# -------------------------------------------------------------------------------------------- deploy
def commanders(s: dict) -> list[str]:
    """Rule 9.8.5: the Field Consul; the Rome Consul only with or after him (here: once the Field Consul is
    not in Rome, or there is none [A]); the Dictator (with his Master of Horse). In Rome, not in command."""
    out = []
    field, rome, dictator = holder(s, "field_consul"), holder(s, "rome_consul"), holder(s, "dictator")
    for sid in (dictator, field):
        if sid is not None and in_rome(s, sid):
            out.append(sid)
    if rome is not None and in_rome(s, rome) and (field is None or not in_rome(s, field)):
        out.append(rome)
    return out


def targets(s: dict) -> list[str]:
    return [w for w, v in s["forum"]["wars"].items() if v["status"] in ("active", "inactive", "unprosecuted")]


def blocked_by_series(s: dict, D: Any, wid: str) -> bool:
    """Rule 9.8.5: not a later War of a series while an earlier Active War of it is not attacked this turn."""
    war = D.wars[wid]
    attacked = {c["war"] for c in commands(s)}
    return any(D.wars[w]["series"] == war["series"] and D.wars[w]["series_index"] < war["series_index"]
               and v["status"] in ("active", "unprosecuted") and w not in attacked
               for w, v in s["forum"]["wars"].items())


def deployable(s: dict, D: Any) -> list[str]:
    """Wars a force from Italy can be sent against now (series order kept, enough Fleets for support)."""
    fleets = len(fleets_at(s, "italy"))
    if not units_at(s, "italy") and not fleets:
        return []
    return [w for w in targets(s) if not blocked_by_series(s, D, w) and D.wars[w]["fleet_support"] <= fleets
            and (units_at(s, "italy") or D.wars[w]["fleet_support"] or fleets)]


def check_force(s: dict, D: Any, wid: str, legions: list[int], fleets: list[int]) -> None:
    if not legions and not fleets:
        raise IllegalAction(_("Send at least one unit."))
    need = D.wars[wid]["fleet_support"]
    if len(fleets) < need:
        raise IllegalAction(_("The %(war)s needs at least %(n)d Fleets in support.", war=card_name(D, "war:" + wid),
                              n=need))


def below_minimum(s: dict, D: Any, sid: str, wid: str, legions: list[int], fleets: list[int]) -> bool:
    naval = naval_pending(s, D, wid)
    enemy = war_strength(s, D, wid)["naval" if naval else "land"]
    return strength(D, s, sid, legions, fleets, naval) < enemy


@kind
class Deploy(Kind):
    """Rule 9.8.5 (decision 37 deploy): a Commander with units from Italy against an Active or Inactive War
    (attacking an Inactive War makes it Active); below the minimum force only with his consent; sending the
    PM away ends the Senate."""

    name = "deploy"
    label = _("Send a Commander against a War")

    def tries(self, s: dict, D: Any) -> Iterable[dict]:
        """Every Fleet and Veteran in Italy, and from every regular Legion down to none (strongest first)."""
        for sid in commanders(s):
            for war in deployable(s, D):
                for n in range(len(units_at(s, "italy", False)), -1, -1):
                    yield with_units(s, {"commander": sid, "war": war, "legions": n,
                                         "fleets": len(fleets_at(s, "italy"))}, units_at(s, "italy", True))

    def form(self, s: dict, D: Any) -> Form:
        return Form((OneOf("commander", _("Commander"), senator_options(D, s, commanders(s))),
                     OneOf("war", _("War"), war_options(D, s, deployable(s, D)))) + unit_fields(s))

    def check(self, s: dict, D: Any, values: dict) -> None:
        wid = values["war"]
        if blocked_by_series(s, D, wid):
            raise IllegalAction(_("An earlier War of the same series must be attacked first."))
        legions, fleets = picked_units(s, values)
        check_force(s, D, wid, legions, fleets)
        if below_minimum(s, D, values["commander"], wid, legions, fleets) and \
                refused(s, values["commander"], "deploy:" + wid):
            raise IllegalAction(_("%(senator)s has refused to lead so small a force.",
                                  senator=senator_name(D, s, values["commander"])))

    def proposals(self, s: dict, D: Any, values: dict) -> list[dict]:
        legions, fleets = picked_units(s, values)
        p = proposal(s, self.name, commander=values["commander"], war=values["war"], legions=legions, fleets=fleets)
        p["sends_to_war"] = [values["commander"]]  # for standing votes ("no on anything that sends my Senators")
        return [p]

    def still_possible(self, s: dict, D: Any, prop: dict) -> bool:
        """Rule 9.3: the suspended deployment still has its Commander in Rome, its War and its units in Italy."""
        legions, fleets = prop["legions"], prop["fleets"]
        return (prop["commander"] in commanders(s) and prop["war"] in targets(s)
                and not blocked_by_series(s, D, prop["war"]) and set(legions) <= set(units_at(s, "italy"))
                and set(fleets) <= set(fleets_at(s, "italy")) and len(fleets) >= D.wars[prop["war"]]["fleet_support"])

    def consents(self, s: dict, D: Any, prop: dict) -> list[str]:
        below = below_minimum(s, D, prop["commander"], prop["war"], prop["legions"], prop["fleets"])
        return [prop["commander"]] if below else []

    def consent_key(self, prop: dict) -> str:
        return "deploy:" + prop["war"]

    def apply(self, s: dict, D: Any, rng: Random, prop: dict, value: dict) -> None:
        sid, wid = prop["commander"], prop["war"]
        ok = sid in s["senators"] and in_rome(s, sid) and wid in s["forum"]["wars"]
        if not value["passed"] or not ok:
            return
        legions = [i for i in prop["legions"] if i in units_at(s, "italy")]
        fleets = [i for i in prop["fleets"] if i in fleets_at(s, "italy")]
        where = "war:" + wid
        # spec 18.15: units left on the War card (their Commander fell) join the new Commander [A]
        free = [u for u in units_at(s, where) if not any(u in c["legions"] for c in commands(s))]
        free_fleets = [f for f in fleets_at(s, where) if not any(f in c["fleets"] for c in commands(s))]
        move(s, "legions", legions, where)
        move(s, "fleets", fleets, where)
        party = [sid]
        horse = holder(s, "master_of_horse")
        if s["senators"][sid]["office"] == "dictator" and horse is not None and in_rome(s, horse):
            party.append(horse)
        for who in party:
            s["senators"][who]["location"] = where
        war = s["forum"]["wars"][wid]
        if war["status"] == "inactive":
            s["forum"]["wars"] = {**s["forum"]["wars"], wid: {**war, "status": "active"}}
        order = max([c["order"] for c in commands(s)] + [0]) + 1
        s["commands"] = commands(s) + [{"commander": sid, "war": wid, "legions": legions + free,
                                        "fleets": fleets + free_fleets, "order": order,
                                        "master_of_horse": party[1] if len(party) > 1 else None, "turn": s["turn"]}]
        s["senate"]["sent"] = sent(s) + party
        note(s, "commander_sent", senator=sid, war=wid, legions=len(legions), fleets=len(fleets))
        if s["senate"]["pm"] in party:
            s["senate"]["closed"] = True  # Rule 9.8.5: sending the PM away ends the Senate at once


@words("deploy")
def _deploy_words(D: Any, s: dict, p: dict) -> str:
    return _("to send %(senator)s against the %(war)s with %(legions)d Legions and %(fleets)d Fleets",
             senator=senator_name(D, s, p["commander"]), war=card_name(D, "war:" + p["war"]),
             legions=len(p["legions"]), fleets=len(p["fleets"]))


@narrates("commander_sent")
def _sent(t: Any, n: dict) -> str:
    return _("%(senator)s leaves for the %(war)s with %(legions)d Legions and %(fleets)d Fleets.",
             senator=t.senator(n["senator"]), war=t.card("war:" + n["war"]), legions=n["legions"], fleets=n["fleets"])


# --------------------------------------------------------------------------------- reinforce / recall
def in_field(s: dict) -> list[str]:
    """Commanders in the field who were not sent or reinforced in this Senate."""
    return sorted((c["commander"] for c in commands(s) if c["commander"] in s["senators"]
                   and c["commander"] not in sent(s)), key=sort_key)


@kind
class Reinforce(Kind):
    """Rule 9.8.5: more units from Italy to a Commander in the field (not to one who left in this Senate)."""

    name = "reinforce"
    label = _("Reinforce a Commander in the field")

    def form(self, s: dict, D: Any) -> Form:
        return Form((OneOf("commander", _("Commander"), senator_options(D, s, in_field(s))),) + unit_fields(s))

    def tries(self, s: dict, D: Any) -> Iterable[dict]:
        for sid in in_field(s):
            for n in range(1, len(units_at(s, "italy", False)) + 1):
                yield with_units(s, {"commander": sid, "legions": n, "fleets": 0}, [])
            for n in range(1, len(fleets_at(s, "italy")) + 1):
                yield with_units(s, {"commander": sid, "legions": 0, "fleets": n}, [])
            for vet in units_at(s, "italy", True):
                yield with_units(s, {"commander": sid, "legions": 0, "fleets": 0}, [vet])

    def check(self, s: dict, D: Any, values: dict) -> None:
        legions, fleets = picked_units(s, values)
        if not legions and not fleets:
            raise IllegalAction(_("Send at least one unit."))

    def proposals(self, s: dict, D: Any, values: dict) -> list[dict]:
        legions, fleets = picked_units(s, values)
        return [proposal(s, self.name, commander=values["commander"], legions=legions, fleets=fleets)]

    def apply(self, s: dict, D: Any, rng: Random, prop: dict, value: dict) -> None:
        c = command_of(s, prop["commander"])
        if not value["passed"] or c is None:
            return
        legions = [i for i in prop["legions"] if i in units_at(s, "italy")]
        fleets = [i for i in prop["fleets"] if i in fleets_at(s, "italy")]
        move(s, "legions", legions, "war:" + c["war"])
        move(s, "fleets", fleets, "war:" + c["war"])
        s["commands"] = [{**x, "legions": x["legions"] + legions, "fleets": x["fleets"] + fleets}
                         if x["commander"] == prop["commander"] else x for x in commands(s)]
        s["senate"]["sent"] = sent(s) + [prop["commander"]]
        note(s, "commander_reinforced", senator=prop["commander"], legions=len(legions), fleets=len(fleets))


@kind
class Recall(Kind):
    """Rule 9.8.5: a Commander in the field (not sent or reinforced in this Senate) comes home; his units
    return to Italy (a replacement is a recall followed by a new deployment [A]; part of his force:
    RecallUnits)."""

    name = "recall"
    label = _("Recall a Commander")

    def form(self, s: dict, D: Any) -> Form:
        return Form((OneOf("commander", _("Commander"), senator_options(D, s, in_field(s))),))

    def tries(self, s: dict, D: Any) -> Iterable[dict]:
        return ({"commander": sid} for sid in in_field(s))

    def apply(self, s: dict, D: Any, rng: Random, prop: dict, value: dict) -> None:
        if value["passed"] and command_of(s, prop["commander"]) is not None:
            recall_command(s, prop["commander"])


def recall_command(s: dict, sid: str) -> None:
    end_command(s, sid)
    note(s, "commander_recalled", senator=sid)


def held(s: dict, sid: str) -> tuple[list[int], list[int], list[int]]:
    """A Commander's regular Legions, Veterans and Fleets."""
    c = command_of(s, sid)
    veteran = {u["id"] for u in s["legions"] if u["veteran"]}
    return ([i for i in c["legions"] if i not in veteran], [i for i in c["legions"] if i in veteran], list(c["fleets"]))


def partly_recallable(s: dict) -> list[str]:
    """Commanders in the field (not sent or reinforced in this Senate) with at least two units."""
    return [sid for sid in in_field(s) if sum(len(x) for x in held(s, sid)) > 1]


@kind
class RecallUnits(Kind):
    """Rule 9.8.5: part of a Commander's force (not sent or reinforced in this Senate) returns to Italy; he
    stays in the field with the rest, below the War's strength only with his consent (decision 36). The whole
    force is a recall. Regular Legions are named by number (the last sent come home first), Veterans by id."""

    name = "recall_units"
    label = _("Recall part of a Commander's force")

    def form(self, s: dict, D: Any) -> Form:
        ids = partly_recallable(s)
        fields: list = [OneOf("commander", _("Commander"), senator_options(D, s, ids)),
                        Number("legions", _("Legions"), 0, max(len(held(s, sid)[0]) for sid in ids))]
        veterans = [(i, sid) for sid in ids for i in held(s, sid)[1]]
        if veterans:
            fields.append(SomeOf("veterans", _("Veteran Legions"), tuple(
                Option(str(i), _("Veteran Legion %(n)d (with %(senator)s)", n=i, senator=senator_name(D, s, sid)))
                for i, sid in veterans)))
        fields.append(Number("fleets", _("Fleets"), 0, max(len(held(s, sid)[2]) for sid in ids)))
        return Form(tuple(fields))

    def tries(self, s: dict, D: Any) -> Iterable[dict]:
        vets = any(held(s, sid)[1] for sid in partly_recallable(s))
        for sid in partly_recallable(s):
            regular, veterans, fleets = held(s, sid)
            for values in ({"legions": 1, "fleets": 0}, {"legions": 0, "fleets": 1}):
                yield {"commander": sid, **values, **({"veterans": []} if vets else {})}
            for i in veterans:
                yield {"commander": sid, "legions": 0, "fleets": 0, "veterans": [str(i)]}

    def picked(self, s: dict, values: dict) -> tuple[list[int], list[int]]:
        regular, _veterans, fleets = held(s, values["commander"])
        n, f = values["legions"], values["fleets"]
        return (regular[len(regular) - n:] if n else []) + [int(i) for i in values.get("veterans", [])], \
            (fleets[len(fleets) - f:] if f else [])

    def check(self, s: dict, D: Any, values: dict) -> None:
        sid = values["commander"]
        regular, veterans, fleets = held(s, sid)
        if values["legions"] > len(regular) or values["fleets"] > len(fleets) or \
                any(int(i) not in veterans for i in values.get("veterans", [])):
            raise IllegalAction(_("%(senator)s does not command those units.", senator=senator_name(D, s, sid)))
        legions, ships = self.picked(s, values)
        if not legions and not ships:
            raise IllegalAction(_("Recall at least one unit."))
        if len(legions) + len(ships) == len(regular) + len(veterans) + len(fleets):
            raise IllegalAction(_("To bring the whole force home, recall the Commander."))
        if self.below(s, D, sid, legions, ships) and refused(s, sid, "recall_units:" + sid):
            raise IllegalAction(_("%(senator)s has refused to stay in the field with so small a force.",
                                  senator=senator_name(D, s, sid)))

    def below(self, s: dict, D: Any, sid: str, legions: list[int], fleets: list[int]) -> bool:
        c = command_of(s, sid)
        rest_l = [i for i in c["legions"] if i not in legions]
        rest_f = [i for i in c["fleets"] if i not in fleets]
        return c["war"] in s["forum"]["wars"] and below_minimum(s, D, sid, c["war"], rest_l, rest_f)

    def proposals(self, s: dict, D: Any, values: dict) -> list[dict]:
        legions, fleets = self.picked(s, values)
        return [proposal(s, self.name, commander=values["commander"], legions=legions, fleets=fleets)]

    def consents(self, s: dict, D: Any, prop: dict) -> list[str]:
        return [prop["commander"]] if self.below(s, D, prop["commander"], prop["legions"], prop["fleets"]) else []

    def consent_key(self, prop: dict) -> str:
        return "recall_units:" + prop["commander"]

    def apply(self, s: dict, D: Any, rng: Random, prop: dict, value: dict) -> None:
        c = command_of(s, prop["commander"])
        if not value["passed"] or c is None:
            return
        legions = [i for i in prop["legions"] if i in c["legions"]]
        fleets = [i for i in prop["fleets"] if i in c["fleets"]]
        move(s, "legions", legions, "italy")
        move(s, "fleets", fleets, "italy")
        s["commands"] = [{**x, "legions": [i for i in x["legions"] if i not in legions],
                          "fleets": [i for i in x["fleets"] if i not in fleets]}
                         if x["commander"] == prop["commander"] else x for x in commands(s)]
        note(s, "units_recalled", senator=prop["commander"], legions=len(legions), fleets=len(fleets))


@words("recall_units")
def _recall_units_words(D: Any, s: dict, p: dict) -> str:
    return _("to bring %(legions)d Legions and %(fleets)d Fleets of %(senator)s home",
             senator=senator_name(D, s, p["commander"]), legions=len(p["legions"]), fleets=len(p["fleets"]))


@narrates("units_recalled")
def _units_recalled(t: Any, n: dict) -> str:
    return _("%(legions)d Legions and %(fleets)d Fleets of %(senator)s return to Italy; he stays in the field.",
             senator=t.senator(n["senator"]), legions=n["legions"], fleets=n["fleets"])


@words("reinforce")
def _reinforce_words(D: Any, s: dict, p: dict) -> str:
    return _("to reinforce %(senator)s with %(legions)d Legions and %(fleets)d Fleets",
             senator=senator_name(D, s, p["commander"]), legions=len(p["legions"]), fleets=len(p["fleets"]))


@words("recall")
def _recall_words(D: Any, s: dict, p: dict) -> str:
    return _("to recall %(senator)s and his forces", senator=senator_name(D, s, p["commander"]))


@narrates("commander_reinforced")
def _reinforced(t: Any, n: dict) -> str:
    return _("%(senator)s is reinforced with %(legions)d Legions and %(fleets)d Fleets.",
             senator=t.senator(n["senator"]), legions=n["legions"], fleets=n["fleets"])


@narrates("commander_recalled")
def _recalled(t: Any, n: dict) -> str:
    return _("%(senator)s is recalled to Rome; his forces return to Italy.", senator=t.senator(n["senator"]))


# ------------------------------------------------------------------------------------------ garrisons
def garrisons(s: dict) -> list[str]:
    """Provinces whose garrison may come home (not the Legions that arrived in this Senate)."""
    arrived = set(s["senate"].get("garrisoned", []))
    return sorted({u["at"].split(":", 1)[1] for u in s["legions"]
                   if u["at"].startswith("province:") and u["id"] not in arrived})


@kind
class Garrison(Kind):
    """Rule 9.8.1: Legions from Italy to a Province as its garrison (they stay until recalled, not in the
    turn they arrive)."""

    name = "garrison"
    label = _("Send a garrison to a Province")

    def form(self, s: dict, D: Any) -> Form:
        provinces = tuple(Option(p, province_label(D, p)) for p in sorted(s["provinces"]))
        return Form((OneOf("province", _("Province"), provinces),
                     Number("legions", _("Legions"), 1, len(units_at(s, "italy")))))

    def tries(self, s: dict, D: Any) -> Iterable[dict]:
        return ({"province": p, "legions": n} for p in sorted(s["provinces"])
                for n in range(1, len(units_at(s, "italy")) + 1))

    def apply(self, s: dict, D: Any, rng: Random, prop: dict, value: dict) -> None:
        if not value["passed"]:
            return
        ids = (units_at(s, "italy", False) + units_at(s, "italy", True))[:prop["legions"]]
        move(s, "legions", ids, "province:" + prop["province"])
        s["senate"]["garrisoned"] = s["senate"].get("garrisoned", []) + ids
        note(s, "garrison_sent", province=prop["province"], legions=len(ids))


@kind
class RecallGarrison(Kind):
    """Rule 9.8.1: a Province's garrison returns to Italy."""

    name = "recall_garrison"
    label = _("Bring a garrison home")

    def form(self, s: dict, D: Any) -> Form:
        return Form((OneOf("province", _("Province"), tuple(Option(p, province_label(D, p)) for p in garrisons(s))),))

    def tries(self, s: dict, D: Any) -> Iterable[dict]:
        return ({"province": p} for p in garrisons(s))

    def apply(self, s: dict, D: Any, rng: Random, prop: dict, value: dict) -> None:
        if not value["passed"]:
            return
        arrived = set(s["senate"].get("garrisoned", []))
        ids = [i for i in units_at(s, "province:" + prop["province"]) if i not in arrived]
        move(s, "legions", ids, "italy")
        note(s, "garrison_recalled", province=prop["province"], legions=len(ids))


@words("garrison")
def _garrison_words(D: Any, s: dict, p: dict) -> str:
    return _("to send %(legions)d Legions to %(province)s as its garrison", legions=p["legions"],
             province=province_label(D, p["province"]))


@words("recall_garrison")
def _recall_garrison_words(D: Any, s: dict, p: dict) -> str:
    return _("to bring the garrison of %(province)s home", province=province_label(D, p["province"]))


@narrates("garrison_sent")
def _garrison(t: Any, n: dict) -> str:
    return _("%(legions)d Legions go to %(province)s as its garrison.", legions=n["legions"],
             province=province_label(t.D, n["province"]))


@narrates("garrison_recalled")
def _garrison_home(t: Any, n: dict) -> str:
    return _("The garrison of %(province)s (%(legions)d Legions) returns to Italy.", legions=n["legions"],
             province=province_label(t.D, n["province"]))
