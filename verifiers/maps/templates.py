"""Maps category: the 10 templates of the notes (tasks_part1 §5B) over the app-neutral Maps state.

Decisions that differ from the prior release (docs/maps.md, quirk table, gives the reasons):

* Coordinates match within 0.001° and a city matches as a whole word (as before).
* Favourites, markers, tracks and exports are read from the apps' own files and databases
  (``durable``); only the templates whose outcome *is* the screen (a place page, a computed route,
  a results list, Android's share sheet) are ``ui``, read through app-specific resource ids rather
  than the prior release's text heuristics.
* RemoveFavorite and DeleteMarker seed a second, decoy entry that must survive (the prior criterion
  passed an agent that deleted everything).
* DeleteMarker: an OsmAnd marker "removed" from the active list moves to its history
  (``marker_active = 0``); a history row is not a marker any more.
* ExportLocation needs an export file in shared storage (Download/Documents); the apps' own
  bookmark stores no longer count as an export, and clipboard text no longer counts (sharing is
  ShareLocation's outcome).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from pytest_anyapp.catalog.models import Category
from pytest_anyapp.templates.base import CategoryState, Clause, Params, TaskTemplate, Verdict
from pytest_anyapp.templates.base import verdict as combine
from verifiers.maps.state import (
    PLACES,
    MapsState,
    Pin,
    ScreenRead,
    city_of,
    coords_of,
    mentions_place,
    names_city,
    place_string,
)

CITIES: tuple[str, ...] = tuple(PLACES)
MARKER_LABELS: tuple[str, ...] = ("Meetup", "Picnic", "Viewpoint", "Hotel")
NEARBY_CATEGORIES: tuple[str, ...] = ("coffee", "restaurant", "hotel", "parking")
#: Packages whose window is Android's share sheet on Android 13 (notes §0.4).
SHARE_SHEET_PACKAGES: frozenset[str] = frozenset({"com.android.intentresolver", "android"})


def random_place(rng: random.Random) -> str:
    return place_string(rng.choice(CITIES))


def random_location_str(rng: random.Random) -> str:
    """The place name half the time, ``"lat, lon"`` the other half (as AndroidWorld's OsmAnd tasks)."""
    city = rng.choice(CITIES)
    if rng.random() < 0.5:
        return place_string(city)
    lat, lon = PLACES[city]
    return f"{lat}, {lon}"


def decoy_city(place: str) -> str:
    """A second place derived from ``place`` (the next city in the table): the seeded entry that
    must survive a removal."""
    city = city_of(place)
    i = CITIES.index(city) if city in CITIES else 0
    return CITIES[(i + 1) % len(CITIES)]


def pin(name: str, place: str) -> Pin:
    lat, lon = coords_of(place)
    return Pin(name=name, lat=lat, lon=lon)


def verdict(clauses: Sequence[Clause], state: MapsState, **evidence: Any) -> Verdict:
    return combine(clauses, favorites=[p.key() for p in state.favorites], markers=[p.key() for p in state.markers],
                   tracks=[t.name for t in state.tracks], exports=[e.name for e in state.exports],
                   screen=state.screen.model_dump() if state.screen else None, **evidence)


class MapsTemplate(TaskTemplate[MapsState]):
    category: ClassVar[Category] = Category.MAPS
    state_type: ClassVar[type[CategoryState]] = MapsState

    def initial_state(self, params: Params) -> MapsState:
        return MapsState()


def _screen(state: MapsState) -> ScreenRead:
    return state.screen or ScreenRead()


class MapsSearchPlace(MapsTemplate):
    """Search a place and open it. Success: the app's place page/card for the place is open (its
    title names the city as a whole word). Typing the name alone, or a result list, is not enough."""

    semantic_id = "MapsSearchPlace"
    instruction = "Search for {place} in {app} and open it."
    complexity = 1.2

    def sample_params(self, rng: random.Random) -> Params:
        return {"place": random_place(rng)}

    def check(self, params: Params, state: MapsState, history: Sequence[MapsState], answer: str | None) -> Verdict:
        card = _screen(state).card
        return verdict([Clause("place_open", f"the place page of {params['place']} is open (shows {card!r})",
                               bool(card) and names_city(card, city_of(params["place"])))], state)


class MapsAddFavorite(MapsTemplate):
    """A favourite/bookmark at the place's coordinates (any name)."""

    semantic_id = "MapsAddFavorite"
    instruction = "Add a favorite for {place} in {app}."
    complexity = 1.3
    origin = "androidworld_adapted"

    def sample_params(self, rng: random.Random) -> Params:
        return {"place": random_location_str(rng)}

    def check(self, params: Params, state: MapsState, history: Sequence[MapsState], answer: str | None) -> Verdict:
        hit = [p for p in state.favorites if p.at(params["place"])]
        return verdict([Clause("favorite_added", f"a favorite lies at {params['place']}", bool(hit))], state)


class MapsRemoveFavorite(MapsTemplate):
    """The seeded favourite at the place is gone; the decoy favourite survives; the seed was there
    at the start (latch)."""

    semantic_id = "MapsRemoveFavorite"
    instruction = "Remove the favorite for {place} in {app}."
    complexity = 2.8
    uses_latch = True

    def sample_params(self, rng: random.Random) -> Params:
        return {"place": random_place(rng)}

    def initial_state(self, params: Params) -> MapsState:
        decoy = decoy_city(params["place"])
        return MapsState(favorites=[pin(params["place"], params["place"]), pin(place_string(decoy), decoy)])

    def check(self, params: Params, state: MapsState, history: Sequence[MapsState], answer: str | None) -> Verdict:
        place, decoy = params["place"], decoy_city(params["place"])
        first = history[0] if history else state
        return verdict([
            Clause("seed_confirmed", f"the favorite for {place} was there at the start",
                   any(p.at(place) for p in first.favorites)),
            Clause("favorite_removed", f"no favorite lies at {place}", not any(p.at(place) for p in state.favorites)),
            Clause("decoy_kept", f"the favorite for {decoy} is still there", any(p.at(decoy) for p in state.favorites)),
        ], state)


class MapsAddMarker(MapsTemplate):
    """A map marker at the place's coordinates (OsmAnd: an active marker; Organic Maps and CoMaps
    have no markers apart from bookmarks, so there it is a bookmark)."""

    semantic_id = "MapsAddMarker"
    instruction = "Add a location marker for {place} in {app}."
    complexity = 2.0
    origin = "androidworld_adapted"

    def sample_params(self, rng: random.Random) -> Params:
        return {"place": random_location_str(rng)}

    def check(self, params: Params, state: MapsState, history: Sequence[MapsState], answer: str | None) -> Verdict:
        hit = [p for p in state.markers if p.at(params["place"])]
        return verdict([Clause("marker_added", f"a marker lies at {params['place']}", bool(hit))], state)


class MapsDeleteMarker(MapsTemplate):
    """The seeded marker named ``label`` at the place is gone, the decoy marker survives, and the
    seed was there at the start (latch)."""

    semantic_id = "MapsDeleteMarker"
    instruction = 'Delete the marker "{label}" at {place} in {app}.'
    complexity = 2.6
    uses_latch = True

    def sample_params(self, rng: random.Random) -> Params:
        return {"place": random_place(rng), "label": rng.choice(MARKER_LABELS)}

    @staticmethod
    def decoy_label(label: str) -> str:
        return MARKER_LABELS[(MARKER_LABELS.index(label) + 1) % len(MARKER_LABELS)]

    def initial_state(self, params: Params) -> MapsState:
        decoy = decoy_city(params["place"])
        return MapsState(markers=[pin(params["label"], params["place"]), pin(self.decoy_label(params["label"]), decoy)])

    def check(self, params: Params, state: MapsState, history: Sequence[MapsState], answer: str | None) -> Verdict:
        place, label = params["place"], params["label"]
        decoy, decoy_label = decoy_city(place), self.decoy_label(label)
        first = history[0] if history else state

        def has(s: MapsState, name: str, where: str) -> bool:
            return any(p.at(where) and p.name.strip().lower() == name.lower() for p in s.markers)

        return verdict([
            Clause("seed_confirmed", f"the marker {label!r} at {place} was there at the start", has(first, label, place)),
            Clause("marker_deleted", f"no marker {label!r} lies at {place}", not has(state, label, place)),
            Clause("decoy_kept", f"the marker {decoy_label!r} at {decoy} is still there", has(state, decoy_label, decoy)),
        ], state)


class MapsRecordTrack(MapsTemplate):
    """A saved track/route whose points pass the waypoints in the given order (a subsequence).
    ``track_name`` stays a parameter (the notes' domain) but is not in the goal: Organic Maps and
    CoMaps name a route saved as a track themselves."""

    semantic_id = "MapsRecordTrack"
    instruction = "Save a track through {waypoints_text}, in this order, in {app}."
    complexity = 12.0
    origin = "androidworld_adapted"

    def sample_params(self, rng: random.Random) -> Params:
        cities = rng.sample(CITIES, rng.randint(2, 4))
        waypoints = [place_string(c) for c in cities]
        return {"waypoints": waypoints, "track_name": f"{cities[0]} to {cities[-1]}",
                "waypoints_text": "; ".join(waypoints)}

    def check(self, params: Params, state: MapsState, history: Sequence[MapsState], answer: str | None) -> Verdict:
        hit = [t.name for t in state.tracks if t.passes_through(params["waypoints"])]
        return verdict([Clause("track_through_waypoints",
                               f"a saved track passes {params['waypoints_text']} in order", bool(hit))],
                       state, matching_tracks=hit)


class MapsGetDirections(MapsTemplate):
    """The app shows a route from the origin to the destination: the route panel's start and end
    name the two cities (a start left at "My position" fails). The apps build the route as soon as
    both ends are set; its time/distance line is kept as evidence."""

    semantic_id = "MapsGetDirections"
    instruction = "Show directions from {origin} to {destination} in {app}."
    complexity = 3.2

    def sample_params(self, rng: random.Random) -> Params:
        a, b = rng.sample(CITIES, 2)
        return {"origin": place_string(a), "destination": place_string(b)}

    def check(self, params: Params, state: MapsState, history: Sequence[MapsState], answer: str | None) -> Verdict:
        s = _screen(state)
        return verdict([
            Clause("route_from", f"the route starts at {params['origin']} (shows {s.route_from!r})",
                   bool(s.route_from) and names_city(s.route_from, city_of(params["origin"]))),
            Clause("route_to", f"the route ends at {params['destination']} (shows {s.route_to!r})",
                   bool(s.route_to) and names_city(s.route_to, city_of(params["destination"]))),
        ], state, route_summary=s.route_summary)


class MapsSearchNearbyPlace(MapsTemplate):
    """The results of a search for the category are listed, and they lie at the place (a result
    row names its city)."""

    semantic_id = "MapsSearchNearbyPlace"
    instruction = "Search for {category} near {place} in {app} and show the results."
    complexity = 2.2

    def sample_params(self, rng: random.Random) -> Params:
        return {"place": random_place(rng), "category": rng.choice(NEARBY_CATEGORIES)}

    def check(self, params: Params, state: MapsState, history: Sequence[MapsState], answer: str | None) -> Verdict:
        s = _screen(state)
        city = city_of(params["place"])
        return verdict([
            Clause("category_searched", f"the search is for {params['category']!r} (shows {s.query!r})",
                   names_city(s.query, params["category"])),
            Clause("results_near_place", f"a result near {city} is listed ({len(s.results)} rows)",
                   any(names_city(r, city) for r in s.results)),
        ], state)


class MapsExportLocation(MapsTemplate):
    """An export file (GPX/KML) in shared storage holds a point at the place."""

    semantic_id = "MapsExportLocation"
    instruction = "Look up {place} in {app} and export it as a GPX or KML file."
    complexity = 2.4

    def sample_params(self, rng: random.Random) -> Params:
        return {"place": random_place(rng)}

    def check(self, params: Params, state: MapsState, history: Sequence[MapsState], answer: str | None) -> Verdict:
        hit = [e.name for e in state.exports if any(p.at(params["place"]) for p in e.pins)]
        return verdict([Clause("exported", f"an exported file holds {params['place']}", bool(hit))],
                       state, matching_exports=hit)


class MapsShareLocation(MapsTemplate):
    """Android's share sheet is open with a preview naming the place (city or coordinates)."""

    semantic_id = "MapsShareLocation"
    instruction = "Share the location of {place} from {app}."
    complexity = 1.8

    def sample_params(self, rng: random.Random) -> Params:
        return {"place": random_place(rng)}

    def check(self, params: Params, state: MapsState, history: Sequence[MapsState], answer: str | None) -> Verdict:
        s = _screen(state)
        ok = s.package in SHARE_SHEET_PACKAGES and mentions_place(s.share_text, params["place"])
        return verdict([Clause("place_shared", f"the share sheet previews {params['place']} "
                                               f"(front: {s.package or '?'}, preview {s.share_text!r})", ok)], state)


TEMPLATES: list[type[MapsTemplate]] = [
    MapsSearchPlace, MapsAddFavorite, MapsRemoveFavorite, MapsAddMarker, MapsDeleteMarker,
    MapsRecordTrack, MapsGetDirections, MapsSearchNearbyPlace, MapsExportLocation, MapsShareLocation,
]
