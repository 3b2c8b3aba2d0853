"""``python -m pytest_anyapp.sim serve``: run one simulated device in the foreground.

Writes ``<state-dir>/server.json`` once it is reachable (launchers wait for it) and removes it on
exit. SIGTERM/SIGINT and the console's ``kill`` stop it cleanly, and so does the death of the
process that started it when ``--exit-with-parent`` is given (a killed test worker leaves no
orphaned device behind).
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import signal
import sys
from pathlib import Path
from types import FrameType


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m pytest_anyapp.sim")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run one simulated device in the foreground")
    serve.add_argument("--state-dir", type=Path, required=True)
    serve.add_argument("--console-port", type=int, default=5554)
    serve.add_argument("--grpc-port", type=int, default=8554)
    serve.add_argument("--faults", default=None, help='JSON object, e.g. {"command_delay_s": 0.5}')
    serve.add_argument("--bind", default="127.0.0.1", metavar="ADDRESS",
                       help="local address adb, console and gRPC listen on (default 127.0.0.1)")
    serve.add_argument("--avd-name", default="Pixel_6_API_33")
    serve.add_argument("--adb-server-port", type=int, default=None,
                       help="adb server to register with (default $ANDROID_ADB_SERVER_PORT or 5037)")
    serve.add_argument("--no-register", action="store_true", help="do not announce to the adb server")
    serve.add_argument("--exit-with-parent", action="store_true",
                       help="stop when the process that started the device is gone (no orphaned devices)")
    serve.add_argument("--log-level", default="INFO")
    return parser


def serve(args: argparse.Namespace) -> int:
    from pytest_anyapp.sim import registration
    from pytest_anyapp.sim.device import DeviceConfig, SimDevice
    from pytest_anyapp.sim.registration import adb_server_port
    from pytest_anyapp.sim.serve_info import ServeInfo
    from pytest_anyapp.sim.server import DeviceServer

    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(name)s %(levelname)s %(message)s")
    state_dir: Path = args.state_dir.resolve()
    ServeInfo.path(state_dir).unlink(missing_ok=True)
    config = DeviceConfig(state_dir=state_dir, console_port=args.console_port, grpc_port=args.grpc_port,
                          avd_name=args.avd_name, host=args.bind)
    device = SimDevice(config)
    if args.faults:
        device.set_faults(**json.loads(args.faults))
    # Registration happens below, so that a missing adb server is a warning, not a crash: like an
    # emulator, the device stays reachable and can be announced later (``anyapp sim up`` does).
    server = DeviceServer(device, adb_server_port=args.adb_server_port, register=False)

    def on_signal(signum: int, frame: FrameType | None) -> None:
        server.stop()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    server.start()
    registered = False
    if not args.no_register:
        try:
            server.serial = registration.register_device(server.console_port, args.adb_server_port,
                                                         host=args.bind)
            registered = True
        except (OSError, registration.AdbServerError) as exc:
            logging.getLogger("pytest_anyapp.sim").warning("not registered with the adb server: %s", exc)
    ServeInfo(
        pid=os.getpid(), serial=server.serial, console_port=server.console_port, adb_port=server.adb_port,
        grpc_port=server.grpc_port, adb_server_port=adb_server_port(args.adb_server_port),
        registered=registered, host=args.bind,
    ).write(state_dir)
    parent = os.getppid()
    try:
        while not server.wait(0.5):
            if args.exit_with_parent and os.getppid() != parent:
                logging.getLogger("pytest_anyapp.sim").info("parent %d is gone; stopping", parent)
                break
    finally:
        server.stop()
        ServeInfo.path(state_dir).unlink(missing_ok=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        return serve(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
