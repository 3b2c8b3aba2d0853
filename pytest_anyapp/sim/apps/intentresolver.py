"""Android 13's share sheet: ``com.android.intentresolver/.ChooserActivity``.

An app shares with ``Intent.createChooser(ACTION_SEND …)``; Android 13 shows the chooser from the
IntentResolver module. Its content preview depends on what is shared:

* files: the file name (``content_preview_filename``) beside a file icon
  (``content_preview_file_icon``), then the share targets — :func:`share_files`, in the caller's task;
* text: the chooser title, the text in ``content_preview_text`` with a "Copy" action (puts the text
  on the clipboard) — :func:`open_share_sheet`, started as an ``ACTION_CHOOSER`` intent.

BACK closes the sheet. Facts: AOSP ``packages/modules/IntentResolver`` (android-13),
``res/layout/chooser_grid_preview_file.xml`` and ``chooser_grid_preview_text.xml``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from pytest_anyapp.sim.apps.base import Intent, Screen, SimApp
from pytest_anyapp.sim.ui.views import Button, Column, Grid, ImageView, Row, Scaffold, Spacer, TextView, View

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice

PACKAGE = "com.android.intentresolver"
TARGETS: tuple[str, ...] = ("Bluetooth", "Drive", "Gmail", "Messages")
ACTION_CHOOSER = "android.intent.action.CHOOSER"
EXTRA_TEXT = "android.intent.extra.TEXT"
EXTRA_TITLE = "android.intent.extra.TITLE"


class IntentResolver(SimApp):
    """The system package (already listed by the package manager); no launcher entry."""

    package = PACKAGE
    label = "IntentResolver"
    version_name, version_code = "13", 33
    system = True
    launch_activity: ClassVar[str | None] = None

    @classmethod
    def handles_intent(cls, intent: Intent) -> bool:
        return intent.action == ACTION_CHOOSER

    def open_intent(self, intent: Intent) -> Screen | None:
        return TextChooser(self, str(intent.extras.get(EXTRA_TEXT, "")), str(intent.extras.get(EXTRA_TITLE, "")))


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


class TextChooser(Screen):
    """The share sheet for shared text; no app of the simulated device registers as a text target."""

    activity = ".ChooserActivity"

    def __init__(self, app: SimApp, text: str = "", title: str = "") -> None:
        super().__init__(app)
        self.text = text
        self.title = title

    def build(self) -> View:
        return Scaffold(None, Spacer(weight=1.0), Column(
            TextView(self.title, id="content_preview_title", size=16, padding=(24, 16)) if self.title else None,
            TextView(self.text, id="content_preview_text", size=14, max_lines=3, padding=(24, 8)),
            Button("Copy", self.copy, id="copy", style="text", padding=(24, 0)),
            TextView("No apps can perform this action.", id="empty", size=14, padding=(24, 24)),
            background="#F3EDF7",
        ))

    def copy(self) -> None:
        clip = self.device.fs.host("/data/system/clipboard.txt")
        clip.parent.mkdir(parents=True, exist_ok=True)
        clip.write_text(self.text)
        self.finish()


def share_files(screen: Screen, names: Sequence[str]) -> None:
    """What ``startActivity(Intent.createChooser(send, null))`` shows: the chooser in the caller's task."""
    screen.push(Chooser(IntentResolver(screen.device), names))


def open_share_sheet(device: SimDevice, text: str, title: str = "") -> bool:
    """``startActivity(Intent.createChooser(ACTION_SEND text/plain EXTRA_TEXT=text, title))``."""
    return device.ui.start_intent(Intent(action=ACTION_CHOOSER, extras={EXTRA_TEXT: text, EXTRA_TITLE: title}))
