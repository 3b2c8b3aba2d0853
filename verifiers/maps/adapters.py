"""The three Maps apps' adapters (docs/maps.md, "Storage profiles"):

* OsmAnd 5.3.7: favourites in GPX (``favorites/favorites.gpx``), markers in SQLite
  (``map_markers_db``), planned routes/tracks as GPX under ``files/tracks``.
* Organic Maps / CoMaps: bookmarks and tracks as KML under ``files/bookmarks`` (``My Places.kml``
  is the default list); a "marker" is a bookmark (the apps have no separate markers).
* Exports (all three): GPX/KML files in shared ``Download``/``Documents``.

Templates whose outcome is the screen (place page, computed route, results list, Android's share
sheet) are ``ui`` pairs: the screen is read by the app's resource ids (``verifiers.maps.screen``).
"""

from __future__ import annotations

import base64
import copy
import shlex
from typing import TYPE_CHECKING, Any, ClassVar

from pytest_anyapp.catalog.apps import app_by_id
from pytest_anyapp.catalog.models import AppSpec
from pytest_anyapp.device.parsers import parses
from pytest_anyapp.errors import DeviceError, VerifierReadError
from pytest_anyapp.templates.base import TaskTemplate
from verifiers.base import (
    AppAdapter,
    FidelityReading,
    LaunchGuard,
    LaunchGuards,
    PairMode,
    RawSnapshot,
    SourceRef,
    StorageProfile,
    own_app_files,
)
from verifiers.maps.files import geo_file, gpx, kml, kmz
from verifiers.maps.oracle import COMAPS, ORGANIC, OSMAND, MapsUi
from verifiers.maps.screen import read_screen, show
from verifiers.maps.state import ExportFile, MapsState, Pin, ScreenRead, Track

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

MAPS_PERMISSIONS: tuple[str, ...] = tuple(
    f"android.permission.{p}" for p in ("ACCESS_COARSE_LOCATION", "ACCESS_FINE_LOCATION", "POST_NOTIFICATIONS"))
EXPORT_DIRS: tuple[str, ...] = ("/sdcard/Download", "/sdcard/Documents")
EXPORT_EXTS: tuple[str, ...] = ("gpx", "kml", "kmz")
FILE_MARK = "@@FILE "
MARKERS_MARK = "@@MARKERS"
SEP = "\x1f"

#: Why each screen template is ``ui`` (the same for all three apps).
UI_REASONS: dict[str, str] = {
    "MapsSearchPlace": "the outcome is the open place page: opening a search result writes nothing the apps keep "
                       "(search history records typed queries, not an opened place)",
    "MapsGetDirections": "the outcome is the computed route on screen; a built route is kept in memory only "
                         "(no store of the apps records it as the user sees it)",
    "MapsSearchNearbyPlace": "the outcome is the results list on screen; search results are not stored",
    "MapsShareLocation": "the outcome is Android's share sheet showing the shared text; Android's activity record "
                         "prints that intent's text only as '(has extras)' / '(has clip)' (Intent.toInsecureString, "
                         "AOSP android-13 core/java/android/content/Intent.java), so the preview is read off the screen",
}


def _files_script(dirs: tuple[str, ...], exts: tuple[str, ...]) -> str:
    """Every matching file of ``dirs`` as ``@@FILE <path>`` + one base64 line (one shell call)."""
    globs = " ".join(f"{shlex.quote(d)}/*.{e}" for d in dirs for e in exts)
    return (f'for f in {globs}; do if [ -f "$f" ]; then echo "{FILE_MARK}$f"; base64 -w 0 "$f"; echo; fi; done')


def _write_script(files: dict[str, bytes]) -> list[str]:
    out: list[str] = []
    for path, data in files.items():
        parent = path.rsplit("/", 1)[0]
        b64 = base64.b64encode(data).decode()
        out.append(f"mkdir -p {shlex.quote(parent)} && printf %s {b64} | base64 -d > {shlex.quote(path)}")
    return out


def _files(lines: list[str]) -> list[tuple[str, str]]:
    """The read's files as ``(path, base64 output)``: each ``@@FILE <path>`` line and the line after it
    (what ``base64 -w 0 <path>`` printed, parsed by :func:`geo_file`)."""
    out: list[tuple[str, str]] = []
    it = iter(lines)
    for line in it:
        if line.startswith(FILE_MARK):
            out.append((line[len(FILE_MARK):], next(it, "")))
    return out


