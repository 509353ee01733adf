"""WSGI entry for production: `gunicorn -w 2 service.web.wsgi:app` (no --preload: the database pools
must be created in each worker after fork; tech-brief pitfall 10)."""
from service import logs
from service.web import create_app

logs.configure()  # one JSON object per line, with game_id and seat when known
app = create_app()
