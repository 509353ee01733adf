"""gunicorn settings for the web processes. The Flask app (and its database pool) is built in each worker
after fork: never `preload_app` (tech-brief pitfall 10)."""
import os

wsgi_app = "service.web.wsgi:app"
bind = os.environ.get("TABULARIUM_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("TABULARIUM_WEB_WORKERS", "2"))
threads = int(os.environ.get("TABULARIUM_WEB_THREADS", "4"))
worker_class = "gthread"
preload_app = False
timeout = 30
graceful_timeout = 20
max_requests = 2000
max_requests_jitter = 200
forwarded_allow_ips = os.environ.get("TABULARIUM_FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = "-"
errorlog = "-"
access_log_format = ('{"time": "%(t)s", "level": "INFO", "logger": "gunicorn.access", "method": "%(m)s", '
                     '"path": "%(U)s", "status": %(s)s, "bytes": "%(B)s", "duration_ms": %(M)s, '
                     '"remote": "%(h)s"}')
