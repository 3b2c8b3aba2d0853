"""SharedPreferences files in Android's own XML format, so verifiers can read them with ``cat``."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

PrefValue = str | bool | int | float | None

_HEADER = "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n"


class SharedPrefs:
    """``/data/data/<pkg>/shared_prefs/<name>.xml``; every ``put`` writes the file atomically."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> dict[str, PrefValue]:
        if not self.path.exists():
            return {}
        values: dict[str, PrefValue] = {}
        for el in ET.parse(self.path).getroot():
            name = el.get("name", "")
            kind = el.tag
            if kind == "string":
                values[name] = el.text or ""
            elif kind == "boolean":
                values[name] = el.get("value") == "true"
            elif kind in ("int", "long"):
                values[name] = int(el.get("value", "0"))
            elif kind == "float":
                values[name] = float(el.get("value", "0"))
        return values

    def get(self, key: str, default: PrefValue = None) -> PrefValue:
        return self.load().get(key, default)

    def put(self, **values: PrefValue) -> None:
        """Set keys (``None`` removes one) and rewrite the file."""
        current = self.load()
        for key, value in values.items():
            if value is None:
                current.pop(key, None)
            else:
                current[key] = value
        self._write(current)

    def clear(self) -> None:
        self._write({})

    def _write(self, values: dict[str, PrefValue]) -> None:
        lines = [_HEADER, "<map>\n"]
        for key in sorted(values):
            value = values[key]
            name = quoteattr(key)
            if isinstance(value, bool):
                lines.append(f"    <boolean name={name} value=\"{'true' if value else 'false'}\" />\n")
            elif isinstance(value, int):
                tag = "int" if -(2**31) <= value < 2**31 else "long"
                lines.append(f'    <{tag} name={name} value="{value}" />\n')
            elif isinstance(value, float):
                lines.append(f'    <float name={name} value="{value}" />\n')
            else:
                lines.append(f"    <string name={name}>{escape(str(value))}</string>\n")
        lines.append("</map>\n")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text("".join(lines), encoding="utf-8")
        os.replace(tmp, self.path)
