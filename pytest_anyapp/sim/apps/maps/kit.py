"""The Maps screen kit: the category's screens written once, with explicit variation points.

A Maps app double is a declarative :class:`MapsSkin` plus metadata. Variation points:

* **entry flow** (``home``): ``search_first`` — the map opens with a search control in the bottom
  bar next to the bookmarks (Organic Maps, CoMaps); ``menu_first`` — a search button on the map and
  a main menu that leads to My Places, map markers and route planning (OsmAnd);
* **store** (``store``): ``kml`` bookmarks (Organic Maps, CoMaps) or ``gpx`` favourites + the
  ``map_markers_db`` markers (OsmAnd); markers exist only with ``gpx`` (elsewhere "marker" is a bookmark);
* **saved lists** (``list_levels``): a list of bookmark lists first (``My Places`` ...) or the points at once;
* **deleting a saved point** (``delete_flow``): toggling the place page's save button, or a row menu + confirm;
* **directions** (``route_flow``): ``from_to`` buttons on the place page, or ``planner`` (a
  Directions button opens a from/to panel whose "from" is picked by searching);
* **tracks**: a ``Plan a route`` planner in the menu (OsmAnd), or stops added from place pages
  (``add_stop``) and the route panel's ``save_route`` (Organic Maps, CoMaps);
* **route line format** (``summary_order``): time or distance first;
* **place page actions / menus / labels / resource ids**: ``Icon`` tuples and ``Menu`` tuples by
  action name (``save``, ``marker``, ``share``, ``route_from``, ``route_to``, ``directions``, ``export``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pytest_anyapp.sim.apps.base import AlertDialog, Screen, SimApp
from pytest_anyapp.sim.apps.intentresolver import open_share_sheet
from pytest_anyapp.sim.apps.maps.store import (
    PLACES,
    GpxFavorites,
    KmlBookmarks,
    MarkersDb,
    Point,
    export_gpx,
    export_kml,
    find_places,
    find_pois,
    parse_coords,
    route_summary,
)
from pytest_anyapp.sim.apps.skin import Icon as Icon
from pytest_anyapp.sim.ui import theme
from pytest_anyapp.sim.ui.views import (
    Box,
    Button,
    Column,
    EditText,
    ImageButton,
    ListItem,
    Row,
    Scaffold,
    ScrollList,
    Spacer,
    TextView,
    Toolbar,
    View,
    active_screen,
)

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice

Menu = tuple[tuple[str, str], ...]  # (label, action name)


@dataclass(frozen=True)
class MapsSkin:
    home: Literal["search_first", "menu_first"]
    store: Literal["kml", "gpx"]
    list_levels: Literal["lists_first", "points"]
    delete_flow: Literal["card_toggle", "row_menu"]
    route_flow: Literal["from_to", "planner"]
    bottom: tuple[Icon, ...]  # bottom bar of the map (action names: search, saved, menu)
    menu: Menu  # main menu (actions: saved, markers, plan)
    search_id: str
    search_hint: str
    results_id: str
    result_title_id: str
    result_subtitle_id: str
    card_title_id: str
    card_subtitle_id: str
    card_actions: tuple[Icon, ...]
    card_menu: Menu = ()
    #: The search field has an OnClickListener and a listener acting on the Search action only
    #: (Organic Maps' SearchToolbarController: ``mQuery.setOnClickListener``, IME_ACTION_SEARCH /
    #: KEYCODE_SEARCH): a hardware Enter performs the field's click instead of moving the focus.
    search_clicks_on_enter: bool = False
    #: The search field declares ``actionSearch`` and its listener acts on IME_ACTION_SEARCH only, appending a space
    #: to the query and hiding the keyboard (OsmAnd's QuickSearchDialogFragment, search_text_layout.xml); a hardware
    #: Enter (IME_NULL) is not handled, so Android's default moves the focus.
    search_action_appends_space: bool = False
    #: The computed route's line: "12 min · 8.4 km" or "8.4 km · 12 min".
    summary_order: Literal["time_first", "distance_first"] = "time_first"
    saved_label: str = "Delete"  # the save button of a saved place (card_toggle)
    saved_title: str = "Bookmarks"
    saved_list_id: str = "recycler"
    saved_row_id: str = "name"
    list_name: str = "My Places"
    row_menu: Menu = ()
    confirm_delete: str = "Delete"
    markers_title: str = ""
    marker_remove: Icon | None = None
    route_from_id: str = "route_from"
    route_to_id: str = "route_to"
    route_summary_id: str = "route_summary"
    my_position: str = "My position"
    add_stop: str = ""  # place-page action while a route is planned ("" = none)
    save_route: str = ""  # route panel action saving the route as a track ("" = none)
    save_route_id: str = "btn__save"
    saved_route: str = "Saved"  # the save button's text once the route is saved (disabled)
    planner_title: str = "Plan a route"
    planner_name_id: str = "track_name"
    #: The track name is a plain EditText without inputType or singleLine, which TextView makes multi-line (Enter
    #: types a line break; the name is trimmed on save): OsmAnd's track_name_edit_text.xml
    #: (SaveAsNewTrackBottomSheetDialogFragment). False: a single-line field.
    planner_name_multiline: bool = False
    planner_add: str = "Add point"
    planner_save: str = "Save"
    share_text: str = "{name}\n{lat:.5f}, {lon:.5f}"
    lineage: str = ""
    overrides: tuple[str, ...] = field(default_factory=tuple)


class MapsApp(SimApp):
    """A Maps app double: metadata on the subclass, everything else from its ``skin``."""

    skin: ClassVar[MapsSkin]
    permissions = tuple(f"android.permission.{p}" for p in (
        "ACCESS_COARSE_LOCATION", "ACCESS_FINE_LOCATION", "POST_NOTIFICATIONS", "INTERNET"))

    def __init__(self, device: SimDevice) -> None:
        super().__init__(device)
        self.route_from: Point | None = None
        self.route_to: Point | None = None
        self.route_stops: list[Point] = []
        self.center = ""  # the place the map was last centred on (nearby searches look there)

    def on_create(self) -> None:
        if self.skin.store == "gpx":
            MarkersDb(self).create()
            GpxFavorites(self).load()

    @property
    def saved(self) -> KmlBookmarks | GpxFavorites:
        return KmlBookmarks(self) if self.skin.store == "kml" else GpxFavorites(self)

    def is_saved(self, p: Point) -> Point | None:
        return next((q for q in self.saved.points() if abs(q.lat - p.lat) < 1e-6 and abs(q.lon - p.lon) < 1e-6), None)


class MapsScreen(Screen):
    @property
    def maps(self) -> MapsApp:
        assert isinstance(self.app, MapsApp)
        return self.app

    @property
    def skin(self) -> MapsSkin:
        return self.maps.skin

    def run(self, action: str, point: Point | None = None) -> Callable[[], Any] | None:
        handlers: dict[str, Callable[[], Any]] = {
            "search": lambda: self.push(Search(self.app)),
            "saved": lambda: self.push(SavedLists(self.app) if self.skin.list_levels == "lists_first"
                                       else SavedPoints(self.app)),
            "markers": lambda: self.push(Markers(self.app)),
            "plan": lambda: self.push(Planner(self.app)),
            "menu": lambda: active_screen().show_menu([(label, self.run(a)) for label, a in self.skin.menu]),
        }
        return handlers.get(action)

    def icons(self, icons: tuple[Icon, ...], run: Callable[[str], Callable[[], Any] | None]) -> list[View]:
        return [ImageButton(i.icon, i.desc, on_click=run(i.action), id=i.id or None) for i in icons]


class MapHome(MapsScreen):
    """The map. Search-first apps put Search in the bottom bar; menu-first apps a search button on
    the map and everything else in the menu."""

    def build(self) -> View:
        top = None
        if self.skin.home == "menu_first":
            top = Row(Spacer(weight=1.0), ImageButton("search", "Search", on_click=self.run("search"), id="map_search"),
                      padding=(8, 8))
        bar = Row(*[Button(i.desc, self.run(i.action), id=i.id or None, style="text") for i in self.skin.bottom],
                  id="bottom_bar", padding=(8, 8), background=theme.SURFACE)
        return Scaffold(top, Box(id="map_view", weight=1.0, background="#E8F0D8"), bottom=bar)


class Search(MapsScreen):
    """Search field + results: places by name (or typed "lat, lon"), or a category's POIs around
    the place the map was last centred on. ``pick`` returns the tapped result instead of opening it."""

    def __init__(self, app: SimApp, pick: Callable[[Point], Any] | None = None) -> None:
        super().__init__(app)
        self.pick = pick
        self.focus(self.skin.search_id)

    def results(self) -> list[Point]:
        query = self.field(self.skin.search_id).strip()
        coords = parse_coords(query)
        if coords is not None:
            return [coords]
        return find_pois(query.lower(), self.maps.center) or find_places(query)

    def build(self) -> View:
        rows = [ListItem(p.name, p.subtitle, title_id=self.skin.result_title_id, subtitle_id=self.skin.result_subtitle_id,
                         on_click=lambda p=p: self.open(p)) for p in self.results()]
        clicks, spaces = self.skin.search_clicks_on_enter, self.skin.search_action_appends_space
        sid = self.skin.search_id
        field = EditText(sid, hint=self.skin.search_hint, ime_action="search" if clicks or spaces else None,
                         on_click=(lambda: None) if clicks else None,  # onQueryClick: nothing seen (assumed)
                         on_ime_action=(lambda text: self.set_field(sid, text + " ")) if spaces else None)
        return Scaffold(Toolbar("", nav="back"), field, ScrollList(*rows, id=self.skin.results_id))

    def open(self, p: Point) -> None:
        if self.pick is not None:
            self.pick(p)
            self.finish()
        else:
            self.replace(PlaceCard(self.app, p))


class PlaceCard(MapsScreen):
    """The place page: title, coordinates, the skin's actions; opening it centres the map."""

    def __init__(self, app: SimApp, point: Point) -> None:
        super().__init__(app)
        self.point = point
        if point.name in PLACES:
            self.maps.center = point.name

    def build(self) -> View:
        p = self.point
        saved = self.maps.is_saved(p) is not None
        actions = [Button(self.skin.saved_label if (i.action == "save" and saved) else i.desc, self.act(i.action),
                          id=i.id or None, style="text") for i in self.skin.card_actions]
        if self.skin.add_stop and self.maps.route_to is not None:
            actions.append(Button(self.skin.add_stop, self.do_add_stop, id="add_stop", style="text"))
        menu = [(label, self.act(a)) for label, a in self.skin.card_menu]
        return Scaffold(Toolbar("", nav="back", menu=menu), Box(weight=1.0, background="#E8F0D8"), Column(
            TextView(p.name, id=self.skin.card_title_id, size=22, padding=(16, 8)),
            TextView(p.subtitle + f" · {p.lat:.5f}, {p.lon:.5f}", id=self.skin.card_subtitle_id, size=14,
                     padding=(16, 0)),
            Row(*actions, padding=(8, 8)), background=theme.SURFACE))

    def act(self, action: str) -> Callable[[], Any]:
        return lambda: getattr(self, f"do_{action}")()

    def do_save(self) -> None:
        existing = self.maps.is_saved(self.point)
        if existing is not None and self.skin.delete_flow == "card_toggle":
            self.maps.saved.remove(existing)
        elif existing is None:
            self.maps.saved.add(self.point)
            self.toast(f"Saved to {self.skin.list_name}")

    def do_marker(self) -> None:
        if self.skin.store == "gpx":
            MarkersDb(self.maps).add(self.point)
        else:
            self.do_save()

    def do_share(self) -> None:
        p = self.point
        open_share_sheet(self.device, self.skin.share_text.format(name=p.name, lat=p.lat, lon=p.lon))

    def do_export(self) -> None:
        path = export_gpx(self.maps, self.point) if self.skin.store == "gpx" else export_kml(self.maps, self.point)
        self.toast(f"Exported to {path.rsplit('/', 2)[-2]}")

    def do_route_from(self) -> None:
        self.maps.route_from = self.point
        if self.maps.route_to is not None:
            self.replace(RoutePanel(self.app))
        else:
            self.finish()

    def do_route_to(self) -> None:
        self.maps.route_to = self.point
        self.replace(RoutePanel(self.app))

    def do_add_stop(self) -> None:
        """Adds the place as an intermediate stop and returns to the route panel below."""
        self.maps.route_stops.append(self.point)
        self.finish()

    def do_directions(self) -> None:
        self.maps.route_from, self.maps.route_to = None, self.point
        self.replace(RoutePanel(self.app))


