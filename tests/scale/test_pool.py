"""Emulator pool: container argv and state parsing (pure), the volume fingerprint (run here on a
directory), compose files through Debian's ``docker-compose config``, Kubernetes manifests through
kubernetes-validate, pod listing against a loopback fake API server, and post-boot preparation on
a simulated device. Nothing here starts a container."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from loopback import serve
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from pytest_anyapp.errors import ConfigError, DeviceHealthError
from pytest_anyapp.options import LaneSpec, parse_lanes
from pytest_anyapp.pool.connect import adb_device, connect_lane
from pytest_anyapp.pool.containers import FINGERPRINT_SCRIPT, ContainerPool, parse_inspect
from pytest_anyapp.pool.k8s import ready_lanes
from pytest_anyapp.pool.prepare import POST_BOOT_SETTINGS, prepare, wait_booted
from pytest_anyapp.sim.testing import RunningDevice

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"


# -- containers (pure) -------------------------------------------------------------------------
def test_run_argv_gives_each_container_distinct_ports_a_volume_and_labels() -> None:
    pool = ContainerPool(runtime="podman", image="img@sha256:" + "a" * 64, name="p", host="10.0.0.5")
    argvs = [pool.run_argv(i) for i in range(3)]
    published = [a[k + 1] for a in argvs for k, x in enumerate(a) if x == "-p"]
    assert published == ["5554:5554", "5555:5555", "8554:8554", "5556:5554", "5557:5555", "8555:8554",
                         "5558:5554", "5559:5555", "8556:8554"]
    assert argvs[1][:2] == ["podman", "run"] and "/dev/kvm" in argvs[1] and argvs[1][-1].startswith("img@")
    assert "p-avd-1:/root/.android/avd" in argvs[1] and "anyapp.lane=10.0.0.5:5556:8555" in argvs[1]
    assert [pool.lane(i) for i in range(2)] == parse_lanes("10.0.0.5:5554:8554,10.0.0.5:5556:8555")
    with pytest.raises(ConfigError):
        ContainerPool(first_console=5555)


def test_snapshot_helpers_are_networkless_and_mount_the_base_read_only() -> None:
    pool = ContainerPool(name="p")
    copy = pool.copy_argv(pool.base_volume("s1"), pool.clone_volume("attempt-7"))
    assert copy[:6] == ["docker", "run", "--rm", "--network", "none", "--entrypoint"]
    assert "p-base-s1:/from:ro" in copy and "p-clone-attempt-7:/to" in copy
    assert "p-base-s1:/v:ro" in pool.fingerprint_argv("p-base-s1")
    assert pool.volume_create_argv("v", {"b": "2", "a": "1"}) == ["docker", "volume", "create", "--label", "a=1",
                                                                 "--label", "b=2", "v"]


def test_parse_inspect_reads_docker_and_podman_output() -> None:
    docker = [{"Name": "/anyapp-emu-1", "State": {"Status": "running"},
               "Config": {"Labels": {"anyapp.index": "1", "anyapp.lane": "h:5556:8555", "anyapp.volume": "v1"}}},
              {"Name": "/anyapp-emu-0", "State": {"Status": "exited"},
               "Config": {"Labels": {"anyapp.index": "0", "anyapp.lane": "h:5554:8554", "anyapp.volume": "v0"}}}]
    podman = [{"Name": "anyapp-emu-0", "State": {"Status": "running"},
               "Config": {"Labels": {"anyapp.index": "0", "anyapp.lane": "h:5554:8554", "anyapp.volume": "v0"}}}]
    got = parse_inspect(json.dumps(docker))
    assert [(c.index, c.name, c.status, c.lane) for c in got] == [(0, "anyapp-emu-0", "exited", "h:5554:8554"),
                                                                 (1, "anyapp-emu-1", "running", "h:5556:8555")]
    assert parse_inspect(json.dumps(podman))[0].name == "anyapp-emu-0"


def _fingerprint(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["sh", "-c", FINGERPRINT_SCRIPT.replace("cd /v", f"cd {path}")], capture_output=True,
                          text=True, check=False)


def test_volume_fingerprint_ignores_times_and_sees_content_modes_and_special_files(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    for root in (a, b):
        (root / "avd" / "data").mkdir(parents=True)
        (root / "avd" / "config.ini").write_text("hw.ramSize=4096\n")
        (root / "avd" / "data" / "userdata.img").write_bytes(b"\0" * 4096 + b"x")
        (root / "avd" / "link").symlink_to("config.ini")
    os.utime(b / "avd" / "config.ini", (1, 1))
    fa, fb = _fingerprint(a).stdout.strip(), _fingerprint(b).stdout.strip()
    assert len(fa) == 64 and fa == fb
    (b / "avd" / "data" / "userdata.img").write_bytes(b"\0" * 4096 + b"y")
    assert _fingerprint(b).stdout.strip() != fa
    (b / "avd" / "data" / "userdata.img").write_bytes(b"\0" * 4096 + b"x")
    assert _fingerprint(b).stdout.strip() == fa
    (b / "avd" / "config.ini").chmod(0o600)
    assert _fingerprint(b).stdout.strip() != fa
    os.mkfifo(a / "avd" / "fifo")
    assert _fingerprint(a).returncode == 3


# -- deploy files ------------------------------------------------------------------------------
def test_compose_file_is_valid_and_matches_the_pool_layout() -> None:
    exe = shutil.which("docker-compose")
    if exe is None:
        pytest.skip("Debian's docker-compose is not installed (scripts/bootstrap.sh installs it)")
    compose = DEPLOY / "compose" / "emulators.yaml"
    out = subprocess.run([exe, "-f", str(compose), "config"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    config = yaml.safe_load(out.stdout)
    pool = ContainerPool()
    for i, name in enumerate(sorted(config["services"])):
        svc = config["services"][name]
        lane = pool.lane(i)
        ports = {(int(p["published"]), int(p["target"])) if isinstance(p, dict) else
                 tuple(int(x) for x in str(p).split(":")) for p in svc["ports"]}
        assert ports == {(lane.console_port, 5554), (lane.adb_port, 5555), (lane.grpc_port, 8554)}
        assert any("/dev/kvm" in d for d in svc["devices"])
    broken = compose.read_text().replace("services:", "servicez:")
    bad = subprocess.run([exe, "-f", "-", "config"], input=broken, capture_output=True, text=True, timeout=60)
    assert bad.returncode != 0


def test_kubernetes_manifests_validate_and_expose_fixed_ports() -> None:
    import kubernetes_validate

    docs = {}
    for path in sorted((DEPLOY / "k8s").glob("*.yaml")):
        for doc in yaml.safe_load_all(path.read_text()):
            kubernetes_validate.validate(doc, "1.30.0", strict=True)
            docs[doc["kind"]] = doc
    service, sts = docs["Service"], docs["StatefulSet"]
    assert service["spec"]["clusterIP"] == "None" and sts["spec"]["serviceName"] == service["metadata"]["name"]
    container = sts["spec"]["template"]["spec"]["containers"][0]
    assert {p["name"]: p["containerPort"] for p in container["ports"]} == {"console": 5554, "adb": 5555, "grpc": 8554}
    assert sts["spec"]["template"]["spec"]["nodeSelector"] == {"anyapp.dev/kvm": "true"}
    broken = dict(sts, spec=dict(sts["spec"], replicas="four"))
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, "1.30.0", strict=True)


def test_containerfile_and_launcher_say_what_the_pool_expects() -> None:
    containerfile = (DEPLOY / "emulator" / "Containerfile").read_text()
    launcher = (DEPLOY / "emulator" / "start-emulator.sh").read_text()
    assert "system-images;android-33;google_apis;x86_64" in containerfile and "EXPOSE 5554 5555 8554" in containerfile
    assert "-grpc 8554" in launcher and "id -u" in launcher
    for key, value in POST_BOOT_SETTINGS:
        assert f"settings put global {key} {value}" in launcher
    assert subprocess.run(["bash", "-n", str(DEPLOY / "emulator" / "start-emulator.sh")]).returncode == 0


# -- Kubernetes pod listing against a loopback fake API server ----------------------------------
def _pod(name: str, ip: str | None, phase: str, ready: bool, grpc: int = 8554) -> dict[str, object]:
    return {"metadata": {"name": name, "namespace": "bench", "labels": {"app.kubernetes.io/name": "anyapp-emulator"}},
            "spec": {"containers": [{"name": "emulator", "image": "anyapp-emulator:33", "ports": [
                {"name": "console", "containerPort": 5554}, {"name": "adb", "containerPort": 5555},
                {"name": "grpc", "containerPort": grpc}]}]},
            "status": {"phase": phase, "podIP": ip,
                       "conditions": [{"type": "Ready", "status": "True" if ready else "False"}]}}


class FakeApiServer:
    def __init__(self) -> None:
        self.queries: list[dict[str, str]] = []

    async def pods(self, request: Request) -> JSONResponse:
        self.queries.append(dict(request.query_params))
        if request.path_params["ns"] != "bench":
            return JSONResponse({"kind": "PodList", "apiVersion": "v1", "metadata": {}, "items": []})
        items = [_pod("anyapp-emulator-2", "10.1.0.7", "Running", True, grpc=9000),
                 _pod("anyapp-emulator-0", "10.1.0.5", "Running", True),
                 _pod("anyapp-emulator-1", "10.1.0.6", "Running", False),
                 _pod("anyapp-emulator-3", None, "Pending", False)]
        return JSONResponse({"kind": "PodList", "apiVersion": "v1", "metadata": {"resourceVersion": "1"},
                             "items": items})

    def app(self) -> Starlette:
        return Starlette(routes=[Route("/api/v1/namespaces/{ns}/pods", self.pods)])


def test_ready_pods_become_lanes() -> None:
    """End to end with the real kubernetes client, in its own process as users run it: the client
    stays out of this test process (an in-process run coincided with pytest's capture file of the
    xdist worker being found closed, which errored every later test of that worker)."""
    fake = FakeApiServer()
    with serve(fake.app()) as url:
        found = _anyapp_process("pool", "lanes", "--k8s-namespace", "bench", "--k8s-api", url)
        empty = _anyapp_process("pool", "lanes", "--k8s-namespace", "other", "--k8s-api", url)
    assert found.returncode == 0, found.stderr
    assert found.stderr.splitlines() == ["anyapp-emulator-0 10.1.0.5:5554:8554", "anyapp-emulator-2 10.1.0.7:5554:9000"]
    assert found.stdout.strip() == "CATBENCH_EMULATORS=10.1.0.5:5554:8554,10.1.0.7:5554:9000"
    assert fake.queries[0]["labelSelector"] == "app.kubernetes.io/name=anyapp-emulator"
    assert empty.returncode == 1 and empty.stdout.strip() == "CATBENCH_EMULATORS="


def _anyapp_process(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest_anyapp.cli", *args], capture_output=True, text=True,
                          timeout=120, check=False)


def test_ready_lanes_keeps_running_ready_pods_in_ordinal_order() -> None:
    """The pure selection over pod objects (attribute access as the client's models give it)."""
    def pod(name: str, ip: str | None, phase: str, ready: bool, grpc: int = 8554) -> SimpleNamespace:
        raw = _pod(name, ip, phase, ready, grpc)
        ports = [SimpleNamespace(name=p["name"], container_port=p["containerPort"])
                 for p in raw["spec"]["containers"][0]["ports"]]  # type: ignore[index]
        return SimpleNamespace(
            metadata=SimpleNamespace(name=name, deletion_timestamp=None),
            spec=SimpleNamespace(containers=[SimpleNamespace(ports=ports)]),
            status=SimpleNamespace(phase=phase, pod_ip=ip,
                                   conditions=[SimpleNamespace(type="Ready", status="True" if ready else "False")]))

    pods = [pod("anyapp-emulator-2", "10.1.0.7", "Running", True, grpc=9000), pod("anyapp-emulator-0", "10.1.0.5", "Running", True),
            pod("anyapp-emulator-1", "10.1.0.6", "Running", False), pod("anyapp-emulator-3", None, "Pending", False)]
    api = SimpleNamespace(list_namespaced_pod=lambda ns, label_selector: SimpleNamespace(items=pods))
    assert ready_lanes(api, "bench") == [
        ("anyapp-emulator-0", LaneSpec(host="10.1.0.5", console_port=5554, grpc_port=8554)),
        ("anyapp-emulator-2", LaneSpec(host="10.1.0.7", console_port=5554, grpc_port=9000))]


# -- post-boot preparation on a simulated device ------------------------------------------------
def test_prepare_waits_for_boot_and_turns_animations_off(lane: LaneSpec, module_device: RunningDevice,
                                                         adb_server: int) -> None:
    device = connect_lane(lane, "127.0.0.1", adb_server)
    device.check("settings put global window_animation_scale 1.0")
    module_device.device.set_faults(not_booted=True)
    try:
        with pytest.raises(DeviceHealthError, match="not booted"):
            wait_booted(device, timeout_s=0.5, poll_s=0.1)
    finally:
        module_device.device.set_faults(not_booted=False)
    prepare(device, adb_device(lane, "127.0.0.1", adb_server), boot_timeout_s=10)
    assert device.check("settings get global window_animation_scale").strip() in ("0.0", "0")
    assert device.check("settings get global hidden_api_policy").strip() == "1"
