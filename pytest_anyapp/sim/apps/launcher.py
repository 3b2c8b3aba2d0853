"""The home screen (Pixel launcher): a search box and an alphabetical grid of launchable apps.

Icons are TextViews whose text and content-desc are the app label, as in the real launcher's
dump; tapping one starts the app like ``monkey -p <pkg> -c android.intent.category.LAUNCHER 1``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from pytest_anyapp.sim.apps.base import Screen, SimApp
from pytest_anyapp.sim.ui import theme
from pytest_anyapp.sim.ui.views import Column, EditText, Grid, TextView, View

LAUNCHER = "com.google.android.apps.nexuslauncher"


@dataclass(frozen=True)
class LauncherEntry:
    package: str
    label: str
    color: str


class AppIcon(TextView):
    """A launcher icon: a coloured circle with the initial, the label underneath."""

    def __init__(self, entry: LauncherEntry, on_click: Any) -> None:
        super().__init__(entry.label, desc=entry.label, on_click=on_click, size=13, max_lines=1, align="center",
                         height=104, padding=(4, 8, 4, 8), color=(255, 255, 255))
        self.icon_color = theme.parse_color(entry.color, theme.PRIMARY)
        self.long_press_entry = entry

    @property
    def long_clickable(self) -> bool:
        return True


class HomeScreen(Screen):
    activity = ".NexusLauncherActivity"
    edge_to_edge: ClassVar[bool] = True
    background: ClassVar[str] = "#202D42"

    def entries(self) -> list[LauncherEntry]:
        from pytest_anyapp.sim.apps import catalog

        found: dict[str, LauncherEntry] = {}
        for cls in catalog():
            if cls.launch_activity and cls.package != LAUNCHER:
                found[cls.package] = LauncherEntry(cls.package, cls.label or cls.package, cls.icon_color)
        packages = getattr(self.device, "packages", None)
        lister = getattr(packages, "list", None)
        if lister is not None:
            try:
                infos = list(lister())
            except NotImplementedError:
                infos = []
            if infos:
                installed = {getattr(i, "name", ""): i for i in infos}
                found = {p: e for p, e in found.items() if p in installed and getattr(installed[p], "enabled", True)}
                for name, info in installed.items():
                    if name in found or name == LAUNCHER or not getattr(info, "launch_activity", None):
                        continue
                    if not getattr(info, "enabled", True):
                        continue
                    found[name] = LauncherEntry(name, getattr(info, "label", "") or name, "#5F6368")
        return sorted(found.values(), key=lambda e: e.label.lower())

    def build(self) -> View:
        query = self.field("input").strip().lower()
        entries = [e for e in self.entries() if query in e.label.lower()]
        return Column(
            EditText("input", hint="Search apps", padding=(20, 14), size=18, background="#E8EAED"),
            Grid(*[AppIcon(e, self._opener(e.package)) for e in entries], columns=4, id="apps_list_view",
                 padding=(0, 16, 0, 0)),
            padding=(16, theme.STATUS_BAR_H / theme.SCALE + 8, 16, theme.NAV_BAR_H / theme.SCALE),
            spacing=8,
            id="apps_view",
        )

    def _opener(self, package: str) -> Any:
        def open_app() -> None:
            task = self.task
            assert task is not None
            self.set_field("input", "")
            self.focus(None)
            task.wm.start_app(package)

        return open_app


class Launcher(SimApp):
    package = LAUNCHER
    label = "Pixel Launcher"
    version_name = "13"
    version_code = 33
    system = True
    launch_activity = ".NexusLauncherActivity"
    home = HomeScreen


def _register_painter() -> None:
    """The launcher icon's look: a coloured disc with the initial above the white label."""
    from pytest_anyapp.sim.ui.render import Canvas, painter
    from pytest_anyapp.sim.ui.theme import dp, font, line_height, text_width

    @painter(AppIcon)
    def paint_icon(view: View, canvas: Canvas) -> None:
        assert isinstance(view, AppIcon)
        b = view.bounds
        radius = dp(26)
        cx = b.center[0]
        cy = b.top + dp(8) + radius
        x, y = canvas.pt(cx, cy)
        canvas.draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=view.icon_color)
        letter = view.text[:1].upper()
        size = dp(24)
        canvas.draw.text((x - text_width(letter, size) / 2, y - size * 0.6), letter, font=font(size), fill=(255, 255, 255))
        label = view.lines[0] if view.lines else view.text
        lw = text_width(label, view.size_px)
        ty = cy + radius + dp(6)
        canvas.draw.text(canvas.pt(cx - lw / 2, ty + (line_height(view.size_px) - view.size_px) // 2), label,
                         font=font(view.size_px), fill=(255, 255, 255))


_register_painter()
