#!/usr/bin/env bash
# Debian's Chromium for the browser tests (Playwright drives it; it never downloads a browser of its own).
set -u
if command -v chromium >/dev/null 2>&1; then echo "browser: $(chromium --version 2>/dev/null | head -1)"; exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "browser: installing Debian's chromium"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/tmp/tabularium-apt.log 2>&1
fi
if command -v chromium >/dev/null 2>&1; then echo "browser: $(chromium --version | head -1)"; exit 0; fi
echo "browser: chromium is not available (see /tmp/tabularium-apt.log)" >&2
[ "${CI:-}" = "true" ] && exit 1
exit 0
