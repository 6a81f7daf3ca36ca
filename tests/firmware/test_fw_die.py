"""The die's firmware logic (`dicetray.die`) with a fake LIS3DH and battery divider: it keeps
advertising through an I2C failure and sets its sensor up again; its battery is averaged."""

from __future__ import annotations

import itertools
from pathlib import Path

import bluetooth
import fw_checks
from dicetray import beacon, die, wire
from dicetray.tray import Tray

from companion.devices.tray import traces


def test_the_die_keeps_advertising_through_an_i2c_failure_and_recovers() -> None:
    # Finding 7 of issue 13: before, one OSError from the bus ended main() and the die fell silent.
    result = fw_checks.die_through_a_sensor_failure(fail_from=1000, fail_until=4000, until=8000)
    readings = result["readings"]
    assert readings[0] == [0, 1.0]
    failed_at, back_at = readings[1][0], readings[2][0]
    assert readings[1][1] is None and 1000 <= failed_at < 1000 + die.SLOW_MS
    assert readings[2][1] == 1.0 and 4000 <= back_at <= 4000 + die.RETRY_MS + die.SLOW_MS
    assert len(readings) == 3
    # It advertised all along, at least at its slow rate, and tried the bus again about once a second.
    assert result["adverts"] >= 8000 // die.SLOW_MS
    retries = result["opened"][1:]
    assert len(retries) >= 2 and all(b - a >= die.RETRY_MS for a, b in itertools.pairwise(retries))


def test_the_tray_reports_a_failed_sensor_once_and_does_not_call_the_die_lost() -> None:
    result = fw_checks.die_through_a_sensor_failure(fail_from=0, fail_until=10**9, until=6000)
    assert result["readings"] == [[0, None]]
    config = {"dice": {"A1B2C3": {"kind": "d6", "normals": [[0.0, 0.0, 1.0]] * 6}}}
    tray = Tray("T", 1, config, lambda c: None, 0)
    radio = bluetooth.BLE()
    sensor = die.Die(b"\xa1\xb2\xc3", lambda: fw_checks.SensorBus([0], 0, 10**9), fw_checks.BurstyCell(), radio, 0)
    now = 0
    while now < 6000:
        now += sensor.step(now)
        report = beacon.decode(radio.adverts[-1][1])
        assert report is not None
        tray.reading(report[0], *report[1:4], now, report[6], report[7], report[4], report[5])
        tray.tick(now)
    faults = [f.fields for f in wire.Deframer().feed(tray.take()) if f.kind == wire.FAULT]
    assert faults == [[wire.FAULT_DIE_SENSOR, "A1B2C3"]]


def test_radio_bursts_do_not_make_a_full_battery_look_low() -> None:
    # Finding 8 of issue 13: one ADC reading in three sags to 3.2 V (0 %) while the radio transmits;
    # read once per advert, that sag reached the tray, which warns under 15 %.
    result = fw_checks.die_through_a_sensor_failure(fail_from=0, fail_until=0, until=20000)
    assert result["lowest_battery"] == die.percent(fw_checks.CELL_UV * 2 // 1000)


def test_the_accelerometer_is_set_to_8_g_so_an_impact_is_not_clipped() -> None:
    bus = fw_checks.SensorBus([0], 0, 0)
    written: dict[int, bytes] = {}
    bus.writeto_mem = lambda addr, reg, data: written.__setitem__(reg, data)  # type: ignore[method-assign]
    die.Accelerometer(bus)
    assert written[0x23][0] & 0x30 == 0x20  # FS = ±8 g


def test_the_bench_recorder_writes_a_trace_the_tests_can_read() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "firmware" / "die"))
    import record

    clock = iter(range(0, 10**6, 5))
    lines: list[str] = []
    record.record(die.Accelerometer(fw_checks.SensorBus([0], 0, 0)), 1, clock=lambda: next(clock),
                  pause=lambda ms: None, out=lines.append)
    trace = traces.loads("\n".join([lines[0], "# expect: D1=still:2", *lines[1:]]))
    assert len(trace.samples) == 1000 // die.SAMPLE_MS
    assert trace.samples[0] == (0, "D1", 0.0, 1.0, 0.0)
