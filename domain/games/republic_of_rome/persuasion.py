"""Persuasion (Rule 7.4; decisions 19-21; edge cases 5, 6, 33; worked example 19.1), a nested sequence called
from an Initiative (`call(s, D, "forum_persuasion", rng, args={"seat": initiator})`; it returns nothing).

  forum_persuasion                  one form: persuader, target, opening bribe, an optional card (Seduction or
                                    Blackmail make the attempt unopposed), or no attempt
  forum_persuasion_counter_bribe    every other player in turn, clockwise from the persuader, pays a
                                    counter-bribe (0 or more) from his secret Faction Treasury
  forum_persuasion_continue         after a round that brought new money, the persuader rolls or adds to
                                    his bribe (then another round); a round without new money forces the roll

Base number = persuader's Oratory + Influence - target's Loyalty - 7 if the target is aligned - the target's
Personal Treasury + bribes - counter-bribes (+ supporting money with `third_party_persuasion_support`).
Success: 2d6 + Evil Omens <= base and the unmodified roll below 10 (9 after the Era Ends card). All money goes
to the target's Personal Treasury whatever the result; on success he joins the persuader's faction with all
he has. The working data `s["ctx"]`: {seat, persuader, target, card, bribes, counter, support, queue, new}.

Hidden information: a counter-bribe is paid from a secret treasury. Its form is shown only to the seat that
pays (its bound is that seat's own treasury), the amounts paid are public, balances are never named, and
the seat is always asked, even when it can pay nothing (the step is not forced_public).
"""
from __future__ import annotations

from random import Random
from typing import Any

from domain.forms import Form, Number, OneOf, Option
from domain.i18n import _
from domain.rules import IllegalAction, seat_name

from .card_play import hand_cards
from .dice import evil_omens, roll
from .machine import FORM, Step, goto, ret, state
from .names import card_name, senator_name, talents
from .narrate import ROLL_PURPOSES, narrates
from .peddling import peddle_answer, peddling_field
from .state import bump, change, in_rome, note, others_after, ratings, sorted_ids

CARDS = ("seduction", "blackmail")  # Rule 14: each makes the attempt unopposed


# ------------------------------------------------------------------------------------- who and whom
def persuaders(s: dict, seat: str) -> list[str]:
    """Rule 7.4 item 1: the active player's Senators in Rome."""
    return sorted_ids(sid for sid, x in s["senators"].items() if x["faction"] == seat and in_rome(s, sid))


def targets(s: dict, seat: str) -> list[str]:
    """Rule 7.4 item 1, edge case 6: unaligned Senators in the Forum, and other factions' Senators in Rome who
    are not Faction Leaders."""
    leaders = {f["leader"] for f in s["factions"].values()}
    return sorted_ids(sid for sid, x in s["senators"].items()
                      if x["faction"] != seat and in_rome(s, sid) and sid not in leaders)


def persuasion_possible(s: dict, D: Any, seat: str) -> bool:
    return bool(persuaders(s, seat)) and bool(targets(s, seat))


def playable_cards(s: dict, seat: str) -> list[str]:
    """The Seduction and Blackmail cards the seat may play (by record id; received by trade: not yet)."""
    held = {c.split(":", 1)[1].split(".", 1)[0] for c in hand_cards(s, seat, "int")}
    return [c for c in CARDS if c in held]


def base_number(s: dict, D: Any, ctx: dict) -> int:
    """Rule 7.4 item 2 (opposed Statesmen have Loyalty 0: state.ratings)."""
    p, t = s["senators"][ctx["persuader"]], s["senators"][ctx["target"]]
    aligned_bonus = D.c("persuasion_aligned_loyalty_bonus") if t["faction"] is not None else 0
    return (ratings(D, s, ctx["persuader"])["oratory"] + p["inf"] - ratings(D, s, ctx["target"])["loyalty"]
            - aligned_bonus - t["talents"] + ctx["bribes"] - ctx["counter"] + ctx["support"])


