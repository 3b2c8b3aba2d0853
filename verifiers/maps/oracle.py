"""Gold UI solutions for the 10 Maps templates in the three Maps apps.

Each app is described once by a :class:`MapsUi` (search-first Organic Maps / CoMaps: Search and
Bookmarks in the bottom bar, Route from / Route to on the place page; menu-first OsmAnd: a search
button, a Menu leading to My Places, Map markers and Plan a route, Directions on the context
menu); the template scripts are written once against it. The same building blocks drive the apps
to a screen state when an adapter seeds a ``ui`` case (``verifiers.maps.screen``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, Literal

from pytest_anyapp.agents.oracle import By, Intent, Press, Tap, TypeInto
from verifiers.bundle import Script, gold_from_body

Steps = Generator[Intent, str, None]


@dataclass(frozen=True)
class MapsUi:
    """Where one app keeps the controls the Maps scripts need (and the ids a screen read uses)."""

    app_id: str
    package: str
    style: Literal["search_first", "menu_first"]
    search_entry: By
    search_res: str
    search_hint: str
    result_title_res: str
    result_subtitle_res: str
    card_title_res: str
    save: By
    marker: By | None  # None: a marker is a bookmark (Save)
    share: By
    export: str  # label in the place page's overflow menu
    route_from_res: str
    route_to_res: str
    route_summary_res: str
    #: Directions: Route from / Route to on the two place pages, or Directions + pick the start.
    route_flow: Literal["from_to", "planner"]
    menu: By
    saved_path: tuple[Intent, ...]  # from the map to the list of saved points
    saved_row_res: str
    delete_saved: Literal["card_toggle", "row_menu"]
    markers_path: tuple[Intent, ...] = ()
    marker_remove_desc: str = ""


ORGANIC = MapsUi(
    app_id="maps_organic_maps", package="app.organicmaps", style="search_first",
    search_entry=By(res="search"), search_res="query", search_hint="Search",
    result_title_res="title", result_subtitle_res="description", card_title_res="tv__title",
    save=By(res="save"), marker=None, share=By(text="Share", res="share"), export="Export KML",
    route_from_res="route_from", route_to_res="route_to", route_summary_res="time", route_flow="from_to",
    menu=By(text="Menu", res="menu"), saved_path=(Tap(By(text="Bookmarks", res="bookmarks")), Tap(By(text="My Places"))),
    saved_row_res="name", delete_saved="card_toggle",
)
COMAPS = MapsUi(**{**ORGANIC.__dict__, "app_id": "maps_comaps", "package": "app.comaps.fdroid"})
OSMAND = MapsUi(
    app_id="maps_osmand", package="net.osmand.plus", style="menu_first",
    search_entry=By(desc="Search", res="map_search"), search_res="searchEditText",
    search_hint="Search for address, place, POI", result_title_res="title", result_subtitle_res="type_name",
    card_title_res="context_menu_line1", save=By(res="context_menu_fav_button"),
    marker=By(text="Marker", res="context_menu_marker_button"), share=By(text="Share", res="context_menu_share_button"),
    export="Save as GPX", route_from_res="fromText", route_to_res="toText", route_summary_res="route_info",
    route_flow="planner", menu=By(text="Menu", res="map_menu_button"),
    saved_path=(Tap(By(text="Menu", res="map_menu_button")), Tap(By(text="My Places"))),
    saved_row_res="favourite_label", delete_saved="row_menu",
    markers_path=(Tap(By(text="Menu", res="map_menu_button")), Tap(By(text="Map markers"))),
    marker_remove_desc="Move to history",
)
APPS: tuple[MapsUi, ...] = (OSMAND, ORGANIC, COMAPS)


def ui_for(app_id: str) -> MapsUi | None:
    return next((u for u in APPS if u.app_id == app_id), None)


# -- building blocks ---------------------------------------------------------------------------

def search(ui: MapsUi, query: str) -> Steps:
    yield Tap(ui.search_entry)
    yield TypeInto(By(res=ui.search_res), query)


def open_place(ui: MapsUi, place: str) -> Steps:
    """Search the place (a name or "lat, lon") and open the best result's place page."""
    yield from search(ui, place)
    yield Tap(By(res=ui.result_title_res, nth=0))


