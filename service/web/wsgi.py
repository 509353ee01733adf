"""WSGI entry for production: `gunicorn -w 2 service.web.wsgi:app` (no --preload: the database pools
must be created in each worker after fork; tech-brief pitfall 10)."""
from service.web import create_app

app = create_app()
