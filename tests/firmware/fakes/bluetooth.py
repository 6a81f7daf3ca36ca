"""A fake of MicroPython's `bluetooth`: records what the firmware asks of the radio and lets a test
deliver scan results through the board's own IRQ handler. Plain Python that MicroPython runs too."""


class BLE:
    last = None

    def __init__(self):
        self.on = False
        self.handler = None
        self.scans = []
        self.adverts = []
        BLE.last = self

    def active(self, on):
        self.on = on

    def irq(self, handler):
        self.handler = handler

    def gap_scan(self, *args):
        self.scans.append(args)

    def gap_advertise(self, interval_us, payload, connectable=True):
        self.adverts.append((interval_us, bytes(payload), connectable))

    def deliver(self, adv):
        """A scan result, as the stack reports it: (addr type, addr, adv type, rssi, adv data)."""
        self.handler(5, (0, memoryview(b"\x00" * 6), 3, -60, memoryview(adv)))

    def scan_done(self):
        self.handler(6, ())