def directions(ui: MapsUi, origin: str, destination: str) -> Steps:
    if ui.route_flow == "from_to":
        yield from open_place(ui, origin)
        yield Tap(By(text="Route from"))
        yield from open_place(ui, destination)
        yield Tap(By(text="Route to"))
    else:
        yield from open_place(ui, destination)
        yield Tap(By(text="Directions"))
        yield Tap(By(res=ui.route_from_res))
        yield TypeInto(By(res=ui.search_res), origin)
        yield Tap(By(res=ui.result_title_res, nth=0))


def nearby(ui: MapsUi, place: str, category: str) -> Steps:
    """Centre the map on the place (open its page, back to the map), then search the category."""
    yield from open_place(ui, place)
    yield Press("back")
    yield from search(ui, category)


def share(ui: MapsUi, place: str) -> Steps:
    yield from open_place(ui, place)
    yield Tap(ui.share)


def delete_saved(ui: MapsUi, name: str, index: int) -> Steps:
    """Delete the saved point ``name`` (the ``index``-th row of the list)."""
    yield from ui.saved_path
    if ui.delete_saved == "card_toggle":
        yield Tap(By(text=name, res=ui.saved_row_res))
        yield Tap(ui.save)  # the save button of a saved place deletes it
    else:
        yield Tap(By(desc="More options", nth=index))
        yield Tap(By(text="Delete"))
        yield Tap(By(text="Delete", res="button1"))


# -- one script per template ------------------------------------------------------------------------

def _search_place(ui: MapsUi, p: dict[str, str]) -> Steps:
    yield from open_place(ui, p["place"])


def _add_favorite(ui: MapsUi, p: dict[str, str]) -> Steps:
    yield from open_place(ui, p["place"])
    yield Tap(ui.save)


def _remove_favorite(ui: MapsUi, p: dict[str, str]) -> Steps:
    yield from delete_saved(ui, p["place"], 0)  # seeded first (templates.MapsRemoveFavorite.initial_state)


def _add_marker(ui: MapsUi, p: dict[str, str]) -> Steps:
    yield from open_place(ui, p["place"])
    yield Tap(ui.marker or ui.save)


def _delete_marker(ui: MapsUi, p: dict[str, str]) -> Steps:
    if ui.markers_path:
        yield from ui.markers_path
        yield Tap(By(desc=ui.marker_remove_desc, nth=0))  # seeded first (MapsDeleteMarker.initial_state)
    else:  # a marker is a bookmark named after its label
        yield from delete_saved(ui, p["label"], 0)


def _record_track(ui: MapsUi, p: dict[str, Any]) -> Steps:
    waypoints: list[str] = p["waypoints"]
    if ui.route_flow == "from_to":  # plan the route (start, finish, stops from place pages), save it as a track
        yield from open_place(ui, waypoints[0])
        yield Tap(By(text="Route from"))
        yield from open_place(ui, waypoints[-1])
        yield Tap(By(text="Route to"))
        for wp in waypoints[1:-1]:
            yield from open_place(ui, wp)
            yield Tap(By(text="Add stop"))
        yield Tap(By(text="Save", res="btn__save"))  # RoutingBottomMenuController: Framework.nativeSaveRoute()
        return
    yield Tap(ui.menu)
    yield Tap(By(text="Plan a route"))
    yield TypeInto(By(res="track_name"), str(p["track_name"]))
    for wp in waypoints:
        yield Tap(By(text="Add point"))
        yield TypeInto(By(res=ui.search_res), wp)
        yield Tap(By(res=ui.result_title_res, nth=0))
    yield Tap(By(text="Save", res="save_track"))


def _directions(ui: MapsUi, p: dict[str, str]) -> Steps:
    yield from directions(ui, p["origin"], p["destination"])


def _nearby(ui: MapsUi, p: dict[str, str]) -> Steps:
    yield from nearby(ui, p["place"], p["category"])


def _export(ui: MapsUi, p: dict[str, str]) -> Steps:
    yield from open_place(ui, p["place"])
    yield Tap(By(desc="More options"))
    yield Tap(By(text=ui.export))


def _share(ui: MapsUi, p: dict[str, str]) -> Steps:
    yield from share(ui, p["place"])


BODIES: dict[str, Callable[[MapsUi, dict[str, Any]], Steps]] = {
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


def gold_script(semantic_id: str, app_id: str) -> Script | None:
    """The gold script of a pair: the template's body run against the app's UI description."""
    return gold_from_body(BODIES.get(semantic_id), ui_for(app_id))
