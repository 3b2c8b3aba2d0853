"""``anyapp sim ...``: start, stop, inspect and reset pools of simulated devices."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pytest_anyapp.sim.console import coerce_fault, parse_fault_value


def _parse_faults(items: list[str]) -> dict[str, Any]:
    faults: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise SystemExit(f"--fault expects key=value, got {item!r}")
        try:
            faults[key] = coerce_fault(key, parse_fault_value(value))
        except (KeyError, ValueError) as exc:
            raise SystemExit(f"--fault {item!r}: {exc}") from None
    return faults


def cmd_up(args: argparse.Namespace) -> int:
    from pytest_anyapp.sim import lifecycle

    lanes = lifecycle.up(args.lanes, first_console_port=args.first_console_port,
                         first_grpc_port=args.first_grpc_port, home=args.home,
                         faults=_parse_faults(args.fault) or None, adb_server_port=args.adb_server_port,
                         bind=args.bind)
    for lane in lanes:
        print(f"lane {lane.index}: {lane.serial} console={lane.console_port} grpc={lane.grpc_port} pid={lane.pid}",
              file=sys.stderr)
    print(lifecycle.emulators_spec(lanes))
    return 0


def cmd_down(args: argparse.Namespace) -> int:
    from pytest_anyapp.sim import lifecycle

    stopped = lifecycle.down(home=args.home)
    print(f"stopped {len(stopped)} lane(s)", file=sys.stderr)
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    from pytest_anyapp.sim import lifecycle

    rows = lifecycle.status(home=args.home)
    if args.json:
        print(json.dumps([row.model_dump() for row in rows], indent=1))
        return 0
    print(f"{'serial':<18} {'console':>7} {'adb':>5} {'grpc':>5} {'pid':>7} {'alive':>5} {'booted':>6}")
    for row in rows:
        lane = row.lane
        print(f"{lane.serial:<18} {lane.console_port:>7} {lane.adb_port:>5} {lane.grpc_port:>5} {lane.pid:>7} "
              f"{'yes' if row.alive else 'no':>5} {'yes' if row.booted else 'no':>6}")
    return 0


def cmd_reset(args: argparse.Namespace) -> int:
    from pytest_anyapp.sim import lifecycle

    lanes = lifecycle.reset(home=args.home, console_port=args.console_port)
    count = len(lanes) if lanes or args.console_port is None else 1
    print(f"reset {count} lane(s)", file=sys.stderr)
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``anyapp sim`` and its sub-commands."""
    sim = subparsers.add_parser("sim", help="simulated Android devices (no emulator needed)")
    sim_sub = sim.add_subparsers(dest="sim_command", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--home", default=None, help="state dir (default $ANYAPP_SIM_HOME or ~/.cache/anyapp/sim)")

    p_up = sim_sub.add_parser("up", help="start N devices in the background; prints CATBENCH_EMULATORS")
    p_up.add_argument("--lanes", type=int, default=1)
    p_up.add_argument("--first-console-port", type=int, default=5554)
    p_up.add_argument("--first-grpc-port", type=int, default=8554)
    p_up.add_argument("--fault", action="append", default=[], metavar="KEY=VALUE")
    p_up.add_argument("--adb-server-port", type=int, default=None)
    p_up.add_argument("--bind", default="127.0.0.1", metavar="ADDRESS",
                      help="local address the new lanes' adb, console and gRPC listen on (default 127.0.0.1)")
    common(p_up)
    p_up.set_defaults(func=cmd_up)

    p_down = sim_sub.add_parser("down", help="stop every device started by 'up'")
    common(p_down)
    p_down.set_defaults(func=cmd_down)

    p_status = sim_sub.add_parser("status", help="list devices: serial, ports, pid, alive, booted")
    p_status.add_argument("--json", action="store_true")
    common(p_status)
    p_status.set_defaults(func=cmd_status)

    p_reset = sim_sub.add_parser("reset", help="factory-reset one device (--console-port) or all")
    p_reset.add_argument("--console-port", type=int, default=None)
    common(p_reset)
    p_reset.set_defaults(func=cmd_reset)