def _exports(files: list[tuple[str, str]]) -> list[ExportFile]:
    return [ExportFile(name=path.rsplit("/", 1)[-1], pins=geo_file(b64, path)[0])
            for path, b64 in files if path.startswith(EXPORT_DIRS)]


def _export_files(state: MapsState) -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    for e in state.exports:
        path = f"{EXPORT_DIRS[0]}/{e.name}"
        if e.name.endswith(".gpx"):
            out[path] = gpx(e.pins)
        elif e.name.endswith(".kmz"):
            out[path] = kmz(e.name.removesuffix(".kmz"), e.pins)
        else:
            out[path] = kml(e.name, e.pins)
    return out


def _safe(name: str) -> str:
    return "".join("_" if c in ':/\\<>"|?*' else c for c in name).strip() or "Untitled"


class MapsAdapter(AppAdapter[MapsState]):
    """Shared by the three apps: the ``ui``/durable split per template and the screen read."""

    app: ClassVar[AppSpec]
    ui: ClassVar[MapsUi]
    #: No ``pm clear``: the real apps would show their first-run map-download screens again (notes
    #: §5C); ``seed`` replaces every store the criteria read instead.
    clear_on_init: ClassVar[bool] = False
    runtime_permissions: ClassVar[tuple[str, ...]] = MAPS_PERMISSIONS
    read_screen: bool = False

    def for_template(self, template: TaskTemplate[Any]) -> MapsAdapter:
        bound = copy.copy(self)
        bound.read_screen = template.semantic_id in UI_REASONS
        return bound

    def validation_mode(self, template: TaskTemplate[Any]) -> PairMode:
        if template.semantic_id in UI_REASONS:
            return PairMode(mode="ui", reason=UI_REASONS[template.semantic_id])
        return super().validation_mode(template)

    def readable_part(self, state: MapsState) -> MapsState:
        if self.read_screen:
            return MapsState(screen=state.screen)
        return self.store_view(state.model_copy(update={"screen": None}))

    def store_view(self, state: MapsState) -> MapsState:
        """The durable state as this app's stores can hold it (default: as is)."""
        return state

    def seed(self, device: DeviceClient, state: MapsState) -> None:
        self.seed_stores(device, state)
        device.force_stop(self.app.package)  # the apps load their stores at start
        if self.read_screen:  # a screen pair starts from the app's own first screen
            show(device, self.app.package, self.ui, state.screen or ScreenRead())

    def seed_stores(self, device: DeviceClient, state: MapsState) -> None:
        raise NotImplementedError

    def clear_exports(self) -> str:
        return "rm -f " + " ".join(f"{shlex.quote(d)}/*.{e}" for d in EXPORT_DIRS for e in EXPORT_EXTS)

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        if self.read_screen:
            return {"screen": [device.ui_dump()]}
        try:
            out = device.check(self.read_script())
        except DeviceError as exc:
            raise VerifierReadError(f"could not read the {self.app.display_name} stores: {exc}") from exc
        return {"stores": [line for line in out.split("\n") if line]}

    def read_script(self) -> str:
        raise NotImplementedError

    def parse(self, raw: RawSnapshot) -> MapsState:
        if self.read_screen or "screen" in raw:
            if "screen" not in raw:
                raise VerifierReadError("a screen pair's snapshot has no 'screen' read")
            return MapsState(screen=read_screen("".join(raw["screen"]), self.ui))
        if "stores" not in raw:
            raise VerifierReadError("Maps snapshot has no 'stores' read")
        return self.parse_stores(raw["stores"])

    def parse_stores(self, lines: list[str]) -> MapsState:
        raise NotImplementedError


# -- Organic Maps / CoMaps --------------------------------------------------------------------------

