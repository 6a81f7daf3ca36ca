"""Scenarios for the die's and the board's recovery, written in the Python both interpreters run:
test_fw_die.py and test_fw_board.py call them under CPython, test_fw_micropython.py runs this file in
the MicroPython unix port (`micropython fw_checks.py FIRMWARE FAKES`, printing JSON) and expects the
same answers."""

import json
import sys

CELL_UV = 1975000  # 3.95 V through the 1:2 divider
BURST_UV = 1600000  # the cell sagging to 3.2 V while the radio transmits


class SensorBus:
    """A LIS3DH lying with face 2 up (y = +1 g) that stops answering between two times."""

    def __init__(self, clock, fail_from, fail_until):
        self.clock = clock
        self.fail_from = fail_from
        self.fail_until = fail_until

    def _check(self):
        if self.fail_from <= self.clock[0] < self.fail_until:
            raise OSError(5)  # EIO: a loose wire, or the bus stuck by a brown-out

    def readfrom_mem(self, addr, reg, n):
        self._check()
        if reg == 0x0F:
            return b"\x33"
        return bytes((0, 0, 0xA0, 0x0F, 0, 0))[:n]  # y = 250 steps of 4 mg

    def writeto_mem(self, addr, reg, data):
        self._check()


class BurstyCell:
    """The battery divider as the ADC sees it: one reading in three caught in a radio burst."""

    def __init__(self):
        self.reads = 0

    def read_uv(self):
        self.reads += 1
        return BURST_UV if self.reads % 3 == 0 else CELL_UV


def die_through_a_sensor_failure(fail_from=1000, fail_until=4000, until=8000):
    """The die's adverts over `until` ms with its sensor failing in between, as the tray decodes them:
    {"adverts": n, "readings": [[t, y or None], ...] at each change, "opened": times the bus was opened,
    "lowest_battery": the lowest percent sent}."""
    import bluetooth
    from dicetray import beacon
    from dicetray.die import Die

    clock = [0]
    opened = []

    def open_i2c():
        opened.append(clock[0])
        return SensorBus(clock, fail_from, fail_until)

    radio = bluetooth.BLE()
    die = Die(b"\xa1\xb2\xc3", open_i2c, BurstyCell(), radio, 0)
    readings = []
    lowest = 100
    heard = 0
    while clock[0] < until:
        pause = die.step(clock[0])
        for _, payload, _ in radio.adverts[heard:]:
            report = beacon.decode(payload)
            y = report[2]
            if not readings or readings[-1][1] != y:
                readings.append([clock[0], y])
            lowest = min(lowest, report[6])
        heard = len(radio.adverts)
        clock[0] += pause
    return {"adverts": len(radio.adverts), "readings": readings, "opened": opened, "lowest_battery": lowest}


class Port:
    def __init__(self):
        self.data = bytearray()

    def write(self, data):
        self.data.extend(data)


class Stop(Exception):
    """Stands in for the watchdog's reset."""


def board_failing_in_the_loop(config_path, error_path):
    """The tray board whose loop raises on its third pass: {"feeds", "faults", "earlier", "repl"}."""
    import board
    import machine
    from dicetray import wire
    from dicetray.tray import Tray

    out = Port()
    with open("/dev/null", "rb") as stdin:
        b = board.Board(stdin=stdin, stdout=out, config_path=config_path, error_path=error_path)
        tray = Tray(b.tray_id, b.boot_id, b.load_config(), b.save, b.now())
        passes = [0]
        tick = tray.tick

        def failing_tick(now):
            passes[0] += 1
            if passes[0] == 3:
                raise ValueError("no such die")
            tick(now)

        tray.tick = failing_tick
        wdt = machine.WDT(timeout=5000)

        def halt():
            raise Stop()

        try:  # noqa: SIM105 (MicroPython has no contextlib)
            b.serve(tray, wdt, halt)
        except Stop:
            pass
    faults = [f.fields for f in wire.Deframer().feed(bytes(out.data)) if f.kind == wire.FAULT]
    return {"feeds": wdt.feeds, "faults": faults, "earlier": b.earlier_error(False),
            "repl": b">>>" in out.data or b"Traceback" in out.data}


def main(argv):
    sys.path.insert(0, argv[2])
    sys.path.insert(0, argv[1])
    print(json.dumps({"die": die_through_a_sensor_failure(),
                      "board": board_failing_in_the_loop(argv[3] + "/tray.json", argv[3] + "/error.txt")}))


if __name__ == "__main__":
    main(sys.argv)
