"""A die's entry point (Seeed XIAO ESP32C3 + LIS3DH): MicroPython runs this file at boot.

The logic is `dicetray.die`; this file only wires it to the board. A watchdog resets the die when the
loop stops turning (a hang, or an exception that escaped: the die has no one to report it to, and a
reset brings its advertising back within WDT_MS). Its id is the last 3 bytes of its radio address,
printed once at boot for pairing.
"""

import time

import bluetooth
import machine
from dicetray.die import Die

WDT_MS = 5000


def open_i2c():
    return machine.I2C(0, scl=machine.Pin(7), sda=machine.Pin(6), freq=400000)


def main():
    wdt = machine.WDT(timeout=WDT_MS)
    adc = machine.ADC(machine.Pin(2), atten=machine.ADC.ATTN_11DB)
    ble = bluetooth.BLE()
    ble.active(True)
    die_id = ble.config("mac")[1][3:]
    print("die id", "".join(f"{b:02X}" for b in die_id))
    start = time.ticks_ms()
    now = 0
    die = Die(die_id, open_i2c, adc, ble, now)
    while True:
        wdt.feed()
        pause = die.step(now)
        time.sleep_ms(pause)
        # Milliseconds since boot without ticks_ms's wrap: ticks_diff is exact over one pause.
        tick = time.ticks_ms()
        now += time.ticks_diff(tick, start)
        start = tick


main()
