"""service.web.ratelimit: fixed windows per client and kind; the refused limit's window is the wait."""
import pytest

from service.web.ratelimit import LimitReached, RateLimits


def test_each_client_has_its_own_budget_per_kind():
    limits = RateLimits("memory://", {"action": "2/minute", "login": "1/minute;5/hour"})
    limits.hit("action", "1.2.3.4")
    limits.hit("action", "1.2.3.4")
    with pytest.raises(LimitReached) as refused:
        limits.hit("action", "1.2.3.4")
    assert refused.value.code == 429 and refused.value.retry_after == 60
    limits.hit("action", "5.6.7.8")  # another address
    limits.hit("login", "1.2.3.4")   # another kind


def test_the_longer_window_is_the_wait_when_it_is_the_one_refused():
    limits = RateLimits("memory://", {"create": "100/minute;2/hour"})
    limits.hit("create", "c")
    limits.hit("create", "c")
    with pytest.raises(LimitReached) as refused:
        limits.hit("create", "c")
    assert refused.value.retry_after == 3600


def test_an_unreachable_store_lets_requests_through(caplog):
    limits = RateLimits("redis://127.0.0.1:1/0", {"action": "1/minute"})
    for _ in range(3):
        limits.hit("action", "c")
    assert "rate limits unavailable" in caplog.text
