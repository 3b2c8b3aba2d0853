"""Free-port helpers: an emulator needs an even console port whose successor (adb) is free too."""
from __future__ import annotations

import socket


def port_is_free(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def free_console_port(host: str = "127.0.0.1", avoid: set[int] | None = None) -> int:
    """An even port P with P and P + 1 both free (picked by the kernel, so unlikely to collide)."""
    avoid = avoid or set()
    for _ in range(500):
        port = free_port(host) & ~1
        if port < 1024 or port in avoid or port + 1 in avoid:
            continue
        if port_is_free(port, host) and port_is_free(port + 1, host):
            return port
    raise OSError("no free even port pair found")


def next_console_port(start: int, taken: set[int], host: str = "127.0.0.1") -> int:
    """First even port >= start (stepping by 2, as emulators do) with it and its successor free."""
    port = start + (start & 1)
    while port < 65534:
        if port not in taken and port + 1 not in taken and port_is_free(port, host) and port_is_free(port + 1, host):
            return port
        port += 2
    raise OSError(f"no free console port from {start}")


def next_port(start: int, taken: set[int], host: str = "127.0.0.1") -> int:
    port = start
    while port < 65535:
        if port not in taken and port_is_free(port, host):
            return port
        port += 1
    raise OSError(f"no free port from {start}")
