"""gunicorn settings for the web processes. The Flask app (and its database pool) is built in each worker
after fork: never `preload_app` (tech-brief pitfall 10).

Binds to loopback by default (TABULARIUM_BIND): the reverse proxy on this host is the only client, so a
forged X-Forwarded-For (trusted with TABULARIUM_PROXY_FIX=1) cannot reach gunicorn directly. The access
log never holds a token: service.web.redact.RedactingLogger redacts /play/, /go/, /u/ paths, credential
query parameters and the Authorization/Cookie headers. Before any worker starts, the settings are checked
(service.config.Settings.check): a missing TABULARIUM_MODE on a non-local deployment, an incomplete
production mode or an embedded mode bound beyond loopback stops gunicorn with one clear sentence."""
import os

wsgi_app = "service.web.wsgi:app"
bind = os.environ.get("TABULARIUM_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("TABULARIUM_WEB_WORKERS", "2"))
threads = int(os.environ.get("TABULARIUM_WEB_THREADS", "4"))
worker_class = "gthread"
preload_app = False
timeout = 30
graceful_timeout = 20
# Recycle a worker only now and then (about every few hours at the benchmark's load): a worker's memory
# stays flat (history pages and the lobby are bounded queries; the caches are bounded LRUs), and each
# recycling costs cold caches and a stall (docs/operations.md, "Worker recycling"). The jitter spreads
# the workers' restarts so they never recycle together.
max_requests = int(os.environ.get("TABULARIUM_WEB_MAX_REQUESTS", "50000"))
max_requests_jitter = int(os.environ.get("TABULARIUM_WEB_MAX_REQUESTS_JITTER", "5000"))
forwarded_allow_ips = os.environ.get("TABULARIUM_FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = "-"
errorlog = "-"
logger_class = "service.web.redact.RedactingLogger"
access_log_format = ('{"time": "%(t)s", "level": "INFO", "logger": "gunicorn.access", "method": "%(m)s", '
                     '"path": "%(U)s", "status": %(s)s, "bytes": "%(B)s", "duration_ms": %(M)s, '
                     '"remote": "%(h)s"}')


def on_starting(server):
    """Refuse to start (gunicorn prints "Error: ..." and exits 1) when the settings are not fit to serve."""
    from service.config import Settings

    Settings.from_env().check(serving=True, binds=list(server.cfg.bind))
