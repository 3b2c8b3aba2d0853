"""Emulator containers with Docker or Podman: ``anyapp pool up N | status | down | seal | reset``.

Every container runs the image of ``deploy/emulator/Containerfile`` and exposes console 5554, adb
5555 and gRPC 8554; container ``i`` publishes them on host ports ``first_console + 2i``, ``+1`` and
``first_grpc + i``, so its lane is ``<host>:<console>:<grpc>`` and a pytest run on any machine that
reaches ``host`` drives it over adb TCP. Each container keeps its AVD in its own volume.

Per-attempt clean state (notes §12, snapshot handling): a provisioned container's AVD volume is
*sealed* into an immutable base volume labelled with its content fingerprint; ``reset`` clones the
base into a new volume named after the attempt (never reused), checks the clone's fingerprint equals
the base's, restarts only that container on the clone, waits for boot and root, and deletes the
clone it replaced. All copies run in a network-less helper container with the base mounted
read-only. The argv builders are pure (tested); running them needs a container runtime and KVM,
which the test suite does not have.
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from typing import Literal

from pytest_anyapp.errors import ConfigError, DeviceError
from pytest_anyapp.options import LaneSpec

Runtime = Literal["docker", "podman"]
AVD_MOUNT = "/root/.android/avd"

# Content fingerprint of a volume mounted at /v: sorted relative paths with type, mode, owner and
# symlink target, plus the sha256 of every regular file. Timestamps and sparse layout are ignored;
# device files, FIFOs and sockets make it fail (exit 3). POSIX sh + findutils + coreutils.
FINGERPRINT_SCRIPT = (
    "cd /v && if find . \\( -type b -o -type c -o -type p -o -type s \\) | grep -q .; then exit 3; fi; "
    "{ find . -printf '%p %y %m %U %G %l\\n' | LC_ALL=C sort; "
    "find . -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum; } | sha256sum | cut -d' ' -f1"
)


@dataclass(frozen=True)
class ContainerPool:
    runtime: Runtime = "docker"
    image: str = "anyapp-emulator:33"
    name: str = "anyapp"
    host: str = "127.0.0.1"
    first_console: int = 5554
    first_grpc: int = 8554

    def __post_init__(self) -> None:
        if self.first_console % 2:
            raise ConfigError("--first-console must be even (adb = console + 1)")

    # -- naming --------------------------------------------------------------------------------
    def container(self, i: int) -> str:
        return f"{self.name}-emu-{i}"

    def volume(self, i: int) -> str:
        return f"{self.name}-avd-{i}"

    def base_volume(self, snapshot: str) -> str:
        return f"{self.name}-base-{snapshot}"

    def clone_volume(self, clone_id: str) -> str:
        return f"{self.name}-clone-{clone_id}"

    def lane(self, i: int) -> LaneSpec:
        return LaneSpec(host=self.host, console_port=self.first_console + 2 * i, grpc_port=self.first_grpc + i)

    # -- argv builders (pure) ------------------------------------------------------------------
    def run_argv(self, i: int, volume: str | None = None) -> list[str]:
        lane = self.lane(i)
        vol = volume or self.volume(i)
        return [self.runtime, "run", "-d", "--name", self.container(i), "--init", "--device", "/dev/kvm",
                "-p", f"{lane.console_port}:5554", "-p", f"{lane.adb_port}:5555", "-p", f"{lane.grpc_port}:8554",
                "-v", f"{vol}:{AVD_MOUNT}",
                "--label", f"anyapp.pool={self.name}", "--label", f"anyapp.index={i}",
                "--label", f"anyapp.lane={lane.host}:{lane.console_port}:{lane.grpc_port}",
                "--label", f"anyapp.volume={vol}", self.image]

    def list_argv(self) -> list[str]:
        return [self.runtime, "ps", "-a", "-q", "--filter", f"label=anyapp.pool={self.name}"]

    def inspect_argv(self, ids: list[str]) -> list[str]:
        return [self.runtime, "inspect", *ids]

    def remove_argv(self, names: list[str]) -> list[str]:
        return [self.runtime, "rm", "-f", *names]

    def stop_argv(self, i: int) -> list[str]:
        return [self.runtime, "stop", "-t", "30", self.container(i)]

    def start_argv(self, i: int) -> list[str]:
        return [self.runtime, "start", self.container(i)]

    def helper_argv(self, mounts: list[tuple[str, str, bool]], script: str) -> list[str]:
        """A throw-away, network-less container of the same image running ``sh -c script``."""
        argv = [self.runtime, "run", "--rm", "--network", "none", "--entrypoint", "sh"]
        for vol, path, read_only in mounts:
            argv += ["-v", f"{vol}:{path}{':ro' if read_only else ''}"]
        return [*argv, self.image, "-c", script]

    def fingerprint_argv(self, volume: str) -> list[str]:
        return self.helper_argv([(volume, "/v", True)], FINGERPRINT_SCRIPT)

    def copy_argv(self, src: str, dst: str) -> list[str]:
        return self.helper_argv([(src, "/from", True), (dst, "/to", False)], "cp -a /from/. /to/")

    def volume_create_argv(self, volume: str, labels: dict[str, str]) -> list[str]:
        argv = [self.runtime, "volume", "create"]
        for k, v in sorted(labels.items()):
            argv += ["--label", f"{k}={v}"]
        return [*argv, volume]

    def volume_inspect_argv(self, volume: str) -> list[str]:
        return [self.runtime, "volume", "inspect", volume]

    def volume_remove_argv(self, volume: str) -> list[str]:
        return [self.runtime, "volume", "rm", volume]


def run(argv: list[str], *, timeout_s: float = 300, check: bool = True) -> subprocess.CompletedProcess[str]:
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout_s)
    except FileNotFoundError:
        raise ConfigError(f"{argv[0]} is not installed (pool needs Docker or Podman)") from None
    except subprocess.TimeoutExpired:
        raise DeviceError(f"{' '.join(argv[:3])} … timed out after {timeout_s}s") from None
    if check and proc.returncode != 0:
        raise DeviceError(f"{' '.join(argv[:3])} … failed ({proc.returncode}): {proc.stderr.strip()[:400]}")
    return proc


@dataclass(frozen=True)
class ContainerState:
    name: str
    index: int
    status: str
    lane: str
    volume: str


def parse_inspect(output: str) -> list[ContainerState]:
    """``docker inspect`` / ``podman inspect`` JSON (both print an array with Name, State, Config.Labels)."""
    out: list[ContainerState] = []
    for entry in json.loads(output or "[]"):
        labels = (entry.get("Config") or {}).get("Labels") or {}
        state = entry.get("State") or {}
        status = state.get("Status") if isinstance(state, dict) else str(state)
        out.append(ContainerState(name=str(entry.get("Name", "")).lstrip("/"),
                                  index=int(labels.get("anyapp.index", -1)),
                                  status=str(status), lane=labels.get("anyapp.lane", ""),
                                  volume=labels.get("anyapp.volume", "")))
    return sorted(out, key=lambda c: c.index)


def status(pool: ContainerPool) -> list[ContainerState]:
    ids = run(pool.list_argv()).stdout.split()
    return parse_inspect(run(pool.inspect_argv(ids)).stdout) if ids else []


def fingerprint(pool: ContainerPool, volume: str) -> str:
    proc = run(pool.fingerprint_argv(volume), timeout_s=1800, check=False)
    if proc.returncode == 3:
        raise DeviceError(f"volume {volume} holds special files (device, FIFO or socket): not sealable")
    if proc.returncode != 0 or len(proc.stdout.strip()) != 64:
        raise DeviceError(f"fingerprint of {volume} failed: {proc.stderr.strip()[:300]}")
    return proc.stdout.strip()


def volume_exists(pool: ContainerPool, volume: str) -> bool:
    return run(pool.volume_inspect_argv(volume), check=False).returncode == 0


def seal(pool: ContainerPool, i: int, snapshot: str) -> str:
    """Stop container ``i`` and copy its AVD volume into an immutable, fingerprinted base volume."""
    base = pool.base_volume(snapshot)
    if volume_exists(pool, base):
        raise ConfigError(f"snapshot {snapshot} exists ({base}); sealed bases are never overwritten")
    run(pool.stop_argv(i))
    source = next((c.volume for c in status(pool) if c.index == i), "") or pool.volume(i)
    digest = fingerprint(pool, source)
    run(pool.volume_create_argv(base, {"anyapp.sealed": "true", "anyapp.snapshot": snapshot,
                                       "anyapp.fingerprint": digest}))
    run(pool.copy_argv(source, base), timeout_s=1800)
    if fingerprint(pool, base) != digest:
        run(pool.volume_remove_argv(base), check=False)
        raise DeviceError(f"sealed copy {base} does not match {source}")
    run(pool.start_argv(i))
    return digest


def reset(pool: ContainerPool, i: int, snapshot: str, clone_id: str) -> str:
    """Container ``i`` restarted on a fresh clone of the sealed base; returns the clone volume."""
    base = pool.base_volume(snapshot)
    clone = pool.clone_volume(clone_id)
    if not volume_exists(pool, base):
        raise ConfigError(f"no sealed snapshot {snapshot} ({base}): run anyapp pool seal first")
    if volume_exists(pool, clone):
        raise ConfigError(f"clone {clone} exists: clone ids are never reused")
    labels = json.loads(run(pool.volume_inspect_argv(base)).stdout)[0].get("Labels") or {}
    want = labels.get("anyapp.fingerprint", "")
    run(pool.volume_create_argv(clone, {"anyapp.clone_of": snapshot}))
    run(pool.copy_argv(base, clone), timeout_s=1800)
    got_base, got_clone = fingerprint(pool, base), fingerprint(pool, clone)
    if not (got_base == got_clone == want):
        run(pool.volume_remove_argv(clone), check=False)
        raise DeviceError(f"clone {clone} fingerprint {got_clone} / base {got_base} / sealed {want} differ")
    previous = next((c.volume for c in status(pool) if c.index == i), "")
    run(pool.remove_argv([pool.container(i)]))
    run(pool.run_argv(i, volume=clone))
    if previous.startswith(f"{pool.name}-clone-"):
        run(pool.volume_remove_argv(previous), check=False)
    return clone
