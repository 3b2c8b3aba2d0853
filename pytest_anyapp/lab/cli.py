"""``anyapp capture`` and ``anyapp validate``: a lab's first hour on a new device image."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from pytest_anyapp.errors import ConfigError
from pytest_anyapp.options import LaneSpec
from pytest_anyapp.pool.cli import usage_errors


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("capture", help="run every parsed read-only command on each lane; write the raw "
                                               "outputs in the tests/android_outputs format")
    p.add_argument("--lanes", default=os.environ.get("CATBENCH_EMULATORS", ""))
    p.add_argument("--adb-server", default=None)
    p.add_argument("--out", type=Path, required=True, help="directory of <command>/<lane>_<case>.txt files")
    p.set_defaults(func=_capture)

    p = subparsers.add_parser("validate", help="which scheduled pairs hold on these devices (no agent): pins, "
                                                "seed->read, launch invariance, near misses, null verdict")
    p.add_argument("--lanes", default=os.environ.get("CATBENCH_EMULATORS", ""))
    p.add_argument("--adb-server", default=None)
    p.add_argument("-k", dest="keyword", default="", help="pytest -k expression over pair ids "
                                                          "('<category>-<template>-<app slug>')")
    p.add_argument("--instance", type=int, default=0)
    p.add_argument("--app-attestation", type=Path, default=None,
                   help="installed-app attestation of these lanes (its sha256 goes into the report)")
    p.add_argument("--out", type=Path, required=True, help="validity.json, validity.md and pairs/*.json")
    p.set_defaults(func=_validate)


def _lanes(text: str) -> list[LaneSpec]:
    from pytest_anyapp.options import parse_lanes

    lanes = parse_lanes(text)
    if not lanes:
        raise ConfigError("no lanes: pass --lanes or set CATBENCH_EMULATORS")
    return lanes


@usage_errors("capture")
def _capture(args: argparse.Namespace) -> int:
    from pytest_anyapp.lab.capture import capture_lane
    from pytest_anyapp.pool.connect import adb_server_address, connect_lane

    host, port = adb_server_address(args.adb_server)
    args.out.mkdir(parents=True, exist_ok=True)
    bad = 0
    results = []
    for lane in _lanes(args.lanes):
        device = connect_lane(lane, host, port)
        try:
            result = capture_lane(device, args.out, label=lane.key.replace(".", "_").replace("-", "_"),
                                  progress=lambda line: print(f"captured {line}", file=sys.stderr))
        finally:
            device.close()
        results.append(result.model_dump(mode="json"))
        for diff in result.left_changed:
            print(f"LEFT CHANGED {lane.serial}: {diff}")
        bad += not result.ok
        print(f"{lane.serial}: {len(result.written)} outputs, build {result.build}, "
              f"{'device unchanged' if result.ok else f'{len(result.left_changed)} differences'}")
    (args.out / "capture.json").write_text(json.dumps(results, indent=1) + "\n")
    return 1 if bad else 0


@usage_errors("validate")
def _validate(args: argparse.Namespace) -> int:
    from pytest_anyapp.lab.validate import EXIT_INVALID, run, write_report

    _lanes(args.lanes)
    attestation = ""
    if args.app_attestation is not None:
        from pytest_anyapp.provision.attest import load_attestation

        attestation = load_attestation(args.app_attestation)[1]
    status, report = run(args.lanes, args.out, keyword=args.keyword, instance=args.instance,
                         adb_server=args.adb_server, attestation_sha256=attestation)
    sha = write_report(report, args.out)
    invalid = report.invalid_pairs()
    for pair, why in invalid.items():
        print(f"INVALID {pair}: {why}")
    print(f"validity report {args.out / 'validity.json'} (sha256 {sha}): "
          f"{len(report.pairs) - len(invalid)}/{len(report.pairs)} pairs valid")
    if status == EXIT_INVALID:
        print(f"anyapp validate: {len(invalid)} pair(s) invalid on this image (exit {EXIT_INVALID})", file=sys.stderr)
    return status
