"""Window manager: what is on screen and where input goes.

API the rest of the sim relies on (all coordinates in device pixels, 1080x2400 portrait):
  WindowManager(device)
  .tap(x, y) ; .long_press(x, y, duration_ms) ; .swipe(x1, y1, x2, y2, duration_ms)
  .touch(x, y, pressure, identifier)        gRPC sendTouch semantics (down while pressure > 0)
  .type_text(text) ; .key(keycode: int)     keycodes are Android KEYCODE_* numbers
  .key_combination(codes)                   ``input keycombination`` (113 29 = Ctrl+A, select all)
  .start_app(package, activity=None) -> bool ; .start_intent(intent) -> bool
  .force_stop(package) ; .running_packages() -> set[str]
  .focused() -> tuple[str, str]             (package, activity) of the resumed activity
  .dump_xml() -> str                         exact ``uiautomator dump`` file content
  .screenshot() -> PIL.Image.Image           RGB 1080x2400 (cached per distinct frame; do not mutate)
  .screenshot_png() -> bytes                 ``screencap -p`` bytes (cached per distinct frame)
  .show_fault_dialog(package, kind)          kind "crash" | "anr"
  .window_lines() -> list[str]               the body of ``dumpsys window`` (windows, mCurrentFocus,
                                             mFocusedApp, mCurrentRotation)
  .reset()                                   forget tasks and processes (reboot)

Model: one task per package (most recent last, the launcher's task always exists), each a stack of
screens; a process is a live :class:`SimApp` instance. BACK on a task's root screen moves the task
to the background (Android 12+ behaviour) rather than finishing it. Every public method takes
``device.lock`` because adbd, gRPC and console threads call in concurrently.
"""

from __future__ import annotations

import functools
import io
import time
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar
from zoneinfo import ZoneInfo

from pytest_anyapp.sim.apps.base import AppNotResponding, Intent, Screen, SimApp
from pytest_anyapp.sim.ui import focus, theme
from pytest_anyapp.sim.ui.dialogs import FaultDialog, Floating
from pytest_anyapp.sim.ui.frames import Frame, Window, hit_test, path_to
from pytest_anyapp.sim.ui.geometry import Rect
from pytest_anyapp.sim.ui.theme import NAV_BAR_H, SCREEN_H, SCREEN_W, STATUS_BAR_H, dp
from pytest_anyapp.sim.ui.views import (
    ACTIVE_SCREEN,
    Box,
    Column,
    CompoundButton,
    EditText,
    FieldState,
    ImageView,
    Row,
    ScrollList,
    SeekBar,
    TextView,
    View,
    WidgetState,
)

if TYPE_CHECKING:
    from PIL import Image

    from pytest_anyapp.sim.device import SimDevice

LAUNCHER_PACKAGE = "com.google.android.apps.nexuslauncher"
SYSTEMUI_PACKAGE = "com.android.systemui"
TOUCH_SLOP = dp(8)
LONG_PRESS_MS = 500
def screen_rects(width: int, height: int) -> tuple[Rect, Rect]:
    """(full screen, content area between the system bars) of a display of this logical size."""
    return Rect(0, 0, width, height), Rect(0, STATUS_BAR_H, width, height - NAV_BAR_H)

KEY_HOME, KEY_BACK, KEY_ENTER, KEY_DEL, KEY_FORWARD_DEL = 3, 4, 66, 67, 112
KEY_TAB, KEY_MENU, KEY_ESCAPE, KEY_NUMPAD_ENTER = 61, 82, 111, 160
KEY_CTRL = (113, 114)
KEY_A = 29
_PRINTABLE: dict[int, str] = {
    **{7 + i: str(i) for i in range(10)},
    **{29 + i: chr(ord("a") + i) for i in range(26)},
    55: ",", 56: ".", 62: " ", 68: "`", 69: "-", 70: "=", 71: "[", 72: "]", 73: "\\", 74: ";",
    75: "'", 76: "/", 77: "@", 81: "+",
}


F = TypeVar("F", bound=Callable[..., Any])


def _settles(method: F) -> F:
    """Public operations run under the device lock and end by settling activity lifecycle."""

    @functools.wraps(method)
    def wrapper(self: WindowManager, *args: Any, **kwargs: Any) -> Any:
        with self.device.lock:
            result = method(self, *args, **kwargs)
            self._sync_lifecycle()
            return result

    return wrapper  # type: ignore[return-value]


class Task:
    """A back stack of screens for one package."""

    def __init__(self, wm: WindowManager, app: SimApp, task_id: int) -> None:
        self.wm = wm
        self.app = app
        self.id = task_id
        self.stack: list[Screen] = []

    @property
    def package(self) -> str:
        return self.app.package

    @property
    def top(self) -> Screen:
        return self.stack[-1]

    def push(self, screen: Screen) -> None:
        screen.task = self
        self.stack.append(screen)

    def finish(self, screen: Screen, *, resume: bool = True) -> None:  # noqa: ARG002 - kept for callers
        if screen not in self.stack:
            return
        self.stack.remove(screen)
        screen.task = None
        if not self.stack:
            self.wm._drop_task(self)


@dataclass
class _Touch:
    x: float
    y: float
    start_x: float
    start_y: float
    started: float


