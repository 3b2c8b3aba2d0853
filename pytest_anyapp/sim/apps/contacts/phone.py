"""Phone (Google Phone, ``com.google.android.dialer``), the emulator image's dialer: what a contacts
app's "Call" leads to. Not a benchmark app (no pair schedules it); it exists because calling from
any Contacts app goes through it, as on the emulator.

``ACTION_CALL tel:<n>``: Telecom places the call (the modem goes off-hook) and the in-call screen
(``com.android.incallui.InCallActivity``) shows the contact's name from the contacts provider, or
the number. "End call" hangs up, and Telecom writes the call-log row (``CallLogManager``: type
OUTGOING, the number, the duration). ``ACTION_DIAL tel:<n>`` opens the dial pad with the number.
"""

from __future__ import annotations

from urllib.parse import unquote

from pytest_anyapp.sim.apps.base import Intent, Screen, SimApp
from pytest_anyapp.sim.ui.views import Column, EditText, ImageButton, Row, Scaffold, Spacer, TextView, Toolbar, View

CALL, DIAL = "android.intent.action.CALL", "android.intent.action.DIAL"


class InCall(Screen):
    activity = "com.android.incallui.InCallActivity"

    def __init__(self, app: SimApp, number: str) -> None:
        super().__init__(app)
        self.number = number

    def build(self) -> View:
        name = self.caller_name() or self.number
        modem = self.device.modem
        active = modem.call is not None and not modem.call.incoming and modem.call.number == self.number
        return Scaffold(None, Column(
            TextView(name, id="contactgrid_contact_name", size=30, align="center", padding=(16, 120, 16, 8)),
            TextView("Calling…" if active else "Call ended", id="contactgrid_status_text", size=16, align="center"),
            Spacer(height=200),
            Row(Spacer(weight=1.0), ImageButton("mic_off", "Mute"), ImageButton("dialpad", "Keypad"),
                ImageButton("volume_up", "Speaker"), Spacer(weight=1.0), spacing=32),
            Spacer(height=80),
            Row(Spacer(weight=1.0), ImageButton("call_end", "End call", on_click=self.end, id="incall_end_call"),
                Spacer(weight=1.0)),
        ))

    def caller_name(self) -> str:
        digits = "".join(ch for ch in self.number if ch.isdigit())
        res = self.device.providers.query("content://com.android.contacts/data/phones", ["display_name", "data1"])
        for name, number in res.rows:
            d = "".join(ch for ch in str(number or "") if ch.isdigit())
            if d and (d == digits or d[-10:] == digits[-10:] and min(len(d), len(digits)) >= 10):
                return str(name or "")
        return ""

    def end(self) -> None:
        if self.device.modem.call is not None:
            self.device.modem.hang_up()
        self.finish()


class DialPad(Screen):
    activity = ".extensions.GoogleDialtactsActivity"

    def __init__(self, app: SimApp, number: str = "") -> None:
        super().__init__(app)
        self.set_field("digits", number)

    def build(self) -> View:
        return Scaffold(Toolbar("Phone"), EditText("digits", hint="Enter a number", padding=(16, 24)),
                        Row(Spacer(weight=1.0), ImageButton("call", "dial", on_click=self.call,
                                                            id="dialpad_voice_call_button"), Spacer(weight=1.0)))

    def call(self) -> None:
        number = self.field("digits").strip()
        if number:
            assert isinstance(self.app, Phone)
            self.replace(self.app.place_call(number))


class Phone(SimApp):
    package = "com.google.android.dialer"
    label = "Phone"
    launch_activity = ".extensions.GoogleDialtactsActivity"
    icon_color = "#1A73E8"
    system = True
    home = DialPad
    permissions = tuple(f"android.permission.{p}" for p in ("CALL_PHONE", "READ_CONTACTS", "READ_CALL_LOG"))

    @classmethod
    def handles_intent(cls, intent: Intent) -> bool:
        return intent.action in (CALL, DIAL) and intent.data.lower().startswith("tel:")

    def open_intent(self, intent: Intent) -> Screen | None:
        number = unquote(intent.data[4:]).strip()
        return self.place_call(number) if intent.action == CALL else DialPad(self, number)

    def place_call(self, number: str) -> InCall:
        """What Telecom does for ``ACTION_CALL``: the modem dials, the in-call screen shows."""
        if self.device.modem.call is None:
            self.device.modem.dial(number)
        return InCall(self, number)