def auto_fail(s: dict, D: Any) -> int:
    """Rule 7.4 item 4: an unmodified roll of this or more always fails (9 once the Era Ends card is out)."""
    if s["options"]["game_end"] == "era_ends_card_forum_phase" and s.get("era_ends_revealed"):
        return D.tables["persuasion"]["auto_fail_unmodified_after_era_ends"]
    return D.c("persuasion_auto_fail_unmodified")


# -------------------------------------------------------------------------------- the attempt's form
@state
class ForumPersuasion(Step):
    """Rule 7.4 item 3.1 (decision 19): persuader, target, opening bribe and an optional card, or no attempt."""

    name = "forum_persuasion"
    short = "persuade"
    kind = "persuade"
    waiting = _("to choose a persuasion attempt")

    def legal(self, s: dict, D: Any) -> dict:
        return {s["ctx"]["seat"]: [FORM]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        own = persuaders(s, seat)
        who = (Option("none", _("No persuasion")),) + tuple(
            Option(sid, _("%(senator)s: Oratory %(ora)d, Influence %(inf)d, %(talents)s",
                          senator=senator_name(D, s, sid), ora=ratings(D, s, sid)["oratory"],
                          inf=s["senators"][sid]["inf"], talents=talents(s["senators"][sid]["talents"])))
            for sid in own)
        whom = tuple(Option(sid, target_label(s, D, sid)) for sid in targets(s, seat))
        most = max(s["senators"][sid]["talents"] for sid in own)
        fields = [OneOf("persuader", _("Persuader"), who), OneOf("target", _("Target"), whom),
                  Number("bribe", _("Opening bribe (from the persuader's treasury)"), 0, most)]
        cards = playable_cards(s, seat)
        if cards:
            fields.append(OneOf("card", _("Card"), (Option("none", _("No card")),) + tuple(
                Option(c, CARD_WORDS[c]) for c in cards)))
        return Form(tuple(fields))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        sid = values["persuader"]
        if sid != "none" and values["bribe"] > s["senators"][sid]["talents"]:
            raise IllegalAction(_("%(senator)s has only %(talents)s for a bribe.", senator=senator_name(D, s, sid),
                                  talents=talents(s["senators"][sid]["talents"])))

    def text(self, s: dict, D: Any, seat: str) -> str:
        return _("Persuasion (optional): one of your Senators in Rome may try to win a Senator over. Base number = "
                 "his Oratory + Influence - the target's Loyalty (7 more if aligned) - the target's treasury + "
                 "bribes - counter-bribes; it succeeds on two dice (+ Evil Omens) at or under the base, unless the "
                 "dice show %(fail)d or more. Every talent paid goes to the target.", fail=auto_fail(s, D))

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """ror-by-mail.md: no persuasion."""
        values = {"persuader": "none", "target": targets(s, seat)[0], "bribe": 0}
        if playable_cards(s, seat):
            values["card"] = "none"
        return values

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        if values["persuader"] == "none":
            note(s, "persuasion_none", seat=seat)
            ret(s, D, rng)
            return
        card = values.get("card", "none")
        ctx = s["ctx"]
        ctx.update(persuader=values["persuader"], target=values["target"], card=card, bribes=values["bribe"],
                   counter=0, support=0, queue=[], new=0)
        if card != "none":
            play_card(s, seat, card)
        s["senators"][ctx["persuader"]]["talents"] -= values["bribe"]
        note(s, "persuasion_announced", seat=seat, persuader=ctx["persuader"], target=ctx["target"],
             bribe=values["bribe"], card=card, base=base_number(s, D, ctx))
        if card != "none":
            resolve(s, D, rng)  # Seduction, Blackmail: unopposed, no counter-bribes
        else:
            start_round(s, D, rng)


def target_label(s: dict, D: Any, sid: str) -> str:
    x = s["senators"][sid]
    if x["faction"] is None:
        return _("%(senator)s, unaligned: Loyalty %(loy)d, %(talents)s", senator=senator_name(D, s, sid),
                 loy=ratings(D, s, sid)["loyalty"], talents=talents(x["talents"]))
    return _("%(senator)s of %(seat)s: Loyalty %(loy)d + 7, %(talents)s", senator=senator_name(D, s, sid),
             seat=seat_name(x["faction"]), loy=ratings(D, s, sid)["loyalty"], talents=talents(x["talents"]))


def play_card(s: dict, seat: str, card: str) -> None:
    """The first such card of the hand is played (public) and discarded."""
    f = s["factions"][seat]
    cid = next(c for c in hand_cards(s, seat, "int") if c.split(":", 1)[1].split(".", 1)[0] == card)
    s["factions"][seat]["hand"] = [c for c in f["hand"] if c != cid]
    s["discard"].append(cid)


def start_round(s: dict, D: Any, rng: Random) -> None:
    """Rule 7.4 item 3.2: every other player, clockwise from the persuader, may counter-bribe."""
    ctx = s["ctx"]
    ctx["queue"], ctx["new"] = others_after(s, ctx["seat"]), 0
    goto(s, D, "forum_persuasion_counter_bribe", rng)


# ----------------------------------------------------------------------------------- counter-bribes
@state
class ForumPersuasionCounterBribe(Step):
    """Rule 7.4 item 3.2 (decision 20): a counter-bribe of 0 or more from the Faction Treasury (secret: the
    seat is always asked, and an excess gets the neutral "insufficient funds", edge case 5)."""

    name = "forum_persuasion_counter_bribe"
    short = "counter"
    kind = "counter_bribe"
    forced_public = False
    waiting = _("to answer a persuasion with a counter-bribe")

    def legal(self, s: dict, D: Any) -> dict:
        return {s["ctx"]["queue"][0]: [FORM]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        amount = Number("amount", _("Talents from your Faction Treasury"), 0, s["factions"][seat]["treasury"])
        peddle = peddling_field(s, seat)  # Rule 14, peddling.py: only in the holder's own form
        extra = (peddle,) if peddle is not None else ()
        if not s["options"]["third_party_persuasion_support"]:
            return Form((amount,) + extra)
        side = OneOf("side", _("Your money"), (Option("resist", _("Against the persuasion (counter-bribe)")),
                                               Option("support", _("For the persuasion (support)"))))
        return Form((side, amount) + extra)

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        if values["amount"] > s["factions"][seat]["treasury"]:
            raise IllegalAction(_("Insufficient funds."))

    def text(self, s: dict, D: Any, seat: str) -> str:
        ctx = s["ctx"]
        return _("%(persuader)s (%(seat)s) is trying to persuade %(target)s: the base number is now %(base)d. "
                 "Counter-bribe from your Faction Treasury, or 0.", persuader=senator_name(D, s, ctx["persuader"]),
                 seat=seat_name(ctx["seat"]), target=senator_name(D, s, ctx["target"]), base=base_number(s, D, ctx))

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        """ror-by-mail.md: a missed counter-bribe spends 0 (and plays no Influence Peddling)."""
        values = {"amount": 0, "side": "resist"} if s["options"]["third_party_persuasion_support"] else {"amount": 0}
        if peddling_field(s, seat) is not None:
            values["peddle"] = "none"
        return values

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        peddle_answer(s, D, rng, seat, values)
        ctx = s["ctx"]
        amount, side = values["amount"], values.get("side", "resist")
        if amount:
            s["factions"][seat]["treasury"] -= amount
            ctx["counter" if side == "resist" else "support"] += amount
            ctx["new"] += amount
        note(s, "counter_bribe", seat=seat, amount=amount, side=side, base=base_number(s, D, ctx))
        ctx["queue"] = ctx["queue"][1:]
        if ctx["queue"]:
            return
        if ctx["new"] and s["senators"][ctx["persuader"]]["talents"]:
            goto(s, D, "forum_persuasion_continue", rng)
        else:
            resolve(s, D, rng)  # edge case 33: a round without new money forces the roll


@state
class ForumPersuasionContinue(Step):
    """Rule 7.4 item 3.3 (decision 21): after a round with new money the persuader rolls, or adds to his bribe
    from the persuader's Personal Treasury (then another round of counter-bribes)."""

    name = "forum_persuasion_continue"
    short = "raise"
    kind = "persuade_continue"
    waiting = _("to roll for the persuasion or add to the bribe")

    def legal(self, s: dict, D: Any) -> dict:
        return {s["ctx"]["seat"]: [FORM]}

    def form(self, s: dict, D: Any, seat: str) -> Form:
        most = s["senators"][s["ctx"]["persuader"]]["talents"]
        return Form((Number("add", _("Talents added to the bribe (0: roll now)"), 0, most),))

    def check(self, s: dict, D: Any, seat: str, values: dict) -> None:
        pass  # bounded by the persuader's (public) treasury

    def text(self, s: dict, D: Any, seat: str) -> str:
        ctx = s["ctx"]
        return _("Bribes %(bribes)s, counter-bribes %(counter)s: the base number is now %(base)d. Add to the bribe "
                 "(the others may answer again), or 0 to roll now.", bribes=talents(ctx["bribes"]),
                 counter=talents(ctx["counter"]), base=base_number(s, D, ctx))

    def default(self, s: dict, D: Any, seat: str, ids: list[str]) -> dict:
        return {"add": 0}

    def act(self, s: dict, D: Any, seat: str, values: Any, rng: Random) -> None:
        bump(s)
        ctx = s["ctx"]
        if not values["add"]:
            resolve(s, D, rng)
            return
        s["senators"][ctx["persuader"]]["talents"] -= values["add"]
        ctx["bribes"] += values["add"]
        note(s, "bribe_added", seat=seat, persuader=ctx["persuader"], amount=values["add"], base=base_number(s, D, ctx))
        start_round(s, D, rng)


# ------------------------------------------------------------------------------------------ the roll
def resolve(s: dict, D: Any, rng: Random) -> None:
    """Rule 7.4 item 4: 2d6 + Evil Omens against the base; the money goes to the target either way."""
    ctx = s["ctx"]
    base = base_number(s, D, ctx)
    dice = roll(s, rng, 2, "persuasion", seat=ctx["seat"])
    natural = sum(dice)
    modified = natural + evil_omens(s)
    success = modified <= base and natural < auto_fail(s, D)
    target = s["senators"][ctx["target"]]
    pot = ctx["bribes"] + ctx["counter"] + ctx["support"]
    target["talents"] += pot
    old = target["faction"]
    if success:
        target["faction"] = ctx["seat"]
    note(s, "persuasion_result", seat=ctx["seat"], persuader=ctx["persuader"], target=ctx["target"], base=base,
         natural=natural, modified=modified, success=success, automatic=natural >= auto_fail(s, D), pot=pot, old=old)
    if success and old is not None:
        left_empty(s, D, old, rng)
    if not success and ctx["card"] == "blackmail":
        # Rule 14 [A]: one 2d6 roll counts for both, or one each with `blackmail_separate_rolls` (spec 20)
        inf_loss = sum(roll(s, rng, 2, "blackmail", seat=ctx["seat"]))
        pop_loss = sum(roll(s, rng, 2, "blackmail", seat=ctx["seat"])) if s["options"].get("blackmail_separate_rolls") \
            else inf_loss
        inf, pop = change(s, ctx["target"], "inf", -inf_loss), change(s, ctx["target"], "pop", -pop_loss)
        note(s, "blackmail_penalty", target=ctx["target"], inf=-inf, pop=-pop)
    ret(s, D, rng)


def left_empty(s: dict, D: Any, seat: str, rng: Random) -> None:
    """A faction without a Faction Leader can lose its last Senator to a persuasion (Leaders are immune): it is
    not eliminated (only an assassination's consequences eliminate, Rule 5.4) but takes a new Senator as a
    faction emptied by death does: the top of the Curia, else the deck (AH) or the next to reach the Curia
    (VG) [A]."""
    from .deaths import aligned_count, faction_emptied
    if not aligned_count(s, seat):
        faction_emptied(s, D, seat, rng, "persuasion")


# ------------------------------------------------------------------------------------------ narration
CARD_WORDS = {"seduction": _("Play Seduction (no counter-bribes)"),
              "blackmail": _("Play Blackmail (no counter-bribes; if it fails the target loses 2d6 Influence and "
                             "Popularity)")}


@narrates("persuasion_none")
def _none(t: Any, n: dict) -> str:
    return _("You attempt no persuasion.") if t.you(n["seat"]) else \
        _("%(seat)s attempts no persuasion.", seat=t.who(n["seat"]))


@narrates("persuasion_announced")
def _announced(t: Any, n: dict) -> str:
    words = {"persuader": t.senator(n["persuader"]), "target": t.senator(n["target"]),
             "bribe": t.talents(n["bribe"]), "base": n["base"]}
    if n["card"] != "none":
        return _("%(seat)s plays %(card)s: %(persuader)s tries to persuade %(target)s, unopposed, with a bribe of "
                 "%(bribe)s (base number %(base)d).", seat=t.who(n["seat"]),
                 card=card_name(t.D, "int:" + n["card"]), **words)
    return _("%(seat)s: %(persuader)s tries to persuade %(target)s with a bribe of %(bribe)s (base number "
             "%(base)d).", seat=t.who(n["seat"]), **words)


@narrates("counter_bribe")
def _counter(t: Any, n: dict) -> str:
    if not n["amount"]:
        return _("You pay no counter-bribe.") if t.you(n["seat"]) else \
            _("%(seat)s pays no counter-bribe.", seat=t.who(n["seat"]))
    if n["side"] == "support":
        if t.you(n["seat"]):
            return _("You add %(amount)s in support (base number %(base)d).", amount=t.talents(n["amount"]), base=n["base"])
        return _("%(seat)s adds %(amount)s in support (base number %(base)d).", seat=t.who(n["seat"]),
                 amount=t.talents(n["amount"]), base=n["base"])
    if t.you(n["seat"]):
        return _("You counter-bribe %(amount)s (base number %(base)d).", amount=t.talents(n["amount"]), base=n["base"])
    return _("%(seat)s counter-bribes %(amount)s (base number %(base)d).", seat=t.who(n["seat"]),
             amount=t.talents(n["amount"]), base=n["base"])


@narrates("bribe_added")
def _added(t: Any, n: dict) -> str:
    return _("%(persuader)s adds %(amount)s to the bribe (base number %(base)d).", persuader=t.senator(n["persuader"]),
             amount=t.talents(n["amount"]), base=n["base"])


@narrates("persuasion_result")
def _result(t: Any, n: dict) -> str:
    words = {"persuader": t.senator(n["persuader"]), "target": t.senator(n["target"]), "pot": t.talents(n["pot"]),
             "roll": n["modified"], "base": n["base"]}
    if n["success"]:
        if t.you(n["seat"]):
            return _("%(target)s is persuaded (%(roll)d against %(base)d) and joins your faction with %(pot)s.", **words)
        return _("%(target)s is persuaded (%(roll)d against %(base)d) and joins %(seat)s with %(pot)s.",
                 seat=t.who(n["seat"]), **words)
    if n["automatic"]:
        return _("The persuasion of %(target)s fails: %(natural)d always fails. %(target)s keeps %(pot)s.",
                 natural=n["natural"], **words)
    return _("The persuasion of %(target)s fails (%(roll)d against %(base)d). %(target)s keeps %(pot)s.", **words)


@narrates("blackmail_penalty")
def _penalty(t: Any, n: dict) -> str:
    return _("Blackmail: %(target)s loses %(inf)d Influence and %(pop)d Popularity.", target=t.senator(n["target"]),
             inf=n["inf"], pop=n["pop"])


ROLL_PURPOSES.update({"persuasion": _("the persuasion"), "blackmail": _("the Blackmail penalty")})
