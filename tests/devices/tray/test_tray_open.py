"""`open_tray` picks the real port or the simulator; the shared protocol code has one copy."""

from __future__ import annotations

import errno
import os
import queue
import select
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import serial
from serial.tools import list_ports
from serial.tools.list_ports_common import ListPortInfo

from companion.config import TraySettings
from companion.core.events import DeviceState, DeviceStatus, DiceThrown, DomainEvent
from companion.devices.tray import driver as drv
from companion.devices.tray import open_tray
from companion.devices.tray.dicetray import wire

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def pty_port() -> Iterator[str]:
    master, slave = os.openpty()
    yield os.ttyname(slave)
    os.close(master)
    os.close(slave)


def first(events: queue.Queue[DomainEvent], kind: type, timeout: float = 5) -> DomainEvent:
    deadline = time.monotonic() + timeout
    while True:
        event = events.get(timeout=max(0.01, deadline - time.monotonic()))
        if isinstance(event, kind):
            return event


def test_auto_uses_the_serial_port_when_it_exists(pty_port: str) -> None:
    handle = open_tray(TraySettings(backend="auto", port=pty_port), queue.Queue())
    assert handle.simulator is None
    assert handle.driver.port == pty_port and handle.driver.source == "tray"


def test_auto_without_a_port_and_simulated_use_the_simulator(tmp_path: Path) -> None:
    for backend in ("auto", "simulated"):
        handle = open_tray(TraySettings(backend=backend, port=str(tmp_path / "none")), queue.Queue())
        assert handle.simulator is not None
        assert handle.driver.port == handle.simulator.port


def test_the_simulated_tray_end_to_end() -> None:
    events: queue.Queue[DomainEvent] = queue.Queue()
    handle = open_tray(TraySettings(backend="simulated"), events)
    handle.start()
    try:
        assert first(events, DeviceStatus) == DeviceStatus("tray", DeviceState.SIMULATED, drv.CONNECTED)
        assert handle.simulator is not None
        assert ("T1", "trap") in handle.simulator.dice()
        handle.simulator.throw({"T1": "rocks"})
        thrown = first(events, DiceThrown)
        assert isinstance(thrown, DiceThrown)
        assert [(d.die_id, d.face) for d in thrown.dice] == [("T1", "rocks")]
    finally:
        handle.stop()


def test_serial_with_no_tray_says_so_and_keeps_waiting(tmp_path: Path) -> None:
    events: queue.Queue[DomainEvent] = queue.Queue()
    handle = open_tray(TraySettings(backend="serial", port=str(tmp_path / "dicetray")), events)
    handle.start()
    try:
        assert first(events, DeviceStatus) == DeviceStatus("tray", DeviceState.DISCONNECTED, drv.UNPLUGGED)
        time.sleep(0.3)
        assert events.empty()  # said once, not at every retry
    finally:
        handle.stop()


def test_bad_script_input_is_refused_with_a_clear_error() -> None:
    handle = open_tray(TraySettings(backend="simulated"), queue.Queue())
    assert handle.simulator is not None
    with pytest.raises(ValueError, match="no die 'Z9'"):
        handle.simulator.throw({"Z9": 1})
    with pytest.raises(ValueError, match="no face 'gold'"):
        handle.simulator.throw({"T1": "gold"})
    with pytest.raises(ValueError, match="unknown fault"):
        handle.simulator.inject("melt")
    with pytest.raises(ValueError, match="no die kind 'd7'"):
        open_tray(TraySettings(backend="simulated"), queue.Queue(), sim_dice=[("X", "d7")])


def test_the_host_imports_the_firmware_files_themselves() -> None:
    link = ROOT / "companion" / "devices" / "tray" / "dicetray"
    assert link.is_symlink()
    assert link.resolve() == (ROOT / "firmware" / "dicetray").resolve()


def test_a_port_that_does_not_answer_like_a_tray_is_reported(pty_port: str) -> None:
    events: queue.Queue[DomainEvent] = queue.Queue()
    handle = open_tray(TraySettings(backend="serial", port=pty_port), events)
    handle.start()
    try:
        assert first(events, DeviceStatus) == DeviceStatus("tray", DeviceState.FAULT, drv.NO_ANSWER)
    finally:
        handle.stop()


def test_the_simulator_can_hold_another_game_s_dice() -> None:
    events: queue.Queue[DomainEvent] = queue.Queue()
    handle = open_tray(TraySettings(backend="simulated"), events, sim_dice=[("P1", "party"), ("K1", "dungeon")])
    handle.start()
    try:
        assert handle.simulator is not None
        handle.simulator.throw({"P1": "mage", "K1": "dragon"})
        thrown = first(events, DiceThrown)
        assert isinstance(thrown, DiceThrown)
        assert {(d.kind, d.face) for d in thrown.dice} == {("party", "mage"), ("dungeon", "dragon")}
    finally:
        handle.stop()



def test_a_port_without_permission_says_how_to_fix_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Root opens any device node, so stand in for pyserial's open failing as it does for a user not
    # in dialout: SerialException carrying EACCES.
    def denied(*args: object, **kwargs: object) -> None:
        raise serial.SerialException(errno.EACCES, f"could not open port {args[0]}: Permission denied")

    monkeypatch.setattr(serial, "Serial", denied)
    events: queue.Queue[DomainEvent] = queue.Queue()
    handle = open_tray(TraySettings(backend="serial", port=str(tmp_path / "dicetray")), events)
    handle.start()
    try:
        assert first(events, DeviceStatus) == DeviceStatus("tray", DeviceState.FAULT, drv.NO_PERMISSION)
    finally:
        handle.stop()


def test_without_the_stable_name_the_tray_is_found_by_its_usb_ids(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    master, slave = os.openpty()
    tray_port = ListPortInfo(os.ttyname(slave), skip_link_detection=True)
    tray_port.vid, tray_port.pid = drv.TRAY_USB_IDS
    other = ListPortInfo("/dev/ttyUSB7", skip_link_detection=True)
    other.vid, other.pid = 0x0403, 0x6001
    # Stands in for the kernel's list of USB serial ports, which this machine has none of.
    monkeypatch.setattr(list_ports, "comports", lambda: [other, tray_port])
    handle = open_tray(TraySettings(backend="auto", port=str(tmp_path / "dicetray")), queue.Queue())
    assert handle.simulator is None
    handle.start()
    try:
        ready, _, _ = select.select([master], [], [], 3)
        assert ready, "the driver did not open the port found by USB ids"
        request = wire.Deframer().feed(os.read(master, 4096))
        assert request[0].kind == wire.HELLO_REQ
    finally:
        handle.stop()
        os.close(master)
        os.close(slave)
