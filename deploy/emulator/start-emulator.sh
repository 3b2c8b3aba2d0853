#!/usr/bin/env bash
# Container entry point: start the emulator headless, republish its ports, wait for boot, make
# adbd root and apply the post-boot settings (notes §12). Runs in the foreground until the emulator
# exits. NOT executed by the test suite (needs KVM and the system image).
set -euo pipefail
AVD="${AVD_NAME:-Pixel_6_API_33}"
accel=off
if [ -r /dev/kvm ] && [ -w /dev/kvm ] && emulator -accel-check >/dev/null 2>&1; then accel=on; fi
[ "$accel" = on ] || echo "warning: /dev/kvm is not usable; the emulator will be very slow (-accel off)" >&2

# console and adb bind loopback inside: publish them on all interfaces with socat
socat tcp-listen:5554,bind=0.0.0.0,reuseaddr,fork tcp:127.0.0.1:5556 &
socat tcp-listen:5555,bind=0.0.0.0,reuseaddr,fork tcp:127.0.0.1:5557 &

emulator "@$AVD" -ports 5556,5557 -grpc 8554 -no-window -no-audio -no-boot-anim -no-metrics \
    -no-snapshot-save -gpu "${EMULATOR_GPU_MODE:-swiftshader_indirect}" -accel "$accel" \
    -memory "${EMULATOR_MEMORY_MB:-4096}" -cores "${EMULATOR_CORES:-2}" -skip-adb-auth \
    -camera-back emulated -camera-front none ${EMULATOR_PARAMS:-} &
emu=$!

adb="adb -s emulator-5556"
deadline=$(( $(date +%s) + ${EMULATOR_BOOT_TIMEOUT:-600} ))
until [ "$($adb shell getprop sys.boot_completed 2>/dev/null | tr -d '\r')" = "1" ]; do
  kill -0 "$emu" 2>/dev/null || { echo "emulator exited during boot" >&2; exit 1; }
  [ "$(date +%s)" -lt "$deadline" ] || { echo "boot timeout" >&2; kill "$emu"; exit 1; }
  sleep 4
done
# adb root, fail closed: verifiers read app-private databases
for _ in $(seq 1 30); do
  $adb root >/dev/null 2>&1 || true
  sleep 1
  [ "$($adb shell id -u 2>/dev/null | tr -d '\r')" = "0" ] && break
done
[ "$($adb shell id -u 2>/dev/null | tr -d '\r')" = "0" ] || { echo "adbd is not root" >&2; kill "$emu"; exit 1; }
$adb shell 'settings put global window_animation_scale 0.0; settings put global transition_animation_scale 0.0;
  settings put global animator_duration_scale 0.0; settings put global hidden_api_policy_pre_p_apps 1;
  settings put global hidden_api_policy_p_apps 1; settings put global hidden_api_policy 1; input keyevent 82'
touch /tmp/anyapp-ready
echo "anyapp emulator ready: console 5554, adb 5555, gRPC 8554"
wait "$emu"
