"""Stand-in for installed packages that have no app double (a real APK installed with ``pm
install``, Settings): launching them shows a titled, empty activity instead of failing silently."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from pytest_anyapp.sim.apps.base import Screen, SimApp
from pytest_anyapp.sim.ui.views import Scaffold, TextView, Toolbar, View

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice

_KNOWN_SYSTEM: dict[str, tuple[str, str]] = {
    "com.android.settings": ("Settings", ".Settings"),
}


class PlaceholderScreen(Screen):
    def build(self) -> View:
        return Scaffold(
            Toolbar(self.app.label),
            TextView(f"{self.app.label} is not simulated.", color="#49454F", padding=16),
        )


@lru_cache(maxsize=256)
def _make(package: str, label: str, activity: str | None) -> type[SimApp]:
    attrs: dict[str, Any] = {
        "__module__": __name__,
        "package": package,
        "label": label,
        "launch_activity": activity,
        "home": PlaceholderScreen,
    }
    return type(f"Generic_{package.replace('.', '_')}", (SimApp,), attrs)


def generic_app_for(device: SimDevice, package: str) -> type[SimApp] | None:
    """A placeholder app for an installed package without a double; None if not installed."""
    if package in _KNOWN_SYSTEM:
        label, activity = _KNOWN_SYSTEM[package]
        return _make(package, label, activity)
    packages = getattr(device, "packages", None)
    get = getattr(packages, "get", None)
    if get is None:
        return None
    try:
        info = get(package)
    except NotImplementedError:
        return None
    if info is None:
        return None
    label = getattr(info, "label", "") or package
    return _make(package, label, getattr(info, "launch_activity", None))
