"""Time pickers as the real widgets show them, written once for every app double that opens one.

A picker kind is data (:class:`TimePickerKind`: the class names, resource ids, texts and content
descriptions the real widget exposes to uiautomator, and how a touch on its face is read); one
:class:`TimePickerDialog` builds any kind. The doubles open the kind their real app opens (docs:
"Pickers and IME actions" of each category).

``MATERIAL`` is ``com.google.android.material.timepicker.MaterialTimePicker`` (material-components-
android 1.x, ``lib/java/com/google/android/material/timepicker/``):

* ``res/layout/material_timepicker_dialog.xml``: the title ``header_title`` ("Select time"), the
  ``material_timepicker_view`` (TimePickerView), the keyboard toggle
  ``material_timepicker_mode_button``, ``material_timepicker_cancel_button`` "Cancel" and
  ``material_timepicker_ok_button`` "OK" (``res/values/strings.xml``);
* clock mode (``INPUT_MODE_CLOCK``): the hour and minute chips ``material_hour_tv`` /
  ``material_minute_tv`` (zero-leading text, ``TimePickerView.updateTime``), the AM/PM toggle
  ``material_clock_period_toggle`` with ``material_clock_period_am_button`` /
  ``material_clock_period_pm_button`` (12-hour format only, ``TimePickerClockPresenter.initialize``)
  and the face ``material_clock_face`` (ClockFaceView) whose numbers are TextViews with content
  descriptions "%s o'clock" (12 h), "%s hours" (24 h) and "%s minutes"
  (``material_hour_suffix``, ``material_hour_24h_suffix``, ``material_minute_suffix``);
* ``TimePickerClockPresenter``: hours ``12, 1 … 11`` (12 h) or ``00, 1 … 23`` (24 h: 12–23 on the
  inner ring, ``LEVEL_2``), minutes ``00, 05 … 55``; 30° an hour, 6° a minute; the hand follows
  the finger and, when it lifts on the hours, the picker moves on to the minutes
  (``onActionUp``); a touch that did not move on the minutes snaps to 5 minutes;
* keyboard mode (``INPUT_MODE_KEYBOARD``, ``material_textinput_timepicker``): two
  ``ChipTextInputComboView`` (``material_hour_text_input``, ``material_minute_text_input``), each an
  EditText ``material_timepicker_edit_text`` labelled ``material_label`` "Hour" / "Minute", whose
  input filter refuses values past 12 (23) and 59 (``TimePickerTextInputPresenter``,
  ``MaxInputValidator``); the mode button says "Switch to clock mode for the time input.". The
  double's fields start empty with the current value as their hint (whether the real fields select
  their text on focus was not read: no template's time needs the keyboard mode).

``COMPOSE`` is Compose Material 3's ``TimePicker`` (androidx ``compose/material3/.../TimePicker.kt``:
``ClockFace``, ``ClockText``, ``numberContentDescription``) in an app's own dialog: no resource ids;
each number is a clickable node (``semantics(mergeDescendants)`` with ``onClick``) whose text is
cleared and whose content description is "%d o'clock" / "%d hours" / "%d minutes" of the bare
number (``Hours`` 12, 1 … 11; 24 h: the outer ring ``screen[index] % 12`` = 0 … 11, the inner
``ExtraHours`` 12 … 23; ``Minutes`` 0, 5 … 55); the time selectors read ``toLocalString(minDigits =
2)`` (Role.RadioButton, as is the AM/PM toggle); no keyboard toggle unless the app adds one. A tap
lifts on the numbers' angles as on MaterialTimePicker (``AnalogTimePickerState.onTap`` not read
further: a tap on a number picks that number).

``TASKS_ORG`` (Tasks.org's own dialog around ``COMPOSE``), ``CHRONO`` (Chrono's fork of Flutter's
picker, a dial without number nodes and a "Mode" button) and KashCal's wheels (``kashcal_wheels``,
drawn inside its date sheet) are described where they are defined.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal

from pytest_anyapp.sim.ui import theme
from pytest_anyapp.sim.ui.dialogs import AlertDialog, Floating
from pytest_anyapp.sim.ui.geometry import Rect
from pytest_anyapp.sim.ui.theme import dp
from pytest_anyapp.sim.ui.views import (
    Button,
    Column,
    CompoundButton,
    EditText,
    ImageButton,
    Row,
    ScrollList,
    SeekBar,
    Spacer,
    TextView,
    View,
)

Selection = Literal["hour", "minute"]


@dataclass(frozen=True)
class TimePickerKind:
    """One real time picker: what uiautomator shows of it and how its face reads a touch."""

    name: str
    title: str
    title_id: str
    face_class: str
    face_id: str
    face_dp: int  # the face's side
    outer_dp: int  # the radius of the outer ring of numbers
    inner_dp: int  # the radius of the inner ring (24-hour hours 12-23)
    hours_12: tuple[str, ...]  # clockwise from the top
    hours_24: tuple[str, ...]  # the first 12 on the outer ring, the rest inside
    minutes: tuple[str, ...]
    hour_desc_12: str
    hour_desc_24: str
    minute_desc: str
    chip_class: str
    hour_chip_id: str
    minute_chip_id: str
    period_id: str
    am: tuple[str, str]  # (id, text)
    pm: tuple[str, str]
    period_class: str
    mode_id: str
    mode_class: str
    to_keyboard: str  # the mode button's content description in clock mode
    to_clock: str  # … in keyboard mode
    keyboard_id: str
    hour_input_id: str
    minute_input_id: str
    input_class: str
    edit_id: str
    label_id: str
    labels: tuple[str, str]
    ok: tuple[str, str]
    cancel: tuple[str, str]
    #: A touch that lifts without moving on the minutes snaps to this many minutes.
    tap_snap_minutes: int
    number_class: str = "android.widget.TextView"
    view_id: str = "material_timepicker_view"
    view_class: str = "com.google.android.material.timepicker.TimePickerView"
    display_id: str = "material_clock_display"
    #: The numbers' own text in the dump ("" where the node's text is cleared, Compose).
    number_text: bool = True
    #: Content descriptions take the bare number ("5 minutes") rather than the label ("05 minutes").
    desc_number: bool = False
    #: A keyboard toggle whose icon has no content description (Tasks.org's own dialog).
    unlabelled_toggle: bool = False
    #: The face's numbers are nodes (False: painted only, as Flutter's dial without a semantics builder).
    number_nodes: bool = True
    #: A text button that offers the picker types (Chrono's "Mode": a single-choice sheet); "" none.
    mode_text: str = ""
    mode_choices: tuple[str, str, str] = ("", "", "")  # (dial, input, spinner) as the sheet names them
    #: Extra confirm buttons that act as OK (Chrono's "Customize", approximated).
    extra_ok: tuple[str, ...] = ()
    #: The keyboard fields' hints are the labels ("Hour"/"Minute") instead of the current value.
    hint_labels: bool = False


MATERIAL = TimePickerKind(
    name="material", title="Select time", title_id="header_title",
    face_class="com.google.android.material.timepicker.ClockFaceView", face_id="material_clock_face",
    face_dp=256, outer_dp=100, inner_dp=64,
    hours_12=("12", *(str(h) for h in range(1, 12))), hours_24=("00", *(str(h) for h in range(1, 24))),
    minutes=tuple(f"{m:02d}" for m in range(0, 60, 5)),
    hour_desc_12="{} o'clock", hour_desc_24="{} hours", minute_desc="{} minutes",
    chip_class="com.google.android.material.chip.Chip", hour_chip_id="material_hour_tv",
    minute_chip_id="material_minute_tv", period_id="material_clock_period_toggle",
    am=("material_clock_period_am_button", "AM"), pm=("material_clock_period_pm_button", "PM"),
    period_class="com.google.android.material.button.MaterialButton",
    mode_id="material_timepicker_mode_button", mode_class="com.google.android.material.button.MaterialButton",
    to_keyboard="Switch to text input mode for the time input.",
    to_clock="Switch to clock mode for the time input.",
    keyboard_id="material_textinput_timepicker", hour_input_id="material_hour_text_input",
    minute_input_id="material_minute_text_input",
    input_class="com.google.android.material.timepicker.ChipTextInputComboView",
    edit_id="material_timepicker_edit_text", label_id="material_label", labels=("Hour", "Minute"),
    ok=("material_timepicker_ok_button", "OK"), cancel=("material_timepicker_cancel_button", "Cancel"),
    tap_snap_minutes=5,
)

COMPOSE = TimePickerKind(
    name="compose", title="Select time", title_id="", face_class="android.view.View", face_id="", face_dp=256,
    outer_dp=101, inner_dp=69,  # OuterCircleSizeRadius, InnerCircleRadius
    hours_12=("12", *(str(h) for h in range(1, 12))), hours_24=tuple(str(h) for h in range(24)),
    minutes=tuple(str(m) for m in range(0, 60, 5)),
    hour_desc_12="{} o'clock", hour_desc_24="{} hours", minute_desc="{} minutes",
    chip_class="android.widget.RadioButton", hour_chip_id="", minute_chip_id="", period_id="", am=("", "AM"),
    pm=("", "PM"), period_class="android.widget.RadioButton", mode_id="", mode_class="", to_keyboard="", to_clock="", keyboard_id="",
    hour_input_id="", minute_input_id="", input_class="", edit_id="", label_id="", labels=("Hour", "Minute"),
    ok=("", "OK"), cancel=("", "Cancel"), tap_snap_minutes=5, number_class="android.view.View", number_text=False,
    desc_number=True, view_id="", view_class="android.view.View", display_id="",
)

#: Tasks.org 15.9's own dialog around the Compose TimePicker (kmp/.../compose/pickers/TimePickerDialog.kt):
#: ``BasicAlertDialog`` with no title, ``TimePicker`` (or ``TimeInput`` once toggled), a bottom row of an
#: ``IconButton`` (KEYBOARD / SCHEDULE symbol, ``contentDescription = null``), "Cancel" and "OK".
TASKS_ORG = replace(COMPOSE, name="tasks_org", title="", unlabelled_toggle=True)

#: Chrono 0.6.0's fork of Flutter's time picker (vicolo-dev/chrono ``lib/common/widgets/time_picker.dart``):
#: the help text is the title "Select Time" (``alarm_screen.dart`` ``_selectTime``), a "Mode" text button
#: opens the "Time Picker" setting's choices "Dial"/"Input"/"Spinner" (``general_settings_schema.dart``,
#: default index 0: the dial), the dial's numbers are painted (its ``GestureDetector`` has
#: ``excludeFromSemantics`` and its ``CustomPaint`` no semantics builder: no nodes), 24-hour labels
#: "00", "1" … "23" with 12–23 inside (Material 3), minutes "00" … "55"; the input mode's two fields
#: carry the semantic hints "Hour"/"Minute"; buttons "Cancel", "Customize" and the confirm text "Save".
CHRONO = replace(
    COMPOSE, name="chrono", title="Select Time", hours_24=("00", *(str(h) for h in range(1, 24))),
    minutes=tuple(f"{m:02d}" for m in range(0, 60, 5)), desc_number=False, number_nodes=False,
    hour_desc_12="Select hours {}", hour_desc_24="Select hours {}", minute_desc="Select minutes {}",
    chip_class="android.view.View", mode_text="Mode", mode_choices=("Dial", "Input", "Spinner"),
    ok=("", "Save"), extra_ok=("Customize",), hint_labels=True, input_class="android.view.View",
)

#: Every picker kind a double may open, by name.
KINDS: dict[str, TimePickerKind] = {k.name: k for k in (MATERIAL, COMPOSE, TASKS_ORG, CHRONO)}


class ClockFace(SeekBar):
    """The face: numbers on one or two rings; a touch selects by its angle from the top (and, for
    24-hour hours, by its ring). ``on_pick(value, moved)`` gets the value the touch lands on."""

    def __init__(self, kind: TimePickerKind, labels: tuple[str, ...], descs: tuple[str, ...], selected: int,
                 on_pick: Callable[[int, bool], Any], *, steps: int) -> None:
        per_slot = 5 if steps == 60 else 1  # the value a number stands for: its slot (minutes: x 5)
        numbers = [_Number(label if kind.number_text else "", desc, i == selected,
                           lambda v=i * per_slot: on_pick(v, False), kind.number_class)
                   for i, (label, desc) in enumerate(zip(labels, descs, strict=True))]
        super().__init__(kind.face_id or "time_picker_face", max=steps - 1, width=kind.face_dp, height=kind.face_dp, padding=(0, 0),
                         gravity="center_horizontal")
        self.children = numbers
        self.number_nodes = kind.number_nodes
        self.kind, self.steps, self.rings = kind, steps, 2 if len(labels) == 24 else 1
        self.on_pick = on_pick
        self.class_name = kind.face_class  # type: ignore[misc]

    def resource_id(self, package: str) -> str:
        return f"{package}:id/{self.kind.face_id}" if self.kind.face_id else ""

    def attached_children(self) -> list[View]:
        return self.children if self.number_nodes else []

    def layout(self, rect: Rect) -> None:
        self.bounds = rect
        cx, cy = rect.center
        size = dp(40)
        for i, child in enumerate(self.children):
            radius = dp(self.kind.inner_dp if i >= 12 else self.kind.outer_dp)
            a = math.radians((i % 12) * 30)
            x, y = cx + radius * math.sin(a), cy - radius * math.cos(a)
            child.layout(Rect(int(x - size / 2), int(y - size / 2), int(x + size / 2), int(y + size / 2)))

    def value_at(self, x: float, y: float, moved: bool) -> int:
        cx, cy = self.bounds.center
        angle = math.degrees(math.atan2(x - cx, cy - y)) % 360
        if self.steps == 60:  # a drag follows the finger; a touch that did not move snaps
            snap = 1 if moved else self.kind.tap_snap_minutes
            return round(angle / (6 * snap)) * snap % 60
        slot = round(angle / 30) % 12
        if self.rings == 2 and math.hypot(x - cx, y - cy) < dp(self.kind.inner_dp + self.kind.outer_dp) / 2:
            slot += 12
        return slot

    def seek(self, x: float, y: float = 0.0) -> None:
        self.on_pick(self.value_at(x, y, False), False)

    def drag(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self.on_pick(self.value_at(x2, y2, True), True)


class _Number(TextView):
    """One number of the face (material_clockface_textview: a TextView with the value's
    content description, clickable through ClockFaceView's accessibility delegate)."""

    def __init__(self, label: str, desc: str, selected: bool, on_click: Callable[[], Any], class_name: str) -> None:
        super().__init__(label, desc=desc, selected=selected, on_click=on_click, size=16, align="center")
        self.class_name = class_name  # type: ignore[misc]


class _Toggle(CompoundButton):
    """A MaterialButton of the AM/PM toggle group (checkable; the checked one stays checked)."""

    def __init__(self, text: str, *, id: str, class_name: str, checked: bool, on_check: Callable[[], Any]) -> None:
        super().__init__(text, id=id, checked=checked, on_change=lambda on: on_check() if on else None)
        self.class_name = class_name  # type: ignore[misc]


class _ComboEdit(EditText):
    """``material_timepicker_edit_text``: both combos' EditTexts share one resource id."""

    def __init__(self, key: str, dumped_id: str, **kwargs: Any) -> None:
        super().__init__(key, **kwargs)
        self.dumped_id = dumped_id

    def resource_id(self, package: str) -> str:
        return f"{package}:id/{self.dumped_id}" if self.dumped_id else ""


class TimePickerDialog(Floating):
    """A time picker of ``kind`` over ``screen``: clock mode first; OK calls ``on_set(hour, minute)``
    (24-hour values), Cancel and BACK leave the time alone."""

    def __init__(self, screen: Any, kind: TimePickerKind, hour: int, minute: int, *, twelve: bool,
                 on_set: Callable[[int, int], Any], mode: Literal["clock", "keyboard"] = "clock",
                 on_cancel: Callable[[], Any] | None = None) -> None:
        super().__init__()
        self.screen, self.kind, self.twelve, self.on_set = screen, kind, twelve, on_set
        self.on_cancel = on_cancel
        self.hour, self.minute = hour % 24, minute % 60
        self.selection: Selection = "hour"
        self.mode = mode
        self.keys = (f"{kind.name}_time_hour_text", f"{kind.name}_time_minute_text")
        self.window_title = kind.title

    # -- state -------------------------------------------------------------------------------------
    def shown_hour(self) -> int:
        return (self.hour % 12) or 12 if self.twelve else self.hour

    def pick(self, value: int, moved: bool) -> None:
        if self.selection == "hour":
            self.hour = (value % 12 + (12 if self.hour >= 12 else 0)) if self.twelve else value % 24
            self.selection = "minute"  # onActionUp: on to the minutes once the hour is chosen
        else:
            self.minute = value % 60

    def set_pm(self, pm: bool) -> None:
        self.hour = self.hour % 12 + (12 if pm else 0)

    def switch_mode(self) -> None:
        if self.mode == "clock":
            for key in self.keys:
                self.screen.set_field(key, "")
            self.mode = "keyboard"
        else:
            self.read_fields()
            self.mode = "clock"

    def choose_mode(self) -> None:
        """Chrono's "Mode": the setting's single-choice sheet; a choice comes back to this picker in
        that mode (Spinner is not modelled: the double stays on the dial)."""
        dial, keyboard, spinner = self.kind.mode_choices

        def chosen(i: int) -> None:
            if (i == 1) != (self.mode == "keyboard"):
                self.switch_mode()
            self.screen.show_dialog(self)
        self.screen.show_dialog(AlertDialog("Time Picker", choices=[dial, keyboard, spinner], on_choice=chosen))

    def read_fields(self) -> None:
        hour_text, minute_text = (self.screen.field(k).strip() for k in self.keys)
        if hour_text:
            h = int(hour_text)
            self.hour = (h % 12 + (12 if self.hour >= 12 else 0)) if self.twelve else h
        if minute_text:
            self.minute = int(minute_text)

    def filter(self, key: str, limit: int, text: str) -> None:
        """MaxInputValidator and the digits-only input type: a change past ``limit`` is refused."""
        digits = "".join(ch for ch in text if ch.isdigit())[:2]
        if digits and int(digits) > limit:
            digits = digits[:-1]
        if digits != text:
            self.screen.set_field(key, digits)

    def confirm(self) -> None:
        if self.mode == "keyboard":
            self.read_fields()
        self.dismiss()
        self.on_set(self.hour, self.minute)

    # -- views -------------------------------------------------------------------------------------
    def build(self) -> View:
        k = self.kind
        body = self.clock() if self.mode == "clock" else self.keyboard()
        mode = None
        if k.to_keyboard or k.unlabelled_toggle:  # MaterialTimePicker has one; Compose's TimePicker alone none
            mode = ImageButton("keyboard" if self.mode == "clock" else "schedule",
                               k.to_keyboard if self.mode == "clock" else k.to_clock, id=k.mode_id,
                               on_click=self.switch_mode)
            if k.mode_class:
                mode.class_name = k.mode_class  # type: ignore[misc]
        buttons = Row(mode, Spacer(weight=1.0),
                      Button(k.cancel[1], self._wrap(self.on_cancel), id=k.cancel[0], style="text"),
                      *[Button(text, self.confirm, style="text") for text in k.extra_ok],
                      Button(k.ok[1], self.confirm, id=k.ok[0], style="text"), spacing=8, padding=(12, 8, 8, 0))
        title: View = TextView(k.title, id=k.title_id, size=14, padding=(24, 16, 24, 0)) if k.title else Spacer(height=32)
        if k.mode_text:
            title = Row(title, Spacer(weight=1.0), Button(k.mode_text, self.choose_mode, style="text"))
        return Column(title, body, buttons,
                      padding=(0, 0, 0, 8))

    def period(self) -> View | None:
        if not self.twelve:
            return None
        k = self.kind
        return Column(_Toggle(k.am[1], id=k.am[0], class_name=k.period_class, checked=self.hour < 12,
                              on_check=lambda: self.set_pm(False)),
                      _Toggle(k.pm[1], id=k.pm[0], class_name=k.period_class, checked=self.hour >= 12,
                              on_check=lambda: self.set_pm(True)), id=k.period_id, width=64)

    def clock(self) -> View:
        k = self.kind
        hour_desc = k.hour_desc_12 if self.twelve else k.hour_desc_24
        hour_chip = Button(f"{self.shown_hour():02d}", self._select("hour"), id=k.hour_chip_id, style="filled",
                           desc=hour_desc.format(self.shown_hour()), selected=self.selection == "hour")
        minute_chip = Button(f"{self.minute:02d}", self._select("minute"), id=k.minute_chip_id, style="filled",
                             desc=k.minute_desc.format(self.minute), selected=self.selection == "minute")
        for chip in (hour_chip, minute_chip):
            chip.class_name = k.chip_class  # type: ignore[misc]
        if self.selection == "hour":
            labels = k.hours_12 if self.twelve else k.hours_24
            descs = tuple(hour_desc.format(int(v) if k.desc_number else v) for v in labels)
            selected = self.hour % 12 if self.twelve else self.hour
            face = ClockFace(k, labels, descs, selected, self.pick, steps=12 if self.twelve else 24)
        else:
            labels = k.minutes
            descs = tuple(k.minute_desc.format(int(v) if k.desc_number else v) for v in labels)
            face = ClockFace(k, labels, descs, self.minute // 5 if self.minute % 5 == 0 else -1, self.pick, steps=60)
        display = Row(Spacer(weight=1.0), hour_chip, TextView(":", size=40), minute_chip, Spacer(width=12),
                      self.period(), Spacer(weight=1.0), id=k.display_id, spacing=4, align="center")
        view = Column(display, Spacer(height=24), face, id=k.view_id, padding=(24, 16, 24, 8))
        view.class_name = k.view_class  # type: ignore[misc]
        return view

    def keyboard(self) -> View:
        k = self.kind
        limits = (12 if self.twelve else 23, 59)
        values = (self.shown_hour(), self.minute)
        combos: list[View] = []
        for key, box, label, limit, value in zip(self.keys, (k.hour_input_id, k.minute_input_id), k.labels, limits,
                                                 values, strict=True):
            combo = Column(_ComboEdit(key, k.edit_id, hint=label if k.hint_labels else f"{value:02d}", width=96,
                                      on_change=lambda text, key=key, limit=limit: self.filter(key, limit, text)),
                           TextView(label, id=k.label_id, size=12, color=theme.ON_SURFACE_VARIANT), id=box, width=96)
            combo.class_name = k.input_class  # type: ignore[misc]
            combos.append(combo)
        return Row(Spacer(weight=1.0), combos[0], TextView(":", size=40), combos[1], Spacer(width=12),
                   self.period(), Spacer(weight=1.0), id=k.keyboard_id, spacing=4, padding=(24, 44, 24, 8))

    def _select(self, selection: Selection) -> Callable[[], None]:
        def select() -> None:
            self.selection = selection
        return select

    def frame(self, content_area: Rect, root: View) -> Rect:
        width = min(content_area.width, theme.SCREEN_W) - 2 * dp(28)
        height = min(root.measure(width), content_area.height - 2 * dp(24))
        left = content_area.left + (content_area.width - width) // 2
        top = content_area.top + (content_area.height - height) // 2
        return Rect(left, top, left + width, top + height)


def show_time_picker(screen: Any, kind: str, hour: int, minute: int, *, twelve: bool,
                     on_set: Callable[[int, int], Any], on_cancel: Callable[[], Any] | None = None) -> None:
    """Open the picker ``kind`` (a key of :data:`KINDS`) over ``screen``, on ``hour:minute``
    (``on_cancel``: what Cancel returns to, e.g. the sheet that opened the picker)."""
    screen.show_dialog(TimePickerDialog(screen, KINDS[kind], hour, minute, twelve=twelve, on_set=on_set,
                                        on_cancel=on_cancel))


# -- KashCal's wheels ------------------------------------------------------------------------------------

#: KashCal 22.5.15 ``ui/components/WheelTimePicker.kt`` as its ``DateTimeSheet`` shows it
#: (``pickers/DateTimePicker.kt``: ``visibleItems = 3``, ``itemHeight = 32.dp``): each wheel a Box
#: described "Wheel picker with N options" around a circular ``LazyColumn`` of zero-padded numbers
#: (24-hour: hours 00–23, minutes 00–55 in 5-minute steps, ``minuteInterval = 5``); the item centred
#: when the scroll settles is selected (its neighbours show above and below); a tap on an item does
#: nothing. The double keeps three laps and re-centres on the middle one, as the real list does far
#: from its middle.
WHEEL_ITEM_DP, WHEEL_VISIBLE, WHEEL_LAPS = 32, 3, 3


class _Wheel(ScrollList):
    """The LazyColumn: no resource id (Compose); its scroll kept under a fixed key."""

    class_name = "android.view.View"

    def __init__(self, key: str, labels: list[str]) -> None:
        items = [TextView(label, align="center", height=WHEEL_ITEM_DP, size=16) for label in labels * WHEEL_LAPS]
        super().__init__(*items, height=WHEEL_ITEM_DP * WHEEL_VISIBLE)
        self.wheel_key = key

    def bind(self, state: Any, path: str) -> None:
        super().bind(state, path)
        self.key = self.wheel_key


def wheel_index(scroll: dict[str, int], key: str, options: int, start: int) -> int:
    """The option centred on wheel ``key`` (snapped to an item, re-centred on the middle lap);
    ``start`` where the wheel has not been scrolled yet."""
    pitch = dp(WHEEL_ITEM_DP)
    if key not in scroll:
        top = options + start - 1  # the top item on screen; the centred one is top + 1
    else:
        top = round(scroll[key] / pitch)
        if not options <= top + 1 < 2 * options:
            top = options + (top + 1) % options - 1
    scroll[key] = top * pitch
    return (top + 1) % options


def kashcal_wheels(scroll: dict[str, int], hour: int, minute: int) -> tuple[View, int, int]:
    """The two 24-hour wheels at their current scroll (first shown on ``hour:minute``, the minute
    rounded to the nearest 5) and the time they select."""
    h = wheel_index(scroll, "kashcal_hour_wheel", 24, hour)
    m = wheel_index(scroll, "kashcal_minute_wheel", 12, round(minute / 5) % 12) * 5
    hours = Column(_Wheel("kashcal_hour_wheel", [f"{v:02d}" for v in range(24)]),
                   desc="Wheel picker with 24 options", weight=1.0)
    minutes = Column(_Wheel("kashcal_minute_wheel", [f"{v:02d}" for v in range(0, 60, 5)]),
                     desc="Wheel picker with 12 options", weight=1.0)
    return Row(hours, TextView(":", size=18), minutes, spacing=8, padding=(16, 0), align="center"), h, m


def reset_kashcal_wheels(scroll: dict[str, int]) -> None:
    """A newly opened sheet starts its wheels on its own time."""
    scroll.pop("kashcal_hour_wheel", None)
    scroll.pop("kashcal_minute_wheel", None)
