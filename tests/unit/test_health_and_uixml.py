import pytest

from pytest_anyapp.device.health import parse_health
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.errors import DeviceError, DeviceHealthError

GOOD = "__BOOT__\n1\n__UID__\n0\n__WIN__\n  mCurrentFocus=Window{1a2b u0 org.fossify.messages/.MainActivity}\n__END__\n"


def test_healthy_probe():
    report = parse_health(GOOD)
    assert report.healthy and "org.fossify.messages" in report.focus


@pytest.mark.parametrize("line,kind", [
    ("  Window{9 u0 Application Not Responding: org.x}", "anr"),
    ("  Window{9 u0 Application Error: org.x}", "crash"),
    ("  Messages keeps stopping", "crash"),
    ("  Messages isn't responding", "anr"),
])
def test_fault_dialogs_are_detected(line, kind):
    report = parse_health(GOOD.replace("__END__", line + "\n__END__"))
    assert not report.healthy and report.faults[0].startswith(kind)


def test_not_root_and_not_booted():
    report = parse_health(GOOD.replace("__UID__\n0", "__UID__\n2000").replace("__BOOT__\n1", "__BOOT__\n0"))
    assert not report.root and not report.booted


def test_truncated_probe_is_an_error():
    with pytest.raises(DeviceHealthError):
        parse_health("__BOOT__\n1\n__UID__\n0\n")


XML = ("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
       "<node index=\"0\" text=\"\" resource-id=\"\" class=\"android.widget.FrameLayout\" package=\"p\" "
       "content-desc=\"\" checkable=\"false\" checked=\"false\" clickable=\"false\" enabled=\"true\" focusable=\"false\" "
       "focused=\"false\" scrollable=\"false\" long-clickable=\"false\" password=\"false\" selected=\"false\" "
       "bounds=\"[0,0][1080,2400]\"><node NAF=\"true\" index=\"0\" text=\"Send &amp; go\" resource-id=\"p:id/send\" "
       "class=\"android.widget.Button\" package=\"p\" content-desc=\"\" checkable=\"false\" checked=\"false\" "
       "clickable=\"true\" enabled=\"true\" focusable=\"true\" focused=\"false\" scrollable=\"false\" "
       "long-clickable=\"true\" password=\"false\" selected=\"false\" bounds=\"[10,20][110,220]\" extra=\"x\"/>"
       "</node></hierarchy>")


def test_dump_parses_all_nodes_in_document_order():
    els = parse_ui_dump(XML)
    assert [e.class_name for e in els] == ["android.widget.FrameLayout", "android.widget.Button"]
    button = els[1]
    assert button.text == "Send & go" and button.center == (60, 120) and button.long_clickable
    assert button.resource_id == "p:id/send" and button.index == 1


def test_bad_dump_is_a_device_error():
    with pytest.raises(DeviceError):
        parse_ui_dump("<hierarchy><node bounds='[0,0]'/></hierarchy>")
    with pytest.raises(DeviceError):
        parse_ui_dump("not xml")
