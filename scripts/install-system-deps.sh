#!/usr/bin/env bash
# Debian packages the tests drive for real: chromium (browser tests), postgresql and redis-server (scale-out tests).
set -euo pipefail
need=()
command -v chromium >/dev/null || need+=(chromium)
command -v redis-server >/dev/null || need+=(redis-server)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "missing Debian packages: ${need[*]} (run: sudo apt-get install -y ${need[*]}); the tests that need them will be skipped" >&2
  exit 0
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
