"""Records a trace on the bench (hw/tray/traces.md): run it on a die tethered by its USB cable, with
its switch off, and keep what it prints:

    mpremote connect id:<serial> run firmware/die/record.py > picked-up-and-held.csv

It reads the accelerometer every 5 ms, as the die does while it moves, and prints one CSV line per
reading for SECONDS seconds; add the `# name`, `# source` and `# expect` lines before testing it.
"""

import time

import machine
from dicetray.die import SAMPLE_MS, Accelerometer

SECONDS = 10


def record(acc, seconds, clock, pause, out):
    """`clock()`: milliseconds since the start; `pause(ms)` sleeps; `out(line)` prints."""
    out("# crypt-companion dice trace 1")
    out("t_ms,die,ax,ay,az")
    t = clock()
    while t < seconds * 1000:
        x, y, z = acc.read_mg()
        out(f"{t},D1,{x / 1000:.3f},{y / 1000:.3f},{z / 1000:.3f}")
        pause(SAMPLE_MS)
        t = clock()


def main():
    acc = Accelerometer(machine.I2C(0, scl=machine.Pin(7), sda=machine.Pin(6), freq=400000))
    start = time.ticks_ms()
    record(acc, SECONDS, lambda: time.ticks_diff(time.ticks_ms(), start), time.sleep_ms, print)


if __name__ == "__main__":
    main()