class WindowManager:
    """See the module docstring."""

    def __init__(self, device: SimDevice) -> None:
        self.device = device
        self._cache_key: int | None = None
        self._cache: dict[str, Any] = {}
        self.reset()

    # -- lifecycle ----------------------------------------------------------------------------
    def reset(self) -> None:
        """Back to a freshly booted home screen: no app processes, only the launcher task."""
        with self.device.lock:
            self.processes: dict[str, SimApp] = {}
            self.tasks: list[Task] = []
            self.fault: FaultDialog | None = None
            self.toast_text = ""
            self._touches: dict[int, _Touch] = {}
            self._ctrl = False
            self._next_task_id = 1
            self._resumed: Screen | None = None
            self._start(Intent(package=LAUNCHER_PACKAGE), package=LAUNCHER_PACKAGE)
            self._sync_lifecycle()

    # -- apps and tasks ----------------------------------------------------------------------
    def _app_class(self, package: str) -> type[SimApp] | None:
        from pytest_anyapp.sim.apps import app_class
        from pytest_anyapp.sim.apps.generic import generic_app_for

        cls = app_class(package)
        if cls is not None:
            return cls
        return generic_app_for(self.device, package)

    def _package_enabled(self, package: str) -> bool:
        packages = getattr(self.device, "packages", None)
        get = getattr(packages, "get", None)
        if get is None:
            return True
        try:
            info = get(package)
        except NotImplementedError:
            return True
        if info is None:
            return package == LAUNCHER_PACKAGE
        return bool(getattr(info, "enabled", True))

    def _process(self, cls: type[SimApp]) -> SimApp:
        app = self.processes.get(cls.package)
        if app is None:
            app = cls(self.device)
            self.processes[cls.package] = app
            app.on_create()
        return app

    def _task_for(self, package: str) -> Task | None:
        for task in self.tasks:
            if task.package == package:
                return task
        return None

    def _bring_to_front(self, task: Task) -> None:
        self.tasks.remove(task)
        self.tasks.append(task)

    def _drop_task(self, task: Task) -> None:
        if task in self.tasks:
            self.tasks.remove(task)
        if task.package == LAUNCHER_PACKAGE or not any(t.package == LAUNCHER_PACKAGE for t in self.tasks):
            self._ensure_launcher()

    def _ensure_launcher(self) -> None:
        if self._task_for(LAUNCHER_PACKAGE) is None:
            self._start(Intent(package=LAUNCHER_PACKAGE), package=LAUNCHER_PACKAGE)
            launcher = self._task_for(LAUNCHER_PACKAGE)
            if launcher is not None:  # keep it under whatever is showing
                self.tasks.remove(launcher)
                self.tasks.insert(0, launcher)

    @property
    def front(self) -> Task:
        return self.tasks[-1]

    def _start(self, intent: Intent, package: str) -> bool:
        cls = self._app_class(package)
        if cls is None:
            return False
        existing = self._task_for(package)
        if existing is not None and existing.stack:
            wanted = cls.activity_name(intent.activity) if intent.activity else ""
            names = {s.activity_name() for s in existing.stack[:1]} | {existing.top.activity_name()}
            relaunch = intent.action == "android.intent.action.MAIN" and not intent.activity
            if relaunch or (intent.activity and wanted in names):
                self._bring_to_front(existing)
                return True
        self._log_start(intent, package, cls)
        try:
            app = self._process(cls)
            screen = app.launch(intent)
        except AppNotResponding:
            self._show_fault(package, "anr")
            return True
        except Exception:  # noqa: BLE001 - any app exception is an app crash
            self._crash(package)
            return True
        if screen is None:
            return False
        screen.launch_intent = intent
        task = existing or Task(self, app, self._next_task_id)
        if existing is None:
            self._next_task_id += 1
            self.tasks.append(task)
        else:
            self._bring_to_front(task)
        task.push(screen)
        return True

    @_settles
    def start_app(self, package: str, activity: str | None = None) -> bool:
        """``monkey -p``/``am start -n``: resume the app's task or create it. False if not launchable."""
        with self.device.lock:
            if not self._package_enabled(package):
                return False
            cls = self._app_class(package)
            if cls is None or (activity is None and cls.launch_activity is None and package != LAUNCHER_PACKAGE):
                return False
            self._clear_transients()
            fault = self.device.getprop(f"debug.anyapp.fault.{package}")
            if fault in ("crash", "anr"):
                if fault == "anr":
                    self._start(Intent(package=package, activity=activity or ""), package)
                self._show_fault(package, fault)
                return True
            if package == LAUNCHER_PACKAGE:
                self._go_home()
                return True
            return self._start(Intent(package=package, activity=activity or ""), package)

    @_settles
    def start_intent(self, intent: Intent) -> bool:
        """``am start -a ACTION -d URI [-n ...]``: an explicit component, the one app that accepts it,
        its preferred handler, or else the resolver ("Open with" …; :mod:`pytest_anyapp.sim.apps.resolver`)."""
        with self.device.lock:
            if intent.package and intent.activity:
                return self.start_app(intent.package, intent.activity)
            from pytest_anyapp.sim.apps import resolver

            candidates = resolver.handlers(self.device, intent)
            if not candidates:
                return False
            chosen = resolver.preferred(self.device, intent, candidates)
            self._clear_transients()
            return self._start(intent, chosen.package if chosen is not None else resolver.PACKAGE)

    @_settles
    def force_stop(self, package: str) -> None:
        with self.device.lock:
            self.processes.pop(package, None)
            for task in [t for t in self.tasks if t.package == package]:
                self.tasks.remove(task)
                for screen in task.stack:
                    screen.task = None
            if self.fault is not None and self.fault.package == package:
                self.fault = None
            self._ensure_launcher()
            if package == LAUNCHER_PACKAGE:
                self._go_home()

    def running_packages(self) -> set[str]:
        with self.device.lock:
            return set(self.processes) | {SYSTEMUI_PACKAGE, LAUNCHER_PACKAGE}

    def focused(self) -> tuple[str, str]:
        with self.device.lock:
            top = self.front.top
            return (self.front.package, top.activity_name())

    # -- faults -------------------------------------------------------------------------------
    @_settles
    def show_fault_dialog(self, package: str, kind: str) -> None:
        """The system "<App> has stopped" (kind ``crash``; kills the app) / "isn't responding" dialog."""
        with self.device.lock:
            if kind == "crash":
                self._crash(package)
            else:
                self._show_fault(package, kind)

    def _log_start(self, intent: Intent, package: str, cls: Any) -> None:
        """``START u0 {…} from uid 2000``: the line ActivityTaskManager logs for every start."""
        activity = intent.activity or (cls.launch_activity or "")
        full = package + activity if activity.startswith(".") else activity
        parts = [f"act={intent.action or 'android.intent.action.MAIN'}"]
        if intent.data:
            parts.append(f"dat={intent.data}")
        parts.append("flg=0x10000000")
        if full:
            short = full[len(package):] if full.startswith(package + ".") else full
            parts.append(f"cmp={package}/{short}")
        self.device.log_event("I", "ActivityTaskManager", f"START u0 {{{' '.join(parts)}}} from uid 2000")

    def _crash(self, package: str) -> None:
        self.device.log_event("E", "AndroidRuntime", f"FATAL EXCEPTION: main\nProcess: {package}, PID: "
                              f"{_app_pid(package)}", pid=_app_pid(package), buffer="crash")
        self.force_stop(package)
        self._show_fault(package, "crash")

    def _label(self, package: str) -> str:
        cls = self._app_class(package)
        return cls.label if cls is not None and cls.label else package

    def _show_fault(self, package: str, kind: str) -> None:
        def close() -> None:
            self.force_stop(package)

        def info() -> None:
            self._start(Intent(package="com.android.settings", extras={"package": package}), "com.android.settings")

        self.fault = FaultDialog(package, self._label(package), kind, on_close=close, on_wait=lambda: None, on_info=info)

        def dismiss() -> None:
            self.fault = None

        self.fault.dismiss = dismiss

    def _call(self, screen: Screen | None, fn: Callable[..., Any], *args: Any) -> Any:
        """Run app code as the app's main thread would: exceptions crash it, ANRs show the dialog."""
        token = ACTIVE_SCREEN.set(screen)
        package = screen.app.package if screen is not None else ""
        try:
            return fn(*args)
        except AppNotResponding:
            self._show_fault(package, "anr")
        except Exception:  # noqa: BLE001 - uncaught app exception = crash, like Android
            if package:
                self._crash(package)
            else:
                raise
        finally:
            ACTIVE_SCREEN.reset(token)
        return None

    def _sync_lifecycle(self) -> None:
        """Pause the screen that left the front and resume the one now there.

        Runs after every operation that can change the front screen. Killed processes (force-stop,
        crash) get no callbacks, as on Android.
        """
        for _ in range(4):  # callbacks may navigate or crash; settle
            current = self.front.top if self.tasks and self.front.stack else None
            if current is self._resumed:
                return
            old, self._resumed = self._resumed, current
            if old is not None and old.app.package in self.processes and self.processes[old.app.package] is old.app:
                self._call(old, old.on_pause)
            if current is not None and self._resumed is current:
                self._call(current, current.on_resume)

    def toast(self, text: str) -> None:
        self.toast_text = text

    # -- composing a frame ------------------------------------------------------------------------
    def frame(self) -> Frame:
        """Build and lay out every window now showing (rebuilt from app state every call)."""
        with self.device.lock:
            for _ in range(3):  # a crash while building changes what is on top; rebuild
                task = self.front
                screen = task.top
                built = self._call(screen, screen.build)
                if isinstance(built, View) and self.front is task and task.stack and task.top is screen:
                    break
            else:
                built = TextView("")
                screen = self.front.top
            return self._compose(screen, built)

    def display_size(self) -> tuple[int, int]:
        """Logical display size: 1080x2400, or 2400x1080 while rotated to 90 or 270 degrees."""
        rotation = self.rotation()
        return (SCREEN_H, SCREEN_W) if rotation % 2 else (SCREEN_W, SCREEN_H)

    def rotation(self) -> int:
        providers = getattr(self.device, "providers", None)
        return int(providers.display_rotation()) if providers is not None else 0

    def _compose(self, screen: Screen, content: View) -> Frame:
        package = screen.app.package
        FULL, CONTENT = screen_rects(*self.display_size())  # noqa: N806 - the display's rects
        edge_to_edge = bool(getattr(screen, "edge_to_edge", False))
        content_rect = FULL if edge_to_edge else CONTENT
        holder = Box(content, id="android:id/content")
        decor = Box(Column(holder))
        holder.fixed_height = None
        content.bind(screen.widgets, "0")
        decor.layout(FULL)
        decor.children[0].layout(FULL)
        holder.layout(content_rect)
        content.layout(content_rect)
        decor.clip(FULL)
        app_window = Window(f"{package}/{screen.activity_name()}", package, decor, FULL, "app",
                            background=theme.parse_color(getattr(screen, "background", None), theme.BACKGROUND))
        windows = [app_window]
        active = app_window
        floating: Floating | None = screen.menu or screen.dialog
        if floating is not None:
            win = self._float_window(floating, package, screen.widgets, content_rect,
                                     "popup" if floating is screen.menu else "dialog", app_window.title)
            windows.append(win)
            active = win
        if self.fault is not None:
            win = self._float_window(self.fault, "android", WidgetState(), CONTENT, "fault")
            win.title = self.fault.window_title
            windows.append(win)
            active = win
        windows += self._system_bars(edge_to_edge, FULL.width, FULL.height)
        return Frame(windows, active, toast=self.toast_text, width=FULL.width, height=FULL.height,
                     rotation=self.rotation())

    def _float_window(self, floating: Floating, package: str, widgets: WidgetState, area: Rect, kind: str,
                      component: str = "") -> Window:
        root = self._built(floating)
        root.bind(widgets, f"{kind}")
        frame = floating.frame(area, root)
        root.layout(frame)
        root.clip(frame)
        floating.root = root
        # Dialog windows carry their activity's component as title (what app_current() parses).
        title = f"PopupWindow:{zlib.crc32(package.encode()) & 0xFFFFFFF:07x}" if kind == "popup" else component
        return Window(title, package, root, frame, kind, dim_behind=kind in ("dialog", "fault"))

    @staticmethod
    def _built(floating: Floating) -> View:
        return floating.build()

    def _status_text(self) -> str:
        tz = self.device.getprop("persist.sys.timezone") or "UTC"
        try:
            zone = ZoneInfo(tz)
        except Exception:  # noqa: BLE001 - unknown zone id: fall back like Android does to GMT
            zone = ZoneInfo("UTC")
        now = datetime.fromtimestamp(self.device.clock.now(), zone)
        use_24 = False
        providers = getattr(self.device, "providers", None)
        getter = getattr(providers, "settings_get", None)
        if getter is not None:
            try:
                use_24 = getter("system", "time_12_24") == "24"
            except Exception:  # noqa: BLE001 - settings not implemented yet
                use_24 = False
        return now.strftime("%H:%M") if use_24 else f"{now.hour % 12 or 12}:{now.minute:02d}"

    def _system_bars(self, transparent: bool, width: int = SCREEN_W, height: int = SCREEN_H) -> list[Window]:
        bar_id = f"{SYSTEMUI_PACKAGE}:id/"
        clock = TextView(self._status_text(), id=bar_id + "clock", size=14, gravity="center_vertical",
                         padding=(24, 0, 0, 0), color=(255, 255, 255) if transparent else theme.ON_SURFACE)
        fg = (255, 255, 255) if transparent else theme.ON_SURFACE
        icons = Row(
            ImageView("wifi", "Wifi signal full.", size=18, id=bar_id + "wifi_signal", color=fg),
            ImageView("battery", "Battery 100 percent.", size=18, id=bar_id + "battery", color=fg),
            id=bar_id + "system_icons", spacing=6, gravity="end center_vertical", padding=(0, 0, 20, 0),
        )
        status = Box(Box(clock, icons, id=bar_id + "status_bar"), id=bar_id + "status_bar_container")
        status_rect = Rect(0, 0, width, STATUS_BAR_H)
        status.layout(status_rect)
        status.children[0].layout(status_rect)
        status.clip(status_rect)
        nav_rect = Rect(0, height - NAV_BAR_H, width, height)
        nav = Box(ImageView("handle", "", id=bar_id + "home_handle", width=108, height=4, gravity="center"),
                  id=bar_id + "navigation_bar_frame")
        nav.layout(nav_rect)
        nav.clip(nav_rect)
        bg = None if transparent else theme.STATUS_BAR_BG
        return [
            Window("StatusBar", SYSTEMUI_PACKAGE, status, status_rect, "status_bar", background=bg),
            Window("NavigationBar0", SYSTEMUI_PACKAGE, nav, nav_rect, "nav_bar", background=bg),
        ]

    # -- observation ----------------------------------------------------------------------------
    def dump_xml(self) -> str:
        from pytest_anyapp.sim.ui.uiautomator import dump_frame

        return dump_frame(self.frame())

    def _rendered(self) -> dict[str, Any]:
        from pytest_anyapp.sim.ui.render import frame_signature, render_frame

        with self.device.lock:
            frame = self.frame()
            key = frame_signature(frame)
            if key != self._cache_key:
                self._cache = {"image": render_frame(frame), "time_us": int(self.device.clock.now() * 1_000_000)}
                self._cache_key = key
            return self._cache

    def per_frame(self, key: str, make: Callable[[], Any]) -> Any:
        """Memoise ``make()`` until the screen changes (e.g. a wire service's encoded response)."""
        with self.device.lock:
            cache = self._rendered()
            if key not in cache:
                cache[key] = make()
            return cache[key]

    def frame_time_us(self) -> int:
        """Device time (µs) at which the current frame was first rendered."""
        with self.device.lock:
            return int(self._rendered()["time_us"])

    def screenshot(self) -> Image.Image:
        return self._rendered()["image"]

    def screenshot_png(self) -> bytes:
        """PNG bytes as ``screencap -p`` writes them; encoded once per distinct frame."""
        return self.screenshot_bytes("png")[0]

    def screenshot_raw(self, mode: str = "RGBA") -> bytes:
        """Raw top-down pixel rows (``RGBA`` or ``RGB``) for the framebuffer service."""
        return self.screenshot_bytes(mode)[0]

    def screenshot_bytes(self, fmt: str = "png", width: int = 0, height: int = 0) -> tuple[bytes, int, int]:
        """Encoded screenshot fitted into ``width`` x ``height`` (0 = native) keeping the aspect ratio.

        ``fmt``: ``png`` | ``RGBA`` | ``RGB``. Returns (bytes, width, height). Every variant is
        cached until the frame changes, so polling an unchanged screen costs no re-encoding.
        """
        from PIL import Image as PILImage

        with self.device.lock:
            cache = self._rendered()
            w, h = fit_size(width, height, cache["image"].size)
            key = f"{fmt}:{w}x{h}"
            if key not in cache:
                image = cache["image"]
                if (w, h) != image.size:
                    scaled_key = f"image:{w}x{h}"
                    if scaled_key not in cache:
                        cache[scaled_key] = image.resize((w, h), PILImage.Resampling.BILINEAR)
                    image = cache[scaled_key]
                if fmt == "png":
                    buf = io.BytesIO()
                    image.save(buf, format="PNG", compress_level=1)
                    cache[key] = buf.getvalue()
                elif fmt == "RGBA":
                    cache[key] = image.tobytes("raw", "RGBX")  # opaque: the pad byte is 0xFF
                elif fmt == "RGB":
                    cache[key] = image.tobytes()
                else:
                    raise ValueError(f"unknown screenshot format {fmt!r}")
            return cache[key], w, h

    def window_lines(self) -> list[str]:
        """``dumpsys window`` body: the window list, focus lines and rotation."""
        with self.device.lock:
            frame = self.frame()
            lines = ["WINDOW MANAGER WINDOWS (dumpsys window windows)"]
            ordered = list(reversed(frame.windows))
            for index, win in enumerate(ordered):
                lines.append(f"  Window #{index} Window{{{_window_hash(win.title)} u0 {win.title}}}:")
                lines.append(f"    mDisplayId=0 rootTaskId={self._task_id(win)} package={win.package}")
                lines.append(f"    frame={win.frame.as_bounds()} mViewVisibility=0x0 mHasSurface=true")
            focus = frame.active
            if focus.kind in ("status_bar", "nav_bar"):
                focus = frame.windows[0]
            focus_title = focus.title if focus.kind != "popup" else frame.windows[0].title
            top = self.front
            activity = top.top.activity_name()  # ActivityRecord.toString: shortComponentName
            short = activity[len(top.package):] if activity.startswith(top.package + ".") else activity
            app_component = f"{top.package}/{short}"
            lines += [
                "",
                f"  mCurrentFocus=Window{{{_window_hash(focus_title)} u0 {focus_title}}}",
                f"  mFocusedApp=ActivityRecord{{{_window_hash(app_component + 'r')} u0 {app_component} t{top.id}}}",
                f"  mCurrentRotation=ROTATION_{90 * frame.rotation}",
                "  mDisplayFrozen=false",
            ]
            return lines

    def _task_id(self, win: Window) -> int:
        for task in self.tasks:
            if task.package == win.package:
                return task.id
        return 1

    # -- input: touch ------------------------------------------------------------------------------
    def _clear_transients(self) -> None:
        self.toast_text = ""

    @_settles
    def tap(self, x: float, y: float) -> None:
        with self.device.lock:
            self._clear_transients()
            frame = self.frame()
            if not self._route_outside(frame, x, y):
                return
            self._enter_touch_mode(frame)
            target = hit_test(frame.active.root, x, y, lambda v: v.clickable or isinstance(v, SeekBar))
            if target is None or not target.enabled:
                return
            screen = self.front.top if frame.active.kind != "fault" else None
            if isinstance(target, SeekBar):  # AbsSeekBar: a tap seeks to where it lands
                self._call(screen, target.seek, x, y)
                return
            if isinstance(target, EditText):
                target.state.focus = target.key  # type: ignore[union-attr]
                target.state.fields[target.key].all_selected = False  # type: ignore[union-attr]
            if isinstance(target, CompoundButton):
                self._call(screen, target.toggle)
            elif target.on_click is not None:
                self._call(screen, target.on_click)

    @staticmethod
    def _enter_touch_mode(frame: Frame) -> None:
        """A touch re-enters touch mode: a focused view not focusable in touch mode (anything but
        a text field here) loses focus (AOSP ``ViewRootImpl.enterTouchMode``)."""
        for view in frame.active.root.walk():
            if view.focused and not isinstance(view, EditText) and view.state is not None:
                view.state.focus = None

    def _route_outside(self, frame: Frame, x: float, y: float) -> bool:
        """Touches outside a floating window: cancel it (dialog/menu) or drop them. True = deliver."""
        active = frame.active
        if active.kind == "app":
            content = screen_rects(frame.width, frame.height)[1]
            return content.contains(x, y) or bool(getattr(self.front.top, "edge_to_edge", False))
        if active.frame.contains(x, y):
            return True
        if active.kind in ("dialog", "popup"):
            screen = self.front.top
            floating = screen.menu if active.kind == "popup" else screen.dialog
            if floating is not None and floating.cancelable:
                floating.dismiss()
                on_cancel = getattr(floating, "on_cancel", None)
                if on_cancel is not None:
                    self._call(screen, on_cancel)
        return False

    @_settles
    def long_press(self, x: float, y: float, duration_ms: int = 1000) -> None:
        with self.device.lock:
            self._clear_transients()
            frame = self.frame()
            if not self._route_outside(frame, x, y):
                return
            target = hit_test(frame.active.root, x, y, lambda v: v.long_clickable or v.clickable)
            if target is None or not target.enabled:
                return
            if isinstance(target, EditText):
                self._text_selection_toolbar(target)
                return
            if target.on_long_click is not None:
                self._call(self.front.top, target.on_long_click)

    def _text_selection_toolbar(self, field: EditText) -> None:
        """Long-press in a text field, as Android's Editor does: the field takes focus and, when it
        holds text, the floating text-selection toolbar offers Cut, Copy, Paste and Select all.
        Only "Select all" selects everything (a long-press alone never does); the word selection
        a long-press makes is not modelled (typing then appends)."""
        assert field.state is not None
        field.state.focus = field.key
        if not field.text:
            return
        state = field.state.fields[field.key]

        def select_all() -> None:
            state.all_selected = True

        self.front.top.show_menu([("Cut", None), ("Copy", None), ("Paste", None), ("Select all", select_all)])

    @_settles
    def swipe(self, x1: float, y1: float, x2: float, y2: float, duration_ms: int = 300) -> None:
        with self.device.lock:
            if abs(x2 - x1) <= TOUCH_SLOP and abs(y2 - y1) <= TOUCH_SLOP and not self._on_seekbar(x1, y1):
                if duration_ms >= LONG_PRESS_MS:
                    self.long_press(x1, y1, duration_ms)
                else:
                    self.tap(x1, y1)
                return
            self._clear_transients()
            # Gesture navigation: up from the handle = HOME, in from a side edge = BACK.
            width, height = self.display_size()
            if y1 >= height - NAV_BAR_H and y1 - y2 > dp(40) and abs(y1 - y2) > abs(x2 - x1):
                self.key(KEY_HOME)
                return
            edge = dp(20)
            if (x1 <= edge and x2 - x1 > dp(60)) or (x1 >= width - edge and x1 - x2 > dp(60)):
                self.key(KEY_BACK)
                return
            frame = self.frame()
            if not frame.active.frame.contains(x1, y1):
                self._route_outside(frame, x1, y1)
                return
            bar = hit_test(frame.active.root, x1, y1, lambda v: isinstance(v, SeekBar))
            if isinstance(bar, SeekBar) and bar.enabled:  # a slider follows the finger
                self._call(self.front.top, bar.drag, x1, y1, x2, y2)
                return
            dy = int(round(y1 - y2))
            if abs(y2 - y1) < abs(x2 - x1):
                # No horizontal scrollers in the toolkit; a row may take the swipe (ItemTouchHelper).
                row = hit_test(frame.active.root, x1, y1, lambda v: v.on_swipe is not None)
                if row is not None and row.on_swipe is not None and abs(x2 - x1) > dp(60):
                    row.on_swipe("left" if x2 < x1 else "right")
                return
            self._scroll_at(frame, x1, y1, dy)

    def _on_seekbar(self, x: float, y: float) -> bool:
        """A SeekBar follows even a movement within the touch slop (AbsSeekBar tracks from DOWN, or
        tap-seeks to where the finger lifts), so such a swipe is not a tap at its start."""
        frame = self.frame()
        return frame.active.frame.contains(x, y) and isinstance(
            hit_test(frame.active.root, x, y, lambda v: isinstance(v, SeekBar)), SeekBar)

    def _scroll_at(self, frame: Frame, x: float, y: float, dy: int) -> None:
        inner = hit_test(frame.active.root, x, y, lambda v: isinstance(v, ScrollList))
        if inner is None:
            return
        chain = path_to(frame.active.root, inner) or [inner]
        for view in reversed(chain):
            if isinstance(view, ScrollList) and view.can_scroll(dy):
                view.scroll_by(dy)
                return

    @_settles
    def touch(self, x: float, y: float, pressure: int, identifier: int = 0) -> None:
        """One gRPC ``Touch``: down/move while pressure > 0; lifting ends a tap, hold or swipe."""
        with self.device.lock:
            now = time.monotonic()
            current = self._touches.get(identifier)
            if pressure > 0:
                if current is None:
                    self._touches[identifier] = _Touch(x, y, x, y, now)
                else:
                    current.x, current.y = x, y
                return
            if current is None:
                return  # a lift with nothing down (AndroidEnv's no-op LIFT at 0,0)
            del self._touches[identifier]
            held_ms = int((now - current.started) * 1000)
            end_x, end_y = current.x, current.y
            if abs(x - current.start_x) > TOUCH_SLOP or abs(y - current.start_y) > TOUCH_SLOP:
                if (x, y) != (0, 0):
                    end_x, end_y = x, y
            self.swipe(current.start_x, current.start_y, end_x, end_y, held_ms)

    # -- input: keys and text ---------------------------------------------------------------------
    def _focused_field(self, frame: Frame) -> EditText | None:
        for view in frame.active.root.walk():
            if isinstance(view, EditText) and view.focused and view.visible_bounds is not None:
                return view
        return None

    def _edit(self, field: EditText, change: Callable[[FieldState], None]) -> None:
        assert field.state is not None
        state = field.state.fields[field.key]
        before = state.text
        change(state)
        if state.text != before and field.on_change is not None:
            self._call(self.front.top, field.on_change, state.text)

    @_settles
    def type_text(self, text: str) -> None:
        """``input text``: into the focused field (typed text replaces a Ctrl+A selection)."""
        with self.device.lock:
            self._clear_transients()
            field = self._focused_field(self.frame())
            if field is None or not text:
                return

            def insert(state: FieldState) -> None:
                state.text = text if state.all_selected else state.text + text
                state.all_selected = False

            self._edit(field, insert)

    @_settles
    def key_combination(self, codes: Iterable[int]) -> None:
        with self.device.lock:
            codes = list(codes)
            if any(c in KEY_CTRL for c in codes) and KEY_A in codes:
                self._select_all()
                return
            for code in codes:
                self.key(code)

    def _select_all(self) -> None:
        field = self._focused_field(self.frame())
        if field is not None and field.state is not None and field.text:
            field.state.fields[field.key].all_selected = True

    @_settles
    def key(self, keycode: int) -> None:
        with self.device.lock:
            self._clear_transients()
            if keycode in KEY_CTRL:
                self._ctrl = True
                return
            ctrl, self._ctrl = self._ctrl, False
            if ctrl and keycode == KEY_A:
                self._select_all()
                return
            if keycode == KEY_HOME:
                if self.fault is not None and self.fault.kind == "crash":
                    self.fault = None
                self._go_home()
            elif keycode in (KEY_BACK, KEY_ESCAPE):
                self._back()
            elif keycode in (KEY_ENTER, KEY_NUMPAD_ENTER):
                self._enter()
            elif keycode in (KEY_DEL, KEY_FORWARD_DEL):
                self._delete(forward=keycode == KEY_FORWARD_DEL)
            elif keycode == KEY_TAB:
                self._next_field()
            elif keycode == KEY_MENU:
                self._open_overflow()
            elif keycode in _PRINTABLE:
                self.type_text(_PRINTABLE[keycode])

    def _go_home(self) -> None:
        self._ensure_launcher()
        launcher = self._task_for(LAUNCHER_PACKAGE)
        if launcher is None:
            return
        self._bring_to_front(launcher)
        del launcher.stack[1:]
        top = launcher.top
        top.dialog = top.menu = None
        top.widgets = WidgetState()  # the home screen forgets scroll position and search text

    def _back(self) -> None:
        if self.fault is not None:
            self.fault = None
            return
        task = self.front
        screen = task.top
        if screen.menu is not None:
            screen.menu = None
            return
        if screen.dialog is not None:
            dialog = screen.dialog
            if dialog.cancelable:
                screen.dialog = None
                on_cancel = getattr(dialog, "on_cancel", None)
                if on_cancel is not None:
                    self._call(screen, on_cancel)
            return
        if self._call(screen, screen.on_back):
            return
        if task.package == LAUNCHER_PACKAGE:
            self._call(screen, getattr(screen, "on_home_back", lambda: None))
            return
        if len(task.stack) > 1:
            task.finish(screen)
            return
        # Root activity: Android 12+ moves the task to the back instead of finishing it.
        self.tasks.remove(task)
        self.tasks.insert(0, task)
        launcher = self._task_for(LAUNCHER_PACKAGE)
        if launcher is not None:
            self._bring_to_front(launcher)

    def _enter(self) -> None:
        """KEYCODE_ENTER as Android 13 delivers it to the focused view. AOSP android-13
        ``core/java/android/widget/TextView.java`` (stored mirror revisions, nearest; these paths
        are unchanged across them): ``doKeyDown``/``onKeyUp`` hand Enter first to the app's
        editor-action listener (``onEditorAction(IME_NULL)``, here ``on_submit``); a multi-line
        field's key listener inserts a new line; a single-line field (``shouldAdvanceFocusOnEnter``)
        with an OnClickListener performs the click, otherwise ``focusSearch(FOCUS_DOWN)`` takes
        the focus, and with nothing below Enter does nothing (only an IME action also hides the
        keyboard). Enter on a focused non-text view is a confirm key: ``View.onKeyUp`` performs
        the click. With nothing focused, leaving touch mode focuses the first view down
        (``ViewRootImpl.leaveTouchMode``) and consumes the key. Compose and Flutter fields differ
        in a single line (see :class:`EditText` ``toolkit``): nothing, or the editor action."""
        frame = self.frame()
        root = frame.active.root
        field = self._focused_field(frame)
        if field is None:
            focused = next((v for v in root.walk() if v.focused and v.visible_bounds is not None), None)
            if focused is not None:
                self._perform_click(focused, frame)
                return
            self._move_focus(None, frame, forward=False)
            return
        if field.on_submit is not None:
            self._call(self.front.top, field.on_submit, field.text)
        elif field.multiline:
            self._edit(field, lambda s: setattr(s, "text", s.text + "\n"))
        elif field.toolkit == "compose":
            return
        elif field.toolkit == "flutter":
            self._flutter_action(field, frame)
        elif field.on_click is not None:
            self._perform_click(field, frame)
        else:
            self._move_focus(field, frame, forward=False)

    def _flutter_action(self, field: EditText, frame: Frame) -> None:
        """Flutter's ``TextInputAction`` without ``onSubmitted``: next -> ``nextFocus()``; none or
        newline keep the focus; done/go/search/send (single-line default: done) unfocus
        (``EditableTextState._finalizeEditing``)."""
        action = field.ime_action or "done"
        if action == "next":
            self._move_focus(field, frame, forward=True)
        elif action in ("done", "go", "search", "send") and field.state is not None:
            field.state.focus = None

    @_settles
    def editor_action(self) -> None:
        """The soft keyboard's action key on the focused field (``TextView.onEditorAction``).
        The action is the declared ``ime_action`` or, unspecified on a single-line field,
        ``onCreateInputConnection``'s default: Next when ``focusSearch(FOCUS_DOWN)`` finds a view,
        else Done; a multi-line field without one gets IME_FLAG_NO_ENTER_ACTION (its key types a
        new line). The listener (``on_ime_action``, else ``on_submit``) runs first; otherwise a declared Next moves
        ``focusSearch(FOCUS_FORWARD)``, a declared Done hides the keyboard (no soft keyboard is
        drawn here: nothing changes), and any other action is sent on as an Enter key with
        FLAG_EDITOR_ACTION (the path of :meth:`_enter`)."""
        with self.device.lock:
            self._clear_transients()
            frame = self.frame()
            field = self._focused_field(frame)
            if field is None:
                return
            if field.on_ime_action is not None:
                self._call(self.front.top, field.on_ime_action, field.text)
            elif field.on_submit is not None:
                self._call(self.front.top, field.on_submit, field.text)
            elif field.toolkit == "flutter" and not field.multiline:
                self._flutter_action(field, frame)
            elif field.toolkit == "compose":
                # KeyboardActionRunner's defaults; ImeAction.Default is Done in a single line
                # (EditorInfo.update), which only hides the keyboard
                if field.ime_action == "next":
                    self._move_focus(field, frame, forward=True)
                elif field.multiline and field.ime_action is None:
                    self._edit(field, lambda s: setattr(s, "text", s.text + "\n"))
            elif field.ime_action == "next":
                self._move_focus(field, frame, forward=True)
            elif field.ime_action in ("done", "previous"):
                return  # Done hides the IME; Previous (FOCUS_BACKWARD) is offered by no double
            elif field.multiline and field.ime_action is None:
                self._edit(field, lambda s: setattr(s, "text", s.text + "\n"))
            elif field.on_click is not None:
                self._perform_click(field, frame)
            else:
                self._move_focus(field, frame, forward=False)

    def _move_focus(self, current: View | None, frame: Frame, *, forward: bool) -> None:
        candidates = focus.focusables(frame.active.root)
        if forward and current is not None:
            target = focus.search_forward(current, candidates)
        else:
            target = focus.search_down(current, candidates, frame.active.frame)
        if target is not None and target.state is not None:
            target.state.focus = target.key

    def _perform_click(self, view: View, frame: Frame) -> None:
        if not view.enabled:
            return
        screen = self.front.top if frame.active.kind != "fault" else None
        if isinstance(view, CompoundButton):
            self._call(screen, view.toggle)
        elif view.on_click is not None:
            self._call(screen, view.on_click)

    def _delete(self, forward: bool) -> None:
        field = self._focused_field(self.frame())
        if field is None:
            return

        def delete(state: FieldState) -> None:
            if state.all_selected:
                state.text = ""
            elif not forward:
                state.text = state.text[:-1]
            state.all_selected = False

        self._edit(field, delete)

    def _next_field(self) -> None:
        frame = self.frame()
        fields = [v for v in frame.active.root.walk() if isinstance(v, EditText) and v.visible_bounds is not None]
        if not fields:
            return
        current = next((i for i, f in enumerate(fields) if f.focused), -1)
        nxt = fields[(current + 1) % len(fields)]
        assert nxt.state is not None
        nxt.state.focus = nxt.key

    def _open_overflow(self) -> None:
        screen = self.front.top
        built = self._call(screen, screen.build)
        if not isinstance(built, View):
            return
        for view in built.walk():
            items = getattr(view, "menu_items", None)
            if items:
                screen.show_menu(items)
                return


def fit_size(width: int, height: int, native: tuple[int, int] = (SCREEN_W, SCREEN_H)) -> tuple[int, int]:
    """The emulator's screenshot scaling: fit inside width x height keeping the aspect ratio."""
    native_w, native_h = native
    if width <= 0 and height <= 0:
        return native_w, native_h
    scale_w = width / native_w if width > 0 else float("inf")
    scale_h = height / native_h if height > 0 else float("inf")
    scale = min(scale_w, scale_h)
    w = round(native_w * scale)
    h = round(native_h * scale)
    if width > 0:
        w = min(w, width)
    if height > 0:
        h = min(h, height)
    return max(1, w), max(1, h)


def _window_hash(title: str) -> str:
    return f"{zlib.crc32(title.encode()) & 0xFFFFFFF:x}"


def _app_pid(package: str) -> int:
    """The app's pid as ``ps``/``pidof`` show it (what logcat shows for its crash)."""
    from pytest_anyapp.sim.shell.commands.system import package_pid

    return package_pid(package)
