"""Category bundles (state model, templates, app adapters, oracle scripts, conformance cases).

One registry: every sub-package of ``verifiers`` that defines ``BUNDLE`` is a category. Adding a
category is adding a package; nothing here lists them.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from pytest_anyapp.catalog.models import Category
from verifiers.base import AppAdapter
from verifiers.bundle import CategoryBundle


@cache
def bundles() -> dict[Category, CategoryBundle]:
    """Every category bundle, by category, in the catalog's category order."""
    found: dict[Category, CategoryBundle] = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        bundle = getattr(module, "BUNDLE", None)
        if bundle is None:
            continue
        if not isinstance(bundle, CategoryBundle):
            raise TypeError(f"{module.__name__}.BUNDLE is not a CategoryBundle")
        if bundle.category in found:
            raise RuntimeError(f"two bundles for {bundle.category}: {module.__name__} and another")
        found[bundle.category] = bundle
    return {c: found[c] for c in Category if c in found}


def all_adapters() -> dict[str, AppAdapter[Any]]:
    """Adapters by app id, for every category that has them."""
    adapters: dict[str, AppAdapter[Any]] = {}
    for bundle in bundles().values():
        for adapter in bundle.adapters:
            if adapter.app.app_id in adapters:
                raise RuntimeError(f"two adapters for {adapter.app.app_id}")
            if adapter.app.category != bundle.category:
                raise RuntimeError(f"{adapter.app.app_id} is not a {bundle.category} app")
            adapters[adapter.app.app_id] = adapter
    return adapters


__all__ = ["AppAdapter", "CategoryBundle", "all_adapters", "bundles"]
