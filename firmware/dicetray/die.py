"""A die's logic (Seeed XIAO ESP32C3 + LIS3DH accelerometer): read the accelerometer, measure the
battery, keep advertising. `die/main.py` wires it to the hardware; the tests run it with fakes, under
CPython and under MicroPython.

Every 20 ms while the die moved in the last 2 s, every 250 ms otherwise, the die reads its accelerometer
and puts the reading in its BLE advertisement (`beacon`). It keeps no roll state: the tray decides.
- An I2C error does not stop the die: it advertises "no reading" (so the tray still hears it and says
  the sensor failed) and sets the sensor up again every RETRY_MS until it answers.
- The battery is read once every BATTERY_MS as the median of BATTERY_READS quick readings (a radio burst
  pulls the cell down for a moment), and reported as the mean of the last BATTERY_KEEP of those: one
  low reading cannot make the tray warn of a low battery.
"""

from . import beacon

LIS3DH = 0x18
FAST_MS = 20
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
        i2c.writeto_mem(LIS3DH, 0x20, b"\x57")  # 100 Hz, x/y/z on
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
        self.sensor_errors = 0
        self.last = None
        self.moved_ms = now_ms
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
                self.sensor_errors += 1
                self.retry_ms = now_ms + RETRY_MS
                return None
        try:
            return self.acc.read_mg()
        except OSError:
            self.sensor_errors += 1
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
        """One reading, one advertisement; returns the milliseconds to sleep before the next step."""
        reading = self._sensor(now_ms)
        if reading is None:
            x = y = z = beacon.NO_READING
        else:
            x, y, z = reading
            last = self.last
            if last is None or max(abs(x - last[0]), abs(y - last[1]), abs(z - last[2])) > MOVE_MG:
                self.moved_ms = now_ms
            self.last = reading
        pause = FAST_MS if now_ms - self.moved_ms < AWAKE_MS else SLOW_MS
        battery, mv = self._battery(now_ms)
        self.counter += 1
        payload = beacon.encode(self.die_id, x, y, z, battery, mv, self.counter)
        self.radio.gap_advertise(pause * 1000, payload, connectable=False)
        return pause
