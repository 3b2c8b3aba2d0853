"""Shell protocol v2 packets: id byte, little-endian u32 length, payload."""
from __future__ import annotations

import struct

ID_STDIN = 0
ID_STDOUT = 1
ID_STDERR = 2
ID_EXIT = 3
ID_CLOSE_STDIN = 4
ID_WINDOW_SIZE_CHANGE = 5
ID_INVALID = 255

PACKET_HEADER = struct.Struct("<BI")


def packet(packet_id: int, payload: bytes) -> bytes:
    return PACKET_HEADER.pack(packet_id, len(payload)) + payload


def encode_result(stdout: bytes, stderr: bytes, exit_code: int) -> bytes:
    """All packets of a finished command: stdout, stderr (each only if non-empty), then exit."""
    out = bytearray()
    if stdout:
        out += packet(ID_STDOUT, stdout)
    if stderr:
        out += packet(ID_STDERR, stderr)
    out += packet(ID_EXIT, bytes([exit_code & 0xFF]))
    return bytes(out)
