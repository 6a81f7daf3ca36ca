"""A fake of MicroPython's `micropython` module."""

from __future__ import annotations

interrupt_char = 3


def kbd_intr(char: int) -> None:
    global interrupt_char
    interrupt_char = char


def const(value: int) -> int:
    return value
