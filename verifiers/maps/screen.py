"""The ``ui`` side of the Maps pairs: read what the app shows (place page, route panel, results,
Android's share sheet) from ``uiautomator dump`` by the app's resource ids, and drive an app to a
given screen state through ``input`` (what a user's finger does) when a conformance case is seeded.

Both work on a real emulator as on the simulated one (nothing here is simulator-specific).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from pytest_anyapp.agents.base import UIElement
from pytest_anyapp.agents.oracle import By, Intent, Press, Tap, TypeInto
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.episode.actuate import escape_input_text
from pytest_anyapp.errors import DeviceError
from verifiers.maps.oracle import MapsUi, directions, nearby, open_place, search, share
from verifiers.maps.state import PLACES, ScreenRead, names_city, place_string

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

SHARE_PREVIEW_RES = "content_preview_text"
KEYCODE_BACK = 4


def _is(el: UIElement, res: str) -> bool:
    return el.resource_id.endswith(f":id/{res}")


def read_screen(xml: str, ui: MapsUi) -> ScreenRead:
    """The app-neutral screen facts of one dump (elements of other apps are ignored, except the
    share sheet's preview, which belongs to Android)."""
    els = parse_ui_dump(xml)
    front = els[0].package if els else ""
    own = [e for e in els if e.package == ui.package]

    def text(res: str) -> str:
        return next((e.text for e in own if _is(e, res)), "")

    query = text(ui.search_res)
    if query == ui.search_hint:  # an empty field reports its hint (Android accessibility)
        query = ""
    titles = [e.text for e in own if _is(e, ui.result_title_res)]
    subtitles = [e.text for e in own if _is(e, ui.result_subtitle_res)]
    has_search = any(_is(e, ui.search_res) for e in own)
    results = [f"{t} · {s}" if s else t for t, s in zip(titles, [*subtitles, *[""] * len(titles)], strict=False)]
    sheet = next((e for e in els if _is(e, SHARE_PREVIEW_RES)
                  and e.package in ("com.android.intentresolver", "android")), None)
    share_text = sheet.text if sheet is not None else ""
    front = sheet.package if sheet is not None else (ui.package if own else front)
    return ScreenRead(package=front, card=text(ui.card_title_res), route_from=text(ui.route_from_res),
                      route_to=text(ui.route_to_res), route_summary=text(ui.route_summary_res),
                      query=query if has_search else "", results=results if has_search else [], share_text=share_text)


class Driver:
    """Runs oracle building blocks (Tap / TypeInto / Press) through adb on the current screen."""

    def __init__(self, device: DeviceClient) -> None:
        self.device = device

    def find(self, target: By) -> UIElement:
        for _ in range(5):
            el = target.find(parse_ui_dump(self.device.ui_dump()))
            if el is not None:
                return el
            self.device.run("sleep 0.2")
        raise DeviceError(f"seeding a Maps screen: {target} is not on screen")

    def run(self, steps: Iterable[Intent]) -> None:
        for step in steps:
            if isinstance(step, (Tap, TypeInto)):
                x, y = self.find(step.target).center
                self.device.check(f"input tap {x} {y}")
                if isinstance(step, TypeInto):
                    self.device.check(f"input text {escape_input_text(step.text)}")
            elif isinstance(step, Press) and step.button == "back":
                self.device.check(f"input keyevent {KEYCODE_BACK}")
            else:
                raise DeviceError(f"seeding a Maps screen: unsupported step {step}")


def _city_in(text: str) -> str:
    return next((c for c in PLACES if names_city(text, c)), "")


def show(device: DeviceClient, package: str, ui: MapsUi, screen: ScreenRead) -> None:
    """Bring the app, freshly started, to ``screen`` the way a user would."""
    device.force_stop(package)
    device.launch(package)
    drive = Driver(device)
    if screen.share_text:
        drive.run(share(ui, place_string(_city_in(screen.share_text))))
    elif screen.route_to:
        drive.run(directions(ui, place_string(screen.route_from), place_string(screen.route_to)))
    elif screen.query:
        near = next((_city_in(r.split(" · ", 1)[-1]) for r in screen.results if " · " in r), "")
        if near and near != screen.query:
            drive.run(nearby(ui, place_string(near), screen.query))
        else:
            drive.run(search(ui, screen.query))
    elif screen.card:
        drive.run(open_place(ui, place_string(screen.card)))