def _organic_profiles(package: str, repo: str, tag: str) -> tuple[StorageProfile, ...]:
    base = f"/data/data/{package}/files/bookmarks"
    src = SourceRef(repo=repo, tag=tag, files=(
        "libs/kml/serdes.cpp (KML 2.2 writer: Placemark > Point/coordinates 'lon,lat'; tracks as LineString / "
        "gx:Track)", "libs/map/bookmark_helpers.cpp (GetBookmarksDirectory = SettingsDir()/bookmarks, one .kml per "
        "bookmark list, default list 'My Places')", "libs/map/bookmark_manager.cpp (bookmark list saved on change)"),
        note="paths and format as the prior release read them (the prior release's setup); the helper read GetBookmarksDirectory "
             "in the search index, not at the pinned tag")
    route_src = SourceRef(repo=repo, tag="nearest: organicmaps/organicmaps commits in the search index", files=(
        "libs/map/routing_manager.cpp (SaveRoute: GetRoutePolyline points, from/to names, BookmarkManager SaveRoute)",
        "libs/routing/index_graph_starter_joints / fake_ending.cpp (FakeEnding: m_originJunction = the checkpoint, "
        "a fake edge to its projection on the nearest road)"), note="the list and the '<from> - <to>' name as the "
        "second reader of issue 23 read them; the polyline through each checkpoint from the routing sources")
    return (
        StorageProfile(what="bookmarks (favourites; markers are bookmarks)", path=f"{base}/My Places.kml",
                       format="KML 2.2: Document > Placemark(name, Point/coordinates 'lon,lat')",
                       writes="Save on a place page appends a Placemark to the list's file; deleting a bookmark "
                              "rewrites the file without it", sources=(src,)),
        StorageProfile(what="tracks", path=f"{base}/My Places.kml (any list's .kml is read)",
                       format="KML 2.2: Placemark(name, LineString/coordinates 'lon,lat lon,lat ...' or gx:Track)",
                       writes="the route panel's Save (RoutingManager::SaveRoute): one track named '<from> - <to>' "
                              "holding the routed road line (GetRoutePolyline, equal sequential points dropped), in "
                              "the current bookmark list (normally My Places); every checkpoint is a vertex of that "
                              "line (the router's fake edges start at the checkpoint itself)", sources=(src, route_src)),
        StorageProfile(what="exports", path="/sdcard/Download/*.kml",
                       format="KML 2.2 with the exported Placemark",
                       writes="unverified: the double's 'Export KML' writes the place as a KML file to Download",
                       sources=(src,)),
    )


class KmlMapsAdapter(MapsAdapter):
    def store_view(self, state: MapsState) -> MapsState:
        """One bookmark store: a favourite and a marker are the same thing here."""
        both = {p.key(): p for p in [*state.favorites, *state.markers]}
        pins = [both[k] for k in sorted(both)]
        return state.model_copy(update={"favorites": pins, "markers": list(pins)})

    @property
    def bookmarks(self) -> str:
        return f"/data/data/{self.app.package}/files/bookmarks"

    def seed_stores(self, device: DeviceClient, state: MapsState) -> None:
        view = self.store_view(state)
        files = {f"{self.bookmarks}/My Places.kml": kml("My Places", view.favorites, tracks=state.tracks)}
        files |= _export_files(state)
        device.check(" && ".join([f"mkdir -p {shlex.quote(self.bookmarks)}",
                                  f"rm -f {shlex.quote(self.bookmarks)}/*.kml", self.clear_exports(),
                                  *_write_script(files)]))
        own_app_files(device, self.app.package, "files")  # the app rewrites its lists on every change

    def read_script(self) -> str:
        return _files_script((self.bookmarks, *EXPORT_DIRS), EXPORT_EXTS)

    def parse_stores(self, lines: list[str]) -> MapsState:
        files = _files(lines)
        pins: list[Pin] = []
        tracks: list[Track] = []
        for path, b64 in files:
            if path.startswith(self.bookmarks + "/") and path.endswith(".kml"):
                p, t = geo_file(b64, path)
                pins += p
                tracks += t
        return MapsState(favorites=pins, markers=list(pins), tracks=tracks, exports=_exports(files))


class OrganicMapsAdapter(KmlMapsAdapter):
    app = app_by_id("maps_organic_maps")
    ui = ORGANIC
    storage = _organic_profiles("app.organicmaps", "organicmaps/organicmaps", "2026.04.07-8-android")


class CoMapsAdapter(KmlMapsAdapter):
    app = app_by_id("maps_comaps")
    ui = COMAPS
    storage = _organic_profiles("app.comaps.fdroid", "comaps/comaps (codeberg.org/comaps/comaps mirror)",
                                "v2026.04.23-19")


# -- OsmAnd ---------------------------------------------------------------------------------------

OSMAND_FILES = "/sdcard/Android/data/net.osmand.plus/files"
OSMAND_FAVORITES = f"{OSMAND_FILES}/favorites"
OSMAND_TRACKS = f"{OSMAND_FILES}/tracks"
MARKERS_DB = "/data/data/net.osmand.plus/databases/map_markers_db"
#: ``FavouritesFileHelper.getInternalFile``: ``getFileStreamPath("favourites_bak.gpx")``.
OSMAND_FAVORITES_BAK = "/data/data/net.osmand.plus/files/favourites_bak.gpx"
MARKERS_SQL = ("SELECT marker_id || char(31) || marker_lat || char(31) || marker_lon || char(31) || "
               "hex(ifnull(marker_description, '')) FROM map_markers WHERE marker_active = 1;")
