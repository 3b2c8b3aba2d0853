"""Organic Maps 2026.04.07-8-FDroid (``app.organicmaps``).

Search-first: the map's bottom bar holds Search, Bookmarks and Menu. A place page offers Save
(bookmark), Route from, Route to and Share; while a route is planned it also offers Add stop,
and the route panel saves the route as a track; the save button of a bookmarked place deletes the
bookmark. Bookmarks are listed per bookmark list (``My Places`` first). Bookmarks and saved tracks
are KML files under ``files/bookmarks`` (docs/maps.md, storage profiles).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.maps.kit import Icon, MapsApp, MapsSkin

SKIN = MapsSkin(
    home="search_first", store="kml", list_levels="lists_first", delete_flow="card_toggle", route_flow="from_to",
    bottom=(Icon("search", "Search", "search", "search"), Icon("star", "Bookmarks", "bookmarks", "saved"),
            Icon("menu", "Menu", "menu", "menu")),
    menu=(("Download maps", ""), ("Settings", ""), ("Help", "")),
    search_id="query", search_hint="Search", search_clicks_on_enter=True, results_id="recycler", result_title_id="title",
    result_subtitle_id="description", card_title_id="tv__title", card_subtitle_id="tv__subtitle",
    card_actions=(Icon("star", "Save", "save", "save"), Icon("route_from", "Route from", "button_route_from", "route_from"),
                  Icon("route_to", "Route to", "button_route_to", "route_to"), Icon("share", "Share", "share", "share")),
    card_menu=(("Export KML", "export"),),
    add_stop="Add stop", save_route="Save",
    saved_label="Delete", saved_title="Bookmarks and Tracks", saved_list_id="recycler", saved_row_id="name",
    route_from_id="route_from", route_to_id="route_to", route_summary_id="time",
    share_text="{name}\nhttps://omaps.app/?ll={lat:.5f},{lon:.5f}",
    lineage="organic-maps",
)


class OrganicMaps(MapsApp):
    package = "app.organicmaps"
    label = "Organic Maps"
    version_name, version_code = "2026.04.07-8-FDroid", 26040708
    launch_activity = ".SplashActivity"
    icon_color = "#3A7D44"
    skin = SKIN
