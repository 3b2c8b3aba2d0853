"""KashCal 22.5.15's event sheets, as MainActivity.kt draws them over the month home: the quick view an event card
opens (``ui/components/EventQuickViewSheet.kt``) and the form that creates or edits an event
(``ui/components/EventFormSheet.kt`` with ``pickers/ReminderPicker.kt``, ``pickers/RecurrencePicker.kt`` and
``pickers/CalendarPicker.kt``). Both are Compose ModalBottomSheets in MainActivity (no activity of their own, no
testTag, so no resource id); the scrim reads "Close sheet" and the handle "Drag handle" (Material 3's strings).

Not modelled, said in docs/calendar.md: the All-day switch (drawn, off: no template has all-day events), the
weekly picker's other days and the repeat's end conditions (drawn: the start's day, "Never"), the location's
address suggestions, the quick view's "More options" menu, and the recurring-event confirmations ("Just this
occurrence"/"All occurrences": no seeded KashCal event repeats)."""

from __future__ import annotations

import calendar
import datetime as dt
from typing import Any

from pytest_anyapp.sim.apps.base import SimApp
from pytest_anyapp.sim.apps.calendar.kashcal_home import with_emoji
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

#: ui/shared/FormConstants.kt TIMED_REMINDER_OPTIONS (v22.5.15): the Alerts card's choices for a timed event.
REMINDER_OPTIONS: tuple[tuple[int, str], ...] = (
    (-1, "No reminder"), (15, "15 minutes before"), (30, "30 minutes before"), (60, "1 hour before"),
    (240, "4 hours before"), (1440, "1 day before"), (10080, "1 week before"))
#: domain/rrule/RruleModels.kt FrequencyOption, in the picker's two chip rows (RecurrencePicker.kt).
FREQUENCIES: tuple[tuple[str, ...], ...] = (("Never", "Daily", "Weekly", "Biweekly"), ("Monthly", "Quarterly", "Yearly"))
DAY_DISPLAY = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
RRULE_DAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")


def rrule(frequency: str, day: str) -> str | None:
    """RruleBuilder's rule for a chip (v22.5.15): weekly on the start's weekday, monthly on its day of the month."""
    d = dt.date.fromisoformat(day)
    byday, bymonthday = f"BYDAY={RRULE_DAYS[d.weekday()]}", f"BYMONTHDAY={d.day}"
    return {"Never": None, "Daily": "FREQ=DAILY", "Weekly": f"FREQ=WEEKLY;{byday}",
            "Biweekly": f"FREQ=WEEKLY;INTERVAL=2;{byday}", "Monthly": f"FREQ=MONTHLY;{bymonthday}",
            "Quarterly": f"FREQ=MONTHLY;INTERVAL=3;{bymonthday}", "Yearly": "FREQ=YEARLY"}[frequency]


def frequency_of(rule: str | None) -> str:
    """The chip a stored rule selects (RecurrencePickerCard's parse); the store's "daily"/"weekly" are plain ones."""
    rule = {"daily": "FREQ=DAILY", "weekly": "FREQ=WEEKLY"}.get(rule or "", rule or "")
    two = "INTERVAL=2" in rule
    three = "INTERVAL=3" in rule
    for freq, chip in (("DAILY", "Daily"), ("WEEKLY", "Biweekly" if two else "Weekly"),
                       ("MONTHLY", "Quarterly" if three else "Monthly"), ("YEARLY", "Yearly")):
        if f"FREQ={freq}" in rule:
            return chip
    return "Never"


def repeat_display(chip: str, day: str) -> str:
    """RruleBuilder.formatForDisplay of the chip's rule: "Does not repeat", "Daily", "Weekly on Tue", ..."""
    d = dt.date.fromisoformat(day)
    return {"Never": "Does not repeat", "Daily": "Daily", "Weekly": f"Weekly on {DAY_DISPLAY[d.weekday()]}",
            "Biweekly": f"Biweekly on {DAY_DISPLAY[d.weekday()]}", "Monthly": f"Monthly on day {d.day}",
            "Quarterly": f"Quarterly on day {d.day}", "Yearly": "Yearly"}[chip]


