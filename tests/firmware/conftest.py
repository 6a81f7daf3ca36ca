"""Firmware tests run the board's files under CPython: the firmware folder and fakes of the
MicroPython-only modules (`machine`, `bluetooth`, `micropython`) go on `sys.path`."""

from __future__ import annotations

import sys
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
FAKES = Path(__file__).resolve().parent / "fakes"

for path in (FIRMWARE, FAKES):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
