"""Secret key rotation: links signed with the old key keep working while it is listed as a fallback."""
from types import SimpleNamespace

from notifications import tokens
from service.config import Settings
from service.web import magic


def test_signed_links_survive_a_rotation_with_the_old_key_as_fallback():
    old = Settings(secret_key="old-key")
    rotated = Settings(secret_key="new-key", secret_key_fallbacks=("old-key",))
    forgotten = Settings(secret_key="new-key")
    game = SimpleNamespace(id="g1", token_hashes={"red": "ab" * 32})
    link = tokens.signin_token(old, game, "red")
    assert tokens.read_signin(rotated, link)["s"] == "red"
    assert tokens.read_signin(forgotten, link) is None
    signed = magic.make_magic_token(old.secret_keys, "g1", "red", "ab" * 32)
    assert magic.read_magic_token(rotated.secret_keys, signed, 3600)["s"] == "red"
    assert rotated.secret_keys[-1] == "new-key"  # new links are signed with the new key
