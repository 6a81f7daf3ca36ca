"""Replays a dice trace (hw/tray/traces.md) through the firmware and says what the tray told the host.

Written in the Python both interpreters run: CPython's tests import it, and the MicroPython unix port
runs it as a script (`micropython replay.py FIRMWARE FAKES TRACE [--via-die]`, printing JSON), so a
call that exists only in CPython fails there. With --via-die each sample first goes through the die's
firmware: turned into the LIS3DH's register bytes, read back by `dicetray.die`, put in its BLE report
by `beacon`, and decoded by the tray, as on the real radio.
"""

import json
import sys

STEP_MS = 20
TAIL_MS = 1000


def parse(text):
    """(samples [(t ms, die, x, y, z)], dice ids in order of appearance) of a trace's text."""
    samples = []
    dice = []
    for line in text.split("\n"):
        if not line or line[0] == "#" or line.startswith("t_ms"):
            continue
        t, die, x, y, z = line.split(",")
        samples.append((int(t), die, float(x), float(y), float(z)))
        if die not in dice:
            dice.append(die)
    return samples, dice


class DieLink:
    """The die's firmware between the trace and the tray: registers in, an advertisement out."""

    def __init__(self, die_id):
        from dicetray import beacon, die

        self.beacon = beacon
        self.i2c = RegisterBus()
        self.reader = die.Accelerometer(self.i2c)
        self.die_bytes = bytes((0xD1, 0xCE, len(die_id)))
        self.counter = 0

    def pass_on(self, x, y, z):
        self.i2c.set_g(x, y, z)
        mx, my, mz = self.reader.read_mg()
        self.counter += 1
        advert = self.beacon.encode(self.die_bytes, mx, my, mz, 90, 4000, self.counter)
        _, gx, gy, gz, _, _, _ = self.beacon.decode(advert)
        return gx, gy, gz


class RegisterBus:
    """A LIS3DH on an I2C bus, as far as the die reads it: WHO_AM_I and the six output bytes, in the
    high-resolution ±8 g mode the die sets (12 bits left-justified, 4 mg a step)."""

    def __init__(self):
        self.out = bytes(6)
        self.written = {}

    def set_g(self, x, y, z):
        raw = bytearray()
        for g in (x, y, z):
            step = round(g * 250)
            step = max(-2048, min(2047, step))
            word = (step << 4) & 0xFFFF
            raw.append(word & 0xFF)
            raw.append(word >> 8)
        self.out = bytes(raw)

    def readfrom_mem(self, addr, reg, n):
        if reg == 0x0F:
            return b"\x33"
        return self.out[:n]

    def writeto_mem(self, addr, reg, data):
        self.written[reg] = bytes(data)


def replay(samples, dice, via_die=False):
    """{"throws": {throw id: [[die, state, face], ...]}, "states": {die: [states in order]},
    "final": {die: [state, face]}, "rolling": number of ROLLING reports}."""
    from dicetray import faces, wire
    from dicetray.tray import Tray

    config = {"dice": {}}
    for d in dice:
        config["dice"][d] = {"kind": "d6", "normals": faces.default_normals(6)}
    tray = Tray("REPLAY", 1, config, lambda c: None, 0)
    links = {}
    if via_die:
        for d in dice:
            links[d] = DieLink(d)
    host = wire.Deframer()
    frames = []
    i = 0
    n = len(samples)
    now = 0
    end = (samples[-1][0] if samples else 0) + TAIL_MS
    while now <= end:
        while i < n and samples[i][0] <= now:
            _, die_id, x, y, z = samples[i]
            if via_die:
                x, y, z = links[die_id].pass_on(x, y, z)
            tray.reading(die_id, x, y, z, samples[i][0], 90, 4000)
            i += 1
        tray.tick(now)
        frames.extend(host.feed(tray.take()))
        now += STEP_MS
    result = {"throws": {}, "states": {}, "final": {}, "rolling": 0}
    for d in dice:
        result["states"][d] = []
    for f in frames:
        if f.kind == wire.THROW:
            result["throws"][str(f.fields[0])] = [[e[0], e[2], e[3]] for e in f.fields[1]]
        elif f.kind == wire.DIE:
            result["states"][f.fields[0]].append(f.fields[2])
            result["final"][f.fields[0]] = [f.fields[2], f.fields[3]]
        elif f.kind == wire.ROLLING:
            result["rolling"] += 1
    return result


def main(argv):
    firmware, fakes, path = argv[1], argv[2], argv[3]
    sys.path.insert(0, fakes)
    sys.path.insert(0, firmware)
    with open(path) as f:
        samples, dice = parse(f.read())
    print(json.dumps(replay(samples, dice, "--via-die" in argv)))


if __name__ == "__main__":
    main(sys.argv)
