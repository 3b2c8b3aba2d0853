"""``anyapp pool up|status|down|seal|reset|lanes`` and ``anyapp preflight``."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING

from pytest_anyapp.cli import CommaList
from pytest_anyapp.errors import AnyAppError, ConfigError

if TYPE_CHECKING:
    from pytest_anyapp.options import LaneSpec
    from pytest_anyapp.pool.containers import ContainerPool


Command = Callable[[argparse.Namespace], int]


def usage_errors(command: str, *expected: type[BaseException]) -> Callable[[Command], Command]:
    """A command's expected failures (bad input, a tool or cluster that refused) print one line
    naming the command and exit 2, the CLI's usage-error status, instead of a traceback."""
    caught: tuple[type[BaseException], ...] = (AnyAppError, *expected)

    def decorate(run: Command) -> Command:
        @wraps(run)
        def guarded(args: argparse.Namespace) -> int:
            try:
                return run(args)
            except caught as exc:
                detail = str(exc) if isinstance(exc, AnyAppError) else f"{type(exc).__name__}: {exc}"
                print(f"anyapp {command}: {detail}", file=sys.stderr)
                return 2
        return guarded
    return decorate


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("pool", help="emulator pools: containers (Docker/Podman) and Kubernetes pods")
    sub = parser.add_subparsers(dest="pool_command", required=True)

    def containers(p: argparse.ArgumentParser) -> None:
        p.add_argument("--runtime", choices=("auto", "docker", "podman"), default="auto")
        p.add_argument("--image", default=os.environ.get("ANYAPP_EMULATOR_IMAGE", "anyapp-emulator:33"))
        p.add_argument("--name", default="anyapp", help="pool name (container/volume prefix, label)")
        p.add_argument("--host", default="127.0.0.1",
                       help="address other machines use to reach this host's containers (goes into the lanes)")
        p.add_argument("--first-console", type=int, default=5554)
        p.add_argument("--first-grpc", type=int, default=8554)

    def adb(p: argparse.ArgumentParser) -> None:
        p.add_argument("--adb-server", default=None, help="host:port of the adb server (default from env)")
        p.add_argument("--boot-timeout", type=float, default=600)

    p = sub.add_parser("up", help="start N emulator containers, wait for boot + root, print CATBENCH_EMULATORS")
    p.add_argument("n", type=int)
    containers(p)
    adb(p)
    p.set_defaults(func=_up)
    p = sub.add_parser("status", help="the pool's containers and their lanes")
    containers(p)
    p.set_defaults(func=_status)
    p = sub.add_parser("down", help="remove the pool's containers (AVD volumes are kept unless --volumes)")
    containers(p)
    p.add_argument("--volumes", action="store_true")
    p.set_defaults(func=_down)
    p = sub.add_parser("seal", help="seal container INDEX's AVD volume into an immutable snapshot base")
    p.add_argument("index", type=int)
    p.add_argument("--snapshot", required=True)
    containers(p)
    p.set_defaults(func=_seal)
    p = sub.add_parser("reset", help="restart container INDEX on a fresh clone of a sealed snapshot")
    p.add_argument("index", type=int)
    p.add_argument("--snapshot", required=True)
    p.add_argument("--clone-id", required=True, help="unique per attempt (never reused)")
    containers(p)
    adb(p)
    p.set_defaults(func=_reset)
    p = sub.add_parser("lanes", help="print lanes: the container pool's, or a namespace's ready pods")
    containers(p)
    p.add_argument("--k8s-namespace", default=None)
    p.add_argument("--selector", default=None, help="pod label selector (default: the StatefulSet's)")
    p.add_argument("--k8s-api", default=None, help="API server URL (default: kubeconfig or in-cluster)")
    p.add_argument("--kubeconfig", default=None)
    p.set_defaults(func=_lanes)

    p = subparsers.add_parser("preflight", help="per-lane environment checks (notes §9.2), optional --repair")
    p.add_argument("--lanes", default=os.environ.get("CATBENCH_EMULATORS", ""))
    p.add_argument("--adb-server", default=None)
    p.add_argument("--categories", action=CommaList, default="", help="apps of these categories must be at their pins")
    p.add_argument("--apps", action=CommaList, default="", help="comma-separated app ids (instead of --categories)")
    p.add_argument("--repair", action="store_true")
    p.add_argument("--output", type=Path, default=None, help="JSON report")
    p.set_defaults(func=_preflight)


def _pool(args: argparse.Namespace) -> ContainerPool:
    from pytest_anyapp.pool.containers import ContainerPool

    runtime = args.runtime
    if runtime == "auto":
        runtime = "docker" if shutil.which("docker") else "podman" if shutil.which("podman") else "docker"
    return ContainerPool(runtime=runtime, image=args.image, name=args.name, host=args.host,
                         first_console=args.first_console, first_grpc=args.first_grpc)


def prepare_lanes(lanes: list[LaneSpec], adb_server: str | None, boot_timeout: float) -> None:
    from pytest_anyapp.pool.connect import adb_device, adb_server_address, connect_lane
    from pytest_anyapp.pool.prepare import prepare

    host, port = adb_server_address(adb_server)
    for lane in lanes:
        device = connect_lane(lane, host, port, timeout_s=boot_timeout)
        prepare(device, adb_device(lane, host, port), boot_timeout_s=boot_timeout)
        print(f"ready {lane.host}:{lane.console_port}:{lane.grpc_port} ({device.serial})", file=sys.stderr)


