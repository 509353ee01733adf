"""The composition root builds one process's services; the GameService it builds is the typed port that
notifications and workers are written against."""
from datetime import datetime, timezone

from notifications.ports import GameServicePort
from notifications.transport import FileSink
from service.composition import Services, build
from service.games import GameService


def test_build_wires_the_settings_the_clock_the_store_and_the_transport(sqlite_svc, tmp_path):
    moment = datetime(2026, 1, 5, 9, tzinfo=timezone.utc)
    settings = sqlite_svc.settings.__class__.from_env(database_url=sqlite_svc.settings.database_url,
                                                      secret_key="test-secret", test_titles=True, mode="embedded",
                                                      mail_url=f"file://{tmp_path}/mail")
    services = build(settings, lambda: moment)
    try:
        assert isinstance(services, Services) and isinstance(services.games, GameService)
        assert services.games.settings is settings and services.store is services.games.store
        assert services.games.now().startswith("2026-01-05T09:00:00") and services.clock() == moment
        assert isinstance(services.transport(), FileSink)
        services.ensure_outbox()
    finally:
        services.close()


def test_the_game_service_is_the_port_notifications_and_workers_use(sqlite_svc):
    assert isinstance(sqlite_svc, GameServicePort)
