"""The tray's "update its firmware" fault (issue 14, finding 9) comes only from a well-formed HELLO of
another protocol version, never from line noise, and a valid frame of ours clears it.

The bytes arrive as the driver meets them on a tray: written to a pseudo-terminal that the real driver
reads through pyserial (hw/tray/protocol.md: version u8 | type u8 | seq | length | body | CRC).
"""

from __future__ import annotations

import contextlib
import os
import queue
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.core.dice import DieKind
from companion.core.events import DeviceState, DeviceStatus, DomainEvent
from companion.devices.tray import driver as drv
from companion.devices.tray.dicetray import wire
from companion.devices.tray.driver import TrayDriver

NOISE_BURST = bytes.fromhex("09 02 55 66 77 11 22 33 44 00")


def hello(version: int = wire.VERSION, seq: int = 1) -> bytes:
    """A HELLO as a tray speaking protocol `version` sends it, its CRC made for that version byte."""
    payload = bytearray(wire.cobs_decode(wire.encode(wire.HELLO, seq, ["2.0", "TRAY-9", 77])[:-1]))
    payload[0] = version
    crc = wire.crc16(bytes(payload[:-2]))
    payload[-2:] = bytes([crc >> 8, crc & 0xFF])
    return bytes(wire.cobs_encode(bytes(payload))) + b"\x00"


class Line:
    """The tray's end of the serial line: what it writes, the driver reads through pyserial."""

    def __init__(self, tmp_path: Path, kinds: dict[str, DieKind]) -> None:
        self.master, slave = os.openpty()
        self.link = tmp_path / "dicetray"
        self.link.symlink_to(os.ttyname(slave))
        self.slave = slave
        self.events: queue.Queue[DomainEvent] = queue.Queue()
        self.driver = TrayDriver(str(self.link), 115200, self.events, kinds, backoff=(0.02, 0.2))
        os.set_blocking(self.master, False)

    def wait_open(self, seconds: float = 5.0) -> None:
        """Until the driver has opened the port and asked for a HELLO (what it wrote before is dropped)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                if os.read(self.master, 4096):
                    return
            except BlockingIOError:
                time.sleep(0.02)
        raise AssertionError("the driver never opened the port")

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    def statuses(self, seconds: float = 0.6) -> list[str]:
        """The details of the statuses reported in the next `seconds` (the driver's requests drained)."""
        deadline = time.monotonic() + seconds
        seen: list[str] = []
        while time.monotonic() < deadline:
            with contextlib.suppress(BlockingIOError):
                os.read(self.master, 4096)
            try:
                event = self.events.get(timeout=0.02)
            except queue.Empty:
                continue
            if isinstance(event, DeviceStatus):
                seen.append(f"{event.state.value}: {event.detail}")
        return seen


@pytest.fixture
def line(tmp_path: Path, kinds: dict[str, DieKind]) -> Iterator[Line]:
    rig = Line(tmp_path, kinds)
    rig.driver.start()
    rig.wait_open()
    yield rig
    rig.driver.stop()
    os.close(rig.master)
    os.close(rig.slave)


MISMATCH = f"{DeviceState.FAULT.value}: {drv.VERSION_MISMATCH}"
CONNECTED = f"{DeviceState.CONNECTED.value}: {drv.CONNECTED}"


def test_the_noise_burst_of_the_issue_is_not_a_version_fault(line: Line) -> None:
    line.send(hello())
    assert line.statuses() == [CONNECTED]
    for _ in range(20):
        line.send(NOISE_BURST)
    assert MISMATCH not in line.statuses()
    assert line.driver.stats.rejected.get("version") == 20


def test_a_well_formed_hello_of_another_version_is_the_fault_and_said_once(line: Line) -> None:
    line.send(hello(version=2))
    assert line.statuses() == [MISMATCH]
    line.send(hello(version=2, seq=2) + NOISE_BURST * 5)
    assert MISMATCH not in line.statuses()


def test_a_hello_of_ours_clears_it(line: Line) -> None:
    line.send(hello(version=2))
    assert line.statuses() == [MISMATCH]
    line.send(hello(seq=3))
    assert line.statuses() == [CONNECTED]
    assert line.driver.hello == ("2.0", "TRAY-9", 77)


def test_any_valid_frame_of_ours_clears_it(line: Line) -> None:
    line.send(hello(version=2))
    assert line.statuses() == [MISMATCH]
    line.send(wire.encode(wire.HEARTBEAT, 4, [77, 10, 0, 0]))
    assert line.statuses()[:1] == [CONNECTED]


def test_a_hello_with_a_wrong_crc_is_noise(line: Line) -> None:
    spoilt = bytearray(hello(version=2))
    spoilt[-2] ^= 0x01
    line.send(bytes(spoilt))
    assert MISMATCH not in line.statuses()
