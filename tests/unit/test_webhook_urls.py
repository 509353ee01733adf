"""The web hook URL rules (notifications.webhooks): https only, short, no credentials, and a host whose
every address is public, unless TABULARIUM_WEBHOOK_ALLOW_PRIVATE allows a private deployment. DNS is
the module's own `resolve`, replaced here: no test touches the network."""
from __future__ import annotations

import pytest

from notifications import webhooks
from notifications.transport import PermanentError, TransientError
from notifications.webhooks import WebhookUrlError, check_url, classify, is_public, mask, neutralise, parse_url

PUBLIC = "93.184.215.14"


@pytest.fixture
def dns(monkeypatch):
    """host → addresses; an unknown host does not resolve."""
    table: dict[str, list[str]] = {"hooks.example.com": [PUBLIC]}

    def fake(host, port):
        if host not in table:
            raise OSError(-2, "Name or service not known")
        return table[host]

    monkeypatch.setattr(webhooks, "resolve", fake)
    monkeypatch.delenv(webhooks.ALLOW_PRIVATE_ENV, raising=False)
    return table


def refused(url: str) -> str:
    with pytest.raises(WebhookUrlError) as info:
        check_url(url)
    return str(info.value)


def test_a_public_https_url_is_accepted_and_pinned_to_its_checked_address(dns):
    target = check_url("  https://hooks.example.com/api/webhooks/123/abc?wait=true  ")
    assert (target.scheme, target.host, target.port, target.address) == ("https", "hooks.example.com", 443, PUBLIC)
    assert target.path == "/api/webhooks/123/abc?wait=true"
    assert check_url("https://hooks.example.com:8443").port == 8443


@pytest.mark.parametrize("url, sentence", [
    ("http://hooks.example.com/x", "must start with https://"),
    ("ftp://hooks.example.com/x", "must start with https://"),
    ("hooks.example.com/x", "must start with https://"),
    ("https://user:secret@hooks.example.com/x", "user name or password"),
    ("https://token@hooks.example.com/x", "user name or password"),
    ("https://hooks.example.com/" + "a" * 480, "too long (at most 500 characters)"),
    ("https://hooks.example.com/a b", "spaces or control characters"),
    ("https://hooks.example.com/a\nb", "spaces or control characters"),
    ("https://hooks.example.com:99999/x", "not a valid web address"),
    ("https:///nohost", "no host name"),
    ("", "Paste the web hook address"),
])
def test_malformed_urls_are_refused_with_a_sentence(dns, url, sentence):
    assert sentence in refused(url)


def test_a_url_of_exactly_500_characters_is_accepted(dns):
    url = "https://hooks.example.com/"
    url += "a" * (500 - len(url))
    assert len(url) == 500 and check_url(url).host == "hooks.example.com"


@pytest.mark.parametrize("address", ["127.0.0.1", "10.1.2.3", "172.16.0.5", "192.168.1.1", "169.254.169.254",
                                     "100.64.0.1", "0.0.0.0", "224.0.0.1", "240.0.0.1", "255.255.255.255",
                                     "::1", "fe80::1", "fc00::1", "ff02::1", "::ffff:127.0.0.1", "::"])
def test_private_loopback_link_local_multicast_and_reserved_hosts_are_refused(dns, address):
    dns["inner.example.com"] = [address]
    assert "private or reserved network" in refused("https://inner.example.com/hook")
    assert not is_public(address)


def test_every_resolved_address_is_checked_not_just_the_first(dns):
    dns["mixed.example.com"] = [PUBLIC, "10.0.0.7"]
    assert "private or reserved network" in refused("https://mixed.example.com/hook")


def test_an_address_literal_is_checked_like_a_name(dns):
    dns["127.0.0.1"] = ["127.0.0.1"]
    assert "private or reserved network" in refused("https://127.0.0.1/hook")


def test_an_unresolvable_host_is_refused(dns):
    with pytest.raises(webhooks.UnknownHost) as info:
        check_url("https://nowhere.invalid/hook")
    assert "cannot be found" in str(info.value)


def test_the_environment_setting_allows_http_and_private_addresses(dns, monkeypatch):
    dns["box.lan"] = ["192.168.1.20"]
    assert "private or reserved" in refused("https://box.lan/hook")
    monkeypatch.setenv(webhooks.ALLOW_PRIVATE_ENV, "1")
    target = check_url("http://box.lan:8080/hook")
    assert (target.scheme, target.port, target.address) == ("http", 8080, "192.168.1.20")
    assert "user name or password" in refused("http://a:b@box.lan/hook")  # credentials stay refused
    assert "cannot be found" in refused("http://nowhere.invalid/hook")


def test_parse_url_is_pure_and_knows_default_ports():
    assert parse_url("https://h.example/p?q=1") == ("https", "h.example", 443, "/p?q=1")
    assert parse_url("http://h.example", private_ok=True) == ("http", "h.example", 80, "/")


def test_public_addresses_are_public():
    assert is_public(PUBLIC) and is_public("2606:4700::1111")
    assert not is_public("not-an-address")


def test_a_masked_url_shows_the_host_and_the_last_four_characters_only():
    url = "https://discord.com/api/webhooks/1234567890/SECRETtokenPART_wxyz"
    shown = mask(url)
    assert shown == "https://discord.com/…wxyz"
    assert "SECRET" not in shown and "1234567890" not in shown


@pytest.mark.parametrize("status, error", [(200, None), (204, None), (429, TransientError), (500, TransientError),
                                           (503, TransientError), (301, PermanentError), (400, PermanentError),
                                           (404, PermanentError), (410, PermanentError)])
def test_http_answers_are_sorted_into_sent_retry_and_failed(status, error):
    if error is None:
        assert classify(status) == status
        return
    with pytest.raises(error) as info:
        classify(status, "  unknown\n webhook ")
    assert str(info.value) == f"HTTP {status}: unknown webhook"


def test_mentions_cannot_be_smuggled_into_a_chat_message():
    assert neutralise("Ann <!channel> & <@U123>") == "Ann ‹!channel› & ‹@U123›"
