"""Regenerate ``emulator_controller_pb2.py`` / ``_pb2_grpc.py`` from the checked-in .proto.

Run ``python -m pytest_anyapp.emulator_proto.generate`` (needs the ``grpcio-tools`` test extra).
The proto is compiled relative to the repository root so the generated modules import each other
as ``pytest_anyapp.emulator_proto.*`` and work inside the installed package.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
PROTO = "pytest_anyapp/emulator_proto/emulator_controller.proto"


def generate(out_root: Path = ROOT) -> int:
    """Invoke protoc (from grpcio-tools) with the bundled well-known types; returns its exit code.

    Output lands under ``out_root/pytest_anyapp/emulator_proto/`` (a test regenerates into a
    temporary root and compares with the checked-in files).
    """
    from grpc_tools import protoc

    well_known = str(resources.files("grpc_tools") / "_proto")
    (out_root / "pytest_anyapp" / "emulator_proto").mkdir(parents=True, exist_ok=True)
    args = [
        "grpc_tools.protoc",
        f"-I{ROOT}",
        f"-I{well_known}",
        f"--python_out={out_root}",
        f"--pyi_out={out_root}",
        f"--grpc_python_out={out_root}",
        PROTO,
    ]
    return int(protoc.main(args))


if __name__ == "__main__":
    sys.exit(generate())
