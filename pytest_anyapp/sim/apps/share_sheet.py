"""Android 13's share sheet (``com.android.intentresolver``, ChooserActivity), as apps open it with
``Intent.createChooser(ACTION_SEND ...)``.

What it shows for a text share: the chooser title, the shared text in ``content_preview_text``
(with a "Copy" action, which puts the text on the clipboard) and the share targets; BACK closes it
and returns to the app. No app of the simulated device registers as a share target, so the target
area is empty. Apps start it with :func:`open_share_sheet`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pytest_anyapp.sim.apps.base import Intent, Screen, SimApp
from pytest_anyapp.sim.ui.views import Button, Column, Scaffold, Spacer, TextView, View

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice

ACTION_CHOOSER = "android.intent.action.CHOOSER"
EXTRA_TEXT = "android.intent.extra.TEXT"
EXTRA_TITLE = "android.intent.extra.TITLE"


class ChooserScreen(Screen):
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


class IntentResolver(SimApp):
    package = "com.android.intentresolver"
    label = "IntentResolver"
    system = True
    launch_activity = None

    @classmethod
    def handles_intent(cls, intent: Intent) -> bool:
        return intent.action == ACTION_CHOOSER

    def open_intent(self, intent: Intent) -> Screen | None:
        return ChooserScreen(self, str(intent.extras.get(EXTRA_TEXT, "")), str(intent.extras.get(EXTRA_TITLE, "")))


def open_share_sheet(device: SimDevice, text: str, title: str = "") -> bool:
    """``startActivity(Intent.createChooser(ACTION_SEND text/plain EXTRA_TEXT=text, title))``."""
    return device.ui.start_intent(Intent(action=ACTION_CHOOSER, extras={EXTRA_TEXT: text, EXTRA_TITLE: title}))
