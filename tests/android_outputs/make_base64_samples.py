"""(Re)generate the map apps' file-read samples in ``tests/android_outputs/base64/`` with the real
``base64`` program: ``python tests/android_outputs/make_base64_samples.py``.

The maps verifiers read each app file with ``base64 -w 0 <file>`` (``verifiers/maps/adapters.py``
``_files_script``), so a KMZ (a zip) crosses the shell intact. The files themselves,
``base64/files/<case>.<kml|gpx|kmz>``, are written by hand from each app's own writer at its pinned
tag (Organic Maps / CoMaps ``libs/kml/serdes.cpp``, OsmAnd ``GpxUtilities.kt`` through kxml2's
``KXmlSerializer``); ``base64/files/<case>.json`` holds the device path, the citations, the notes and,
written by hand, what the registered reader must give (``expect``: pins ``[name, lat, lon]`` and
tracks ``{name, points}``). This script only encodes each file with ``/usr/bin/base64 -w 0``
(GNU coreutils; toybox's ``base64`` on Android prints the same alphabet, padding and, with ``-w 0``,
one line) and writes the sample with ``dump_sample`` (``source: generated``), so nothing here runs a
parser.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parents[1]))

from pytest_anyapp.device.samples import AndroidSample, Citation, dump_sample  # noqa: E402

BASE64 = "/usr/bin/base64"
FILES = ROOT / "base64" / "files"
_CITE = re.compile(r"^(?P<repo>[^@\s]+)@(?P<revision>\S+) (?P<file>\S+?)(?:#(?P<identifier>\S.*))?$")
TOYBOX = Citation(repo="landley/toybox", revision="unread", file="toys/other/base64.c",
                  identifier="base64_main (-w 0: no line wrapping)")


def _citation(line: str) -> Citation:
    m = _CITE.match(line)
    if m is None:
        raise SystemExit(f"not a citation: {line!r}")
    return Citation(repo=m["repo"], revision=m["revision"], file=m["file"], identifier=m["identifier"] or "")


def sample_of(meta_path: Path) -> AndroidSample:
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    data = next(p for p in FILES.glob(f"{meta_path.stem}.*") if p.suffix != ".json")
    done = subprocess.run([BASE64, "-w", "0", str(data)], capture_output=True, check=False)
    return AndroidSample(
        command=f"base64 -w 0 {shlex.quote(meta['path'])}", exit=done.returncode,
        streams={"stdout": done.stdout.decode("ascii"), "stderr": done.stderr.decode("utf-8")},
        citations=[*(_citation(c) for c in meta["cites"]), TOYBOX], source="generated",
        nearest=f"{meta['nearest']}; encoded by GNU base64 (Debian coreutils), toybox's at Android 13 not stored",
        state={"file": f"files/{data.name}", "expect": meta["expect"]},
        notes=[*meta["notes"], "regenerate with tests/android_outputs/make_base64_samples.py from base64/files/"],
        group="base64", case=meta_path.stem)


def main() -> None:
    for meta_path in sorted(FILES.glob("*.json")):
        sample = sample_of(meta_path)
        (ROOT / "base64" / f"{meta_path.stem}.txt").write_text(dump_sample(sample), encoding="utf-8")
        print(f"base64/{meta_path.stem}.txt: exit {sample.exit}, {len(sample.stdout)} characters")


if __name__ == "__main__":
    main()
