"""The date pickers the real apps open, written once: a :class:`PickerLook` per widget (its texts,
ids and content descriptions as the real widget exposes them) and one dialog, :class:`DatePicker`,
that shows a month grid with previous/next month, a tappable day, and — where the real widget has
one — the toggle to a typed date field.

The looks (``LOOKS``), from their public sources:

* ``material`` — MaterialDatePicker, calendar mode first (material-components-android 1.x,
  ``MaterialDatePicker``, ``MaterialCalendar``, ``mtrl_picker_header_dialog.xml``,
  ``mtrl_calendar_month_navigation.xml``, strings ``mtrl_picker_toggle_to_text_input_mode`` …);
* ``platform`` — the platform ``DatePickerDialog`` in calendar mode, the Android 13 material default
  (AOSP android-13 ``frameworks/base``: ``DatePickerCalendarDelegate``,
  ``date_picker_header_material.xml``, ``day_picker_content_material.xml``, ``DayPickerView``
  ``prev``/``next`` "Previous month"/"Next month", ``SimpleMonthView`` day nodes text "24",
  description "24 October 2023"): no typed input;
* ``m3`` — Compose Material3 ``DatePicker`` in a ``DatePickerDialog`` (androidx.compose.material3,
  strings ``m3c_date_picker_*``): headline, "Switch to text input mode", day nodes read
  "Tuesday, October 24, 2023", a "Date" field ``mm/dd/yyyy``; Compose nodes carry no resource ids;
* ``tasks_org`` — Tasks.org 15.9's due-date sheet: the same Material3 ``DatePicker`` with
  ``showModeToggle = false``, its headline replaced by date shortcuts, and its own bottom row: an
  unlabelled keyboard icon button (``contentDescription = null``), "Cancel", "OK"
  (``kmp/.../compose/pickers/DatePickerBottomSheet.kt``, ``DatePickerShortcuts.kt``); for a due date
  (``DueDatePickerSheet.kt``) a second column of time shortcuts (``TimeShortcuts``: a custom time once
  one is set, morning/afternoon/evening/night, "Pick time", "No time"); "Pick time" opens the app's
  ``TimePickerDialog`` (``time_pickers.TASKS_ORG``), whose OK applies the time (where no day was
  chosen ``dayForAppliedTime`` picks one, ``dayForNewTime`` not read: the double takes today) and
  returns to the sheet; the sheet's OK commits both;
* ``flutter`` — Flutter's ``showDatePicker`` with ``Locale('en', 'GB')`` (flutter
  ``material/date_picker.dart``, ``GlobalMaterialLocalizations`` en_GB): "Switch to input", day
  semantics "24, Tuesday 24 October 2023", an "Enter Date" field ``dd/mm/yyyy``;
* ``kashcal`` — KashCal 22.5.15's own grid (``ui/components/pickers/DateTimePicker.kt``,
  ``InlineDatePickerContent``): "Previous month"/"Next month" icons, the month title merged as
  "Pick month and year", day cells reading only the number, "Done"; under the grid the
  ``WheelTimePicker`` wheels (``time_pickers.kashcal_wheels``), whose settled values "Done" commits
  with the day (``DateTimeSheet``: both "Starts" and "Ends" open the whole sheet).
"""

from __future__ import annotations

import calendar
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from pytest_anyapp.sim.apps.base import Screen
from pytest_anyapp.sim.apps.time_pickers import kashcal_wheels, reset_kashcal_wheels, show_time_picker
from pytest_anyapp.sim.ui.dialogs import AlertDialog
from pytest_anyapp.sim.ui.views import Button, Column, EditText, ImageButton, Row, Spacer, TextView, View

DatePickerKind = Literal["material", "platform", "pfa_deadline", "m3", "tasks_org", "flutter", "kashcal"]


def _iso(y: int, m: int, d: int) -> str:
    return f"{y:04d}-{m:02d}-{d:02d}"


def _tm(iso: str) -> time.struct_time:
    return time.strptime(iso, "%Y-%m-%d")


