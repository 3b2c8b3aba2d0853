"""``anyapp annotate SAMPLE --annotator NAME [--blind | --unblind]``: serve the annotation app on loopback."""

from __future__ import annotations

import argparse
import ipaddress
import os
from pathlib import Path

from pytest_anyapp.errors import ConfigError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("annotate", help="blind human annotation of a failure sample (web app on loopback)")
    p.add_argument("sample", type=Path, help="sample directory written by `anyapp failures sample`")
    p.add_argument("--annotator", required=True)
    blind = p.add_mutually_exclusive_group()
    blind.add_argument("--blind", dest="blind", action="store_true", default=True, help="(default) hide model, "
                       "episode id and judge output")
    blind.add_argument("--unblind", "--show-prior-judge", dest="blind", action="store_false",
                       help="show model, episode id, raw outputs and the sealed judge label")
    p.add_argument("--pool", choices=("all", "primary", "double_annotation", "calibration"), default="all")
    p.add_argument("--out", type=Path, help="where annotations.jsonl goes (default: the sample directory)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--max-frames", type=int, default=0, help="screenshots per case (0 = all steps)")
    p.add_argument("--max-dim", type=int, default=896)
    p.add_argument("--allow-successes", action="store_true")
    p.add_argument("--auth-user", help="require HTTP Basic auth with this user name")
    pw = p.add_mutually_exclusive_group()
    pw.add_argument("--password-file", type=Path)
    pw.add_argument("--password-env", help="name of the environment variable holding the password")
    p.set_defaults(func=_run)


def _password(args: argparse.Namespace) -> str:
    if args.password_file is not None:
        value = Path(args.password_file).read_text().strip()
    elif args.password_env:
        value = os.environ.get(str(args.password_env), "").strip()
    else:
        raise ConfigError("--auth-user needs --password-file or --password-env")
    if not value:
        raise ConfigError("the password is empty")
    return value


def _run(args: argparse.Namespace) -> int:
    from pytest_anyapp.annotate.app import AppSettings, create_app

    try:
        if not ipaddress.ip_address(args.host).is_loopback:
            raise ConfigError(f"--host {args.host} is not a loopback address")
        auth = (args.auth_user, _password(args)) if args.auth_user else None
        app = create_app(AppSettings(
            sample_dir=args.sample, annotator=args.annotator, blind=args.blind, out_dir=args.out, pool=args.pool,
            max_frames=args.max_frames, max_dim=args.max_dim, allow_successes=args.allow_successes, basic_auth=auth))
    except (ConfigError, ValueError) as exc:
        print(f"anyapp annotate: {exc}")
        return 2
    import uvicorn

    print(f"annotating as {args.annotator} ({'blind' if args.blind else 'UNBLINDED'}) at http://{args.host}:{args.port}/")
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", server_header=False, date_header=False)
    return 0
