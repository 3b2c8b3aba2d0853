"""adb transport message framing: the 24-byte header and the command constants.

The adb server talks to an emulator's adbd with these messages over TCP, so they are the whole
contract between the real adb server and the simulated device.
"""
from __future__ import annotations

import struct
from dataclasses import dataclass

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

COMMAND_NAMES = {
    A_SYNC: "SYNC",
    A_CNXN: "CNXN",
    A_AUTH: "AUTH",
    A_OPEN: "OPEN",
    A_OKAY: "OKAY",
    A_CLSE: "CLSE",
    A_WRTE: "WRTE",
    A_STLS: "STLS",
}


class ProtocolError(Exception):
    """The peer sent bytes that are not a valid adb message; the connection must be dropped."""


@dataclass(frozen=True)
class Header:
    command: int
    arg0: int
    arg1: int
    data_length: int
    data_check: int
    magic: int

    @property
    def name(self) -> str:
        return COMMAND_NAMES.get(self.command, f"0x{self.command:08x}")


def parse_header(raw: bytes) -> Header:
    header = Header(*HEADER.unpack(raw))
    if header.magic != header.command ^ 0xFFFFFFFF:
        raise ProtocolError(f"bad magic for command {header.name}")
    return header


def checksum(payload: bytes | memoryview) -> int:
    """Byte sum, only needed when the peer speaks a protocol older than SKIP_CHECKSUM."""
    return sum(payload) & 0xFFFFFFFF


def pack_header(command: int, arg0: int, arg1: int, payload: bytes | memoryview, with_checksum: bool) -> bytes:
    check = checksum(payload) if with_checksum else 0
    return HEADER.pack(command, arg0, arg1, len(payload), check, command ^ 0xFFFFFFFF)
