"""Records keep the raw reads they were judged on, and every episode must re-score from its record
alone: reads whose format a later change hex-encoded still parse in their old form, and a read no
parser takes any more is reported as not re-scorable instead of stopping ``anyapp rescore``."""

from __future__ import annotations

from verifiers.maps.adapters import SEP, osmand_markers
from verifiers.maps.state import Pin


def test_osmand_markers_read_before_and_after_hex_encoding() -> None:
    old = SEP.join(["1", "47.1", "9.5", "map_marker#Balzers"])
    new = SEP.join(["1", "47.1", "9.5", b"map_marker# Balzers #ic_star".hex().upper()])
    assert osmand_markers([old]) == osmand_markers([new]) == [Pin(name="Balzers", lat=47.1, lon=9.5)]