class RoutePanel(MapsScreen):
    """From / to and, once both ends are known, the computed route's time and distance. In the
    planner flow a tap on "from" searches the start point."""

    def build(self) -> View:
        a, b = self.maps.route_from, self.maps.route_to
        pick_from = (lambda: self.push(Search(self.app, pick=self.set_from))) if self.skin.route_flow == "planner" else None
        summary = route_summary(a, b) if a is not None and b is not None else ""
        if summary and self.skin.summary_order == "distance_first":
            summary = " · ".join(reversed(summary.split(" · ")))
        s = self.skin
        search = [ImageButton("search", "Search", on_click=self.run("search"), id="search")] if s.add_stop else []
        save = (Button(s.saved_route if self.saved_route else s.save_route, self.save_route, id=s.save_route_id,
                       enabled=not self.saved_route) if s.save_route and summary else None)
        return Scaffold(Toolbar("", nav="back", on_nav=self.close, actions=search), Column(
            TextView(a.name if a else s.my_position, id=s.route_from_id, on_click=pick_from, padding=16),
            *[TextView(p.name, id="stop", padding=(32, 8)) for p in self.maps.route_stops],
            TextView(b.name if b else "", id=s.route_to_id, padding=16),
            TextView(summary, id=s.route_summary_id, size=18, padding=16) if summary else None,
            save, background=theme.SURFACE), Box(weight=1.0, background="#E8F0D8"))

    saved_route = False

    def save_route(self) -> None:
        """The planned route (start, stops, finish) saved as a track named after its ends; the
        button then reads "Saved" and is disabled."""
        a, b = self.maps.route_from, self.maps.route_to
        if a is not None and b is not None and not self.saved_route:
            self.maps.saved.save_track(f"{a.name} - {b.name}", [a, *self.maps.route_stops, b])
            self.saved_route = True

    def set_from(self, p: Point) -> None:
        self.maps.route_from = p

    def close(self) -> None:
        self.maps.route_from = self.maps.route_to = None
        self.maps.route_stops = []
        self.finish()

    def on_back(self) -> bool:
        self.close()
        return True


