"""KashCal 22.5.15's event sheets, as MainActivity.kt draws them over the month home: the quick view an event card
opens (``ui/components/EventQuickViewSheet.kt``) and the form that creates or edits an event
(``ui/components/EventFormSheet.kt`` with ``pickers/ReminderPicker.kt``, ``pickers/RecurrencePicker.kt`` and
``pickers/CalendarPicker.kt``). Both are Compose ModalBottomSheets in MainActivity (no activity of their own, no
testTag, so no resource id); the scrim reads "Close sheet" and the handle "Drag handle" (Material 3's strings).

Drawn but not modelled, said in docs/calendar.md: the All-day switch (off: no template has all-day events), the
monthly repeat's other patterns and every end condition but "Never", the location's address suggestions, the quick
view's "More options" menu, and the recurring-event choices ("Just this occurrence"/"All occurrences", "Just this
one"/"This and all future": the double's Edit and Delete act on the whole series; no seeded KashCal event repeats,
so only an event the agent itself made recurring reaches them). The texts and rules are :mod:`.kashcal_rules`."""

from __future__ import annotations

import calendar
import dataclasses
import datetime as dt
from typing import Any

from pytest_anyapp.sim.apps.base import SimApp
from pytest_anyapp.sim.apps.calendar.kashcal_rules import (
    FREQUENCIES,
    REMINDER_OPTIONS,
    chip_of,
    format_for_display,
    reminder_before,
    reminder_short,
    rrule,
    weekdays_of,
    with_emoji,
)
from pytest_anyapp.sim.apps.calendar.kit import Details, Editor, untagged
from pytest_anyapp.sim.apps.calendar.store import Ev
from pytest_anyapp.sim.ui.views import (
    Button,
    Column,
    Divider,
    EditText,
    ImageView,
    Row,
    Scaffold,
    ScrollView,
    Switch,
    TextView,
    View,
)


def short_date(iso: str) -> str:
    d = dt.date.fromisoformat(iso)
    return f"{calendar.day_abbr[d.weekday()]}, {calendar.month_abbr[d.month]} {d.day}"


def sheet(body: View, on_scrim: Any, *, tall: bool = False) -> View:
    """A ModalBottomSheet over the home: the scrim ("Close sheet") above the sheet and its drag handle; a ``tall``
    sheet (the form: ``fillMaxHeight(0.95f)``) leaves 5 % of the screen to the scrim, a short one sits at the bottom."""
    body.weight = 1.0 if tall else 0.0
    return Column(View(desc="Close sheet", on_click=on_scrim, clickable=True, height=44 if tall else None,
                       weight=0.0 if tall else 1.0),
                  ImageView("handle", "Drag handle", width=32, height=24), body, weight=1)


class QuickView(Details):
    """EventQuickViewSheet: the title (with its emoji), "EEE, MMM d · HH:mm - HH:mm" of the tapped occurrence, the
    location, "🔁 <formatForDisplay>" when recurring, the calendar ("Local", LocalCalendarInitializer), notes under
    "Notes" with the reminders after a bell; "Edit", "Delete" (confirmed inline: "Cancel" / "Confirm", then the
    event is deleted and the sheet closes) and "More options"."""

    def __init__(self, app: SimApp, ev: Ev, day: str | None = None) -> None:
        super().__init__(app, ev)
        self.confirming = False
        self.day = day or ev.date  # the occurrence tapped

    def when(self, ev: Ev) -> str:
        shift = dt.date.fromisoformat(self.day) - dt.date.fromisoformat(ev.date)
        first, last = self.day, (dt.date.fromisoformat(ev.end_date or ev.date) + shift).isoformat()
        if last != first:
            return f"{short_date(first)} {ev.start} → {short_date(last)} {ev.end}"
        return f"{short_date(first)} · {ev.start} - {ev.end}"

    def delete(self, ev: Ev) -> None:
        self.cal.store.delete(ev.key)
        self.finish()

    def build(self) -> View:
        ev = self.current()
        if ev is None:
            return Column()
        info: list[View | None] = [
            TextView(with_emoji(ev.title), size=24, bold=True), TextView(self.when(ev), size=16),
            TextView(ev.location, size=14, max_lines=2) if ev.location else None,
            TextView(f"🔁 {format_for_display(ev.repeat)}", size=14) if ev.repeat else None,
            TextView("Local", size=12)]
        if ev.description:  # ExpandedContentSection: only with notes (or a link)
            info += [TextView("Notes", size=12), TextView(ev.description, size=14)]
            if ev.reminders:
                info += [TextView("🔔", size=14), TextView(", ".join(reminder_before(m) for m in ev.reminders))]
        if self.confirming:
            buttons: list[View] = [Button("Cancel", lambda: setattr(self, "confirming", False), weight=0.5),
                                   Button("Confirm", lambda: self.delete(ev), weight=0.5)]
        else:
            edit = lambda: self.replace(KashCalForm(self.app, ev))  # noqa: E731
            buttons = [Button("Edit", edit, weight=1), Button("Delete", lambda: setattr(self, "confirming", True),
                                                             weight=1),
                       ImageView("more", "More options", on_click=lambda: None, clickable=True)]
        body = Column(*info, Row(*buttons, spacing=12, padding=(0, 24, 0, 0)), spacing=4, padding=(16, 0, 16, 32))
        return untagged(self.skin, sheet(body, self.finish))


