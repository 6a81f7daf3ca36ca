"""The tray's entry point: MicroPython runs this file at boot.

Hold GP15 to ground while plugging the board in to skip the tray and keep the REPL (the escape hatch
for reflashing, since the tray switches Ctrl-C off: a 0x03 byte in a frame would otherwise raise
KeyboardInterrupt).
"""

import machine
import micropython
from board import Board
from dicetray.tray import Tray

ESCAPE_PIN = 15


def main():
    if machine.Pin(ESCAPE_PIN, machine.Pin.IN, machine.Pin.PULL_UP).value() == 0:
        return
    micropython.kbd_intr(-1)
    board = Board()
    tray = Tray(board.tray_id, board.boot_id, board.load_config(), board.save, board.now())
    while True:
        board.step(tray)


main()
