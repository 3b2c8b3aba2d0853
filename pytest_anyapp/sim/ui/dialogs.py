"""Windows that float above an activity: AlertDialog, popup (overflow) menu, system fault dialogs.

Each builds its own view tree with the resource ids Android uses (``android:id/alertTitle``,
``android:id/message``, ``android:id/button1`` positive / ``button2`` negative / ``button3``
neutral; ``android:id/aerr_close`` etc. for "has stopped" dialogs) because harness code and agents
key on them. Choosing a button dismisses the dialog before its callback runs, so the callback may
open another dialog.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pytest_anyapp.sim.ui import theme
from pytest_anyapp.sim.ui.geometry import Rect
from pytest_anyapp.sim.ui.theme import dp
from pytest_anyapp.sim.ui.views import (
    Button,
    Callback,
    Column,
    ListView,
    RadioButton,
    Row,
    Spacer,
    TextView,
    View,
)

ButtonSpec = tuple[str, Callback | None]


class Floating:
    """Base of things shown above the activity; ``dismiss`` is wired by the window manager."""

    cancelable: bool = True
    window_title: str = ""

    def __init__(self) -> None:
        self.dismiss: Callable[[], None] = lambda: None
        self.root: View | None = None

    def build(self) -> View:
        raise NotImplementedError

    def frame(self, content_area: Rect, root: View) -> Rect:
        """Where the window sits on screen."""
        raise NotImplementedError

    def _wrap(self, callback: Callback | None) -> Callback:
        def run() -> Any:
            self.dismiss()
            return callback() if callback is not None else None

        return run


class AlertDialog(Floating):
    """AlertDialog: title, message, optional custom view (e.g. an EditText) or choices, buttons.

    ``positive``/``negative``/``neutral`` are ``(label, callback)`` tuples. ``items`` makes a plain
    item list (``setItems``); ``choices`` + ``checked`` a single-choice list whose ``on_choice(i)``
    runs on tap. BACK or a tap outside cancels when ``cancelable`` (calling ``on_cancel``).
    """

    def __init__(
        self,
        title: str = "",
        message: str = "",
        *,
        positive: ButtonSpec | None = None,
        negative: ButtonSpec | None = None,
        neutral: ButtonSpec | None = None,
        view: View | None = None,
        items: Sequence[ButtonSpec] = (),
        choices: Sequence[str] = (),
        checked: int = -1,
        on_choice: Callable[[int], Any] | None = None,
        cancelable: bool = True,
        on_cancel: Callback | None = None,
    ) -> None:
        super().__init__()
        self.title = title
        self.message = message
        self.positive = positive
        self.negative = negative
        self.neutral = neutral
        self.view = view
        self.items = list(items)
        self.choices = list(choices)
        self.checked_index = checked
        self.on_choice = on_choice
        self.cancelable = cancelable
        self.on_cancel = on_cancel

    def build(self) -> View:
        buttons: list[View | None] = []
        if self.neutral:
            buttons += [Button(self.neutral[0], self._wrap(self.neutral[1]), id="android:id/button3", style="text"), Spacer(weight=1)]
        else:
            buttons.append(Spacer(weight=1))
        if self.negative:
            buttons.append(Button(self.negative[0], self._wrap(self.negative[1]), id="android:id/button2", style="text"))
        if self.positive:
            buttons.append(Button(self.positive[0], self._wrap(self.positive[1]), id="android:id/button1", style="text"))
        body: list[View | None] = [
            TextView(self.title, id="android:id/alertTitle", size=24) if self.title else None,
            TextView(self.message, id="android:id/message", size=14, color=theme.ON_SURFACE_VARIANT) if self.message else None,
            self.view,
        ]
        if self.items:
            body.append(
                Column(
                    *[TextView(label, id="android:id/text1", on_click=self._wrap(cb), padding=(0, 12),
                               size=16) for label, cb in self.items],
                    id="android:id/select_dialog_listview",
                )
            )
        if self.choices:
            body.append(
                Column(
                    *[
                        RadioButton(label, id="android:id/text1", checked=i == self.checked_index, on_change=self._choice(i))
                        for i, label in enumerate(self.choices)
                    ],
                    id="android:id/select_dialog_listview",
                )
            )
        has_buttons = self.positive or self.negative or self.neutral
        root = Column(
            Column(*body, spacing=16, id="android:id/parentPanel"),
            Row(*buttons, id="android:id/buttonPanel", spacing=8, padding=(0, 16, 0, 0)) if has_buttons else None,
            padding=24,
        )
        return root

    def _choice(self, index: int) -> Callable[[bool], Any]:
        def chosen(_: bool) -> Any:
            self.checked_index = index
            if self.on_choice is not None:
                return self.on_choice(index)
            return None

        return chosen

    def frame(self, content_area: Rect, root: View) -> Rect:
        width = min(content_area.width, theme.SCREEN_W) - 2 * dp(28)
        height = min(root.measure(width), content_area.height - 2 * dp(24))
        left = content_area.left + (content_area.width - width) // 2
        top = content_area.top + (content_area.height - height) // 2
        return Rect(left, top, left + width, top + height)


class PopupMenu(Floating):
    """Overflow menu anchored to the top-right, below the status bar (AppCompat's look)."""

    def __init__(self, items: Sequence[ButtonSpec]) -> None:
        super().__init__()
        self.items = list(items)

    def build(self) -> View:
        rows = [_MenuRow(label, self._wrap(cb)) for label, cb in self.items]
        return ListView(*rows, padding=(0, 8))

    def frame(self, content_area: Rect, root: View) -> Rect:
        width = max(dp(180), min(dp(280), max(r.intrinsic_width() for r in root.children) if root.children else 0))
        height = min(root.measure(width), content_area.height - dp(16))
        right = content_area.right - dp(8)
        top = content_area.top + dp(8)
        return Rect(right - width, top, right, top + height)


class _MenuRow(Row):
    class_name = "android.widget.LinearLayout"

    def __init__(self, label: str, on_click: Callback) -> None:
        super().__init__(TextView(label, id="title", size=16, max_lines=1), on_click=on_click, padding=(16, 0), height=48)

    def intrinsic_width(self) -> int:
        return super().intrinsic_width() + dp(32)


class FaultDialog(Floating):
    """The system's "<App> has stopped" / "<App> isn't responding" dialog (package ``android``)."""

    def __init__(self, package: str, label: str, kind: str, on_close: Callback, on_wait: Callback, on_info: Callback) -> None:
        super().__init__()
        if kind not in ("crash", "anr"):
            raise ValueError(f"fault kind must be 'crash' or 'anr', not {kind!r}")
        self.package = package
        self.label = label
        self.kind = kind
        self.on_close = on_close
        self.on_wait = on_wait
        self.on_info = on_info
        self.cancelable = True
        self.window_title = f"Application Error: {package}" if kind == "crash" else f"Application Not Responding: {package}"

    @property
    def title(self) -> str:
        return f"{self.label} has stopped" if self.kind == "crash" else f"{self.label} isn't responding"

    def build(self) -> View:
        def row(text: str, rid: str, icon_cb: Callback) -> View:
            return TextView(text, id=f"android:id/{rid}", on_click=self._wrap(icon_cb), padding=(24, 14), size=16)

        actions: list[View]
        if self.kind == "crash":
            actions = [row("App info", "aerr_app_info", self.on_info), row("Close app", "aerr_close", self.on_close)]
        else:
            actions = [row("Close app", "aerr_close", self.on_close), row("Wait", "aerr_wait", self.on_wait),
                       row("App info", "aerr_app_info", self.on_info)]
        return Column(
            TextView(self.title, id="android:id/alertTitle", size=20, padding=(24, 24, 24, 12)),
            Column(*actions, id="android:id/contentPanel", padding=(0, 0, 0, 12)),
        )

    def frame(self, content_area: Rect, root: View) -> Rect:
        width = min(content_area.width, theme.SCREEN_W) - 2 * dp(28)
        height = root.measure(width)
        left = content_area.left + (content_area.width - width) // 2
        top = content_area.top + (content_area.height - height) // 2
        return Rect(left, top, left + width, top + height)