@dataclass(frozen=True)
class PickerLook:
    """What one real date picker shows: labels, ids (``""``: the widget has none) and formats."""

    #: Dialog title ("" none) and its id.
    title: str
    title_id: str
    #: The header: ``selection`` (the selected day as one line), ``platform`` (year line + date line),
    #: ``shortcuts`` (Tasks.org's buttons) or ``none``.
    header: Literal["selection", "platform", "shortcuts", "none"]
    header_format: str  # strftime of the selected day in the header
    prev: tuple[str, str]  # (content description, id)
    next: tuple[str, str]
    #: The month title (text format, content description, id); an empty format: not a node.
    month: tuple[str, str, str]
    day_id: str
    #: strftime of a day node's text and content description ("" none; "%-d" style via ``{d}``).
    day_text: str
    day_desc: str
    #: Toggle to the typed field: (to text desc, to calendar desc, id); descriptions may be "".
    toggle: tuple[str, str, str] | None
    #: Typed field (hint, strptime format, id), only where ``toggle`` is set.
    field: tuple[str, str, str]
    ok: tuple[str, str]  # (label, id)
    cancel: tuple[str, str] | None
    #: Where the toggle sits: the header (Material/M3/Flutter) or the bottom row (Tasks.org).
    toggle_place: Literal["header", "buttons"] = "header"


LOOKS: dict[str, PickerLook] = {
    "material": PickerLook(
        title="Select date", title_id="mtrl_picker_title_text", header="selection", header_format="%a, %b {d}",
        prev=("Change to previous month", "month_navigation_previous"),
        next=("Change to next month", "month_navigation_next"),
        month=("%B %Y", "", "month_navigation_fragment_toggle"), day_id="month_grid_day", day_text="{d}",
        day_desc="%A, %B {d}, %Y",
        toggle=("Switch to text input mode", "Switch to calendar input mode", "mtrl_picker_header_toggle"),
        field=("mm/dd/yyyy", "%m/%d/%Y", "date_input"), ok=("OK", "confirm_button"),
        cancel=("Cancel", "cancel_button")),
    "platform": PickerLook(
        title="", title_id="", header="platform", header_format="%a, %b {d}",
        prev=("Previous month", "android:id/prev"), next=("Next month", "android:id/next"),
        month=("", "", ""), day_id="", day_text="{d}", day_desc="{dd} %B %Y", toggle=None,
        field=("", "", ""), ok=("OK", "android:id/button1"), cancel=("Cancel", "android:id/button2")),
    "m3": PickerLook(
        title="Select date", title_id="", header="selection", header_format="%b {d}, %Y",
        prev=("Change to previous month", ""), next=("Change to next month", ""),
        month=("%B %Y", "Switch to selecting a year", ""), day_id="", day_text="%A, %B {d}, %Y", day_desc="",
        toggle=("Switch to text input mode", "Switch to calendar input mode", ""),
        field=("mm/dd/yyyy", "%m/%d/%Y", "date_input"), ok=("OK", ""), cancel=("Cancel", "")),
    "tasks_org": PickerLook(
        title="", title_id="", header="shortcuts", header_format="",
        prev=("Change to previous month", ""), next=("Change to next month", ""),
        month=("%B %Y", "Switch to selecting a year", ""), day_id="", day_text="%A, %B {d}, %Y", day_desc="",
        toggle=("", "", ""), field=("mm/dd/yyyy", "%m/%d/%Y", "date_input"), ok=("OK", ""),
        cancel=("Cancel", ""), toggle_place="buttons"),
    "flutter": PickerLook(
        title="Select date", title_id="", header="selection", header_format="%a, {d} %b",
        prev=("Previous month", ""), next=("Next month", ""), month=("%B %Y", "Select year", ""), day_id="",
        day_text="", day_desc="{d}, %A {d} %B %Y", toggle=("Switch to input", "Switch to calendar", ""),
        field=("dd/mm/yyyy", "%d/%m/%Y", "date_input"), ok=("OK", ""), cancel=("Cancel", "")),
    "kashcal": PickerLook(
        title="", title_id="", header="none", header_format="",
        prev=("Previous month", ""), next=("Next month", ""), month=("%B %Y", "Pick month and year", ""),
        day_id="", day_text="{d}", day_desc="", toggle=None, field=("", "", ""), ok=("Done", ""), cancel=None),
}
#: Privacy Friendly To-Do List 3.4.0 embeds the platform ``DatePicker`` (calendar mode: the layout's
#: ``calendarViewShown``/``spinnersShown`` apply to spinner mode only) in its own full-screen dialog
#: with "No Deadline" and "Okay" (``res/layout/deadline_dialog.xml``, ``DeadlineDialog.kt``).
LOOKS["pfa_deadline"] = replace(LOOKS["platform"], ok=("Okay", "bt_deadline_ok"),
                                cancel=("No Deadline", "bt_deadline_nodeadline"))


