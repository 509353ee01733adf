"""WSGI entry for production: `gunicorn -w 2 service.web.wsgi:app` (no --preload: the database pools
must be created in each worker after fork; tech-brief pitfall 10).

The settings are checked as for a real server (`serving=True`): an embedded mode is refused unless its base
URL is loopback; deploy/gunicorn.conf.py also refuses binds beyond loopback in the embedded mode."""
from service import logs
from service.config import Settings
from service.web import create_app

logs.configure()  # one JSON object per line, with game_id and seat when known
app = create_app(Settings.from_env().check(serving=True))