def _lanes_text(lanes: list[LaneSpec]) -> str:
    return ",".join(f"{lane.host}:{lane.console_port}:{lane.grpc_port}" for lane in lanes)


@usage_errors("pool up")
def _up(args: argparse.Namespace) -> int:
    from pytest_anyapp.pool.containers import run, status

    pool = _pool(args)
    running = {c.index: c for c in status(pool)}
    for i in range(args.n):
        if i in running and running[i].status == "running":
            continue
        if i in running:
            run(pool.remove_argv([pool.container(i)]))
        run(pool.run_argv(i))
    lanes = [pool.lane(i) for i in range(args.n)]
    prepare_lanes(lanes, args.adb_server, args.boot_timeout)
    print(f"CATBENCH_EMULATORS={_lanes_text(lanes)}")
    return 0


@usage_errors("pool status")
def _status(args: argparse.Namespace) -> int:
    from pytest_anyapp.pool.containers import status

    for c in status(_pool(args)):
        print(f"{c.index:3} {c.name:24} {c.status:10} lane {c.lane:28} volume {c.volume}")
    return 0


@usage_errors("pool down")
def _down(args: argparse.Namespace) -> int:
    from pytest_anyapp.pool.containers import run, status

    pool = _pool(args)
    states = status(pool)
    if states:
        run(pool.remove_argv([c.name for c in states]))
    if args.volumes:
        for c in states:
            run(pool.volume_remove_argv(c.volume), check=False)
    print(f"removed {len(states)} container(s)")
    return 0


@usage_errors("pool seal")
def _seal(args: argparse.Namespace) -> int:
    from pytest_anyapp.pool.containers import seal

    digest = seal(_pool(args), args.index, args.snapshot)
    print(f"sealed snapshot {args.snapshot} fingerprint {digest}")
    return 0


@usage_errors("pool reset")
def _reset(args: argparse.Namespace) -> int:
    from pytest_anyapp.pool.containers import reset

    pool = _pool(args)
    clone = reset(pool, args.index, args.snapshot, args.clone_id)
    prepare_lanes([pool.lane(args.index)], args.adb_server, args.boot_timeout)
    print(f"lane {args.index} on clone {clone}")
    return 0


# Any exception: the kubernetes client raises its own (ApiException, urllib3 connection errors).
@usage_errors("pool lanes", Exception)
def _lanes(args: argparse.Namespace) -> int:
    if args.k8s_namespace:
        from pytest_anyapp.pool.k8s import DEFAULT_SELECTOR, api_client, ready_lanes

        found = ready_lanes(api_client(args.k8s_api, args.kubeconfig), args.k8s_namespace,
                            args.selector or DEFAULT_SELECTOR)
        for name, lane in found:
            print(f"{name} {lane.host}:{lane.console_port}:{lane.grpc_port}", file=sys.stderr)
        lanes = [lane for _, lane in found]
    else:
        from pytest_anyapp.options import parse_lanes
        from pytest_anyapp.pool.containers import status

        lanes = parse_lanes(",".join(c.lane for c in status(_pool(args)) if c.status == "running" and c.lane))
    print(f"CATBENCH_EMULATORS={_lanes_text(lanes)}")
    return 0 if lanes else 1


@usage_errors("preflight", KeyError, ValueError)
def _preflight(args: argparse.Namespace) -> int:
    from pytest_anyapp.catalog import Category, app_by_id, apps_in
    from pytest_anyapp.options import parse_lanes
    from pytest_anyapp.pool.connect import adb_device, adb_server_address, connect_lane
    from pytest_anyapp.pool.preflight import build_report, check_lane

    lanes = parse_lanes(args.lanes)
    if not lanes:
        raise ConfigError("no lanes: pass --lanes or set CATBENCH_EMULATORS")
    if args.apps:
        apps = [app_by_id(a.strip()) for a in args.apps.split(",") if a.strip()]
    else:
        apps = [a for c in args.categories.split(",") if c.strip() for a in apps_in(Category(c.strip()))]
    host, port = adb_server_address(args.adb_server)
    reports = [check_lane(connect_lane(lane, host, port), apps, lane=f"{lane.host}:{lane.console_port}:{lane.grpc_port}",
                          repair=args.repair, adb=adb_device(lane, host, port)) for lane in lanes]
    report = build_report(reports, args.repair)
    for lane_report in report.lanes:
        for check in lane_report.checks:
            mark = "ok  " if check.ok else "FAIL"
            print(f"{mark} {lane_report.lane} {check.name}{' (repaired)' if check.repaired else ''}: {check.detail}")
    if args.output:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(json.dumps(report.model_dump(mode="json"), indent=1) + "\n")
    passed = sum(r.ok for r in report.lanes)
    print(f"preflight {'passed' if report.ok else 'FAILED'} on {passed}/{len(report.lanes)} lanes")
    return 0 if report.ok else 1

