"""appops set/get/reset as AppOpsService's shell command prints them (android-13)."""
from __future__ import annotations

from shell_helpers import Out, Sh

PKG = "com.android.settings"


def test_uid_mode_set_and_read_back(out: Out) -> None:
    assert out(f"appops get {PKG} MANAGE_EXTERNAL_STORAGE") == "No operations.\nDefault mode: default\n"
    assert out(f"appops set --uid {PKG} MANAGE_EXTERNAL_STORAGE allow") == ""
    assert out(f"appops get {PKG} MANAGE_EXTERNAL_STORAGE") == "Uid mode: MANAGE_EXTERNAL_STORAGE: allow\n"
    out(f"cmd appops set {PKG} SCHEDULE_EXACT_ALARM 1")  # a mode number: 1 = ignore; a package mode
    out(f"appops set --uid {PKG} SYSTEM_ALERT_WINDOW deny")
    assert out(f"appops get {PKG}") == ("Uid mode: MANAGE_EXTERNAL_STORAGE: allow\nSYSTEM_ALERT_WINDOW: deny\n"
                                       "SCHEDULE_EXACT_ALARM: ignore\n")
    out(f"appops reset --user 0 {PKG}")
    assert out(f"appops get {PKG}") == "No operations.\n"


def test_refusals_print_the_error_and_exit_255(sh: Sh) -> None:
    cases = {
        "appops set --uid com.example.absent MANAGE_EXTERNAL_STORAGE allow": "Error: No UID for com.example.absent in user 0\n",
        f"appops set {PKG} NOT_AN_OP allow": "Error: Unknown operation string: NOT_AN_OP\n",
        f"appops set {PKG} MANAGE_EXTERNAL_STORAGE maybe": "Error: Mode maybe is not valid\n",
        f"appops set {PKG} MANAGE_EXTERNAL_STORAGE": "Error: Mode not specified.\n",
        f"appops set {PKG}": "Error: Operation not specified.\n",
    }
    for cmdline, error in cases.items():
        result = sh(cmdline)
        assert (result.exit_code, result.stderr.decode()) == (255, error), cmdline
    unknown = sh("appops frobnicate")
    assert (unknown.exit_code, unknown.stdout.decode()) == (255, "Unknown command: frobnicate\n")
    assert sh("appops").stdout.decode().startswith("AppOps service (appops) commands:\n")
