"""The tray board's hardware layer (Raspberry Pi Pico W): USB serial, the BLE radio, flash, the LED.

Everything here is IO; every decision is in `dicetray`, which the tests and the host's simulator run
unchanged. The tests import this module too, with fake `machine` and `bluetooth` modules.
"""

import json
import os
import select
import sys

import bluetooth
import machine
from dicetray import beacon

try:
    from time import ticks_diff, ticks_ms
except ImportError:  # CPython, in tests/firmware: the same clock, from the monotonic one
    from time import monotonic_ns

    def ticks_ms():
        return monotonic_ns() // 1_000_000

    def ticks_diff(a, b):
        return a - b


CONFIG = "tray.json"
ERROR_LOG = "error.txt"
_IRQ_SCAN_RESULT = 5
_IRQ_SCAN_DONE = 6
MAX_HEARD = 64
READ_CHUNK = 256


class Board:
    def __init__(self, stdin=None, stdout=None, config_path=CONFIG, error_path=ERROR_LOG):
        self.stdin = stdin or sys.stdin.buffer
        self.stdout = stdout or sys.stdout.buffer
        self.config_path = config_path
        self.error_path = error_path
        self.poller = select.poll()
        self.poller.register(self.stdin, select.POLLIN)
        # The Pico W's LED hangs off the radio chip's bus: written only when it changes.
        self.led = machine.Pin("LED", machine.Pin.OUT)
        self.led_on = None
        self.tray_id = "".join(f"{b:02X}" for b in machine.unique_id())
        self.boot_id = int.from_bytes(os.urandom(2), "little")
        self.heard = []
        self.last_counter = {}
        self._ticks = ticks_ms()
        self._ms = 0
        self.ble = bluetooth.BLE()
        self.ble.active(True)
        self.ble.irq(self._irq)
        self._scan()

    def _scan(self):
        # Passive, continuous scan: interval = window, so the radio always listens.
        self.ble.gap_scan(0, 30000, 30000, False)

    def _irq(self, event, data):
        # Runs in the scheduler: only decode and queue; the main loop does the rest.
        if event == _IRQ_SCAN_RESULT:
            report = beacon.decode(bytes(data[4]))
            if report is not None and len(self.heard) < MAX_HEARD:
                self.heard.append(report)
        elif event == _IRQ_SCAN_DONE:
            self._scan()

    def now(self):
        """Milliseconds since boot, without the 2**30 wrap of ticks_ms."""
        t = ticks_ms()
        self._ms += ticks_diff(t, self._ticks)
        self._ticks = t
        return self._ms

    def load_config(self):
        try:
            with open(self.config_path) as f:
                return json.load(f)
        except (OSError, ValueError):
            return {"dice": {}}

    def save(self, config):
        tmp = self.config_path + ".tmp"
        with open(tmp, "w") as f:
            json.dump(config, f)
        os.rename(tmp, self.config_path)

    def step(self, tray, wait_ms=5):
        """One turn of the main loop: host bytes in, radio reports in, timers, bytes out."""
        data = bytearray()
        while len(data) < READ_CHUNK and self.poller.poll(wait_ms if not data else 0):
            chunk = self.stdin.read(1)
            if not chunk:
                break
            data.extend(chunk)
        now = self.now()
        if data:
            tray.feed(bytes(data), now)
        heard, self.heard = self.heard, []
        for die_id, x, y, z, low, high, battery, millivolts, counter in heard:
            if self.last_counter.get(die_id) == counter:
                continue
            self.last_counter[die_id] = counter
            tray.reading(die_id, x, y, z, now, battery, millivolts, low, high)
        tray.tick(now)
        lit = tray.open is not None
        if lit != self.led_on:
            self.led.value(1 if lit else 0)
            self.led_on = lit
        out = tray.take()
        if out:
            self.stdout.write(out)

    def serve(self, tray, wdt, halt):
        """The main loop, feeding the watchdog. An exception that escapes it is sent to the host as a
        FAULT frame and kept in the error log; then the loop stops feeding the watchdog and `halt` waits
        for it to reset the board. So the host's port never shows the REPL, and the board comes back."""
        try:
            while True:
                wdt.feed()
                self.step(tray)
        except Exception as e:  # anything at all: the alternative is the REPL on the host's port
            try:  # noqa: SIM105 (MicroPython has no contextlib)
                self._report(tray, describe(e))
            except Exception:
                pass  # reporting failed too (out of memory, say): the reset below is what matters
        halt()

    def _report(self, tray, detail):
        try:
            with open(self.error_path, "w") as f:
                f.write(detail)
        except OSError:
            pass  # a full flash must not stop the frame below
        tray.error(detail)
        self.stdout.write(tray.take())

    def earlier_error(self, watchdog_reset):
        """What made the board restart, once (the log is then cleared), or "" after a normal start."""
        try:
            with open(self.error_path) as f:
                detail = f.read()
            os.remove(self.error_path)
            return detail
        except OSError:
            return "watchdog reset" if watchdog_reset else ""


def describe(error):
    """An exception as a FAULT detail: its type and message, printable ASCII, at most 32 characters."""
    text = type(error).__name__ + ": " + str(error)
    return "".join(c if " " <= c <= "~" else "?" for c in text)[:32]
