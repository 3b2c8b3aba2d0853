"""Constants the harness and the simulated device share, and nothing else.

This is the one module ``pytest_anyapp.sim`` may import from the harness side (the isolation test
allows exactly it). Encodings and parsers (phone numbers, dates) are deliberately *not* shared:
each side writes its own, so a verifier test can catch a simulator bug and the other way round.
"""

from __future__ import annotations

from typing import Final

#: The benchmark's frozen device time, 2023-10-15 15:34:00 UTC (as AndroidWorld), in seconds.
FROZEN_DEVICE_TIME_S: Final[int] = 1_697_384_040
#: The same instant in milliseconds (what ``sms.date`` and most app stores hold).
FROZEN_DEVICE_TIME_MS: Final[int] = FROZEN_DEVICE_TIME_S * 1000
