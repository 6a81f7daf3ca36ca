"""A fake of MicroPython's `machine`, as far as the firmware uses it. Plain Python that MicroPython runs
too (no typing, no __future__): the MicroPython tests put these fakes in front of the unix port's own
`machine`, which has no pins."""

PWRON_RESET = 1
WDT_RESET = 3
cause = PWRON_RESET


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 2
    # Class attributes without typing.ClassVar, which MicroPython lacks.
    levels = {}  # noqa: RUF012 (pin id -> level, shared by every Pin object of that id)
    writes = {}  # noqa: RUF012 (pin id -> how many times the firmware set it)

    def __init__(self, pin_id, mode=IN, pull=None):
        self.pin_id = pin_id
        Pin.levels.setdefault(pin_id, 1 if pull == Pin.PULL_UP else 0)

    def value(self, level=None):
        if level is not None:
            Pin.levels[self.pin_id] = level
            Pin.writes[self.pin_id] = Pin.writes.get(self.pin_id, 0) + 1
        return Pin.levels[self.pin_id]


class WDT:
    last = None

    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout
        self.feeds = 0
        WDT.last = self

    def feed(self):
        self.feeds += 1


def reset_cause():
    return cause


def unique_id():
    return bytes.fromhex("e66118604b3a2c21")
