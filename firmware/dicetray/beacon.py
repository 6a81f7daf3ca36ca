"""The radio report a die broadcasts: a BLE advertisement carrying its acceleration and battery.

Dice do no thinking: like GoDice they send their raw acceleration, and the tray maps it to a face with
that die's calibration table, so a new kind of die needs a data file and a calibration, not firmware.
The report is manufacturer-specific data (AD type 0xFF) under the test company id 0xFFFF:

    0xFFFF LE | "CC" | version 1 | die id (3 bytes) | x, y, z (int16 LE, milli-g) | battery % | mV u16 LE
    | counter u8 (changes with every new reading, so the tray skips repeats of one advertisement)

A die whose accelerometer stopped answering sends x = y = z = NO_READING (and keeps advertising, so the
tray still hears it and its battery while it retries the sensor).
"""

import binascii
import struct

COMPANY = 0xFFFF
MAGIC = b"CC"
VERSION = 1
_LAYOUT = "<H2sB3shhhBHB"
SIZE = struct.calcsize(_LAYOUT)
NO_READING = -32768


def encode(die_id, x_mg, y_mg, z_mg, battery, millivolts, counter):
    """The whole advertising payload: flags (general discoverable, no BR/EDR) and the report."""
    report = struct.pack(
        _LAYOUT, COMPANY, MAGIC, VERSION, die_id, x_mg, y_mg, z_mg, battery, millivolts, counter & 0xFF
    )
    return b"\x02\x01\x06" + bytes((len(report) + 1, 0xFF)) + report


def decode(adv):
    """(die id as 6 hex digits, x, y, z in g, battery %, mV, counter), or None if it is not ours.
    x, y and z are None when the die's sensor failed."""
    i = 0
    n = len(adv)
    while i + 1 < n:
        size = adv[i]
        if size == 0 or i + 1 + size > n:
            return None
        if adv[i + 1] == 0xFF and size - 1 == SIZE:
            company, magic, version, die, x, y, z, battery, mv, counter = struct.unpack(
                _LAYOUT, bytes(adv[i + 2 : i + 1 + size])
            )
            if company == COMPANY and magic == MAGIC and version == VERSION and battery <= 100:
                die_id = binascii.hexlify(die).decode().upper()
                if x == y == z == NO_READING:
                    return (die_id, None, None, None, battery, mv, counter)
                return (die_id, x / 1000, y / 1000, z / 1000, battery, mv, counter)
        i += 1 + size
    return None
