"""Per-app state readers and seeders (app adapters), grouped by category."""

from __future__ import annotations

from typing import Any

from verifiers.base import AppAdapter


def all_adapters() -> dict[str, AppAdapter[Any]]:
    """Adapters by app id, for every category that has them."""
    from verifiers import sms

    adapters: dict[str, AppAdapter[Any]] = {}
    for module in (sms,):
        for adapter in module.ADAPTERS:
            adapters[adapter.app.app_id] = adapter
    return adapters


__all__ = ["AppAdapter", "all_adapters"]
