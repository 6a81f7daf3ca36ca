"""The tray: paired dice, their motion, throws, and the conversation with the host.

Pure logic with no clock and no IO of its own: the board (or the simulator) calls `reading()` for each
die report the radio hears, `feed()` with the bytes the host sent, `tick()` often, all with the time in
milliseconds, and sends what `take()` returns. That is what lets the very same code run on the board,
under CPython in the tests, and in the host's simulated tray.

A throw opens when a paired die starts rolling (ROLLING: it fell and landed, see motion.py), gathers
every die that rolls while it is open, and closes once all of them have rested on a face or cocked for
QUIET_MS (so a thrown die knocked by another is reported where it came to rest). A die that is only
handled, or knocked without being thrown, never joins a throw. The THROW report is sent again every
RETRY_MS until the host acknowledges its throw id, and stays in the state dump, marked
unacknowledged, for a host that reconnects later.
"""

from . import FIRMWARE_VERSION, faces, wire
from .motion import DieMotion

HEARTBEAT_MS = 1000
QUIET_MS = 200
RETRY_MS = 500
RETRIES = 10
THROW_TIMEOUT_MS = 15000
LOST_MS = 3000
MAX_ID = 8
MAX_KIND = 10
MAX_FACES = 20
MAX_DICE = 24


class Die:
    def __init__(self, die_id, kind, normals):
        self.id = die_id
        self.kind = kind
        self.motion = DieMotion(normals)
        self.heard_ms = -LOST_MS
        self.battery = 0
        self.millivolts = 0
        self.sensor_failed = False