class KashCalForm(Editor):
    """EventFormSheet: "Cancel" (or "Discard Changes?" once something changed), "New Event"/"Edit Event", "Save";
    "Event title", "All-day", the Starts/Ends cards, the Calendar, Alerts and Repeat cards (each expands in place),
    "Location", "Notes", "Delete Event" → "Cancel"/"Confirm Delete" when editing, and the sticky "Save Event".
    Save needs a title and no time conflict. Back or the scrim with changes asks "Discard Changes?" first."""

    def __init__(self, app: SimApp, ev: Ev | None, day: str | None = None) -> None:
        super().__init__(app, ev, day)
        if ev is None and self.draft.start == "23:00":  # MainActivity.onCreateEvent: (hour + 1) % 24
            self.draft = dataclasses.replace(self.draft, start="00:00", end="00:30")
        self.set_field("event_location", self.draft.location)
        self.focus(None)  # titleFocusRequester is never asked: the sheet opens without focus or keyboard
        self.weekdays = weekdays_of(self.draft.repeat, self.draft.date)
        self.open_card: str | None = None  # expandedPicker: "calendar" | "repeat"
        self.alerts_open = False
        self.alert_row: int | None = None
        self.discarding = self.deleting = False
        self.initial = self.snapshot()

    def snapshot(self) -> tuple[Any, ...]:
        return (self.draft, self.field("event_title"), self.field("event_location"), self.field("event_description"))

    def changed(self) -> bool:
        return self.snapshot() != self.initial

    def dismiss(self) -> None:
        if self.changed() and not self.discarding:
            self.discarding = True
        else:
            self.finish()

    def on_back(self) -> bool:
        self.dismiss()
        return True

    def can_save(self) -> bool:
        return bool(self.field("event_title").strip()) and not self.time_conflict()

    def save(self) -> None:
        """performSave: the fields as typed (HomeViewModel.saveEvent trims nothing) and the rule as last built."""
        if self.can_save():
            self._store(dataclasses.replace(self.draft, title=self.field("event_title"),
                                            description=self.field("event_description"),
                                            location=self.field("event_location")))

    def _store(self, ev: Ev) -> None:
        self.cal.store.save(ev)
        self.finish()

    def delete(self) -> None:
        assert self.editing is not None
        self.cal.store.delete(self.editing.key)
        self.finish()

    # -- the cards -----------------------------------------------------------------------------
    def reminders(self) -> tuple[int, int]:
        r = (*self.draft.reminders, -1, -1)
        return r[0], r[1]

    def set_reminder(self, slot: int, minutes: int) -> None:
        first, second = self.reminders()
        first, second = (minutes, -1 if minutes < 0 else second) if slot == 1 else (first, minutes)
        self.update(reminders=tuple(m for m in (first, second) if m >= 0))
        self.alert_row = None

    def alert_rows(self) -> list[View]:
        first, second = self.reminders()
        rows: list[View] = []
        for slot, label, value in ((1, "First Alert", first), (2, "Second Alert", second)):
            if slot == 2 and first < 0:
                break
            shown = next((lbl for m, lbl in REMINDER_OPTIONS if m == value), "None")
            rows.append(Row(TextView(label, size=14, weight=1), TextView(shown, size=14), ImageView("expand_more", ""),
                            on_click=lambda s=slot: setattr(self, "alert_row", None if self.alert_row == s else s),
                            padding=(12, 10)))
            if self.alert_row == slot:
                rows += [Row(TextView(lbl, size=14, weight=1),
                             ImageView("check", "Selected") if m == value else None,
                             on_click=lambda s=slot, m=m: self.set_reminder(s, m), padding=(28, 10, 12, 10))
                         for m, lbl in REMINDER_OPTIONS]
        return rows

    def toggle(self, card: str) -> None:
        self.open_card = None if self.open_card == card else card
        self.focus(None)

    def pick_rule(self, chip: str) -> None:
        """A chip (or a weekday) rebuilds the rule from the current start (notifyChange); nothing else touches it."""
        self.update(repeat=rrule(chip, self.draft.date, self.weekdays))

    def toggle_day(self, day: int) -> None:
        """WeekdaySelector: a circle adds or removes its day; the last one stays."""
        if day not in self.weekdays or len(self.weekdays) > 1:
            self.weekdays = self.weekdays ^ {day}
        self.pick_rule(chip_of(self.draft.repeat))

    def repeat_card(self) -> list[View]:
        expanded, chip, d = self.open_card == "repeat", chip_of(self.draft.repeat), self.draft.date
        out: list[View] = [Row(TextView("Repeat", size=14, weight=1), TextView(format_for_display(self.draft.repeat)),
                               ImageView("expand_less" if expanded else "expand_more",
                                         "Collapse" if expanded else "Expand"),
                               on_click=lambda: self.toggle("repeat"), padding=16)]
        if not expanded:
            return out
        out.append(TextView("Frequency", size=12, padding=(12, 8)))
        out += [Row(*(TextView(c, on_click=lambda c=c: self.pick_rule(c), align="center", weight=1, padding=(0, 10))
                      for c in chips), spacing=6, padding=(12, 0)) for chips in FREQUENCIES]
        day = dt.date.fromisoformat(d)
        if chip in ("Weekly", "Biweekly"):  # from Sunday (firstDayOfWeek), TextStyle.NARROW
            out += [TextView("On days", size=12, padding=(12, 8)),
                    Row(*(TextView("SMTWTFS"[i], align="center", weight=1, height=40,
                                   on_click=lambda i=i: self.toggle_day((i + 6) % 7)) for i in range(7)))]
        if chip in ("Monthly", "Quarterly"):  # MonthlyPatternSelector: drawn, SameDay kept
            ordinal = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}.get((day.day - 1) // 7 + 1, f"{(day.day - 1) // 7 + 1}th")
            out += [TextView("Pattern", size=12, padding=(12, 8)), TextView(f"On day {day.day}"),
                    TextView("On last day of month"), TextView(f"On the {ordinal} {calendar.day_name[day.weekday()]}")]
        if chip != "Never":  # EndConditionSelector: drawn, Never kept
            until = day + dt.timedelta(days=365)
            out += [TextView("Ends", size=12, padding=(12, 8)), TextView("Never"),
                    Row(TextView("After"), TextView("10", align="center", width=48), TextView("occurrences")),
                    TextView(f"{calendar.month_abbr[until.month]} {until.day}, {until.year}")]
        return out

    def build(self) -> View:
        first, second = self.reminders()
        summary = reminder_short(first) + (f", {reminder_short(second)}" if first >= 0 and second >= 0 else "")
        calendar_card: list[View] = [Row(TextView("Calendar", size=14, weight=1), TextView("Local"),
                                         ImageView("expand_more", "Collapse" if self.open_card == "calendar"
                                                   else "Expand"), on_click=lambda: self.toggle("calendar"), padding=16)]
        if self.open_card == "calendar":
            calendar_card += [TextView("On This Device", size=12, padding=(16, 4)),
                              Row(TextView("Local", weight=1), ImageView("check", "Selected"),
                                  on_click=lambda: self.toggle("calendar"), padding=(16, 8))]
        alerts: list[View] = [Row(ImageView("notifications", ""), TextView("Alerts", weight=1), TextView(summary),
                                  ImageView("expand_more", ""), on_click=self.toggle_alerts, padding=(16, 12))]
        if self.alerts_open:
            alerts += self.alert_rows()
        deleting: list[View] = []
        if self.editing is not None:
            deleting = [Row(Button("Cancel", lambda: setattr(self, "deleting", False), style="outlined", weight=1),
                            Button("Confirm Delete", self.delete, weight=1), spacing=12)] if self.deleting else [
                Button("Delete Event", lambda: setattr(self, "deleting", True), style="outlined")]
        body = ScrollView(
            EditText("event_title", hint="Event title", toolkit="compose"),  # singleLine, no keyboardActions
            Row(TextView("All-day", weight=1), Switch(checked=False)),
            *self.cards(), *calendar_card, *alerts, *self.repeat_card(),
            EditText("event_location", hint="Location", toolkit="compose"),
            EditText("event_description", hint="Notes", multiline=True, toolkit="compose"),
            *deleting, spacing=12, padding=(16, 16, 16, 32), id="form")
        header = Row(Button("Discard Changes?" if self.discarding else "Cancel", self.dismiss, style="text"),
                     TextView("Edit Event" if self.editing else "New Event", size=22, bold=True, align="center",
                              weight=1),
                     Button("Save", self.save, style="text", enabled=self.can_save() and not self.discarding),
                     padding=(16, 8))
        bottom = Row(Button("Save Event", self.save, enabled=self.can_save(), weight=1), padding=(16, 12))
        return untagged(self.skin, Scaffold(None, sheet(Column(header, Divider(), body), self.dismiss, tall=True),
                                            bottom=bottom))

    def toggle_alerts(self) -> None:
        self.alerts_open = not self.alerts_open

