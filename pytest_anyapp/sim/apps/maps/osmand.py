"""OsmAnd~ 5.3.7 (``net.osmand.plus``), the AndroidWorld original.

Menu-first: a search button on the map and a Menu button that leads to My Places (favourites),
Map markers and Plan a route. A place's context menu offers Favorite, Marker, Share and Directions;
the Directions panel starts at "My position" and its start is picked by searching. Favourites are
GPX waypoints, markers rows of ``map_markers_db`` (removing one moves it to the history), planned
routes GPX files under ``files/tracks``; a favourite is deleted from its row menu, with a confirmation.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.maps.kit import Icon, MapsApp, MapsSkin

SKIN = MapsSkin(
    home="menu_first", store="gpx", list_levels="points", delete_flow="row_menu", route_flow="planner",
    bottom=(Icon("menu", "Menu", "map_menu_button", "menu"),),
    menu=(("My Places", "saved"), ("Map markers", "markers"), ("Plan a route", "plan"), ("Settings", "")),
    search_id="searchEditText", search_hint="Search for address, place, POI", results_id="list",
    search_action_appends_space=True, planner_name_multiline=True,
    result_title_id="title", result_subtitle_id="type_name", card_title_id="context_menu_line1",
    card_subtitle_id="context_menu_line2",
    card_actions=(Icon("star", "Favorite", "context_menu_fav_button", "save"),
                  Icon("marker", "Marker", "context_menu_marker_button", "marker"),
                  Icon("share", "Share", "context_menu_share_button", "share"),
                  Icon("directions", "Directions", "context_menu_route_button", "directions")),
    card_menu=(("Save as GPX", "export"),),
    saved_label="Edit", saved_title="My Places", saved_list_id="favourites_list", saved_row_id="favourite_label",
    list_name="Favorites", row_menu=(("Edit", ""), ("Delete", "delete")), confirm_delete="Delete",
    markers_title="Map markers", marker_remove=Icon("history", "Move to history", "marker_history"),
    route_from_id="fromText", route_to_id="toText", route_summary_id="route_info",
    planner_title="Plan a route", planner_add="Add point", planner_save="Save",
    share_text="{name}\n{lat:.5f}, {lon:.5f}\nhttps://osmand.net/map?pin={lat:.5f},{lon:.5f}",
)


class OsmAnd(MapsApp):
    package = "net.osmand.plus"
    label = "OsmAnd~"
    version_name, version_code = "5.3.7", 530702
    launch_activity = ".activities.MapActivity"
    icon_color = "#FF8800"
    skin = SKIN
