#!/usr/bin/env bash
# Readiness: booted, adbd root, post-boot settings applied (used by HEALTHCHECK and Kubernetes).
set -eu
[ -f /tmp/anyapp-ready ] || exit 1
[ "$(adb -s emulator-5556 shell getprop sys.boot_completed 2>/dev/null | tr -d '\r')" = "1" ] || exit 1
[ "$(adb -s emulator-5556 shell id -u 2>/dev/null | tr -d '\r')" = "0" ] || exit 1
