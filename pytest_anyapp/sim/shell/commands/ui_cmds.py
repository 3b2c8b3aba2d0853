"""UI-facing commands that drive ``device.ui``: input, screencap, uiautomator, wm.

``input text`` turns ``%s`` into spaces like InputShellCommand; ``input swipe`` with identical
start and end points is a long press (how AndroidWorld long-presses); ``wm size``/``density``
overrides live where Android keeps them (settings ``display_size_forced`` /
``display_density_forced``).
"""

from __future__ import annotations

import posixpath
import struct
import time
from typing import Any

from pytest_anyapp.sim.shell.commands.dumpsys import PHYSICAL_DENSITY, PHYSICAL_H, PHYSICAL_W
from pytest_anyapp.sim.shell.keycodes import keycode
from pytest_anyapp.sim.shell.runtime import Invocation, command
from pytest_anyapp.sim.ui.uiautomator import dump_command_output

_INPUT_SOURCES = {"keyboard", "dpad", "gamepad", "touchscreen", "touchpad", "touchnavigation", "stylus", "trackball",
                  "mouse", "joystick", "rotaryencoder"}
_INPUT_USAGE = (
    "Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]\n\n"
    "The commands and default sources are:\n"
    "      text <string> (Default: touchscreen)\n"
    "      keyevent [--longpress|--doubletap] <key code number or name> ... (Default: keyboard)\n"
    "      tap <x> <y> (Default: touchscreen)\n"
    "      swipe <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n"
    "      draganddrop <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n"
    "      press (Default: trackball)\n"
    "      roll <dx> <dy> (Default: trackball)\n"
    "      motionevent <DOWN|UP|MOVE|CANCEL> <x> <y> (Default: touchscreen)\n"
    "      keycombination [-t duration(ms)] <key code 1> <key code 2> ... (Default: keyboard)\n"
)


def _ui(inv: Invocation) -> Any:
    return inv.device.ui


def _floats(inv: Invocation, values: list[str], count: int) -> list[float] | None:
    if len(values) < count:
        return None
    try:
        return [float(v) for v in values[:count]]
    except ValueError:
        return None


def _bad_args(inv: Invocation, verb: str) -> int:
    inv.err(f"Error: Invalid arguments for command: {verb}\n{_INPUT_USAGE}")
    return 1


def _keycodes(inv: Invocation, verb: str, names: list[str]) -> list[int] | None:
    """Key codes for names or numbers; an unknown one is reported as InputShellCommand's exception."""
    codes: list[int] = []
    for name in names:
        code = keycode(name)
        if code is None:
            inv.err(f"Exception occurred while executing '{verb}':\njava.lang.IllegalArgumentException: "
                    f"Unknown keycode: {name}\n")
            return None
        codes.append(code)
    return codes


KEYCODE_ENDCALL = 6


@command("input")
def input_cmd(inv: Invocation) -> int:
    args = list(inv.args)
    if args and args[0] in _INPUT_SOURCES:
        args.pop(0)
    if len(args) >= 2 and args[0] == "-d":
        args = args[2:]
    if not args:
        inv.err(_INPUT_USAGE)
        return 1
    verb, rest = args[0], args[1:]
    ui = _ui(inv)
    if verb == "tap":
        xy = _floats(inv, rest, 2)
        if xy is None or len(rest) != 2:
            return _bad_args(inv, verb)
        ui.tap(xy[0], xy[1])
        return 0
    if verb in ("swipe", "draganddrop"):
        pts = _floats(inv, rest, 4)
        if pts is None or len(rest) not in (4, 5):
            return _bad_args(inv, verb)
        duration = 300
        if len(rest) == 5:
            try:
                duration = int(float(rest[4]))
            except ValueError:
                return _bad_args(inv, verb)
            if duration < 0:
                duration = 300
        x1, y1, x2, y2 = pts
        # InputShellCommand.sendSwipe injects the move over ``duration`` ms (sleeping between
        # points) before the UP, so the command returns only after the gesture's duration.
        time.sleep(duration / 1000)
        if (x1, y1) == (x2, y2):
            ui.long_press(x1, y1, duration)
        else:
            ui.swipe(x1, y1, x2, y2, duration)
        return 0
    if verb == "text":
        if not rest:
            return _bad_args(inv, verb)
        ui.type_text(rest[0].replace("%s", " "))
        return 0
    if verb == "keyevent":
        keys = [a for a in rest if a not in ("--longpress", "--doubletap", "--async", "--delay")]
        if not keys:
            return _bad_args(inv, verb)
        codes = _keycodes(inv, verb, keys)
        if codes is None:
            return 255
        for code in codes:
            if code == KEYCODE_ENDCALL and inv.device.modem.call is not None:
                inv.device.modem.hang_up()  # PhoneWindowManager: ENDCALL hangs up a ringing/active call
                continue
            ui.key(code)
            if "--doubletap" in rest:
                ui.key(code)
        return 0
    if verb == "keycombination":
        names = list(rest)
        if names[:1] == ["-t"]:
            names = names[2:]
        codes = _keycodes(inv, verb, names)
        if codes is None:
            return 255
        if len(codes) < 2:
            return _bad_args(inv, verb)
        ui.key_combination(codes)
        return 0
    if verb == "press":
        ui.key(23)
        return 0
    if verb == "motionevent":
        if len(rest) != 3 or rest[0].upper() not in ("DOWN", "UP", "MOVE", "CANCEL"):
            return _bad_args(inv, verb)
        xy = _floats(inv, rest[1:], 2)
        if xy is None:
            return _bad_args(inv, verb)
        pressure = 0 if rest[0].upper() in ("UP", "CANCEL") else 1
        ui.touch(xy[0], xy[1], pressure, 0)
        return 0
    if verb == "roll":
        return 0
    inv.err(f"Error: Unknown command: {verb}\n{_INPUT_USAGE}")
    return 1


