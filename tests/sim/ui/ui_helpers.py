"""Helpers for reading uiautomator dumps in tests."""
from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

NODE_RE = re.compile(r"<node ([^>]*?)/?>")
ATTR_RE = re.compile(r'([\w-]+)="([^"]*)"')

if TYPE_CHECKING:
    from pytest_anyapp.sim.apps.base import SimApp
    from pytest_anyapp.sim.device import SimDevice


def nodes(xml: str) -> list[dict[str, str]]:
    """Every node's attributes, in document order."""
    return [dict(ATTR_RE.findall(m.group(1))) for m in NODE_RE.finditer(xml)]


def center_of(xml: str, **match: str) -> tuple[int, int]:
    """Centre of the first node whose attributes equal ``match`` (``content_desc`` = content-desc)."""
    wanted = {k.replace("_", "-"): v for k, v in match.items()}
    for attrs in nodes(xml):
        if all(attrs.get(k) == v for k, v in wanted.items()):
            left, top, right, bottom = map(int, re.findall(r"-?\d+", attrs["bounds"]))
            return ((left + right) // 2, (top + bottom) // 2)
    raise AssertionError(f"no node with {wanted}")


@contextmanager
def booted_with(app: type[SimApp], state_dir: Path) -> Iterator[SimDevice]:
    """A device booted with ``app`` registered (so it is preinstalled) and launched; the app is
    unregistered afterwards so other tests' devices do not get it."""
    from pytest_anyapp.sim.apps import register, unregister
    from pytest_anyapp.sim.device import DeviceConfig, SimDevice

    register(app)
    try:
        device = SimDevice(DeviceConfig(state_dir))
        assert device.ui.start_app(app.package)
        yield device
    finally:
        unregister(app.package)
