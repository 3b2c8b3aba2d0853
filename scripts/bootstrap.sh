#!/usr/bin/env bash
# Idempotent setup for a fresh Debian/Ubuntu machine: Python >= 3.11 venv with the package and its
# test extras, and Debian's adb. Re-running does nothing when nothing changed.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${VENV:-.venv}"
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi

apt_install() {
  if [ ! -f /tmp/.anyapp-apt-updated ]; then $SUDO apt-get update -qq && touch /tmp/.anyapp-apt-updated; fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}

python3 - <<'PY' || { echo "AnyAppBench needs Python >= 3.11 as python3" >&2; exit 1; }
import sys
sys.exit(0 if sys.version_info >= (3, 11) else 1)
PY

command -v adb >/dev/null 2>&1 || apt_install adb
# Debian's docker-compose (Python only without recommends): tests validate deploy/compose with
# `docker-compose config`. Optional: without it that one test skips.
command -v docker-compose >/dev/null 2>&1 || apt_install --no-install-recommends docker-compose \
  || echo "note: docker-compose not installed; the compose validation test will skip" >&2

if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV" 2>/dev/null || { apt_install python3-venv; rm -rf "$VENV"; python3 -m venv "$VENV"; }
fi
stamp="$VENV/.anyapp-installed"
want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  "$VENV/bin/python" -m pip install -q --upgrade pip
  "$VENV/bin/python" -m pip install -q -e '.[test]'
  echo "$want" > "$stamp"
fi
