"""A fake of MicroPython's `machine`, as far as the tray's board layer uses it."""

from __future__ import annotations

from typing import ClassVar


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 2
    levels: ClassVar[dict[object, int]] = {}

    def __init__(self, pin_id: object, mode: int = IN, pull: int | None = None) -> None:
        self.pin_id = pin_id
        Pin.levels.setdefault(pin_id, 1 if pull == Pin.PULL_UP else 0)

    def value(self, level: int | None = None) -> int:
        if level is not None:
            Pin.levels[self.pin_id] = level
        return Pin.levels[self.pin_id]


def unique_id() -> bytes:
    return bytes.fromhex("e66118604b3a2c21")
