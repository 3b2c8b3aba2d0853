#!/usr/bin/env bash
# Idempotent setup for a fresh Debian/Ubuntu machine: Python >= 3.11 venv with the package, its test
# and lint extras, and Debian's adb. Re-running does nothing when nothing changed. Quiet: one line
# per step; installer output goes to $VENV/bootstrap.log and is shown only if a step fails.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${VENV:-.venv}"
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
LOG="${VENV}/bootstrap.log"

step() { printf '[bootstrap] %s\n' "$*"; }
quietly() {  # run a command with its output in the log; on failure show the log's tail and stop
  if ! "$@" >>"$LOG" 2>&1; then
    echo "[bootstrap] failed: $*" >&2
    tail -n 40 "$LOG" >&2
    exit 1
  fi
}

apt_install() {
  if [ ! -f /tmp/.anyapp-apt-updated ]; then quietly $SUDO apt-get update -qq && touch /tmp/.anyapp-apt-updated; fi
  DEBIAN_FRONTEND=noninteractive quietly $SUDO apt-get install -y -qq "$@"
}

python3 - <<'PY' || { echo "AnyAppBench needs Python >= 3.11 as python3" >&2; exit 1; }
import sys
sys.exit(0 if sys.version_info >= (3, 11) else 1)
PY

mkdir -p "$(dirname "$LOG")"
if ! command -v adb >/dev/null 2>&1; then
  step "installing Debian's adb"
  mkdir -p "$VENV"; apt_install adb
fi
# Debian's apksigner signs the tests' APKs (Android 13 refuses unsigned ones).
if ! command -v apksigner >/dev/null 2>&1; then
  step "installing Debian's apksigner"
  apt_install apksigner
fi
# Debian's chromium for the browser tests (Playwright drives it via executable_path; never
# `playwright install`). Elsewhere: install a Chromium at /usr/bin/chromium or set ANYAPP_CHROMIUM.
if { [ -z "${ANYAPP_CHROMIUM:-}" ] || [ ! -x "$ANYAPP_CHROMIUM" ]; } && [ ! -x /usr/bin/chromium ]; then
  if command -v apt-get >/dev/null 2>&1; then
    step "installing Debian's chromium (browser tests)"
    apt_install chromium
  else
    echo "[bootstrap] install Chromium at /usr/bin/chromium (or set ANYAPP_CHROMIUM) for the browser tests" >&2
  fi
fi
# Debian's docker-compose (Python only, without recommends): tests validate deploy/compose with
# `docker-compose config`.
if ! command -v docker-compose >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
  step "installing Debian's docker-compose (compose file validation)"
  apt_install --no-install-recommends docker-compose
fi

# A venv left half-made by an interrupted run (no pip) is made again.
if [ -x "$VENV/bin/python" ] && ! "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
  step "re-creating the incomplete virtual environment $VENV"
  rm -rf "$VENV"; mkdir -p "$(dirname "$LOG")"
fi
if [ ! -x "$VENV/bin/python" ]; then
  step "creating the virtual environment $VENV"
  python3 -m venv "$VENV" 2>/dev/null || { apt_install python3-venv; rm -rf "$VENV"; python3 -m venv "$VENV"; }
fi
stamp="$VENV/.anyapp-installed"
want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  step "installing AnyAppBench with its test and lint tools (log: $LOG)"
  quietly "$VENV/bin/python" -m pip install -q --upgrade pip
  quietly "$VENV/bin/python" -m pip install -q -e '.[test,lint]'
  echo "$want" > "$stamp"
  step "done"
fi