OSMAND_SRC = SourceRef(repo="osmandapp/OsmAnd", tag="v5.3.7 (not confirmed: read at a stored commit)", files=(
    "OsmAnd/src/net/osmand/plus/mapmarkers/MapMarkersDbHelper.java (DB_NAME map_markers_db, DB_VERSION 13, table "
    "map_markers, insertLast, moveMarkerToHistory: marker_active = 0)",
    "OsmAnd/src/net/osmand/plus/myplaces/favorites/FavouritesFileHelper.java (favorites/favorites.gpx)",
), note="read in the search index at commit 0256796d (MapMarkersDbHelper); favourites/tracks paths as in notes §5C")


OSMAND_FAV_SRC = SourceRef(repo="osmandapp/OsmAnd", tag="nearest: stored commit 00c0dad2 (5.3.7 not tagged in the "
                           "index)", files=(
    "OsmAnd/src/net/osmand/plus/myplaces/favorites/FavouritesHelper.java (loadFavorites: loadInternalGroups, "
    "loadExternalGroups, merge(ext, internal) = union by point key, saveCurrentPointsIntoFile when changed)",
    "OsmAnd/src/net/osmand/plus/myplaces/favorites/FavouritesFileHelper.java (getInternalFile = "
    "getFileStreamPath('favourites_bak.gpx'); external favorites/favorites[-<group>].gpx)",
))


class OsmAndAdapter(MapsAdapter):
    app = app_by_id("maps_osmand")
    ui = OSMAND
    storage = (
        StorageProfile(what="favourites", path=f"{OSMAND_FAVORITES}/favorites.gpx",
                       format="GPX 1.1: wpt(lat, lon) > name (one file per favourites group, favorites-<group>.gpx)",
                       writes="adding a favourite appends a wpt to its group's file; deleting rewrites it without; "
                              "every save also writes the private copy files/favourites_bak.gpx",
                       sources=(OSMAND_SRC,)),
        StorageProfile(what="favourites (private copy)", path=OSMAND_FAVORITES_BAK,
                       format="GPX 1.1, every group in one file",
                       writes="written with the external files on every save; at start-up loadFavorites merges the "
                              "external files into it as a union (a point only in the copy is kept) and writes the "
                              "union back when anything changed",
                       sources=(OSMAND_FAV_SRC,)),
        StorageProfile(what="map markers", path=MARKERS_DB,
                       format="table map_markers(marker_id TEXT PK, marker_lat, marker_lon, marker_description "
                              "'<type>#<name>', marker_active, marker_added, marker_visited, group_name, group_key, "
                              "marker_color, marker_next_key, marker_disabled, marker_selected, marker_map_object_name)",
                       writes="Marker on a context menu inserts an active row (next key 'tail_next'); removing a "
                              "marker moves it to the history (marker_active = 0, marker_next_key 'history_next')",
                       sources=(OSMAND_SRC,)),
        StorageProfile(what="tracks", path=f"{OSMAND_TRACKS}/*.gpx", format="GPX 1.1 trk > trkseg > trkpt(lat, lon)",
                       writes="Plan a route > Save writes the route as a GPX track", sources=(OSMAND_SRC,)),
        StorageProfile(what="exports", path="/sdcard/Download/*.gpx", format="GPX 1.1 wpt",
                       writes="unverified: the double's 'Save as GPX' writes the point as a GPX file to Download",
                       sources=(OSMAND_SRC,)),
    )

    def seed_stores(self, device: DeviceClient, state: MapsState) -> None:
        self._ensure_markers_db(device)
        files = {f"{OSMAND_FAVORITES}/favorites.gpx": gpx(state.favorites)}
        files |= {f"{OSMAND_TRACKS}/{_safe(t.name)}.gpx": gpx(tracks=[t]) for t in state.tracks}
        files |= _export_files(state)
        values = ", ".join(
            f"('anyapp_{i}', {m.lat}, {m.lon}, 'map_marker#' || {_sql(m.name)}, 1, {i}, 0, NULL, NULL, 0, "
            f"'{'tail_next' if i == len(state.markers) - 1 else f'anyapp_{i + 1}'}', 0, 0, {_sql(m.name)})"
            for i, m in enumerate(state.markers))
        sql = "PRAGMA busy_timeout=5000; BEGIN IMMEDIATE; DELETE FROM map_markers; " + (
            f"INSERT INTO map_markers VALUES {values}; " if values else "") + "COMMIT;"
        device.check(" && ".join([
            f"mkdir -p {OSMAND_FAVORITES} {OSMAND_TRACKS}", f"rm -f {OSMAND_FAVORITES}/*.gpx {OSMAND_TRACKS}/*.gpx",
            self.clear_exports(), *_write_script(files),
            # the private copy the app merges the external files into at start-up: the same points
            *_write_script({OSMAND_FAVORITES_BAK: files[f"{OSMAND_FAVORITES}/favorites.gpx"]}),
            f"chmod 660 {OSMAND_FAVORITES_BAK}", f"sqlite3 {MARKERS_DB} {shlex.quote(sql)} >/dev/null"]))
        # the private copy and a journal sqlite3 (root) leaves go back to the app
        own_app_files(device, "net.osmand.plus", "files", "databases")

    def _ensure_markers_db(self, device: DeviceClient) -> None:
        """OsmAnd creates ``map_markers_db`` when it starts; a file made by ``sqlite3`` would lack
        its schema, so launch the app once if the database is missing."""
        if device.run(f"ls {MARKERS_DB}").ok:
            return
        device.launch(self.app.package)
        for _ in range(50):
            if device.run(f"ls {MARKERS_DB}").ok:
                return
            device.run("sleep 0.1")
        raise DeviceError(f"{self.app.package} did not create {MARKERS_DB} on launch")

    def read_script(self) -> str:
        files = _files_script((OSMAND_FAVORITES, OSMAND_TRACKS, *EXPORT_DIRS), EXPORT_EXTS)
        return (f"{files}; echo {MARKERS_MARK}; if [ -f {MARKERS_DB} ]; then "
                f"sqlite3 {MARKERS_DB} {shlex.quote(MARKERS_SQL)}; fi")

    def parse_stores(self, lines: list[str]) -> MapsState:
        if MARKERS_MARK not in lines:
            raise VerifierReadError("OsmAnd read: the markers section is missing")
        cut = lines.index(MARKERS_MARK)
        files = _files(lines[:cut])
        favorites: list[Pin] = []
        tracks: list[Track] = []
        for path, b64 in files:
            if path.startswith(OSMAND_FAVORITES + "/"):
                favorites += geo_file(b64, path)[0]
            elif path.startswith(OSMAND_TRACKS + "/"):
                tracks += geo_file(b64, path)[1]
        markers = osmand_markers(lines[cut + 1:])
        return MapsState(favorites=favorites, markers=markers, tracks=tracks, exports=_exports(files))


