"""The tray's entry point: MicroPython runs this file at boot.

Hold GP15 to ground while plugging the board in to skip the tray and keep the REPL (the escape hatch
for reflashing, since the tray switches Ctrl-C off: a 0x03 byte in a frame would otherwise raise
KeyboardInterrupt). Otherwise a watchdog runs from the start: a hang or an uncaught exception resets
the board within WDT_MS, and the host hears why (a FAULT frame before, and again after the restart).
"""

import time

import machine
import micropython
from board import Board
from dicetray.tray import Tray

ESCAPE_PIN = 15
WDT_MS = 5000  # the RP2040's watchdog allows at most 8.3 s


def wait_for_watchdog():
    while True:
        time.sleep_ms(100)


def main():
    if machine.Pin(ESCAPE_PIN, machine.Pin.IN, machine.Pin.PULL_UP).value() == 0:
        return
    micropython.kbd_intr(-1)
    wdt = machine.WDT(timeout=WDT_MS)
    board = Board()
    tray = Tray(board.tray_id, board.boot_id, board.load_config(), board.save, board.now())
    earlier = board.earlier_error(machine.reset_cause() == machine.WDT_RESET)
    if earlier:
        tray.error(earlier)
    board.serve(tray, wdt, wait_for_watchdog)


main()
