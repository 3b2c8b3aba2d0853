"""Simple Calendar's launch screen follows ``Config.storedView`` (``Prefs.xml`` int ``view``, default
``MONTHLY_VIEW`` 1; ``EVENTS_LIST_VIEW`` 3: FossifyOrg/Calendar 1.10.3 and SimpleMobileTools/Simple-Calendar
6.22.2, helpers/Config.kt and Constants.kt; MainActivity picks the fragment holder from it). Setup stores the
list view as a lab would after choosing it once; without that the double opens a month grid, as the apps do.

The grid shows the month, weekday letters and day numbers with each day's event titles; tapping a day (the
apps open its day view) and the arrows are not modelled, so an episode that needs the list fails here too.
"""

from __future__ import annotations

import calendar
import time

from pytest_anyapp.sim.apps.base import Screen, SimApp
from pytest_anyapp.sim.apps.calendar.kit import CalendarScreen, EventList
from pytest_anyapp.sim.ui.views import Column, Fab, Row, Scaffold, TextView, Toolbar, View

PREFS = "Prefs"
VIEW_KEY = "view"
MONTHLY_VIEW, EVENTS_LIST_VIEW = 1, 3


class MonthGrid(CalendarScreen):
    """The month view (MonthFragmentsHolder; ``top_value`` of res/layout/top_navigation.xml holds the month's
    name, the year only for another year), then the weeks of the month from Sunday."""

    def build(self) -> View:
        s = self.skin
        now = time.gmtime(self.app.now_ms() // 1000)
        titles: dict[str, list[str]] = {}
        for ev in self.cal.store.events():
            titles.setdefault(ev.date, []).append(ev.title)
        weeks = calendar.Calendar(firstweekday=6).monthdatescalendar(now.tm_year, now.tm_mon)
        rows: list[View | None] = [Row(*(TextView(calendar.day_abbr[(d + 6) % 7][0], size=12, align="center",
                                                  weight=1) for d in range(7)))]
        for week in weeks:
            rows.append(Row(*(Column(TextView(str(day.day), size=12, align="center"),
                                     *(TextView(t, size=10, max_lines=1) for t in titles.get(day.isoformat(), [])),
                                     weight=1) for day in week)))
        fab = Fab(s.entry.icon, s.entry.desc, on_click=lambda: self.push(self.cal.editor_screen(self.app, None)), id=s.entry.id or None)
        return Scaffold(Toolbar(s.title, menu=[(label, None) for label in s.menu]),
                        TextView(calendar.month_name[now.tm_mon], id="top_value", size=20,
                                 align="center"),
                        Column(*rows, id="month_calendar_holder"), fab=fab)


def stored_view_home(app: SimApp) -> Screen:
    """MainActivity's first fragment: the event list only when ``view`` holds EVENTS_LIST_VIEW."""
    view = app.prefs(PREFS).get(VIEW_KEY, MONTHLY_VIEW)
    return EventList(app) if view == EVENTS_LIST_VIEW else MonthGrid(app)