@parses("sqlite3 /data/data/net.osmand.plus/databases/map_markers_db FROM map_markers WHERE marker_active = 1")
def osmand_markers(lines: list[str]) -> list[Pin]:
    """Active OsmAnd markers from :data:`MARKERS_SQL` rows (id, lat, lon, hex of the description; records
    read before the hex encoding hold the description itself, which always has a ``#``). The
    description is ``PointDescription.serializeToString`` (``type[.typeName]#name[#icon]``); the name is
    read as ``deserializeFromString`` reads it: up to the next ``#``, trimmed."""
    markers: list[Pin] = []
    for line in lines:
        fields = line.split(SEP)
        if len(fields) != 4:
            raise VerifierReadError(f"map_markers read: expected 4 columns in {line!r}")
        _, lat, lon, hexed = fields
        if "#" in hexed:  # a record read before descriptions were hex-encoded: the raw description
            desc = hexed
        else:
            try:
                desc = bytes.fromhex(hexed).decode("utf-8")
            except ValueError as exc:
                raise VerifierReadError(f"map_markers read: description not hex: {hexed!r}") from exc
        parts = desc.split("#")
        markers.append(Pin(name=parts[1].strip() if len(parts) > 1 else desc, lat=float(lat), lon=float(lon)))
    return markers


