"""The one way a whole number is read from text that comes from outside (a scenario's input, a touch, a
state path): ASCII digits only, a sign only where the caller allows it, and a range checked before
Python's `int()` sees the text.

`str.isdigit` is not enough: it accepts "²" and "١", which `int()` then refuses or reads, and a number
of 5,000 digits passes it and then meets Python's limit on converting long strings.
"""

from __future__ import annotations

import re

_SIGNED = re.compile(r"[+-]?[0-9]{1,18}")
_UNSIGNED = re.compile(r"[0-9]{1,18}")


def whole(value: str | int, low: int, high: int) -> int | None:
    """`value` as an integer in [low, high], or None: a bool is not a number, text is ASCII digits with an
    optional sign when `low` is negative, surrounding spaces allowed."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    else:
        text = value.strip()
        if not (_SIGNED if low < 0 else _UNSIGNED).fullmatch(text):
            return None
        number = int(text)
    return number if low <= number <= high else None
