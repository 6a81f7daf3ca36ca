"""The radio report a die broadcasts: a BLE advertisement carrying its acceleration and battery.

Dice do no thinking: like GoDice they send their raw acceleration, and the tray maps it to a face with
that die's calibration table, so a new kind of die needs a data file and a calibration, not firmware.
The report is manufacturer-specific data (AD type 0xFF) under the test company id 0xFFFF, 20 bytes:

    0xFFFF LE | "CC" | version 2 | die id (3 bytes) | x, y, z (int16 LE, milli-g) | low u8 (10 mg)
    | high u8 (100 mg) | battery % | mV u16 LE | counter u8

x, y, z is the latest reading; low and high are the least and the greatest size of the readings the die
took since its last report (it reads four times per report while it moves): a collision lasts a few
milliseconds and a report goes out every 20 ms, so the tray learns of impacts and free fall from these.
The counter changes with every report, so the tray skips repeats of one advertisement. A die whose
accelerometer stopped answering sends x = y = z = NO_READING (and keeps advertising, so the tray still
hears it and its battery while it retries the sensor).
"""

import binascii
import struct

COMPANY = 0xFFFF
MAGIC = b"CC"
VERSION = 2
_LAYOUT = "<H2sB3shhhBBBHB"
SIZE = struct.calcsize(_LAYOUT)
NO_READING = -32768


def encode(die_id, x_mg, y_mg, z_mg, low_mg, high_mg, battery, millivolts, counter):
    """The whole advertising payload: flags (general discoverable, no BR/EDR) and the report."""
    low = min(255, (low_mg + 5) // 10)
    high = min(255, (high_mg + 50) // 100)
    report = struct.pack(
        _LAYOUT, COMPANY, MAGIC, VERSION, die_id, x_mg, y_mg, z_mg, low, high, battery, millivolts, counter & 0xFF
    )
    return b"\x02\x01\x06" + bytes((len(report) + 1, 0xFF)) + report


def decode(adv):
    """(die id as 6 hex digits, x, y, z, low, high in g, battery %, mV, counter), or None if it is not
    ours. x, y, z, low and high are None when the die's sensor failed."""
    i = 0
    n = len(adv)
    while i + 1 < n:
        size = adv[i]
        if size == 0 or i + 1 + size > n:
            return None
        if adv[i + 1] == 0xFF and size - 1 == SIZE:
            company, magic, version, die, x, y, z, low, high, battery, mv, counter = struct.unpack(
                _LAYOUT, bytes(adv[i + 2 : i + 1 + size])
            )
            if company == COMPANY and magic == MAGIC and version == VERSION and battery <= 100:
                die_id = binascii.hexlify(die).decode().upper()
                if x == y == z == NO_READING:
                    return (die_id, None, None, None, None, None, battery, mv, counter)
                return (die_id, x / 1000, y / 1000, z / 1000, low / 100, high / 10, battery, mv, counter)
        i += 1 + size
    return None
