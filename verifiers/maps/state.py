"""The Maps state model: saved places, markers, tracks, exports and (for the ``ui`` pairs) what the
screen shows, as a verifier sees them; plus the matching rules every criterion shares.

Written for the harness only: the simulator keeps its own place table and coordinate handling
(``pytest_anyapp/sim/apps/maps/store.py``), so a bug on one side shows up as a failed test.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pydantic import BaseModel, Field

from pytest_anyapp.templates.base import CategoryState

#: The 12 places of the offline map (Liechtenstein) with the notes' coordinates (tasks_part1 §5B).
PLACES: dict[str, tuple[float, float]] = {
    "Balzers": (47.0688832, 9.5061564),
    "Bendern": (47.2122151, 9.5062101),
    "Malbun": (47.1026191, 9.6083057),
    "Nendeln": (47.1973857, 9.5430636),
    "Oberplanken": (47.1784977, 9.5450163),
    "Planken": (47.1858882, 9.5452201),
    "Rotenboden": (47.1275785, 9.5387131),
    "Ruggell": (47.23976, 9.5262837),
    "Schaan": (47.1663432, 9.5103085),
    "Schaanwald": (47.2165476, 9.5699984),
    "Schönberg": (47.1303814, 9.5930117),
    "Triesen": (47.106997, 9.5274854),
}
COUNTRY = "Liechtenstein"
#: Coordinates match within this many degrees (0.01 once let Oberplanken pass for Planken).
COORD_TOLERANCE = 0.001


def place_string(city: str) -> str:
    """``"<City>, Liechtenstein"``: how templates name a place."""
    return f"{city}, {COUNTRY}"


def city_of(place: str) -> str:
    """The bare city of ``"<City>, Liechtenstein"`` (or of a bare city)."""
    return place.split(",", 1)[0].strip()


def coords_of(place: str) -> tuple[float, float]:
    """The coordinates of a place string, a bare city, or a ``"lat, lon"`` string."""
    city = city_of(place)
    if city in PLACES:
        return PLACES[city]
    lat, lon = (float(x) for x in place.split(","))
    return lat, lon


def near(a: tuple[float, float], b: tuple[float, float], tol: float = COORD_TOLERANCE) -> bool:
    return abs(a[0] - b[0]) <= tol and abs(a[1] - b[1]) <= tol


def names_city(text: str, city: str) -> bool:
    """``city`` appears as a whole word ("Schaan" does not match "Schaanwald")."""
    return re.search(rf"(?<![\w-]){re.escape(city)}(?![\w-])", text, re.IGNORECASE) is not None


_COORD_PAIR = re.compile(r"(-?\d{1,3}\.\d+)\s*[,;/ ]\s*(-?\d{1,3}\.\d+)")


def mentions_place(text: str, place: str) -> bool:
    """``text`` names the place's city as a whole word, or holds its coordinate pair (lat, lon or
    lon, lat) within the tolerance."""
    if names_city(text, city_of(place)):
        return True
    want = coords_of(place)
    for m in _COORD_PAIR.finditer(text):
        a, b = float(m.group(1)), float(m.group(2))
        if near((a, b), want) or near((b, a), want):
            return True
    return False


# -- the store -----------------------------------------------------------------------------------

class Pin(BaseModel):
    """A saved point: a favourite/bookmark or a map marker."""

    name: str = ""
    lat: float
    lon: float

    def at(self, place: str) -> bool:
        return near((self.lat, self.lon), coords_of(place))

    def key(self) -> tuple[str, float, float]:
        return (self.name, round(self.lat, 5), round(self.lon, 5))


class Track(BaseModel):
    """A saved track or route: its name and its points in order."""

    name: str = ""
    points: list[tuple[float, float]] = Field(default_factory=list)

    def passes_through(self, places: Iterable[str]) -> bool:
        """The points pass each place (within the tolerance), in the given order (a subsequence)."""
        i = 0
        wanted = [coords_of(p) for p in places]
        for pt in self.points:
            if i < len(wanted) and near(pt, wanted[i]):
                i += 1
        return i == len(wanted)

    def key(self) -> tuple[str, tuple[tuple[float, float], ...]]:
        return (self.name, tuple((round(a, 5), round(b, 5)) for a, b in self.points))


class ExportFile(BaseModel):
    """A file exported to shared storage: its name and the points it holds."""

    name: str
    pins: list[Pin] = Field(default_factory=list)

    def key(self) -> tuple[str, tuple[tuple[str, float, float], ...]]:
        return (self.name, tuple(sorted(p.key() for p in self.pins)))


class ScreenRead(BaseModel):
    """What the app shows, read off the screen (``ui`` pairs only; docs/maps.md says why)."""

    package: str = Field(default="", description="Package of the window in front.")
    card: str = Field(default="", description="Title of the open place card / place page.")
    route_from: str = ""
    route_to: str = ""
    route_summary: str = Field(default="", description="The computed route's time/distance line.")
    query: str = Field(default="", description="Text in the search field of a results list.")
    results: list[str] = Field(default_factory=list, description="Result rows: 'title · subtitle'.")
    share_text: str = Field(default="", description="Android's share sheet preview text.")

    def semantic(self) -> tuple[str, ...]:
        """What a criterion uses, in comparable form (the round-trip test compares this)."""
        share = next((c for c in PLACES if names_city(self.share_text, c)), "")
        return (self.card, self.route_from, self.route_to, str(bool(self.route_summary)), self.query.lower(),
                str(bool(self.results)), share)


class MapsState(CategoryState):
    """The Maps stores as a verifier sees them (app-neutral; docs/maps.md, storage profiles)."""

    favorites: list[Pin] = Field(default_factory=list)
    markers: list[Pin] = Field(default_factory=list)
    tracks: list[Track] = Field(default_factory=list)
    exports: list[ExportFile] = Field(default_factory=list)
    screen: ScreenRead | None = None

    def read_back(self) -> tuple[object, ...]:
        return (sorted(p.key() for p in self.favorites), sorted(p.key() for p in self.markers),
                sorted(t.key() for t in self.tracks), sorted(e.key() for e in self.exports),
                (self.screen or ScreenRead()).semantic())
