#!/usr/bin/env bash
# Start PostgreSQL and Redis if they are installed but not running. Under CI=true a service that is
# missing or will not start fails the run; elsewhere the tests that need it are skipped with a reason.
set -u
fail=0
need() { # name, check command, start command
  local name=$1 check=$2 start=$3
  if eval "$check" >/dev/null 2>&1; then echo "services: $name is up"; return; fi
  if eval "$start" >/dev/null 2>&1; then
    for _ in $(seq 1 30); do eval "$check" >/dev/null 2>&1 && { echo "services: started $name"; return; }; sleep 1; done
  fi
  echo "services: $name is not available" >&2
  [ "${CI:-}" = "true" ] && fail=1
}
need PostgreSQL "pg_isready -h 127.0.0.1 -p 5432 -q || python3 -c 'import socket; socket.create_connection((\"127.0.0.1\", 5432), 2)'" \
     "pg_ctlcluster --skip-systemctl-redirect \$(ls /etc/postgresql | head -1) main start"
need Redis "redis-cli -h 127.0.0.1 -p 6379 ping | grep -q PONG" \
     "redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save '' --appendonly no --dir /tmp --logfile /tmp/redis-tabularium.log"
if [ "$fail" != 0 ]; then echo "services: CI=true and a required service is missing" >&2; exit 1; fi
exit 0