class SavedLists(MapsScreen):
    def build(self) -> View:
        n = len(self.maps.saved.points())
        return Scaffold(Toolbar(self.skin.saved_title, nav="back"), ScrollList(
            ListItem(self.skin.list_name, f"{n} bookmark{'s' if n != 1 else ''}", title_id="list_name",
                     on_click=lambda: self.push(SavedPoints(self.app))), id="lists"))


class SavedPoints(MapsScreen):
    def build(self) -> View:
        rows = []
        for p in self.maps.saved.points():
            more = None
            if self.skin.delete_flow == "row_menu":
                items = [(label, (lambda p=p: self.ask_delete(p)) if a == "delete" else None) for label, a in self.skin.row_menu]
                more = ImageButton("more", "More options", on_click=lambda items=items: self.show_menu(items))
            rows.append(ListItem(p.name, f"{p.lat:.5f}, {p.lon:.5f}", title_id=self.skin.saved_row_id, trailing=more,
                                 on_click=lambda p=p: self.push(PlaceCard(self.app, p))))
        title = self.skin.list_name if self.skin.list_levels == "lists_first" else self.skin.saved_title
        return Scaffold(Toolbar(title, nav="back"), ScrollList(*rows, id=self.skin.saved_list_id))

    def ask_delete(self, p: Point) -> None:
        self.show_dialog(AlertDialog(f"Delete {p.name}?", positive=(self.skin.confirm_delete,
                                                                    lambda: self.maps.saved.remove(p)),
                                     negative=("Cancel", None)))


