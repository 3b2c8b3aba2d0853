"""The readiness file a ``serve`` process writes once every listener is up and registered."""
from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

SERVE_INFO_NAME = "server.json"


class ServeInfo(BaseModel):
    """Crosses processes: ``python -m pytest_anyapp.sim serve`` writes it, launchers read it."""

    pid: int
    serial: str
    console_port: int
    adb_port: int
    grpc_port: int
    adb_server_port: int
    registered: bool
    host: str = "127.0.0.1"

    @staticmethod
    def path(state_dir: Path) -> Path:
        return state_dir / SERVE_INFO_NAME

    def write(self, state_dir: Path) -> None:
        tmp = state_dir / (SERVE_INFO_NAME + ".tmp")
        tmp.write_text(self.model_dump_json(indent=1))
        tmp.replace(self.path(state_dir))

    @classmethod
    def read(cls, state_dir: Path) -> ServeInfo | None:
        try:
            return cls.model_validate_json(cls.path(state_dir).read_text())
        except (OSError, ValueError):
            return None
