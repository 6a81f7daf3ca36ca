"""Replays a dice trace (hw/tray/traces.md) through the firmware and says what the tray told the host.

Each sample goes through the die's firmware first, as on the real dice: turned into the LIS3DH's
register bytes, read by `dicetray.die` when the die reads (every 5 ms while it moves, every 250 ms when
idle: samples in between are never seen), put in its BLE report by `beacon`, decoded by the tray.

Written in the Python both interpreters run: CPython's tests import it, and the MicroPython unix port
runs it as a script (`micropython replay.py FIRMWARE FAKES TRACE`, printing JSON), so a call that exists
only in CPython fails there.
"""

import json
import sys

TICK_MS = 20
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


class RegisterBus:
    """A LIS3DH on an I2C bus, as far as the die reads it: WHO_AM_I and the six output bytes, in the
    high-resolution ±8 g mode the die sets (12 bits left-justified, 4 mg a step)."""

    def __init__(self):
        self.out = bytes(6)

    def set_g(self, x, y, z):
        raw = bytearray()
        for g in (x, y, z):
            step = max(-2048, min(2047, round(g * 250)))
            word = (step << 4) & 0xFFFF
            raw.append(word & 0xFF)
            raw.append(word >> 8)
        self.out = bytes(raw)

    def readfrom_mem(self, addr, reg, n):
        if reg == 0x0F:
            return b"\x33"
        return self.out[:n]

    def writeto_mem(self, addr, reg, data):
        pass


class Radio:
    def __init__(self):
        self.payload = None

    def gap_advertise(self, interval_us, payload, connectable=True):
        self.payload = payload


class Cell:
    def read_uv(self):
        return 2000000


class Link:
    """One die's firmware between the trace and the tray."""

    def __init__(self, die_id):
        from dicetray import die

        self.bus = RegisterBus()
        self.radio = Radio()
        self.die = die.Die(b"\xd1\xce\x01", lambda: self.bus, Cell(), self.radio, 0)
        self.next_ms = 0

    def sample(self, t, x, y, z):
        """The die's report if this sample made it send one, else None."""
        if t < self.next_ms:
            return None  # asleep between two readings
        self.bus.set_g(x, y, z)
        self.radio.payload = None
        self.next_ms = t + self.die.step(t)
        return self.radio.payload


def replay(samples, dice):
    """{"throws": {throw id: [[die, state, face], ...]}, "states": {die: [states in order]},
    "final": {die: [state, face]}, "rolling": number of ROLLING reports, "reports": reports heard}."""
    from dicetray import beacon, faces, wire
    from dicetray.tray import Tray

    config = {"dice": {}}
    links = {}
    for d in dice:
        config["dice"][d] = {"kind": "d6", "normals": faces.default_normals(6)}
        links[d] = Link(d)
    tray = Tray("REPLAY", 1, config, lambda c: None, 0)
    host = wire.Deframer()
    frames = []
    reports = 0
    next_tick = 0
    end = (samples[-1][0] if samples else 0) + TAIL_MS
    # A last step at the end time; concatenated, as MicroPython has no unpacking in a list display.
    for t, die_id, x, y, z in samples + [(end, None, 0, 0, 0)]:  # noqa: RUF005
        while next_tick <= t:
            tray.tick(next_tick)
            frames.extend(host.feed(tray.take()))
            next_tick += TICK_MS
        if die_id is None:
            break
        payload = links[die_id].sample(t, x, y, z)
        if payload is not None:
            _, rx, ry, rz, low, high, battery, mv, _ = beacon.decode(payload)
            tray.reading(die_id, rx, ry, rz, t, battery, mv, low, high)
            reports += 1
    result = {"throws": {}, "states": {}, "final": {}, "rolling": 0, "reports": reports}
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
    print(json.dumps(replay(samples, dice)))


if __name__ == "__main__":
    main(sys.argv)
