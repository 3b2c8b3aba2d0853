"""adb transport message framing: the 24-byte header and the command constants.

The adb server talks to an emulator's adbd with these messages over TCP, so they are the whole
contract between the real adb server and the simulated device.
"""
from __future__ import annotations

import struct

A_SYNC = 0x434E5953
A_CNXN = 0x4E584E43
A_AUTH = 0x48545541
A_OPEN = 0x4E45504F
A_OKAY = 0x59414B4F
A_CLSE = 0x45534C43
A_WRTE = 0x45545257
A_STLS = 0x534C5453

A_VERSION_MIN = 0x01000000
# From this version on neither side computes or checks the payload checksum.
A_VERSION_SKIP_CHECKSUM = 0x01000001
A_VERSION = 0x01000001

MAX_PAYLOAD_V1 = 4 * 1024
MAX_PAYLOAD = 1024 * 1024

HEADER = struct.Struct("<6I")
HEADER_SIZE = HEADER.size


class ProtocolError(Exception):
    """The peer sent bytes that are not a valid adb message; the connection must be dropped."""


def checksum(payload: bytes | memoryview) -> int:
    """Byte sum, only needed when the peer speaks a protocol older than SKIP_CHECKSUM."""
    return sum(payload) & 0xFFFFFFFF


def pack_header(command: int, arg0: int, arg1: int, payload: bytes | memoryview, with_checksum: bool) -> bytes:
    check = checksum(payload) if with_checksum else 0
    return HEADER.pack(command, arg0, arg1, len(payload), check, command ^ 0xFFFFFFFF)
