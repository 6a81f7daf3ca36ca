"""The board layer under CPython with fake `machine` and `bluetooth`: radio reports reach the tray,
host bytes reach it through a real pipe (polled as the board polls USB), frames come out."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from pathlib import Path

import bluetooth
import board
import machine
import pytest
from dicetray import beacon, faces, wire
from dicetray.tray import Tray


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[tuple[board.Board, Tray, int, io.BytesIO]]:
    read_end, write_end = os.pipe()
    stdin = os.fdopen(read_end, "rb", buffering=0)
    stdout = io.BytesIO()
    b = board.Board(stdin=stdin, stdout=stdout, config_path=str(tmp_path / "tray.json"),
                    error_path=str(tmp_path / "error.txt"))
    b.save({"dice": {"A1B2C3": {"kind": "trap", "normals": faces.default_normals(6)}}})
    tray = Tray(b.tray_id, b.boot_id, b.load_config(), b.save, b.now())
    yield b, tray, write_end, stdout
    stdin.close()
    os.close(write_end)


def frames(stdout: io.BytesIO) -> list[wire.Frame]:
    return wire.Deframer().feed(stdout.getvalue())


def advert(x: float, y: float, z: float, counter: int, battery: int = 80) -> bytes:
    """A report of one reading (so its least and greatest size are its own)."""
    size = round((x * x + y * y + z * z) ** 0.5 * 1000)
    return beacon.encode(b"\xa1\xb2\xc3", round(x * 1000), round(y * 1000), round(z * 1000), size, size, battery,
                         3950, counter)


def test_the_board_scans_and_names_the_tray_after_its_chip(rig: tuple[board.Board, Tray, int, io.BytesIO]) -> None:
    b, tray, _, stdout = rig
    assert bluetooth.BLE.last is not None and bluetooth.BLE.last.on
    assert bluetooth.BLE.last.scans == [(0, 30000, 30000, False)]
    bluetooth.BLE.last.scan_done()
    assert len(bluetooth.BLE.last.scans) == 2
    b.step(tray, wait_ms=0)
    (hello,) = frames(stdout)
    assert hello.fields[1] == "E66118604B3A2C21"


def test_radio_reports_become_die_states_and_repeats_are_skipped(
    rig: tuple[board.Board, Tray, int, io.BytesIO],
) -> None:
    b, tray, _, stdout = rig
    radio = bluetooth.BLE.last
    assert radio is not None
    for counter in range(8):
        radio.deliver(advert(0.0, 1.0, 0.0, counter))
        radio.deliver(advert(0.0, 1.0, 0.0, counter))  # heard twice, on two channels
        b.step(tray, wait_ms=0)
    die_frames = [f.fields for f in frames(stdout) if f.kind == wire.DIE]
    assert die_frames == [["A1B2C3", "trap", wire.SETTLED, 2]]
    battery = [f.fields for f in frames(stdout) if f.kind == wire.BATTERY]
    assert battery == [["A1B2C3", 80, 3950]]


def test_foreign_adverts_are_ignored(rig: tuple[board.Board, Tray, int, io.BytesIO]) -> None:
    b, tray, _, stdout = rig
    radio = bluetooth.BLE.last
    assert radio is not None
    radio.deliver(b"\x02\x01\x06\x05\xff\x4c\x00\x02\x15")  # someone's phone
    radio.deliver(advert(0.0, 0.0, 1.0, 1)[:-3])  # cut short
    b.step(tray, wait_ms=0)
    assert b.heard == []
    assert [f.kind for f in frames(stdout)] == [wire.HELLO]


def test_host_commands_arrive_through_the_polled_input(rig: tuple[board.Board, Tray, int, io.BytesIO]) -> None:
    b, tray, write_end, stdout = rig
    os.write(write_end, wire.encode(wire.DUMP_REQ, 5, []))
    b.step(tray, wait_ms=50)
    dump = [f for f in frames(stdout) if f.kind == wire.DUMP]
    assert len(dump) == 1 and dump[0].fields[4] == [("A1B2C3", "trap", wire.UNKNOWN, 0, 0)]


def throw_and_land(b: board.Board, tray: Tray, radio: bluetooth.BLE, counter: int = 0) -> int:
    """A die thrown (free fall, then the felt) and at rest on face 2 until its throw closes."""
    for reading in [(0.05, 0.0, 0.1)] * 5 + [(2.5, 0.2, 0.4)] + [(0.0, 1.0, 0.0)] * 25:
        counter += 1
        radio.deliver(advert(*reading, counter))
        b.step(tray, wait_ms=0)
    return counter


def test_the_led_is_lit_while_a_throw_is_open(rig: tuple[board.Board, Tray, int, io.BytesIO]) -> None:
    b, tray, _, _ = rig
    radio = bluetooth.BLE.last
    assert radio is not None
    for counter, reading in enumerate([(0.05, 0.0, 0.1)] * 4 + [(2.5, 0.2, 0.4)]):
        radio.deliver(advert(*reading, counter))
        b.step(tray, wait_ms=0)
    assert machine.Pin.levels["LED"] == 1


def test_the_led_is_written_only_when_it_changes(
    rig: tuple[board.Board, Tray, int, io.BytesIO], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Finding 8 of issue 13: the Pico W's LED sits behind the radio chip's bus; every write costs a bus
    # transaction that competes with the scan.
    b, tray, _, _ = rig
    radio = bluetooth.BLE.last
    assert radio is not None
    clock = iter(range(b._ticks, 10**9, 20))  # 20 ms a pass, however fast the test runs
    monkeypatch.setattr(board, "ticks_ms", lambda: next(clock))
    machine.Pin.writes["LED"] = 0
    for _ in range(100):
        b.step(tray, wait_ms=0)
    assert machine.Pin.writes["LED"] == 1  # off, once
    counter = throw_and_land(b, tray, radio)
    for _ in range(100):
        b.step(tray, wait_ms=0)
    throw_and_land(b, tray, radio, counter)
    assert machine.Pin.writes["LED"] == 5  # on and off for each of the two throws
    assert machine.Pin.levels["LED"] == 0


class Stop(Exception):
    """Stands in for the watchdog's reset, which ends the board's life."""


def halt() -> None:
    raise Stop


def test_an_uncaught_exception_is_reported_in_a_frame_and_the_watchdog_resets(
    rig: tuple[board.Board, Tray, int, io.BytesIO], tmp_path: Path
) -> None:
    # Finding 7 of issue 13: before, the exception ended main() and the REPL took over the host's port.
    b, tray, _, stdout = rig
    b.error_path = str(tmp_path / "error.txt")
    wdt = machine.WDT(timeout=5000)
    steps = []

    def failing_tick(now: int) -> None:
        steps.append(now)
        if len(steps) == 3:
            raise ValueError("bad \x00 state")

    tray.tick = failing_tick  # type: ignore[method-assign]
    with pytest.raises(Stop):
        b.serve(tray, wdt, halt)
    assert wdt.feeds == 3  # fed on every pass, and no more once the loop stopped
    out = stdout.getvalue()
    assert b">>>" not in out and b"Traceback" not in out
    faults = [f.fields for f in frames(stdout) if f.kind == wire.FAULT]
    assert faults == [[wire.FAULT_FIRMWARE, "ValueError: bad ? state"]]
    assert b.earlier_error(watchdog_reset=True) == "ValueError: bad ? state"
    assert b.earlier_error(watchdog_reset=True) == "watchdog reset"  # told once; a hang has no log
    assert b.earlier_error(watchdog_reset=False) == ""


def test_a_failing_port_still_ends_in_the_watchdog_reset(rig: tuple[board.Board, Tray, int, io.BytesIO]) -> None:
    b, tray, _, _ = rig

    class DeadPort:
        def write(self, data: bytes) -> None:
            raise OSError(5, "EIO")

    b.stdout = DeadPort()  # type: ignore[assignment]
    b.error_path = "/nonexistent-dir/error.txt"
    with pytest.raises(Stop):
        b.serve(tray, machine.WDT(timeout=5000), halt)


def test_fault_details_are_short_and_printable() -> None:
    assert board.describe(OSError(5, "EIO")) == "OSError: [Errno 5] EIO"
    long = board.describe(RuntimeError("é" * 40))
    assert len(long) == 32 and long.isascii() and long.isprintable()


def test_a_missing_or_broken_config_means_no_dice(
    rig: tuple[board.Board, Tray, int, io.BytesIO], tmp_path: Path
) -> None:
    b, _, _, _ = rig
    assert b.load_config()["dice"]["A1B2C3"]["kind"] == "trap"
    b.config_path = str(tmp_path / "none.json")
    assert b.load_config() == {"dice": {}}
    (tmp_path / "bad.json").write_text("{not json")
    b.config_path = str(tmp_path / "bad.json")
    assert b.load_config() == {"dice": {}}


def test_the_clock_never_goes_back(rig: tuple[board.Board, Tray, int, io.BytesIO]) -> None:
    b, _, _, _ = rig
    times = [b.now() for _ in range(100)]
    assert times == sorted(times)


def test_beacon_round_trip() -> None:
    adv = beacon.encode(b"\x01\x02\xff", -1000, 2, 999, 83, 7960, 55, 3700, 258)
    assert len(adv) <= 31  # one legacy advertisement
    assert len(adv) == 5 + beacon.SIZE and beacon.SIZE == 20  # as hw/tray/protocol.md says
    assert beacon.decode(adv) == ("0102FF", -1.0, 0.002, 0.999, 0.08, 8.0, 55, 3700, 2)
    failed = beacon.decode(beacon.encode(b"\x01\x02\xff", *[beacon.NO_READING] * 3, 0, 0, 55, 3700, 1))
    assert failed == ("0102FF", None, None, None, None, None, 55, 3700, 1)
    assert beacon.decode(beacon.encode(b"\x01\x02\xff", 0, 0, 1000, 0, 30000, 55, 3700, 1))[5] == 25.5
    assert beacon.decode(b"") is None
    assert beacon.decode(b"\x1f\xff") is None
