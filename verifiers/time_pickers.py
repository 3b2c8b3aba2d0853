"""Gold steps for the time pickers real apps open, shared by the categories' oracles.

MaterialTimePicker (material-components-android ``timepicker/``; the double is
``pytest_anyapp/sim/apps/time_pickers.py``) opens in clock mode: tap the hour's number on the face
(it moves on to the minutes by itself), tap the minute's number (every 5 minutes has one; a tap
snaps to 5), pick AM/PM in a 12-hour picker, then OK. A minute between the numbers is typed in
the keyboard mode its toggle offers. Compose Material 3's TimePicker is tapped the same way, found by
content description (it has no resource ids).
"""

from __future__ import annotations

from pytest_anyapp.agents.oracle import By, Drag, Tap, TypeInto
from verifiers.bundle import Steps


def material_time(hour: int, minute: int, *, twelve: bool) -> Steps:
    """Set ``hour:minute`` (24-hour values) in an open MaterialTimePicker and confirm it."""
    shown = (hour % 12) or 12 if twelve else hour
    if minute % 5 == 0:  # the face's numbers are TextViews ("3 o'clock", "13 hours", "05 minutes")
        label = str(shown) if twelve or hour else "00"
        yield Tap(By(desc=f"{label} o'clock" if twelve else f"{label} hours", class_contains="TextView"))
        yield Tap(By(desc=f"{minute:02d} minutes", class_contains="TextView"))
    else:
        yield Tap(By(desc="Switch to text input mode for the time input."))
        yield TypeInto(By(res="material_timepicker_edit_text", nth=0), str(shown))
        yield TypeInto(By(res="material_timepicker_edit_text", nth=1), f"{minute:02d}")
    if twelve:
        yield Tap(By(res="material_clock_period_pm_button" if hour >= 12 else "material_clock_period_am_button"))
    yield Tap(By(res="material_timepicker_ok_button"))


def compose_time(hour: int, minute: int, *, twelve: bool) -> Steps:
    """Set ``hour:minute`` in an open Compose Material 3 TimePicker (no ids, no keyboard toggle in the
    apps that show it alone): the numbers are nodes described "9 o'clock" / "13 hours" / "5 minutes"."""
    if minute % 5:
        raise ValueError(f"{hour:02d}:{minute:02d}: a tap on the face sets whole 5-minute steps only")
    shown = (hour % 12) or 12 if twelve else hour
    yield Tap(By(desc=f"{shown} o'clock" if twelve else f"{hour} hours", class_contains="android.view.View"))
    yield Tap(By(desc=f"{minute} minutes", class_contains="android.view.View"))
    if twelve:
        yield Tap(By(text="PM" if hour >= 12 else "AM"))
    yield Tap(By(text="OK"))


def chrono_time(hour: int, minute: int) -> Steps:
    """Chrono 0.6.0's picker (a fork of Flutter's, ``lib/common/widgets/time_picker.dart``) in 24-hour
    format: its dial is painted without semantics (no node to find a number by), so the gold path
    takes what the picker offers next to it: "Mode" -> "Input" (the "Time Picker" setting's sheet),
    the "Hour" and "Minute" fields, "Save". The choice is saved as the app's setting, so a later
    picker opens in input mode; choosing "Input" again keeps it."""
    yield Tap(By(text="Mode"))
    yield Tap(By(text="Input"))
    yield TypeInto(By(text="Hour", class_contains="EditText"), str(hour))
    yield TypeInto(By(text="Minute", class_contains="EditText"), f"{minute:02d}")
    yield Tap(By(text="Save"))


def kashcal_time(shown: str, hour: int, minute: int) -> Steps:
    """KashCal 22.5.15's ``WheelTimePicker`` in its open ``DateTimeSheet`` (24-hour): from the time the
    editor showed (``shown`` ends in ``HH:MM``), drag each wheel ("Wheel picker with 24 options", "… 12
    options": 3 items of 32 dp on screen, a tap on an item does nothing) the shorter way round, two
    items a drag, then "Done"."""
    if minute % 5:
        raise ValueError(f"{hour:02d}:{minute:02d}: the minute wheel has 5-minute steps only")
    now_h, now_m = (int(v) for v in shown.strip()[-5:].split(":"))
    for options, now, target in ((24, now_h, hour), (12, round(now_m / 5) % 12, minute // 5)):
        items = (target - now) % options
        if items > options // 2:
            items -= options
        while items:
            step = max(-2, min(2, items))
            start = 0.9 if step > 0 else 0.1
            yield Drag(By(desc=f"Wheel picker with {options} options"), (0.5, start), (0.5, start - step / 3))
            items -= step
    yield Tap(By(text="Done"))


#: The gold steps of each picker kind (the sim's ``pytest_anyapp/sim/apps/time_pickers.py`` KINDS).
STEPS = {"material": material_time, "compose": compose_time}
