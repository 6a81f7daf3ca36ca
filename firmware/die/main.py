"""A die's firmware (Seeed XIAO ESP32C3 + LIS3DH accelerometer): broadcast the acceleration.

Every 20 ms while the die moved in the last 2 s, every 250 ms otherwise, the die reads its accelerometer
and puts the reading in its BLE advertisement (`dicetray.beacon`). It keeps no roll state: the tray
decides. Its id is the last 3 bytes of its radio address, printed once at boot for pairing.
"""

import time

import bluetooth
import machine
from dicetray import beacon

LIS3DH = 0x18
FAST_MS = 20
SLOW_MS = 250
AWAKE_MS = 2000
MOVE_MG = 80


class Accelerometer:
    def __init__(self, i2c):
        self.i2c = i2c
        if i2c.readfrom_mem(LIS3DH, 0x0F, 1)[0] != 0x33:
            raise OSError("no LIS3DH at 0x18")
        i2c.writeto_mem(LIS3DH, 0x20, b"\x57")  # 100 Hz, x/y/z on
        i2c.writeto_mem(LIS3DH, 0x23, b"\x88")  # block update, high resolution, +-2 g

    def read_mg(self):
        raw = self.i2c.readfrom_mem(LIS3DH, 0x28 | 0x80, 6)
        out = []
        for i in (0, 2, 4):
            v = raw[i] | raw[i + 1] << 8
            if v & 0x8000:
                v -= 0x10000
            out.append(v >> 4)  # 12-bit, left-justified: 1 mg per step at +-2 g
        return out


def battery(adc):
    # A 1:2 divider from the cell to A0: 3.3 V (empty) .. 4.2 V (full).
    mv = adc.read_uv() * 2 // 1000
    return max(0, min(100, (mv - 3300) * 100 // 900)), mv


def main():
    acc = Accelerometer(machine.I2C(0, scl=machine.Pin(7), sda=machine.Pin(6), freq=400000))
    adc = machine.ADC(machine.Pin(2), atten=machine.ADC.ATTN_11DB)
    ble = bluetooth.BLE()
    ble.active(True)
    die_id = ble.config("mac")[1][3:]
    print("die id", "".join(f"{b:02X}" for b in die_id))
    last = acc.read_mg()
    moved = time.ticks_ms()
    counter = 0
    while True:
        x, y, z = acc.read_mg()
        now = time.ticks_ms()
        if max(abs(x - last[0]), abs(y - last[1]), abs(z - last[2])) > MOVE_MG:
            moved = now
        last = (x, y, z)
        awake = time.ticks_diff(now, moved) < AWAKE_MS
        percent, mv = battery(adc)
        counter += 1
        payload = beacon.encode(die_id, x, y, z, percent, mv, counter)
        ble.gap_advertise((FAST_MS if awake else SLOW_MS) * 1000, payload, connectable=False)
        time.sleep_ms(FAST_MS if awake else SLOW_MS)


main()
