"""Simulated device transport benchmark: shell round trip and push/pull throughput.

The device runs in its own process (as with ``anyapp sim up``) behind the real adb server.
Shell round trip is compared with the adb server's own ``host:version`` round trip, both over raw
sockets with the same framing; adbutils numbers (which add a ``host:version`` per call) and
``adb`` CLI transfer rates are printed too, and adb-shell's 5 MiB push/pull (it talks to adbd
directly, no adb server, and waits for adbd's CLSE after each sync transaction). Targets: shell RTT <= 3x host:version, push and pull
>= 50 MB/s. ``shell:true`` is short enough to run on the device's event loop; the same command
spelled ``"true"`` is not recognised as short and shows the worker-thread path that most real
commands take.

Run: ``.venv/bin/python benchmarks/bench_transport.py [--rounds 200] [--size-mb 10]``
"""
from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import adbutils

from pytest_anyapp.sim import registration
from pytest_anyapp.sim.testing import spawn_device


def _request(sock: socket.socket, service: str) -> None:
    body = service.encode()
    sock.sendall(f"{len(body):04x}".encode() + body)


def _read_exact(sock: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


def host_version_rtt(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port)) as sock:
        _request(sock, "host:version")
        assert _read_exact(sock, 4) == b"OKAY"
        _read_exact(sock, int(_read_exact(sock, 4), 16))


def device_rtt(port: int, serial: str, service: str | None) -> bytes:
    """Transport switch, then one device service read to EOF (None: the switch alone)."""
    with socket.create_connection(("127.0.0.1", port)) as sock:
        _request(sock, f"host:tport:serial:{serial}")
        assert _read_exact(sock, 4) == b"OKAY"
        _read_exact(sock, 8)
        if service is None:
            return b""
        _request(sock, service)
        _read_exact(sock, 4)  # OKAY, or FAIL for a refused service
        out = b""
        while chunk := sock.recv(65536):
            out += chunk
        return out


def median_ms(fn: Callable[[], object], rounds: int) -> float:
    fn()  # warm up
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def median_rate(fn: Callable[[], object], size: int, rounds: int) -> float:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return size / statistics.median(samples) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--size-mb", type=int, default=10)
    parser.add_argument("--transfer-rounds", type=int, default=5)
    args = parser.parse_args()

    server_port = registration.adb_server_port()
    registration.ensure_adb_server(server_port)
    work = Path(tempfile.mkdtemp(prefix="bench-transport-"))
    size = args.size_mb * 1024 * 1024
    payload = work / "payload.bin"
    payload.write_bytes(os.urandom(size))
    env = os.environ | {"ANDROID_ADB_SERVER_PORT": str(server_port)}

    with spawn_device(work / "device", adb_server_port=server_port) as dev:
        serial = dev.serial
        client = adbutils.AdbClient(port=server_port)
        device = client.device(serial)

        version_ms = median_ms(lambda: host_version_rtt(server_port), args.rounds)
        tport_ms = median_ms(lambda: device_rtt(server_port, serial, None), args.rounds)
        refused_ms = median_ms(lambda: device_rtt(server_port, serial, "no-such-service:"), args.rounds)
        shell_ms = median_ms(lambda: device_rtt(server_port, serial, "shell:true"), args.rounds)
        worker_ms = median_ms(lambda: device_rtt(server_port, serial, 'shell:"true"'), args.rounds)
        au_version_ms = median_ms(client.server_version, args.rounds)
        au_shell_ms = median_ms(lambda: device.shell("true"), args.rounds)

        def cli(*cmd: str) -> None:
            subprocess.run(["adb", "-P", str(server_port), "-s", serial, *cmd], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)

        cli_push = median_rate(lambda: cli("push", str(payload), "/data/local/tmp/p.bin"), size, args.transfer_rounds)
        cli_pull = median_rate(lambda: cli("pull", "/data/local/tmp/p.bin", str(work / "back.bin")), size,
                               args.transfer_rounds)
        au_push = median_rate(lambda: device.sync.push(payload, "/data/local/tmp/q.bin"), size, args.transfer_rounds)
        au_pull = median_rate(lambda: device.sync.pull("/data/local/tmp/q.bin", work / "back2.bin"), size,
                              args.transfer_rounds)
        assert (work / "back.bin").read_bytes() == payload.read_bytes()
        direct_push, direct_pull = adb_shell_rates(dev.host, dev.adb_port, work, args.transfer_rounds)

    print(f"host:version RTT (raw socket)      median {version_ms:7.3f} ms")
    print(f"tport switch only (raw socket)     median {tport_ms:7.3f} ms   ratio {tport_ms / version_ms:5.2f}x")
    print(f"refused OPEN (device floor)        median {refused_ms:7.3f} ms   ratio {refused_ms / version_ms:5.2f}x")
    print(f"shell:true RTT  (raw socket)       median {shell_ms:7.3f} ms   ratio {shell_ms / version_ms:5.2f}x (target <= 3x)")
    print(f'shell:"true" RTT (worker thread)   median {worker_ms:7.3f} ms   ratio {worker_ms / version_ms:5.2f}x')
    print(f"adbutils server_version()          median {au_version_ms:7.3f} ms")
    print(f"adbutils shell('true')             median {au_shell_ms:7.3f} ms   ratio {au_shell_ms / au_version_ms:5.2f}x")
    print(f"adb push {args.size_mb} MB (CLI)              median {cli_push:7.1f} MB/s (target >= 50)")
    print(f"adb pull {args.size_mb} MB (CLI)              median {cli_pull:7.1f} MB/s (target >= 50)")
    print(f"adbutils sync.push {args.size_mb} MB           median {au_push:7.1f} MB/s")
    print(f"adbutils sync.pull {args.size_mb} MB           median {au_pull:7.1f} MB/s")
    print(f"adb-shell push 5 MiB (direct adbd)   median {direct_push:7.1f} MB/s")
    print(f"adb-shell pull 5 MiB (direct adbd)   median {direct_pull:7.1f} MB/s")


def adb_shell_rates(host: str, adb_port: int, work: Path, rounds: int) -> tuple[float, float]:
    """adb-shell push and pull of 5 MiB straight to the device's adbd (MB/s medians)."""
    from adb_shell.adb_device import AdbDeviceTcp

    size = 5 * 1024 * 1024
    payload = work / "payload5.bin"
    payload.write_bytes(os.urandom(size))
    direct = AdbDeviceTcp(host, adb_port, default_transport_timeout_s=60.0)
    direct.connect(rsa_keys=None, auth_timeout_s=5.0)
    try:
        push = median_rate(lambda: direct.push(str(payload), "/data/local/tmp/r.bin"), size, rounds)
        pull = median_rate(lambda: direct.pull("/data/local/tmp/r.bin", str(work / "back5.bin")), size, rounds)
    finally:
        direct.close()
    assert (work / "back5.bin").read_bytes() == payload.read_bytes()
    return push, pull


if __name__ == "__main__":
    main()
