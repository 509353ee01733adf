from service.metrics import Counters, exposition


def test_counters_in_memory_and_prometheus_text():
    counters = Counters()
    counters.inc("tabularium_actions_total", result="accepted")
    counters.inc("tabularium_actions_total", result="accepted")
    counters.inc("tabularium_actions_total", result="refused")
    text = exposition(counters.snapshot(), {'tabularium_games{status="active"}': 3})
    assert 'tabularium_actions_total{result="accepted"} 2' in text
    assert 'tabularium_actions_total{result="refused"} 1' in text
    assert "# TYPE tabularium_actions_total counter" in text
    assert '# TYPE tabularium_games gauge\ntabularium_games{status="active"} 3' in text
