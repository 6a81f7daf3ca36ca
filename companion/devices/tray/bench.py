"""Benchmarks of the tray driver: from the last byte of a throw report arriving on the serial port to
the `DiceThrown` event on the queue, beside the time that frame takes on the wire at the chosen baud.

The port is a pseudo-terminal read by the real driver thread through pyserial; everything of the
report but its final delimiter is written first, so the clock starts with the byte that completes it.
(The engine's ruling on the throw is added by the table's own benchmark.)
"""

from __future__ import annotations

import os
import queue
import select
import time

from companion.benchmarks import Figure, median, percentile, timings
from companion.config import TraySettings
from companion.core.events import DiceThrown, DomainEvent
from companion.devices.tray.dicetray import FIRMWARE_VERSION, wire
from companion.devices.tray.driver import TrayDriver
from companion.devices.tray.kinds import load_kinds

# A Last Covenant throw: three d6, the trap die and the treasure die.
THROW = [("D1", "d6", wire.SETTLED, 6), ("D2", "d6", wire.SETTLED, 1), ("D3", "d6", wire.SETTLED, 4),
         ("T1", "trap", wire.SETTLED, 3), ("G1", "treasure", wire.SETTLED, 6)]
BITS_PER_BYTE = 10  # 8N1: a start bit, 8 data bits, a stop bit


def _next_throw(events: queue.Queue[DomainEvent]) -> DiceThrown:
    while True:
        event = events.get(timeout=5)
        if isinstance(event, DiceThrown):
            return event


def bench(repeat: int = 200) -> list[Figure]:
    baud = TraySettings().baud
    kinds = load_kinds()
    master, slave = os.openpty()
    events: queue.Queue[DomainEvent] = queue.Queue()
    driver = TrayDriver(os.ttyname(slave), baud, events, kinds)
    driver.start()
    try:
        # The driver flushes the port when it opens it: start once its first request has come.
        if not select.select([master], [], [], 5)[0]:
            raise RuntimeError("the tray driver did not open the pseudo-terminal")
        os.read(master, 4096)
        os.write(master, wire.encode(wire.HELLO, 0, [FIRMWARE_VERSION, "BENCH", 1]))
        latencies = []
        size = 0
        for n in range(1, repeat + 1):
            frame = wire.encode(wire.THROW, n, [n, THROW])
            size = len(frame)
            os.write(master, frame[:-1])
            time.sleep(0.002)
            start = time.perf_counter()
            os.write(master, frame[-1:])
            _next_throw(events)
            latencies.append(time.perf_counter() - start)
            os.read(master, 4096)  # the driver's acknowledgements
    finally:
        driver.stop()
        os.close(master)
        os.close(slave)

    offline = TrayDriver("/nonexistent", baud, queue.Queue(), kinds)
    frames = [wire.encode(wire.THROW, n, [n, THROW]) for n in range(1, repeat + 1)]
    feed = iter(frames)
    parse = timings(lambda: offline.feed(next(feed)), repeat)

    wire_ms = size * BITS_PER_BYTE / baud * 1000
    goal = f"<= {wire_ms:.3f} ms, the frame's own time on the wire"
    return [
        Figure(f"throw report of 5 dice: frame size ({baud} baud 8N1)", size, "bytes"),
        Figure("throw report: transmission time at that baud", wire_ms, "ms"),
        Figure("last byte in -> DiceThrown on the queue, median", median(latencies) * 1000, "ms", goal),
        Figure("last byte in -> DiceThrown on the queue, 95th percentile", percentile(latencies, 95) * 1000,
               "ms", goal),
        Figure("driver work alone (deframe, check, convert), median", median(parse) * 1000, "ms"),
    ]