class Markers(MapsScreen):
    """Active map markers; the row's remove icon moves a marker to the history."""

    def build(self) -> View:
        db, rm = MarkersDb(self.maps), self.skin.marker_remove
        rows = [ListItem(p.name, f"{p.lat:.5f}, {p.lon:.5f}", title_id="marker_name", trailing=ImageButton(
            rm.icon, rm.desc, on_click=lambda m=mid: db.to_history(m), id=rm.id or None) if rm else None)
            for mid, p in db.active()]
        return Scaffold(Toolbar(self.skin.markers_title, nav="back"), ScrollList(*rows, id="markers_list"))


class Planner(MapsScreen):
    """Route planning: a name, points added by searching, Save writes a track file."""

    def __init__(self, app: SimApp) -> None:
        super().__init__(app)
        self.points: list[Point] = []

    def build(self) -> View:
        s = self.skin
        return Scaffold(Toolbar(s.planner_title, nav="back"), EditText(s.planner_name_id, hint="Track name",
                                                                      multiline=s.planner_name_multiline),
                        ScrollList(*[TextView(f"{i + 1}. {p.name}", id="point_name", padding=(16, 8))
                                     for i, p in enumerate(self.points)], id="points"),
                        Row(Button(s.planner_add, lambda: self.push(Search(self.app, pick=self.points.append)),
                                   id="add_point", style="text"),
                            Button(s.planner_save, self.save, id="save_track"), padding=(8, 8)))

    def save(self) -> None:
        if len(self.points) < 2:
            self.toast("Add at least two points")
            return
        name = self.field(self.skin.planner_name_id).strip() or f"{self.points[0].name} - {self.points[-1].name}"
        self.maps.saved.save_track(name, self.points)
        self.toast("Track saved")
        self.finish()


MapsApp.home = MapHome  # every skin's launch screen (an app may set its own)
