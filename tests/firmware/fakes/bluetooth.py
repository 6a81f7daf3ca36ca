"""A fake of MicroPython's `bluetooth`: records what the board asks of the radio and lets a test
deliver scan results through the board's own IRQ handler."""

from __future__ import annotations

from collections.abc import Callable


class BLE:
    last: BLE | None = None

    def __init__(self) -> None:
        self.on = False
        self.handler: Callable[[int, tuple[object, ...]], None] | None = None
        self.scans: list[tuple[object, ...]] = []
        BLE.last = self

    def active(self, on: bool) -> None:
        self.on = on

    def irq(self, handler: Callable[[int, tuple[object, ...]], None]) -> None:
        self.handler = handler

    def gap_scan(self, *args: object) -> None:
        self.scans.append(args)

    def deliver(self, adv: bytes) -> None:
        """A scan result, as the stack reports it: (addr type, addr, adv type, rssi, adv data)."""
        assert self.handler is not None
        self.handler(5, (0, memoryview(b"\x00" * 6), 3, -60, memoryview(adv)))

    def scan_done(self) -> None:
        assert self.handler is not None
        self.handler(6, ())
