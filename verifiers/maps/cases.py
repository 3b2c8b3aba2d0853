"""Conformance cases per Maps template: gold, tolerated variants and near misses (each breaks
exactly one clause). Every case is a state each of the three apps can hold: favourites and markers
are kept apart only where an app keeps them apart (OsmAnd); in Organic Maps and CoMaps a marker is
a bookmark, so no case tells the two apart. Screen cases are states the apps' screens can show
(the adapters drive the app there, see ``verifiers.maps.screen``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pytest_anyapp.templates.base import Params, TaskTemplate
from verifiers.bundle import Cases, NearMiss
from verifiers.maps.state import ExportFile, MapsState, Pin, ScreenRead, Track, city_of, coords_of, place_string
from verifiers.maps.templates import MapsDeleteMarker, decoy_city, pin


def other(place: str) -> str:
    """A different place (the decoy city), as a place string."""
    return place_string(decoy_city(place))


def off_by(place: str, delta: float = 0.004) -> Pin:
    """A point just outside the 0.001° tolerance."""
    lat, lon = coords_of(place)
    return Pin(name=city_of(place) if "," in place and not place[0].isdigit() else "Point", lat=lat + delta, lon=lon)


def cases(template: TaskTemplate[Any], params: Params) -> Cases:
    build = _BUILDERS.get(template.semantic_id)
    if build is None:
        raise KeyError(f"no conformance cases for {template.semantic_id}")
    init = template.initial_state(params)
    if not isinstance(init, MapsState):
        raise TypeError(f"{template.semantic_id} is not a Maps template")
    return build(init, params)


def _with(init: MapsState, **update: Any) -> MapsState:
    return init.model_copy(update=update)


def _search_place(init: MapsState, p: Params) -> Cases:
    city = city_of(p["place"])
    return Cases(
        gold=_with(init, screen=ScreenRead(card=city)),
        near_misses={
            "other_place_open": NearMiss(_with(init, screen=ScreenRead(card=decoy_city(p["place"]))), "place_open"),
            "typed_only": NearMiss(_with(init, screen=ScreenRead(query=city, results=[f"{city} · {city}"])),
                                   "place_open"),
        },
    )


def _add_favorite(init: MapsState, p: Params) -> Cases:
    return Cases(
        gold=_with(init, favorites=[pin("My favorite", p["place"])]),
        tolerated={"renamed": _with(init, favorites=[pin("home base", p["place"])])},
        near_misses={"other_place": NearMiss(_with(init, favorites=[pin("x", other(p["place"]))]), "favorite_added"),
                     "just_outside": NearMiss(_with(init, favorites=[off_by(p["place"])]), "favorite_added")},
    )


def _remove_favorite(init: MapsState, p: Params) -> Cases:
    kept = [f for f in init.favorites if not f.at(p["place"])]
    gold = _with(init, favorites=kept)
    return Cases(
        gold=gold,
        near_misses={
            "still_there": NearMiss(init, "favorite_removed"),
            "decoy_removed_too": NearMiss(_with(init, favorites=[]), "decoy_kept"),
            "never_seeded": NearMiss(gold, "seed_confirmed", first_read=gold),
        },
    )


def _add_marker(init: MapsState, p: Params) -> Cases:
    return Cases(
        gold=_with(init, markers=[pin("Marker", p["place"])]),
        near_misses={"other_place": NearMiss(_with(init, markers=[pin("x", other(p["place"]))]), "marker_added"),
                     "just_outside": NearMiss(_with(init, markers=[off_by(p["place"])]), "marker_added")},
    )


def _delete_marker(init: MapsState, p: Params) -> Cases:
    label = p["label"]
    kept = [m for m in init.markers if m.name != label]
    gold = _with(init, markers=kept)
    return Cases(
        gold=gold,
        near_misses={
            "still_there": NearMiss(init, "marker_deleted"),
            "decoy_deleted_too": NearMiss(_with(init, markers=[]), "decoy_kept"),
            "never_seeded": NearMiss(gold, "seed_confirmed", first_read=gold),
        },
        tolerated={"other_label_elsewhere_added": _with(
            init, markers=[*kept, pin(MapsDeleteMarker.decoy_label(MapsDeleteMarker.decoy_label(label)), p["place"])])},
    )


def _track(name: str, places: list[str]) -> Track:
    return Track(name=name, points=[coords_of(x) for x in places])


def _record_track(init: MapsState, p: Params) -> Cases:
    wps: list[str] = list(p["waypoints"])
    return Cases(
        gold=_with(init, tracks=[_track(p["track_name"], wps)]),
        tolerated={"detour_between": _with(init, tracks=[_track(p["track_name"].upper(),
                                                                 [wps[0], other(wps[0]), *wps[1:]])])},
        near_misses={"reversed": NearMiss(_with(init, tracks=[_track(p["track_name"], wps[::-1])]),
                                          "track_through_waypoints"),
                     "last_missing": NearMiss(_with(init, tracks=[_track(p["track_name"], wps[:-1])]),
                                              "track_through_waypoints")},
    )


def _directions(init: MapsState, p: Params) -> Cases:
    o, d = city_of(p["origin"]), city_of(p["destination"])

    def route(a: str, b: str) -> MapsState:
        return _with(init, screen=ScreenRead(route_from=a, route_to=b, route_summary="12 min · 8.4 km"))

    third = next(c for c in (decoy_city(p["origin"]), decoy_city(p["destination"]), decoy_city(place_string(
        decoy_city(p["origin"])))) if c not in (o, d))
    return Cases(
        gold=route(o, d),
        near_misses={"other_origin": NearMiss(route(third, d), "route_from"),
                     "other_destination": NearMiss(route(o, third), "route_to")},
    )


def _nearby(init: MapsState, p: Params) -> Cases:
    city, cat = city_of(p["place"]), p["category"]
    other_cat = {"coffee": "parking", "restaurant": "hotel", "hotel": "coffee", "parking": "restaurant"}[cat]
    elsewhere = decoy_city(p["place"])

    def results(query: str, where: str) -> MapsState:
        return _with(init, screen=ScreenRead(query=query, results=[f"{query.title()} place · {where}"]))

    return Cases(
        gold=results(cat, city),
        near_misses={"other_category": NearMiss(results(other_cat, city), "category_searched"),
                     "other_place": NearMiss(results(cat, elsewhere), "results_near_place")},
    )


def _export(init: MapsState, p: Params) -> Cases:
    return Cases(
        gold=_with(init, exports=[ExportFile(name=f"{city_of(p['place'])}.gpx", pins=[pin(p["place"], p["place"])])]),
        tolerated={"kmz_list_export": _with(init, exports=[ExportFile(
            name="My Places.kmz", pins=[pin("Elsewhere", other(p["place"])), pin(p["place"], p["place"])])])},
        near_misses={
            "other_place": NearMiss(_with(init, exports=[ExportFile(name="x.gpx", pins=[pin("x", other(p["place"]))])]),
                                    "exported"),
            "bookmarked_only": NearMiss(_with(init, favorites=[pin(p["place"], p["place"])]), "exported"),
        },
    )


def _share(init: MapsState, p: Params) -> Cases:
    def shared(place: str) -> MapsState:
        return _with(init, screen=ScreenRead(package="com.android.intentresolver", share_text=place))

    return Cases(
        gold=shared(p["place"]),
        near_misses={"other_place": NearMiss(shared(other(p["place"])), "place_shared")},
    )


_BUILDERS: dict[str, Callable[[MapsState, Params], Cases]] = {
    "MapsSearchPlace": _search_place,
    "MapsAddFavorite": _add_favorite,
    "MapsRemoveFavorite": _remove_favorite,
    "MapsAddMarker": _add_marker,
    "MapsDeleteMarker": _delete_marker,
    "MapsRecordTrack": _record_track,
    "MapsGetDirections": _directions,
    "MapsSearchNearbyPlace": _nearby,
    "MapsExportLocation": _export,
    "MapsShareLocation": _share,
}
