"""Per-player e-mail preferences: "every" (default), "digest" (one e-mail a day), "none".

The contacts table holds the value the sender reads; a PreferencesChanged event records the change
in the game's log as well (who asked, when), so the record explains why a player got no e-mail."""
from __future__ import annotations


from domain.errors import BadRequest
from domain.game import EMAIL_PREFERENCES
from domain.i18n import _
from notifications.ports import GameServicePort

PREFERENCES = EMAIL_PREFERENCES  # every e-mail, one digest a day, none


def set_preference(svc: GameServicePort, game_id: str, seat: str, preference: str, by: str = "seat") -> None:
    if preference not in PREFERENCES:
        raise BadRequest(_("The e-mail preference must be one of %(choices)s.", choices=", ".join(PREFERENCES)))
    contact = svc.store.contacts(game_id).get(seat)
    if contact is None:
        raise BadRequest(_("There is no seat %(seat)s with an address in this game.", seat=repr(seat)))
    if contact.get("preference") == preference:
        return
    svc.store.set_contact(svc.get(game_id).id, seat, contact["email"], preference)
    from notifications.compose import forget_contacts

    forget_contacts(svc, str(game_id))
    svc.change_preference(game_id, seat, preference, by)


def get_preference(svc: GameServicePort, game_id: str, seat: str) -> str:
    return (svc.store.contacts(game_id).get(seat) or {}).get("preference") or "every"
