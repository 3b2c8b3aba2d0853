"""CoMaps 2026.04.23-19-FDroid (``app.comaps.fdroid``), a community fork of Organic Maps.

Same lineage and layout as Organic Maps: Search, Bookmarks and Menu in the bottom bar, a place page
with Save / Route from / Route to / Share (Add stop while a route is planned; the route panel
saves the route as a track), bookmarks per list in KML under ``files/bookmarks``.
Differences carried here (unverified against the real app: docs/maps.md says so): the app's own
links in shared text, its wording of the bookmarks screen and the route panel's start, and the
route line's format (distance first).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.maps.kit import Icon, MapsApp, MapsSkin

SKIN = MapsSkin(
    home="search_first", store="kml", list_levels="lists_first", delete_flow="card_toggle", route_flow="from_to",
    summary_order="distance_first",
    bottom=(Icon("search", "Search", "search", "search"), Icon("star", "Bookmarks", "bookmarks", "saved"),
            Icon("menu", "Menu", "menu", "menu")),
    menu=(("Download maps", ""), ("Settings", ""), ("About CoMaps", "")),
    search_id="query", search_hint="Search", search_clicks_on_enter=True, results_id="recycler", result_title_id="title",
    result_subtitle_id="description", card_title_id="tv__title", card_subtitle_id="tv__subtitle",
    card_actions=(Icon("star", "Save", "save", "save"), Icon("route_from", "Route from", "button_route_from", "route_from"),
                  Icon("route_to", "Route to", "button_route_to", "route_to"), Icon("share", "Share", "share", "share")),
    card_menu=(("Export KML", "export"),),
    add_stop="Add stop", save_route="Save",
    saved_label="Delete", saved_title="Bookmarks", saved_list_id="recycler", saved_row_id="name",
    route_from_id="route_from", route_to_id="route_to", route_summary_id="time", my_position="Your location",
    share_text="{name}\nhttps://comaps.at/?ll={lat:.5f},{lon:.5f}",
    lineage="organic-maps",
)


class CoMaps(MapsApp):
    package = "app.comaps.fdroid"
    label = "CoMaps"
    version_name, version_code = "2026.04.23-19-FDroid", 26042319
    launch_activity = "app.comaps.SplashActivity"
    icon_color = "#2E6B8A"
    skin = SKIN
