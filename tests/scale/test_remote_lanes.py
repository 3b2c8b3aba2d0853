"""Two "hosts" in one run: simulated devices bound to 127.0.0.2 and 127.0.0.3 (same ports on each),
driven by one pytest run as ``host:console:grpc`` lanes joined over adb TCP, with GUI-Owl-7B
answering from a loopback OpenAI-compatible endpoint — the README's real-emulator walk, on the
test machine. Also ``anyapp preflight`` and ``anyapp apps attest`` over the same remote lanes."""

from __future__ import annotations

import importlib.util
import inspect
import json
import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pytest_anyapp.agents.config import load_model_configs
from pytest_anyapp.cli import main as anyapp
from pytest_anyapp.sim.testing import spawn_device

REPO = Path(__file__).resolve().parents[2]
HOSTS = ("127.0.0.2", "127.0.0.3")  # Linux routes all of 127.0.0.0/8 to loopback


def _fake_endpoints() -> Any:
    """tests/agents/fake_endpoints.py (a loopback OpenAI-compatible server), loaded by path."""
    name = "anyapp_scale_fake_endpoints"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "tests" / "agents" / "fake_endpoints.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def _free_on_all(port: int) -> bool:
    for host in HOSTS:
        with socket.socket() as sock:
            try:
                sock.bind((host, port))
            except OSError:
                return False
    return True


def _ports() -> tuple[int, int]:
    """A console port (and +1) and a gRPC port free on both addresses."""
    with socket.socket() as sock:
        sock.bind((HOSTS[0], 0))
        start = sock.getsockname()[1]
    console = start - start % 2
    while not (_free_on_all(console) and _free_on_all(console + 1) and _free_on_all(console + 2)):
        console += 4
    return console, console + 2


@pytest.fixture
def remote_lanes(tmp_path: Path, adb_server: int) -> Iterator[str]:
    if "bind" not in inspect.signature(spawn_device).parameters:
        pytest.skip("the simulated device has no --bind yet (simfid's change)")
    for host in HOSTS:
        with socket.socket() as sock:
            try:
                sock.bind((host, 0))
            except OSError:
                pytest.skip(f"{host} is not a local address here")
    console, grpc_port = _ports()
    with spawn_device(tmp_path / "host-a", console_port=console, grpc_port=grpc_port, adb_server_port=adb_server,
                      bind=HOSTS[0]), \
         spawn_device(tmp_path / "host-b", console_port=console, grpc_port=grpc_port, adb_server_port=adb_server,
                      bind=HOSTS[1]):
        yield ",".join(f"{h}:{console}:{grpc_port}" for h in HOSTS)


def _gui_owl_terminate(_body: dict[str, Any]) -> str:
    call = json.dumps({"name": "mobile_use", "arguments": {"action": "terminate", "status": "success"}})
    return f"<thinking>\nDone.\n</thinking>\n<tool_call>\n{call}\n</tool_call>\n<conclusion>terminate</conclusion>"


def test_one_run_drives_lanes_on_two_addresses(pytester: pytest.Pytester, remote_lanes: str, adb_server: int,
                                               monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fake = _fake_endpoints()
    config = load_model_configs(env={})["GUI-Owl-7B"]
    server = fake.FakeOpenAIServer(config.model, max_model_len=262144)
    agent_config = tmp_path / "agents.json"
    agent_config.write_text(json.dumps({"agents": {"GUI-Owl-7B": {"retry": {"backoff_s": 0.0, "max_attempts": 2}}}}))
    pytester.makepyfile(test_pairs=(REPO / "pairs" / "test_pairs.py").read_text())
    with server:
        server.respond(_gui_owl_terminate)
        monkeypatch.setenv("GUI_OWL_BASE_URL", server.base_url)
        monkeypatch.setenv("ANDROID_ADB_SERVER_PORT", str(adb_server))
        result = pytester.runpytest_subprocess(
            "-n", "2", f"--lanes={remote_lanes}", "--agent=GUI-Owl-7B", f"--agent-config={agent_config}",
            "--instances=1", "-k", "sms-SmsSend-", "--results-dir=res", "--run-id=two-hosts", "-p", "no:cacheprovider")
        requests = len(server.requests)
    # the model declared success without sending anything: valid failures, never invalid
    result.assert_outcomes(failed=4)
    records = [json.loads(p.read_text()) for p in (pytester.path / "res" / "two-hosts").glob("*/episode.json")]
    assert len(records) == 4 and {r["status"] for r in records} == {"valid_failure"}
    serials = {r["provenance"]["device"]["serial"] for r in records}
    console = int(remote_lanes.split(",")[0].split(":")[1])
    assert serials == {f"{h}:{console + 1}" for h in HOSTS}  # both lanes, each over adb TCP
    assert {r["provenance"]["device"]["screenshot_source"] for r in records} <= {"grpc", ""}
    assert requests >= 4


def test_preflight_and_attest_over_remote_lanes(remote_lanes: str, adb_server: int, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    server = f"127.0.0.1:{adb_server}"
    report = tmp_path / "preflight.json"
    assert anyapp(["preflight", "--lanes", remote_lanes, "--adb-server", server, "--categories", "sms",
                   "--output", str(report)]) == 0
    data = json.loads(report.read_text())
    assert [lane["lane"] for lane in data["lanes"]] == remote_lanes.split(",") and data["ok"]
    att = tmp_path / "attestation.json"
    assert anyapp(["apps", "attest", "--lanes", remote_lanes, "--adb-server", server, "--apps", "sms_quik_sms",
                   "--output", str(att)]) == 0
    lanes = json.loads(att.read_text())["lanes"]
    assert [lane["apps"][0]["version_code"] for lane in lanes] == [2238, 2238]