# -- screencap -----------------------------------------------------------------------------------


def _png(inv: Invocation) -> bytes:
    return bytes(_ui(inv).screenshot_png())


def _raw(inv: Invocation) -> bytes:
    image = _ui(inv).screenshot().convert("RGBA")
    # width, height, PIXEL_FORMAT_RGBA_8888 (1), dataspace sRGB (Android 12+ header)
    return struct.pack("<IIII", image.width, image.height, 1, 0x8C20000) + image.tobytes()


@command("screencap")
def screencap(inv: Invocation) -> int:
    args = list(inv.args)
    png = False
    target: str | None = None
    i = 0
    while i < len(args):
        a = args[i]
        if a == "-p":
            png = True
        elif a in ("-d",) and i + 1 < len(args):
            i += 1
        elif a in ("-a", "-j"):
            pass
        elif a.startswith("-"):
            inv.err(f"screencap: invalid option -- '{a.lstrip('-')}'\n")
            return 1
        else:
            target = a
        i += 1
    if target is None:
        inv.out(_png(inv) if png else _raw(inv))
        return 0
    data = _png(inv) if png or target.endswith(".png") else _raw(inv)
    host = inv.host(target)
    try:
        host.write_bytes(data)
    except OSError:
        inv.err(f"Error opening file: {target} (No such file or directory)\n")
        return 1
    inv.stamp(host)
    return 0


# -- uiautomator ---------------------------------------------------------------------------------


@command("uiautomator")
def uiautomator(inv: Invocation) -> int:
    args = list(inv.args)
    if not args or args[0] != "dump":
        inv.out("Usage: uiautomator <subcommand> [options]\n\nAvailable subcommands:\n\n"
                "help: displays help message\n\n"
                "dump: creates an XML dump of current UI hierarchy\n"
                "    dump [--verbose][file]\n"
                "      [--compressed]: dumps compressed layout information.\n"
                "      [file]: the location where the dumped XML should be stored, default is\n"
                "      /sdcard/window_dump.xml\n\n"
                "events: prints out accessibility events until terminated\n")
        return 0 if args[:1] == ["help"] else 1
    paths = [a for a in args[1:] if not a.startswith("--")]
    target = paths[0] if paths else "/sdcard/window_dump.xml"
    xml = _ui(inv).dump_xml()
    display = target if target.startswith("/") else posixpath.normpath(posixpath.join(inv.cwd, target))
    to_terminal = inv.normalize(target) in ("/dev/tty", "/dev/stdout")
    if not to_terminal:
        host = inv.host(target)
        try:
            host.write_text(xml, encoding="utf-8")
        except OSError:
            inv.err(f"ERROR: could not write {display}\n")
            return 1
        inv.stamp(host)
    out, err = dump_command_output(xml, display, to_terminal=to_terminal)
    inv.out(out)
    if err:
        inv.err(err)
    return 0


# -- wm ------------------------------------------------------------------------------------------


@command("wm")
def wm(inv: Invocation) -> int:
    args = [a for k, a in enumerate(inv.args) if a != "-d" and (k == 0 or inv.args[k - 1] != "-d")]
    providers = inv.device.providers
    if not args:
        inv.out("Window manager (window) commands:\n  help\n  size [reset|WxH|WdpxHdp]\n  density [reset|DENSITY]\n")
        return 1
    verb, rest = args[0], args[1:]
    if verb == "size":
        if not rest:
            inv.out(f"Physical size: {PHYSICAL_W}x{PHYSICAL_H}\n")
            forced = providers.settings_get("global", "display_size_forced")
            if forced and "," in forced:
                inv.out(f"Override size: {forced.replace(',', 'x')}\n")
            return 0
        if rest[0] == "reset":
            providers.settings_delete("global", "display_size_forced")
            return 0
        w, sep, h = rest[0].partition("x")
        if not sep or not w.isdigit() or not h.isdigit() or int(w) <= 0 or int(h) <= 0:
            inv.err(f"Error: bad size {rest[0]}\n")
            return 255
        providers.settings_put("global", "display_size_forced", f"{int(w)},{int(h)}")
        return 0
    if verb == "density":
        if not rest:
            inv.out(f"Physical density: {PHYSICAL_DENSITY}\n")
            forced = providers.settings_get("secure", "display_density_forced")
            if forced:
                inv.out(f"Override density: {forced}\n")
            return 0
        if rest[0] == "reset":
            providers.settings_delete("secure", "display_density_forced")
            return 0
        if not rest[0].isdigit() or int(rest[0]) < 72:
            inv.err(f"Error: bad number {rest[0]}\n")
            return 255
        providers.settings_put("secure", "display_density_forced", rest[0])
        return 0
    if verb in ("dismiss-keyguard", "user-rotation", "fixed-to-user-rotation"):
        if verb == "user-rotation" and not rest:
            inv.out("lock 0\n")
        return 0
    inv.err(f"Unknown command: {verb}\n")
    return 255