def _sql(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


# -- launch guards and the second reading (issues 23/27; docs/maps.md, "Launch guards and fidelity") -------

READ_ON = "2026-12-03"
NO_CLEAR = ("the first-run map-download screens (World, the region's .mwm) after pm clear (the prior release's setup)")


def _kml_guards(adapter: type[KmlMapsAdapter]) -> LaunchGuards:
    src = adapter.storage[0].sources[0]
    return LaunchGuards(guards=(
        LaunchGuard(kind="first_screen", what=NO_CLEAR, handled_by="no pm clear (clear_on_init False); the lab image "
                    "carries the maps and the app's data; seeding replaces only the stores the criteria read",
                    sources=(src,)),
        LaunchGuard(kind="first_screen", what="the location and notification permission prompts",
                    handled_by="ACCESS_COARSE/FINE_LOCATION and POST_NOTIFICATIONS granted at setup", sources=(src,)),
    ), read=adapter.storage[1].sources)


OrganicMapsAdapter.launch_guards = _kml_guards(OrganicMapsAdapter)
CoMapsAdapter.launch_guards = _kml_guards(CoMapsAdapter)
for _cls in (OrganicMapsAdapter, CoMapsAdapter):
    _cls.fidelity = FidelityReading(
        source=_cls.storage[1].sources[-1], date=READ_ON, verdict="mismatch-fixed",
        found=("a saved route is one track '<from> - <to>' holding the routed road line inside My Places.kml; the "
               "double wrote a separate '<start> - <finish>.kml' of the stops only: double and seeder fixed (CoMaps "
               "shares the double)",
               "against files written from serdes.cpp (tests/android_outputs/base64): a Placemark of several lines is "
               "one track (reader fixed); the double dropped gx:Track / MultiGeometry tracks when rewriting a list and "
               "wrote float reprs instead of PointToLineString 'lon,lat,0' (double fixed)",
               "IME (widget/SearchToolbarController.java, search index): the query has an OnClickListener and its "
               "editor listener acts on IME_ACTION_SEARCH / KEYCODE_SEARCH only, so a hardware Enter performs the "
               "query's click (TextView.onKeyUp with hasOnClickListeners) and the focus stays; the double's field "
               "let Enter through: it now clicks (onQueryClick of the search fragment not read: taken as showing "
               "nothing new)"),
        open_points=("read in the search index, not at the pinned tag; that SaveRoute keeps the fake-edge vertices "
                     "through each checkpoint is to be confirmed on a real emulator",))
OsmAndAdapter.launch_guards = LaunchGuards(guards=(
    LaunchGuard(kind="reconciles", what="files/favourites_bak.gpx: loadFavorites merges favorites/*.gpx into it as a "
                "union and writes the union back", handled_by="the seeder writes the private copy with the seeded "
                "points (app-owned, restorecon), so favourites of an earlier episode cannot come back",
                sources=(OSMAND_FAV_SRC,)),
    LaunchGuard(kind="writes", what="map_markers_db on first launch", handled_by="the seeder launches the app once "
                "when the database is missing", sources=(OSMAND_SRC,)),
    LaunchGuard(kind="first_screen", what=NO_CLEAR.replace("World, the region's .mwm", "OsmAnd's first-run map "
                "download"), handled_by="no pm clear (clear_on_init False)", sources=(OSMAND_SRC,)),
), read=(OSMAND_FAV_SRC, OSMAND_SRC))
OsmAndAdapter.fidelity = FidelityReading(
    source=OSMAND_FAV_SRC, date=READ_ON, verdict="mismatch-fixed",
    found=("the private favourites copy favourites_bak.gpx and its start-up union merge were missing from seeder and "
           "double: both fixed",
           "against files written from GpxUtilities.writeGpx (tests/android_outputs/base64): the double wrote float "
           "reprs instead of formatLatLon, and read a marker's name past the second '#' (deserializeFromString stops "
           "there): double fixed",
           "the search field (search_text_layout.xml: single line, imeOptions actionSearch; "
           "search/dialogs/QuickSearchDialogFragment.java: a listener acting on IME_ACTION_SEARCH only, appending a "
           "space to the query and hiding the keyboard) had no declared action in the double: fixed (the keyboard's "
           "Search appends the space; a hardware Enter, IME_NULL, is not handled and moves the focus)",
           "the track name (track_name_edit_text.xml: an EditText without inputType or singleLine, which TextView makes "
           "multi-line; trimmed on save, SaveAsNewTrackBottomSheetDialogFragment.java) was single-line in the double: "
           "fixed (Enter types a line break)"),
    open_points=("FavoriteDeletionsJournal (favorites_deletions.tmp) of recent sources: presence in 5.3.7 unverified",
                 "read at a stored commit of the search index, not at the 5.3.7 tag (the search field: "
                 "QuickSearchDialogFragment.java at 011b68e, search_text_layout.xml at 252319f)",
                 "the plan-route flow is the double's own (points added by search, the name on the planner; the app "
                 "asks the name in its 'Save as new track' sheet, read at an older commit, 04acca6): docs/maps.md, "
                 "'Unverified flows'"))