def reminder_short(minutes: int) -> str:
    """FormConstants.formatReminderShort: "Off", "15m", "1h", "1d", "1w"."""
    if minutes < 0:
        return "Off"
    for unit, size in (("w", 10080), ("d", 1440), ("h", 60)):
        if minutes >= size and minutes % size == 0:
            return f"{minutes // size}{unit}"
    return f"{minutes}m"


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
    """EventQuickViewSheet: the title (with its emoji), "EEE, MMM d · HH:mm - HH:mm", "🔁 <repeat>", the calendar
    ("Local", LocalCalendarInitializer), notes under "Notes" with the reminders after a bell; "Edit", "Delete"
    (confirmed inline: "Cancel" / "Confirm", then the event is deleted and the sheet closes) and "More options"."""

    def __init__(self, app: SimApp, ev: Ev) -> None:
        super().__init__(app, ev)
        self.confirming = False

    def when(self, ev: Ev) -> str:
        if ev.end_date and ev.end_date != ev.date:
            return f"{short_date(ev.date)} {ev.start} → {short_date(ev.end_date)} {ev.end}"
        return f"{short_date(ev.date)} · {ev.start} - {ev.end}"

    def delete(self, ev: Ev) -> None:
        self.cal.store.delete(ev.key)
        self.finish()

    def build(self) -> View:
        ev = self.current()
        if ev is None:
            return Column()
        chip = frequency_of(ev.repeat)
        info: list[View | None] = [
            TextView(with_emoji(ev.title), size=24, bold=True), TextView(self.when(ev), size=16),
            TextView(f"🔁 {repeat_display(chip, ev.date)}", size=14) if chip != "Never" else None,
            TextView("Local", size=12)]
        if ev.description:  # ExpandedContentSection: only with notes (or a link)
            info += [TextView("Notes", size=12), TextView(ev.description, size=14)]
            if ev.reminders:
                info += [TextView("🔔", size=14), TextView(", ".join(f"{m} min before" for m in ev.reminders))]
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
        self.rule = frequency_of(self.draft.repeat)
        self.open_card: str | None = None  # expandedPicker: "calendar" | "repeat"
        self.alerts_open = False
        self.alert_row: int | None = None
        self.discarding = self.deleting = False
        self.initial = self.snapshot()

    def snapshot(self) -> tuple[Any, ...]:
        return (self.draft, self.rule, self.field("event_title"), self.field("event_location"),
                self.field("event_description"))

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
        if not self.can_save():
            return  # the button is disabled
        self.update(repeat=rrule(self.rule, self.draft.date))
        super().save()

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
        self.rule = chip

    def repeat_card(self) -> list[View]:
        expanded = self.open_card == "repeat"
        out: list[View] = [Row(TextView("Repeat", size=14, weight=1), TextView(repeat_display(self.rule, self.draft.date)),
                               ImageView("expand_less" if expanded else "expand_more",
                                         "Collapse" if expanded else "Expand"),
                               on_click=lambda: self.toggle("repeat"), padding=16)]
        if expanded:
            out.append(TextView("Frequency", size=12, padding=(12, 8)))
            out += [Row(*(Button(c, lambda c=c: self.pick_rule(c), style="filled" if c == self.rule else "outlined",
                                 weight=1) for c in chips), spacing=6, padding=(12, 0)) for chips in FREQUENCIES]
            if self.rule in ("Weekly", "Biweekly"):
                start = dt.date.fromisoformat(self.draft.date).isoweekday() % 7
                out += [TextView("On days", size=12, padding=(12, 8)),
                        Row(*(TextView("SMTWTFS"[i], align="center", weight=1, selected=i == start) for i in range(7)))]
            if self.rule != "Never":
                out += [TextView("Ends", size=12, padding=(12, 8)), TextView("Never", size=14, selected=True),
                        TextView("After", size=14), TextView("On date", size=14)]
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
            EditText("event_title", hint="Event title", toolkit="compose"),
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

