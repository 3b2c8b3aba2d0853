"""A small app double used only by the UI tests; it exercises every toolkit feature."""
from __future__ import annotations

from typing import ClassVar

from pytest_anyapp.sim.apps.base import AlertDialog, Intent, Screen, SimApp
from pytest_anyapp.sim.ui.views import (
    Button,
    CheckBox,
    Column,
    EditText,
    ImageButton,
    ListItem,
    Row,
    Scaffold,
    ScrollList,
    Switch,
    TextView,
    Toolbar,
    View,
)

PACKAGE = "org.anyapp.toy"


class ToyHome(Screen):
    activity = ".ToyActivity"

    def __init__(self, app: SimApp) -> None:
        super().__init__(app)
        self.events: list[str] = []
        self.submitted: list[str] = []
        self.starred = False

    def build(self) -> View:
        return Scaffold(
            Toolbar("Toy", menu=[("Settings", lambda: self.events.append("settings")), ("Crash", self.app.crash)]),
            TextView('Tom & "Jerry" <3\nline2', id="label"),
            Row(
                EditText("name", hint="Your name", weight=1.0, on_submit=self.submitted.append),
                ImageButton("send", "", on_click=lambda: self.events.append("naf")),
                Button("Go", lambda: self.push(ToyDetail(self.app, self.field("name"))), id="go"),
            ),
            EditText("pin", hint="PIN", password=True),
            CheckBox("Starred", checked=self.starred, on_change=self.set_star, id="star"),
            Switch("Wifi", id="wifi"),
            TextView("hidden", visible=False),
            Button("Ask", self.ask, id="ask"),
            Button("Freeze", self.app.anr, id="freeze"),
            Button("Boom", lambda: 1 / 0, id="boom"),
            ScrollList(
                *[ListItem(f"Row {i}", f"detail {i}", title_id="row_title", on_click=lambda i=i: self.events.append(f"row{i}"),
                           on_long_click=lambda i=i: self.events.append(f"long{i}")) for i in range(30)],
                id="rows",
            ),
        )

    def set_star(self, value: bool) -> None:
        self.starred = value

    def ask(self) -> None:
        self.show_dialog(
            AlertDialog(
                "Rename?",
                "Pick a new name",
                view=EditText("new_name", hint="New name"),
                positive=("OK", lambda: self.events.append("ok:" + self.field("new_name"))),
                negative=("Cancel", lambda: self.events.append("cancel")),
                on_cancel=lambda: self.events.append("cancelled"),
            )
        )


class ToyDetail(Screen):
    activity = ".DetailActivity"

    def __init__(self, app: SimApp, name: str = "") -> None:
        super().__init__(app)
        self.name = name

    def build(self) -> View:
        return Column(Toolbar(f"Hello {self.name}", nav="back"), TextView("detail body", id="body"))


class ToyApp(SimApp):
    package = PACKAGE
    label = "Toy"
    launch_activity = ".ToyActivity"
    home = ToyHome
    screens: ClassVar = (ToyDetail,)
    created = 0

    def on_create(self) -> None:
        type(self).created += 1

    @classmethod
    def handles_intent(cls, intent: Intent) -> bool:
        return intent.action == "android.intent.action.VIEW" and intent.data.startswith("toy:")

    def open_intent(self, intent: Intent) -> Screen | None:
        return ToyDetail(self, intent.data.removeprefix("toy:"))
