"""Web hook URL checks on IPv6 forms that wrap an IPv4 address (6to4, Teredo, IPv4-mapped and -compatible,
NAT64): the wrapped address must be public too, when the hook is set and again when it is sent.
No network: the resolver is replaced, and nothing may connect."""
from __future__ import annotations

import pytest

from notifications import outbox, webhooks
from tests.mail.helpers import PLAYERS, mail_service

WRAPPED_PRIVATE = {
    "2002:7f00:1::": "6to4 around 127.0.0.1",
    "2002:a9fe:a9fe::": "6to4 around 169.254.169.254 (cloud metadata)",
    "2002:a00:1::1": "6to4 around 10.0.0.1",
    "2001:0:4136:e378:8000:63bf:80ff:fffe": "Teredo, client 127.0.0.1",
    "::ffff:127.0.0.1": "IPv4-mapped loopback",
    "::ffff:a9fe:a9fe": "IPv4-mapped metadata address",
    "::127.0.0.1": "IPv4-compatible loopback",
    "64:ff9b::7f00:1": "NAT64 around 127.0.0.1",
    "64:ff9b::a9fe:a9fe": "NAT64 around 169.254.169.254",
}


@pytest.fixture(autouse=True)
def public_only(monkeypatch):
    monkeypatch.delenv(webhooks.ALLOW_PRIVATE_ENV, raising=False)


def resolving_to(monkeypatch, *addresses: str) -> None:
    monkeypatch.setattr(webhooks, "resolve", lambda host, port: list(addresses))


def test_ipv6_forms_wrapping_a_private_ipv4_are_refused(monkeypatch):
    refused = []
    for address in WRAPPED_PRIVATE:
        resolving_to(monkeypatch, address)
        with pytest.raises(webhooks.WebhookUrlError, match="private or reserved"):
            webhooks.check_url("https://hooks.example.net/x")
        refused.append(address)
    assert refused == list(WRAPPED_PRIVATE)


def test_one_wrapped_private_answer_among_public_ones_is_enough_to_refuse(monkeypatch):
    resolving_to(monkeypatch, "93.184.216.34", "2606:4700::1111", "2002:7f00:1::")
    with pytest.raises(webhooks.WebhookUrlError):
        webhooks.check_url("https://hooks.example.net/x")


def test_wrapped_public_addresses_stay_allowed(monkeypatch):
    """6to4 and IPv4-mapped forms of a public address, and NAT64 (an IPv6-only host behind DNS64 sees
    every public IPv4 host this way)."""
    for address in ("2002:808:808::1", "::ffff:8.8.8.8", "64:ff9b::808:808", "2606:4700::1111"):
        resolving_to(monkeypatch, address)
        assert webhooks.check_url("https://hooks.example.net/x").address == address


@pytest.fixture
def svc(sqlite_url, tmp_path, monkeypatch):
    monkeypatch.setenv("TABULARIUM_MAIL_RETRY_SECONDS", "0")
    service = mail_service(sqlite_url, tmp_path)
    yield service
    service.close()


def test_a_name_that_resolves_to_a_wrapped_private_address_at_send_time_is_not_posted(svc, monkeypatch):
    """The hook was set while its name resolved to a public address; at delivery the name points at
    6to4 around the metadata service: the row fails for good and no connection is even opened."""
    from notifications.delivery import flush

    connections = []

    def no_connection(target, timeout):
        connections.append(target)
        raise OSError("the test forbids connecting")

    monkeypatch.setattr(webhooks, "_connection", no_connection)
    gid = svc.create_game("toy", PLAYERS[:2], seed="d4" * 32)["id"]
    resolving_to(monkeypatch, "93.184.216.34")
    webhooks.check_url("https://hooks.example.net/x")  # accepted when set
    webhooks.set_hook(svc.store, gid, "red", "https://hooks.example.net/x")
    resolving_to(monkeypatch, "2002:a9fe:a9fe::")
    flush(svc)
    rows = [r for r in outbox.rows_for(svc.store) if r["kind"] == "webhook_your_turn"]
    assert [r["status"] for r in rows] == ["failed"]
    assert "private or reserved" in rows[0]["last_error"]
    assert connections == []
