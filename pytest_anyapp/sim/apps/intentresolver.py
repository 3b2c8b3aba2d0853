"""Android 13's share sheet: ``com.android.intentresolver/.ChooserActivity``.

An app shares with ``Intent.createChooser(ACTION_SEND …)``; Android 13 shows the chooser from
the IntentResolver module, in the sharing app's task. For a shared file its content preview shows
the file name (``content_preview_filename``) beside a file icon (``content_preview_file_icon``),
then the share targets. Any app double shares through :func:`share_files`. BACK closes the sheet.
Facts: AOSP ``packages/modules/IntentResolver`` (android-13), ``res/layout/chooser_grid_preview_file.xml``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pytest_anyapp.sim.apps.base import Screen, SimApp
from pytest_anyapp.sim.ui.views import Column, Grid, ImageView, Row, Scaffold, TextView, View

PACKAGE = "com.android.intentresolver"
TARGETS: tuple[str, ...] = ("Bluetooth", "Drive", "Gmail", "Messages")


class IntentResolver(SimApp):
    """The system package (already listed by the package manager); no launcher entry."""

    package = PACKAGE
    label = "IntentResolver"
    version_name, version_code = "13", 33
    system = True
    launch_activity: ClassVar[str | None] = None


class Chooser(Screen):
    """The share sheet for one or more files (names as the sending app's content URIs end)."""

    activity = "com.android.intentresolver.ChooserActivity"

    def __init__(self, app: SimApp, names: Sequence[str]) -> None:
        super().__init__(app)
        self.names = list(names)

    def build(self) -> View:
        if len(self.names) == 1:
            preview: View = Row(ImageView("file", size=32, id="content_preview_file_icon"),
                                TextView(self.names[0], id="content_preview_filename", size=16, max_lines=1, weight=1.0),
                                padding=(24, 16), spacing=16, id="content_preview_file_layout")
        else:
            preview = TextView(f"{len(self.names)} files", id="content_preview_filename", size=16, padding=(24, 16))
        targets = [Column(ImageView(avatar=t[:1], size=48), TextView(t, size=12, align="center", id="text1"),
                          on_click=self.finish, padding=(8, 8)) for t in TARGETS]
        return Scaffold(None, Column(preview, Grid(*targets, columns=4, id="resolver_list"), padding=(0, 600, 0, 0)))


def share_files(screen: Screen, names: Sequence[str]) -> None:
    """What ``startActivity(Intent.createChooser(send, null))`` shows: the chooser in the caller's task."""
    screen.push(Chooser(IntentResolver(screen.device), names))