class Tray:
    def __init__(self, tray_id, boot_id, config, save, now_ms):
        """`config` is what `save(config)` last stored: {"dice": {die id: {"kind", "normals"}}}."""
        self.tray_id = tray_id
        self.boot_id = boot_id
        self.config = config
        self.save = save
        self.boot_ms = now_ms
        self.seq = 0
        self.out = bytearray()
        self.deframer = wire.Deframer()
        self.dice = {}
        for die_id, entry in config.get("dice", {}).items():
            self.dice[die_id] = Die(die_id, entry["kind"], entry["normals"])
        self.throw_id = 0
        self.last_id = 0
        self.open = None
        self.opened_ms = 0
        self.changed_ms = 0
        self.last_throw = []
        self.acked = True
        self.throw_frame = b""
        self.retries_left = 0
        self.retry_ms = 0
        self.heartbeat_ms = now_ms
        self.warned = set()
        self._send(wire.HELLO, [FIRMWARE_VERSION, tray_id, boot_id])

    def take(self):
        """The bytes to send to the host now."""
        out = bytes(self.out)
        self.out = bytearray()
        return out

    def _send(self, kind, fields):
        frame = wire.encode(kind, self.seq, fields)
        self.seq = (self.seq + 1) & 0xFFFF
        self.out.extend(frame)
        return frame

    def _fault(self, code, detail):
        self._send(wire.FAULT, [code, detail])

    def error(self, detail):
        """Tells the host the firmware failed (or restarted after failing): `detail` is printable, ≤ 32."""
        self._fault(wire.FAULT_FIRMWARE, detail)

    def reading(self, die_id, x, y, z, now_ms, battery=None, millivolts=0, low=None, high=None):
        """One report from a die: its acceleration in g (None when its sensor failed), the least and
        greatest size of its readings since its last report when it sent them, and its battery in %."""
        die = self.dice.get(die_id)
        if die is None:
            if die_id not in self.warned and len(die_id) <= MAX_ID:
                self.warned.add(die_id)
                self._fault(wire.FAULT_UNPAIRED_DIE, die_id)
            return
        die.heard_ms = now_ms
        if battery is not None and abs(battery - die.battery) >= 5:
            die.battery = battery
            die.millivolts = millivolts
            self._send(wire.BATTERY, [die_id, battery, millivolts])
        if x is None:
            # Its accelerometer failed: heard, so not lost, but with nothing to go on.
            if not die.sensor_failed:
                die.sensor_failed = True
                self._fault(wire.FAULT_DIE_SENSOR, die_id)
            return
        die.sensor_failed = False
        if not die.motion.reading(x, y, z, low, high):
            return
        self.changed_ms = now_ms
        self._send(wire.DIE, [die_id, die.kind, die.motion.state, die.motion.face])
        if die.motion.state == wire.ROLLING_STATE:
            if self.open is None:
                self.throw_id = (self.throw_id + 1) & 0xFFFF
                self.open = []
                self.opened_ms = now_ms
                self._send(wire.ROLLING, [self.throw_id])
            if die_id not in self.open:
                self.open.append(die_id)

    def tick(self, now_ms):
        if now_ms - self.heartbeat_ms >= HEARTBEAT_MS:
            self.heartbeat_ms = now_ms
            uptime = (now_ms - self.boot_ms) // 1000
            self._send(wire.HEARTBEAT, [self.boot_id, uptime, self.last_id, int(self.open is not None)])
        if self.open is not None:
            self._check_lost(now_ms)
            self._maybe_close(now_ms)
        if not self.acked and self.retries_left and now_ms - self.retry_ms >= RETRY_MS:
            self.retries_left -= 1
            self.retry_ms = now_ms
            self.out.extend(self.throw_frame)

    def _check_lost(self, now_ms):
        for die_id in self.open:
            die = self.dice[die_id]
            if die.motion.state != wire.UNKNOWN and now_ms - die.heard_ms >= LOST_MS:
                die.motion.reset()
                self.changed_ms = now_ms
                self._fault(wire.FAULT_DIE_LOST, die_id)

    def _maybe_close(self, now_ms):
        states = [self.dice[d].motion.state for d in self.open]
        resting = all(s in (wire.SETTLED, wire.COCKED, wire.UNKNOWN) for s in states)
        if resting and now_ms - self.changed_ms >= QUIET_MS:
            self._close(now_ms)
        elif now_ms - self.opened_ms >= THROW_TIMEOUT_MS:
            self._fault(wire.FAULT_THROW_TIMEOUT, "")
            self._close(now_ms)

    def _close(self, now_ms):
        self.last_throw = [self._entry(self.dice[d]) for d in self.open]
        self.last_id = self.throw_id
        self.open = None
        self.acked = False
        self.throw_frame = self._send(wire.THROW, [self.last_id, self.last_throw])
        self.retries_left = RETRIES
        self.retry_ms = now_ms

    def _entry(self, die):
        return (die.id, die.kind, die.motion.state, die.motion.face)

    def feed(self, data, now_ms):
        for frame in self.deframer.feed(data):
            self._command(frame, now_ms)

    def _command(self, frame, now_ms):
        kind = frame.kind
        if kind == wire.HELLO_REQ:
            self._send(wire.HELLO, [FIRMWARE_VERSION, self.tray_id, self.boot_id])
        elif kind == wire.DUMP_REQ:
            self._send(wire.DUMP, self._dump())
        elif kind == wire.THROW_ACK:
            if frame.fields[0] == self.last_id:
                self.acked = True
        elif kind == wire.PAIR:
            self._ack(frame.seq, self._pair(*frame.fields))
        elif kind == wire.UNPAIR:
            self._ack(frame.seq, self._unpair(frame.fields[0]))
        elif kind == wire.CALIBRATE:
            self._ack(frame.seq, self._calibrate(*frame.fields))
        else:
            self._ack(frame.seq, wire.BAD_REQUEST)

    def _ack(self, seq, status):
        self._send(wire.ACK, [seq, status])

    def _dump(self):
        dice = [(d.id, d.kind, d.motion.state, d.motion.face, d.battery) for d in self.dice.values()]
        is_open = int(self.open is not None)
        return [self.boot_id, self.last_id, is_open, int(self.acked), dice, self.last_throw]

    def _store(self):
        try:
            self.save(self.config)
        except OSError:
            self._fault(wire.FAULT_STORAGE, "")
            return wire.STORAGE_ERROR
        return wire.OK

    def _pair(self, die_id, kind, count):
        if not die_id or not kind or len(die_id) > MAX_ID or len(kind) > MAX_KIND:
            return wire.BAD_REQUEST
        if not 1 < count <= MAX_FACES or (die_id not in self.dice and len(self.dice) >= MAX_DICE):
            return wire.BAD_REQUEST
        normals = faces.default_normals(count)
        self.config.setdefault("dice", {})[die_id] = {"kind": kind, "normals": normals}
        self.dice[die_id] = Die(die_id, kind, normals)
        self.warned.discard(die_id)
        return self._store()

    def _unpair(self, die_id):
        if die_id not in self.dice:
            return wire.UNKNOWN_DIE
        del self.dice[die_id]
        del self.config["dice"][die_id]
        return self._store()

    def _calibrate(self, die_id, face):
        die = self.dice.get(die_id)
        if die is None:
            return wire.UNKNOWN_DIE
        up = die.motion.up
        if not 1 <= face <= len(die.motion.normals) or up is None or die.motion.state == wire.ROLLING_STATE:
            return wire.BAD_REQUEST
        die.motion.normals[face - 1] = list(up)
        return self._store()
