"""Android SharedPreferences XML, read and written on the harness side (independent of the
simulator's own writer): ``<map>`` of ``string``/``set``/``int``/``long``/``boolean``/``float``."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape, quoteattr

from pytest_anyapp.errors import VerifierReadError

PrefValue = str | bool | int | float | list[str]
HEADER = "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n"


def parse_prefs(text: str) -> dict[str, PrefValue]:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise VerifierReadError(f"preferences file is not XML: {exc}") from exc
    if root.tag != "map":
        raise VerifierReadError(f"preferences root is <{root.tag}>, not <map>")
    out: dict[str, PrefValue] = {}
    for el in root:
        name = el.get("name", "")
        if el.tag == "string":
            out[name] = el.text or ""
        elif el.tag == "set":
            out[name] = [s.text or "" for s in el]
        elif el.tag == "boolean":
            out[name] = el.get("value") == "true"
        elif el.tag in ("int", "long"):
            out[name] = int(el.get("value", "0"))
        elif el.tag == "float":
            out[name] = float(el.get("value", "0"))
        else:
            raise VerifierReadError(f"unknown preference element <{el.tag}>")
    return out


def prefs_xml(values: dict[str, PrefValue], longs: frozenset[str] = frozenset()) -> str:
    """A preferences file as ``SharedPreferencesImpl`` writes it (``longs``: keys typed long)."""
    lines = [HEADER, "<map>\n"]
    for key in sorted(values):
        value, name = values[key], quoteattr(key)
        if isinstance(value, bool):
            lines.append(f"    <boolean name={name} value=\"{'true' if value else 'false'}\" />\n")
        elif isinstance(value, int):
            lines.append(f"    <{'long' if key in longs else 'int'} name={name} value=\"{value}\" />\n")
        elif isinstance(value, float):
            lines.append(f"    <float name={name} value=\"{value}\" />\n")
        elif isinstance(value, list):
            inner = "".join(f"        <string>{escape(v)}</string>\n" for v in value)
            lines.append(f"    <set name={name}>\n{inner}    </set>\n" if value else f"    <set name={name} />\n")
        else:
            lines.append(f"    <string name={name}>{escape(value)}</string>\n")
    lines.append("</map>\n")
    return "".join(lines)


def pref_int(prefs: dict[str, PrefValue], key: str, default: int = 0) -> int:
    value = prefs.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise VerifierReadError(f"preference {key!r} is not a number: {value!r}")
    return value
