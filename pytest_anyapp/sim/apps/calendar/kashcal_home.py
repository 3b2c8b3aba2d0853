"""KashCal 22.5.15's own screens (as :mod:`.month` holds the Simple Calendar lineage's): the month home it
opens on and its onboarding sheet (the emoji its titles are shown with are :mod:`.kashcal_rules`). The skin and the app are
:mod:`.kashcal`."""

from __future__ import annotations

import calendar
import datetime as dt

from pytest_anyapp.sim.apps.base import SimApp
from pytest_anyapp.sim.apps.calendar.datastore import PreferencesDataStore
from pytest_anyapp.sim.apps.calendar.kashcal_rules import with_emoji
from pytest_anyapp.sim.apps.calendar.kashcal_sheets import QuickView
from pytest_anyapp.sim.apps.calendar.kit import CalendarScreen, time_text
from pytest_anyapp.sim.apps.calendar.store import Ev, occurrence_shifts
from pytest_anyapp.sim.ui.dialogs import Floating
from pytest_anyapp.sim.ui.geometry import Rect
from pytest_anyapp.sim.ui.views import Button, Column, Fab, ImageButton, Row, Scaffold, ScrollView, TextView, Toolbar, View

#: KashCalDataStore.kt (v22.5.15): preferencesDataStore "kashcal_preferences"; PreferencesKeys.ONBOARDING_DISMISSED.
DATASTORE = "files/datastore/kashcal_preferences.preferences_pb"
ONBOARDING_KEY = "onboarding_dismissed"


def occurs_on(ev: Ev, day: dt.date) -> bool:
    """The day has an occurrence of the event (the app lists the ``occurrences`` rows of the day, its RRULE's)."""
    shift = (day - dt.date.fromisoformat(ev.date)).days
    return shift == 0 or (shift > 0 and shift in occurrence_shifts(ev.repeat, ev.date, shift + 1))


class OnboardingSheet(Floating):
    """ui/components/OnboardingBanner.kt: a ModalBottomSheet shown at start without an account until dismissed;
    "Connect" opens the iCloud sign-in (not modelled) and both buttons store ``onboarding_dismissed``."""

    def __init__(self, app: SimApp) -> None:
        super().__init__()
        self.app = app

    def done(self) -> None:
        PreferencesDataStore(self.app.host_path(DATASTORE)).set_boolean(ONBOARDING_KEY, True)

    def build(self) -> View:
        return Column(TextView("Apple Calendar?", size=24, bold=True, align="center"),
                      TextView("We've got you.", size=18, align="center"),
                      TextView("Connect iCloud to see your events here", size=14, align="center"),
                      Button("Connect", self._wrap(self.done)), Button("Not now", self._wrap(self.done), style="text"),
                      spacing=8, padding=(24, 16, 24, 32))

    def frame(self, content_area: Rect, root: View) -> Rect:
        height = min(root.measure(content_area.width), content_area.height)
        return Rect(content_area.left, content_area.bottom - height, content_area.right, content_area.bottom)


class MonthHome(CalendarScreen):
    """HomeScreen in ViewMode.MONTH (ui/screens/HomeScreen.kt, v22.5.15), the app's first screen: the top bar
    ("Calendar view", "Search", "Today", "Settings"), MonthNavHeader ("Previous", "MMMM yyyy", "Next"), the
    weekday names from Sunday, CalendarGrid (a day's number; a tap selects the day: HomeViewModel.selectDate),
    then the selected day's EventCards (the title with its emoji, "HH:mm - HH:mm"; a tap opens the event), or
    "Nothing to see here; go touch grass?", or "Pick a day. Seize it." when the selected day is in another
    month. Start-up selects today (goToToday). Compose sets no testTag here, so no view has a resource id."""

    def __init__(self, app: SimApp) -> None:
        super().__init__(app)
        self.selected = self.today()
        self.viewing = self.selected.replace(day=1)
        self.started = False

    def on_resume(self) -> None:
        """HomeViewModel's init: the onboarding sheet unless ``onboarding_dismissed`` (no account is ever set up)."""
        if not self.started:
            self.started = True
            if not PreferencesDataStore(self.app.host_path(DATASTORE)).get_boolean(ONBOARDING_KEY):
                self.show_dialog(OnboardingSheet(self.app))

    def today(self) -> dt.date:
        return dt.datetime.fromtimestamp(self.app.now_ms() / 1000, tz=dt.UTC).date()

    def select(self, day: dt.date) -> None:
        self.selected, self.viewing = day, day.replace(day=1)

    def step(self, months: int) -> None:
        index = self.viewing.year * 12 + self.viewing.month - 1 + months
        self.viewing = dt.date(index // 12, index % 12 + 1, 1)

    def new_event(self) -> None:
        """MainActivity.onCreateEvent: the selected day at the next full hour."""
        self.push(self.cal.editor_screen(self.app, None, self.selected.isoformat()))

    def day_page(self) -> list[View]:
        if (self.selected.year, self.selected.month) != (self.viewing.year, self.viewing.month):
            return [TextView("Pick a day. Seize it.", align="center", padding=32)]
        s = self.skin
        events = [ev for ev in self.cal.store.events() if occurs_on(ev, self.selected)]
        if not events:
            return [TextView("Nothing to see here; go touch grass?", align="center", padding=32)]
        return [Column(TextView(with_emoji(ev.title), size=16),
                       TextView(f"{time_text(ev.start, s.time_format)} - {time_text(ev.end, s.time_format)}", size=12),
                       on_click=lambda ev=ev: self.open_on(ev), padding=12) for ev in events]

    def open_on(self, ev: Ev) -> None:
        """The event's quick view, dated on the selected day (the occurrence tapped, EventQuickViewSheet)."""
        self.push(QuickView(self.app, ev, self.selected.isoformat()))

    def build(self) -> View:
        s = self.skin
        weeks = calendar.Calendar(firstweekday=6).monthdatescalendar(self.viewing.year, self.viewing.month)
        grid: list[View | None] = [Row(*(TextView(calendar.day_abbr[(d + 6) % 7], size=11, align="center", weight=1)
                                         for d in range(7)))]
        for week in weeks:
            grid.append(Row(*(TextView(str(d.day), align="center", weight=1, height=44,
                                       on_click=lambda d=d: self.select(d)) if d.month == self.viewing.month
                              else TextView("", weight=1, height=44) for d in week)))
        header = Row(ImageButton("chevron_left", "Previous", on_click=lambda: self.step(-1)),
                     TextView(f"{calendar.month_name[self.viewing.month]} {self.viewing.year}", size=22, bold=True,
                              align="center", weight=1),
                     ImageButton("chevron_right", "Next", on_click=lambda: self.step(1)))
        actions: list[View] = [ImageButton("view_list", "Calendar view"), ImageButton("search", "Search"),
                               ImageButton("calendar_today", "Today", on_click=lambda: self.select(self.today())),
                               ImageButton("tune", "Settings")]
        fab = Fab(s.entry.icon, s.entry.desc, on_click=self.new_event)
        return Scaffold(Toolbar(s.title, actions=actions, id=""), Column(header, *grid),
                        ScrollView(*self.day_page()), fab=fab)
