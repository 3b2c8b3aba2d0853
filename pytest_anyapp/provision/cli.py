"""``anyapp apps download|install|grant|attest``."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING

from pytest_anyapp.catalog import AppSpec, Category, app_by_id, apps_in
from pytest_anyapp.cli import CommaList
from pytest_anyapp.errors import AnyAppError, ConfigError

if TYPE_CHECKING:
    import adbutils

    from pytest_anyapp.device.client import DeviceClient

DEFAULT_APK_DIR = Path(os.environ.get("CATBENCH_APP_ARTIFACT_ROOT", "apks"))


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("apps", help="APK provisioning: download, install, grant, attest")
    sub = parser.add_subparsers(dest="apps_command", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--sources", type=Path, default=None, help="APK sources file (default: the shipped one)")
        p.add_argument("--apk-dir", type=Path, default=DEFAULT_APK_DIR,
                       help="where APKs live (env CATBENCH_APP_ARTIFACT_ROOT; default ./apks)")
        p.add_argument("--apps", action=CommaList, default="", help="comma-separated app ids (default: all of --categories)")
        p.add_argument("--categories", action=CommaList, default="", help="comma-separated categories (default: all)")

    def lanes(p: argparse.ArgumentParser) -> None:
        p.add_argument("--lanes", default=os.environ.get("CATBENCH_EMULATORS", ""),
                       help="console[:grpc] or host:console:grpc, comma-separated (env CATBENCH_EMULATORS)")
        p.add_argument("--adb-server", default=None, help="host:port of the adb server (default from env)")

    p = sub.add_parser("download", help="parallel, resumable, sha256-verified downloads")
    common(p)
    p.add_argument("-j", "--parallel", type=int, default=4)
    p.add_argument("--no-progress", action="store_true")
    p.set_defaults(func=_download)
    for name, func, text in (("install", _install, "install pinned APKs / split bundles on every lane"),
                             ("grant", _grant, "grant the category runtime permissions each app declares"),
                             ("attest", _attest, "write a JSON attestation of installed versions and hashes")):
        p = sub.add_parser(name, help=text)
        common(p)
        lanes(p)
        if name == "attest":
            p.add_argument("--output", type=Path, required=True, help="attestation JSON file")
        p.set_defaults(func=func)


def _selected_apps(args: argparse.Namespace) -> list[AppSpec]:
    try:
        if args.apps:
            return [app_by_id(a.strip()) for a in args.apps.split(",") if a.strip()]
        cats = [Category(c.strip()) for c in args.categories.split(",") if c.strip()] or list(Category)
    except (KeyError, ValueError) as exc:
        raise ConfigError(str(exc)) from exc
    return [a for c in cats for a in apps_in(c)]


def _download(args: argparse.Namespace) -> int:
    from pytest_anyapp.provision.download import RichProgress, download_all
    from pytest_anyapp.provision.sources import load_sources

    try:
        catalog = load_sources(args.sources)
        sources = catalog.select([a.app_id for a in _selected_apps(args)])
    except AnyAppError as exc:
        print(f"anyapp apps download: {exc}")
        return 2
    if args.no_progress:
        results = download_all(sources, args.apk_dir, parallel=args.parallel)
    else:
        with RichProgress() as progress:
            results = download_all(sources, args.apk_dir, parallel=args.parallel, on_progress=progress)
    failed = 0
    for r in results:
        flag = "" if r.pinned or r.sha256 is None else "  UNPINNED (sha256 recorded, not verified)"
        print(f"{r.status:10} {r.app_id}{': ' + r.message if r.message else ''}"
              f"{'  sha256 ' + r.sha256 if r.sha256 and r.status != 'failed' else ''}{flag}")
        failed += r.status == "failed"
    print(f"{len(results)} sources: {sum(r.status in ('downloaded', 'present') for r in results)} ready, "
          f"{sum(r.status == 'skipped' for r in results)} skipped (no URL), {failed} failed; "
          f"{sum(1 for r in results if r.sha256 and not r.pinned and r.status != 'failed')} unpinned")
    return 1 if failed else 0


def _lane_clients(args: argparse.Namespace) -> list[tuple[str, DeviceClient, adbutils.AdbDevice]]:
    from pytest_anyapp.options import parse_lanes
    from pytest_anyapp.pool.connect import adb_device, adb_server_address, connect_lane

    lanes = parse_lanes(args.lanes)
    if not lanes:
        raise ConfigError("no lanes: pass --lanes or set CATBENCH_EMULATORS")
    host, port = adb_server_address(args.adb_server)
    return [(lane.key, connect_lane(lane, host, port), adb_device(lane, host, port)) for lane in lanes]


def _per_lane(args: argparse.Namespace, verb: str) -> int:
    from pytest_anyapp.provision.install import grant_app, install_app
    from pytest_anyapp.provision.sources import DownloadLock, load_sources

    try:
        apps = _selected_apps(args)
        catalog = load_sources(args.sources)
        clients = _lane_clients(args)
    except AnyAppError as exc:
        print(f"anyapp apps {verb}: {exc}")
        return 2
    lock = DownloadLock.load(args.apk_dir)
    bad = 0
    for name, device, adb in clients:
        for app in apps:
            if verb == "install":
                res = install_app(device, adb, app, catalog.get(app.app_id), args.apk_dir, lock)
            else:
                res = grant_app(device, app)
            bad += not res.ok
            print(f"{'ok  ' if res.ok else 'FAIL'} {name} {app.app_id}: {res.message}")
    return 1 if bad else 0


def _install(args: argparse.Namespace) -> int:
    return _per_lane(args, "install")


def _grant(args: argparse.Namespace) -> int:
    return _per_lane(args, "grant")


def _attest(args: argparse.Namespace) -> int:
    from pytest_anyapp.provision.attest import attest_lanes, write_attestation
    from pytest_anyapp.provision.sources import DownloadLock, load_sources

    try:
        apps = _selected_apps(args)
        catalog = load_sources(args.sources)
        clients = _lane_clients(args)
    except AnyAppError as exc:
        print(f"anyapp apps attest: {exc}")
        return 2
    bundles = frozenset(s.app_id for s in catalog.sources if s.kind != "apk")
    att = attest_lanes([(n, d) for n, d, _ in clients], apps, DownloadLock.load(args.apk_dir), bundles)
    digest = write_attestation(att, args.output)
    for lane in att.lanes:
        for a in lane.apps:
            state = "ok" if a.matches_pin else ("MISSING" if not a.installed else "MISMATCH")
            print(f"{state:8} {lane.lane} {a.app_id} {a.version_name or '-'} ({a.version_code or '-'}) "
                  f"{a.base_apk_sha256 or ''}")
    print(f"attestation {args.output} sha256 {digest}")
    return 0 if att.ok else 1
