"""Simulated app doubles (launcher, demo app, category apps). Each app stores its durable state
where the real app does (system providers or its own /data/data/<pkg>/databases) so the harness's
verifiers read it exactly as on a real device.

:func:`catalog` finds every :class:`~pytest_anyapp.sim.apps.base.SimApp` subclass with a
``package`` defined in a module under this package (sub-packages included), so adding an app is
adding a module; nobody edits a central list.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pytest_anyapp.sim.apps.base import SimApp

_NOT_APP_MODULES = {"base", "prefs", "generic"}
_EXTRA: dict[str, type[SimApp]] = {}


@lru_cache(maxsize=1)
def _discover() -> tuple[type[SimApp], ...]:
    from pytest_anyapp.sim.apps.base import SimApp

    found: dict[str, type[SimApp]] = {}
    for info in pkgutil.walk_packages(__path__, prefix=f"{__name__}."):
        leaf = info.name.rsplit(".", 1)[-1]
        if leaf.startswith("_") or leaf in _NOT_APP_MODULES:
            continue
        module = importlib.import_module(info.name)
        for obj in vars(module).values():
            if isinstance(obj, type) and issubclass(obj, SimApp) and obj.__module__ == module.__name__ and obj.package:
                if obj.package in found and found[obj.package] is not obj:
                    raise RuntimeError(f"two app doubles claim {obj.package}: {found[obj.package]} and {obj}")
                found[obj.package] = obj
    return tuple(found[name] for name in sorted(found))


def catalog() -> tuple[type[SimApp], ...]:
    """Every app double, sorted by package name (preinstalled on every simulated device)."""
    found = {cls.package: cls for cls in _discover()} | _EXTRA
    return tuple(found[name] for name in sorted(found))


def app_class(package: str) -> type[SimApp] | None:
    """The app double for ``package``, or None (e.g. an installed real APK has none)."""
    if package in _EXTRA:
        return _EXTRA[package]
    for cls in _discover():
        if cls.package == package:
            return cls
    return None


def register(cls: type[SimApp]) -> None:
    """Add an app double defined outside this package (tests); it joins :func:`catalog`."""
    _EXTRA[cls.package] = cls


def unregister(package: str) -> None:
    _EXTRA.pop(package, None)