def _fmt(pattern: str, iso: str) -> str:
    t = _tm(iso)
    return time.strftime(pattern.replace("{dd}", f"{t.tm_mday:02d}").replace("{d}", str(t.tm_mday)), t)


def _ampm(hhmm: str) -> str:
    """``formatTime`` in a 12-hour locale: "9:00 AM"."""
    h, m = int(hhmm[:2]), int(hhmm[3:])
    return f"{(h % 12) or 12}:{m:02d} {'PM' if h >= 12 else 'AM'}"


class DatePicker(AlertDialog):
    """One picker dialog: the month of ``shown`` as a grid; a tap on a day selects it, previous/next
    change the month, the toggle (where the look has one) swaps in the typed field; the confirm
    button hands the selection (or the typed day) to ``on_pick``. ``today`` is the device's day."""

    def __init__(self, screen: Screen, kind: DatePickerKind, selected: str | None, today: str,
                 on_pick: Callable[[str | None], None], *, title: str | None = None, first: str | None = None,
                 time_of_day: str | None = None, on_time: Callable[[str | None], None] | None = None) -> None:
        super().__init__()
        self.screen = screen
        self.kind: DatePickerKind = kind
        self.look = LOOKS[kind]
        self.picked = selected
        self.today = today
        self.shown = (selected or today)[:8] + "01"
        self.on_pick = on_pick
        self.label = self.look.title if title is None else title
        self.text_mode = False
        #: The first selectable day (Flutter's ``firstDate``); earlier days are disabled.
        self.first = first
        #: Tasks.org's due-date sheet also picks the time ("HH:MM", None: no time); ``on_time`` gets it.
        self.time_of_day, self.on_time = time_of_day, on_time
        if kind == "kashcal" and on_time is not None:
            reset_kashcal_wheels(screen.widgets.scroll)

    # -- actions -------------------------------------------------------------------------------
    def move(self, months: int) -> None:
        y, m = int(self.shown[:4]), int(self.shown[5:7]) - 1 + months
        self.shown = _iso(y + m // 12, m % 12 + 1, 1)

    def pick(self, iso: str) -> None:
        self.picked = iso

    def toggle(self) -> None:
        self.text_mode = not self.text_mode
        if self.text_mode:
            self.screen.set_field(self.look.field[2], "")

    def confirm(self) -> None:
        if self.text_mode:
            try:
                day = time.strftime("%Y-%m-%d", time.strptime(self.screen.field(self.look.field[2]).strip(),
                                                              self.look.field[1]))
            except ValueError:
                self.screen.toast("Invalid format.")
                return
            self.dismiss()
            self.on_pick(day)
            self.commit_time(day)
            return
        self.dismiss()
        self.on_pick(self.picked)
        self.commit_time(self.picked)

    def commit_time(self, day: str | None) -> None:
        if self.kind == "kashcal" and self.on_time is not None:
            self.wheels()  # the time the wheels settled on
        if self.on_time is not None:
            self.on_time(self.time_of_day if day else None)

    def wheels(self) -> View:
        """KashCal's ``DateTimeSheet``: the wheels under the grid; their settled values are the time."""
        hour, minute = (int(self.time_of_day[:2]), int(self.time_of_day[3:])) if self.time_of_day else (0, 0)
        view, h, m = kashcal_wheels(self.screen.widgets.scroll, hour, minute)
        self.time_of_day = f"{h:02d}:{m:02d}"
        return view

    def set_time(self, hhmm: str | None) -> None:
        self.time_of_day = hhmm
        if hhmm and self.picked is None:  # dayForAppliedTime picks a day (dayForNewTime not read: today)
            self.picked = self.today

    def pick_time(self) -> None:
        """"Pick time": the app's TimePickerDialog; OK or Cancel come back to this sheet."""
        if self.time_of_day:
            hour, minute = int(self.time_of_day[:2]), int(self.time_of_day[3:])
        else:
            now = time.gmtime(self.screen.app.now_ms() // 1000)
            hour, minute = now.tm_hour, now.tm_min

        def chosen(h: int, m: int) -> None:
            self.set_time(f"{h:02d}:{m:02d}")
            self.screen.show_dialog(self)

        show_time_picker(self.screen, "tasks_org", hour, minute, twelve=True, on_set=chosen,
                         on_cancel=lambda: self.screen.show_dialog(self))

    def clear(self) -> None:
        """Tasks.org's "No date" (kept until OK) and PFA's "No Deadline" (at once) clear the date."""
        self.picked = None
        if self.kind == "pfa_deadline":
            self.dismiss()
            self.on_pick(None)

    # -- views ---------------------------------------------------------------------------------
    def header(self) -> View | None:
        lk, picked = self.look, self.picked or self.today
        toggle = None
        if lk.toggle is not None and lk.toggle_place == "header":
            to_text, to_cal, tid = lk.toggle
            toggle = ImageButton("calendar" if self.text_mode else "edit", to_cal if self.text_mode else to_text,
                                 on_click=self.toggle, id=tid or None)
        if lk.header == "selection":
            return Row(TextView(_fmt(lk.header_format, picked), size=22, weight=1.0,
                                id="mtrl_picker_header_selection_text" if self.kind == "material" else None),
                       toggle, padding=(16, 8))
        if lk.header == "platform":
            return Column(TextView(picked[:4], id="android:id/date_picker_header_year", size=16),
                          TextView(_fmt(lk.header_format, picked), id="android:id/date_picker_header_date", size=28),
                          id="android:id/date_picker_header", padding=(16, 8))
        if lk.header == "shortcuts":
            t = _tm(self.today)
            after_week = time.gmtime(calendar.timegm(t) + 7 * 86400)
            days = [(0, "Today"), (1, "Tomorrow"), (7, f"Next {calendar.day_abbr[after_week.tm_wday]}")]
            buttons: list[View | None] = [
                Button(label, (lambda n=n: self.pick(time.strftime("%Y-%m-%d", time.gmtime(calendar.timegm(t) + n * 86400)))),
                       style="text") for n, label in days]
            dates = [*buttons, Button("No date", self.clear, style="text")]
            if self.on_time is None:
                return Column(*dates, padding=(16, 0))
            return Row(Column(*dates, padding=(16, 0), weight=1.0), self.time_shortcuts())
        return None

    def time_shortcuts(self) -> View:
        """``TimeShortcuts`` at the app's default quick-pick times (9:00, 13:00, 17:00, 20:00, the
        ``QuickPickTimes`` defaults: assumed, the preference defaults were not read)."""
        presets = ("09:00", "13:00", "17:00", "20:00")
        times = ([self.time_of_day] if self.time_of_day and self.time_of_day not in presets else []) + list(presets)
        rows: list[View | None] = [Button(_ampm(t), (lambda t=t: self.set_time(t)), style="text",
                                          selected=t == self.time_of_day) for t in times]
        rows += [Button("Pick time", self.pick_time, style="text"),
                 Button("No time", lambda: self.set_time(None), style="text", selected=self.time_of_day is None)]
        return Column(*rows, padding=(0, 0, 16, 0))

    def grid(self) -> View:
        lk = self.look
        y, m = int(self.shown[:4]), int(self.shown[5:7])
        month_fmt, month_desc, month_id = lk.month
        nav = Row(ImageButton("chevron_left", lk.prev[0], on_click=lambda: self.move(-1), id=lk.prev[1] or None),
                  TextView(time.strftime(month_fmt, _tm(self.shown)), desc=month_desc, id=month_id or None, weight=1.0,
                           align="center") if month_fmt else Spacer(weight=1.0),
                  ImageButton("chevron_right", lk.next[0], on_click=lambda: self.move(1), id=lk.next[1] or None),
                  padding=(8, 0))
        lead = (calendar.weekday(y, m, 1) + 1) % 7  # weeks start on Sunday (en-US)
        cells: list[View] = [Spacer(weight=1.0) for _ in range(lead)]
        for d in range(1, calendar.monthrange(y, m)[1] + 1):
            iso = _iso(y, m, d)
            text = _fmt(lk.day_text, iso) if lk.day_text else ""
            if lk.day_text.startswith("%A") and iso == self.today:
                text = "Today, " + text
            cells.append(Button(text, (lambda iso=iso: self.pick(iso)), style="text", id=lk.day_id or None,
                                desc=_fmt(lk.day_desc, iso) if lk.day_desc else "", selected=iso == self.picked,
                                enabled=self.first is None or iso >= self.first, weight=1.0))
        cells += [Spacer(weight=1.0) for _ in range(-len(cells) % 7)]
        weeks = [Row(*cells[i:i + 7]) for i in range(0, len(cells), 7)]
        return Column(nav, *weeks, id="android:id/day_picker_view_pager" if self.kind == "platform" else None)

    def buttons(self) -> View:
        lk = self.look
        row: list[View | None] = []
        if lk.toggle is not None and lk.toggle_place == "buttons":
            row.append(ImageButton("calendar" if self.text_mode else "keyboard", "", on_click=self.toggle))
        row.append(Spacer(weight=1.0))
        if lk.cancel is not None:
            cancel = self.clear if self.kind == "pfa_deadline" else self._wrap(None)
            row.append(Button(lk.cancel[0], cancel, id=lk.cancel[1] or None, style="text"))
        row.append(Button(lk.ok[0], self.confirm, id=lk.ok[1] or None, style="text"))
        return Row(*row, spacing=8, padding=(0, 16, 0, 0),
                   id="android:id/buttonPanel" if self.kind == "platform" else None)

    def build(self) -> View:
        lk = self.look
        body: View
        if self.text_mode:
            hint, _, fid = lk.field
            body = EditText(fid, hint=hint, padding=(16, 8))
        else:
            body = self.grid()
        if self.kind == "kashcal" and self.on_time is not None:
            body = Column(body, self.wheels(), spacing=4)
        return Column(TextView(self.label, id=lk.title_id or None, size=14) if self.label else None,
                      self.header(), body, self.buttons(), padding=24, spacing=8)


def open_date_picker(screen: Screen, kind: DatePickerKind, selected: str | None,
                     on_pick: Callable[[str | None], None], *, title: str | None = None,
                     from_initial: bool = False, time_of_day: str | None = None,
                     on_time: Callable[[str | None], None] | None = None) -> None:
    """Show ``kind``'s picker over ``screen`` at ``selected`` (None: the device's today); ``on_pick``
    gets the day, or None where the picker cleared it. ``from_initial``: days before the initial
    one are disabled (ntodotxt's ``startDateDaysOffset: 0``)."""
    today = time.strftime("%Y-%m-%d", time.gmtime(screen.app.now_ms() // 1000))
    first = (selected or today) if from_initial else None
    screen.show_dialog(DatePicker(screen, kind, selected, today, on_pick, title=title, first=first,
                                  time_of_day=time_of_day, on_time=on_time))
