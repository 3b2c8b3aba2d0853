"""Arguments of Android shell commands, built as text (pure; no adb import, so the category
bundles that build seeding commands stay cheap to import at collection)."""

from __future__ import annotations

import shlex


def content_bind(column: str, kind: str, value: object) -> str:
    """One shell-quoted ``--bind column:kind:value`` argument. Android 12+ ``content`` splits it with
    ``splitWithEscaping(arg, ':')`` into exactly three parts, so ``\\`` and ``:`` in the value are
    escaped with a backslash (Content.java ``parseBindValue``)."""
    escaped = str(value).replace("\\", "\\\\").replace(":", "\\:")
    return "--bind " + shlex.quote(f"{column}:{kind}:{escaped}")
