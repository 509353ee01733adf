"""Apps built on one long-lived service (tests, `tabularium serve` restarts) must not pile up: the web's
game cache listens to the service's saves only while its app exists."""
import gc

from tests.support.play import new_game
from tests.web.helpers import embedded_app


def test_a_discarded_apps_listener_removes_itself(svc):
    app = embedded_app(svc)
    mine = svc.listeners[-1]
    gid = new_game(svc)
    cache = app.extensions["tabularium.games"]
    game = svc.get(gid)
    prompt = game.open_prompts()[0]
    svc.choose(gid, prompt.seat, prompt.id, prompt.choices[0].id)
    assert cache.games[game.id].version == svc.get(gid).version  # the live app's cache saw the save
    del app, cache
    gc.collect()
    svc.post_message(gid, None, "all", "after the app is gone")
    assert mine not in svc.listeners
