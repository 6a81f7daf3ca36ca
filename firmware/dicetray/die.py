"""A die's logic (Seeed XIAO ESP32C3 + LIS3DH accelerometer): read the accelerometer, measure the
battery, keep advertising. `die/main.py` wires it to the hardware; the tests run it with fakes, under
CPython and under MicroPython.

While the die moved in the last 2 s it reads its accelerometer every SAMPLE_MS and advertises every
REPORT_MS the latest reading with the least and greatest size of the readings since the last report
(`beacon`): a collision lasts a few milliseconds, and the tray needs to know of it. Otherwise it reads
and advertises every SLOW_MS. It keeps no roll state: the tray decides.
- An I2C error does not stop the die: it advertises "no reading" (so the tray still hears it and says
  the sensor failed) and sets the sensor up again every RETRY_MS until it answers.
- The battery is read once every BATTERY_MS as the median of BATTERY_READS quick readings (a radio burst
  pulls the cell down for a moment), and reported as the mean of the last BATTERY_KEEP of those: one
  low reading cannot make the tray warn of a low battery.
"""

from . import beacon

LIS3DH = 0x18
SAMPLE_MS = 5
REPORT_MS = 20
SLOW_MS = 250
AWAKE_MS = 2000
MOVE_MG = 80
RETRY_MS = 1000
BATTERY_MS = 1000
BATTERY_READS = 5
BATTERY_KEEP = 8
EMPTY_MV = 3300
FULL_MV = 4200


class Accelerometer:
    def __init__(self, i2c):
        self.i2c = i2c
        if i2c.readfrom_mem(LIS3DH, 0x0F, 1)[0] != 0x33:
            raise OSError("no LIS3DH at 0x18")
        i2c.writeto_mem(LIS3DH, 0x20, b"\x77")  # 400 Hz, x/y/z on: a fresh reading every 2.5 ms
        # Block update, high resolution, ±8 g: an impact on the felt reads several g, so ±2 g would
        # clip it (hw/tray/traces.md).
        i2c.writeto_mem(LIS3DH, 0x23, b"\xa8")

    def read_mg(self):
        raw = self.i2c.readfrom_mem(LIS3DH, 0x28 | 0x80, 6)
        out = []
        for i in (0, 2, 4):
            v = raw[i] | raw[i + 1] << 8
            if v & 0x8000:
                v -= 0x10000
            out.append((v >> 4) * 4)  # 12 bits, left-justified: 4 mg a step at ±8 g
        return out


class Window:
    """The latest reading and the least and greatest size of the readings since the last report, in mg."""

    def __init__(self):
        self.last = None
        self.low = 0
        self.high = 0

    def add(self, x, y, z):
        size = int((x * x + y * y + z * z) ** 0.5)
        if self.last is None:
            self.low = self.high = size
        else:
            self.low = min(self.low, size)
            self.high = max(self.high, size)
        self.last = (x, y, z)

    def take(self):
        """(x, y, z, low, high), or None when no reading came since the last report."""
        if self.last is None:
            return None
        report = (self.last[0], self.last[1], self.last[2], self.low, self.high)
        self.last = None
        return report


def percent(mv):
    return max(0, min(100, (mv - EMPTY_MV) * 100 // (FULL_MV - EMPTY_MV)))


class Die:
    def __init__(self, die_id, open_i2c, adc, radio, now_ms):
        """`open_i2c()` makes the I2C bus afresh; `adc.read_uv()` is the cell through its 1:2 divider;
        `radio.gap_advertise(interval_us, payload, connectable=...)` advertises."""
        self.die_id = die_id
        self.open_i2c = open_i2c
        self.adc = adc
        self.radio = radio
        self.acc = None
        self.retry_ms = now_ms
        self.still = None
        self.moved_ms = now_ms - AWAKE_MS
        self.window = Window()
        self.report_ms = now_ms - SLOW_MS
        self.counter = 0
        self.cell = []
        self.battery_ms = now_ms - BATTERY_MS
        self.millivolts = 0

    def _sensor(self, now_ms):
        """The reading in mg, or None while the sensor does not answer."""
        if self.acc is None:
            if now_ms - self.retry_ms < 0:
                return None
            try:
                self.acc = Accelerometer(self.open_i2c())
            except OSError:
                self.retry_ms = now_ms + RETRY_MS
                return None
        try:
            return self.acc.read_mg()
        except OSError:
            self.acc = None
            self.retry_ms = now_ms + RETRY_MS
            return None

    def _battery(self, now_ms):
        if now_ms - self.battery_ms >= BATTERY_MS:
            self.battery_ms = now_ms
            reads = sorted(self.adc.read_uv() for _ in range(BATTERY_READS))
            self.cell.append(reads[BATTERY_READS // 2] * 2 // 1000)
            if len(self.cell) > BATTERY_KEEP:
                self.cell.pop(0)
            self.millivolts = sum(self.cell) // len(self.cell)
        return percent(self.millivolts), self.millivolts

    def step(self, now_ms):
        """One reading, and a report when one is due; returns the milliseconds to sleep until the next."""
        reading = self._sensor(now_ms)
        if reading is not None:
            x, y, z = reading
            still = self.still
            # Moved since the reading it last moved at: a slow turn in a hand adds up and wakes it too.
            if still is None or max(abs(x - still[0]), abs(y - still[1]), abs(z - still[2])) > MOVE_MG:
                self.moved_ms = now_ms
                self.still = reading
            self.window.add(x, y, z)
        awake = now_ms - self.moved_ms < AWAKE_MS
        if now_ms - self.report_ms >= (REPORT_MS if awake else SLOW_MS):
            self.report_ms = now_ms
            self._report(now_ms, REPORT_MS if awake else SLOW_MS)
        return SAMPLE_MS if awake else SLOW_MS

    def _report(self, now_ms, interval_ms):
        report = self.window.take()
        if report is None:
            x = y = z = beacon.NO_READING
            low = high = 0
        else:
            x, y, z, low, high = report
        battery, mv = self._battery(now_ms)
        self.counter += 1
        payload = beacon.encode(self.die_id, x, y, z, low, high, battery, mv, self.counter)
        self.radio.gap_advertise(interval_ms * 1000, payload, connectable=False)
