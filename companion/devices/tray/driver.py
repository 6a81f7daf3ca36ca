"""The host side of the tray: pyserial on a background thread, frames in, domain events out.

The thread opens the port (a stable name such as `/dev/dicetray`, else a USB serial port with the
tray's vendor and product ids), asks the tray who it is and what
lies on it (HELLO_REQ, DUMP_REQ), then reads frames and puts `DiceRolling`, `DiceThrown` and
`DeviceStatus` events on the queue it was given; callers never wait on it. When the port vanishes (an
unplug) it says so, retries with a doubling back-off and resynchronises from the tray's state dump.
Corrupt frames are dropped and counted; a repeated sequence number, or a throw id already delivered,
is dropped too, so a retransmitted throw report reaches the table once.
"""

from __future__ import annotations

import collections
import errno
import os
import queue
import threading
import time
from dataclasses import dataclass, field

import serial
from serial.tools import list_ports

from companion.core.dice import DieKind
from companion.core.events import DeviceState, DeviceStatus, DiceRolling, DiceThrown, DomainEvent, SettledDie
from companion.devices.tray.dicetray import wire

DEVICE = "tray"
# What players may read (DeviceStatus.detail is the message id; tray.po holds the Arabic).
CONNECTED = "The dice tray is connected."
UNPLUGGED = "The dice tray is unplugged; waiting for it to come back."
RESTARTED = "The dice tray restarted: if a throw was under way, throw those dice again."
UNKNOWN_FACE = "A die reported a face its kind does not have: calibrate it or enter the face by hand."
LOW_BATTERY = "A die's battery is low: charge it after this game."
FAULTS = {
    wire.FAULT_UNPAIRED_DIE: "A die the tray does not know is on it: pair it or take it away.",
    wire.FAULT_DIE_LOST: "The tray lost touch with a die during a throw: throw it again.",
    wire.FAULT_STORAGE: "The tray could not save its settings.",
    wire.FAULT_THROW_TIMEOUT: "A die did not come to rest in time: throw it again.",
    wire.FAULT_FIRMWARE: "The dice tray's firmware failed and restarted: if a throw was under way, throw those dice "
    "again.",
    wire.FAULT_DIE_SENSOR: "A die's motion sensor does not answer: enter its face by hand, and check it after this "
    "game.",
}
OTHER_FAULT = "The dice tray reported a fault."
NO_PERMISSION = "The dice tray's port may not be opened: add this user to the dialout group."
NO_ANSWER = "Something is on the dice tray's port but does not answer like a tray: check its firmware."
VERSION_MISMATCH = "The dice tray speaks another protocol version: update its firmware."
MESSAGES = (CONNECTED, UNPLUGGED, RESTARTED, UNKNOWN_FACE, LOW_BATTERY, OTHER_FAULT, VERSION_MISMATCH,
            NO_ANSWER, NO_PERMISSION, *FAULTS.values())

LOW_BATTERY_PERCENT = 15
HELLO_RETRY_S = 1.0
HELLO_TRIES = 2  # unanswered HELLO_REQs before the port is called silent
READ_TIMEOUT_S = 0.05
SEQ_WINDOW = 64
# MicroPython's USB ids on an RP2040 (the Pico W of the reference design).
TRAY_USB_IDS = (0x2E8A, 0x0005)


class _Deframer(wire.Deframer):
    """The protocol's deframer, noting besides a well-formed HELLO of another protocol version.

    Only such a frame (its length and CRC check out, its type is HELLO) shows that the tray needs other
    firmware: line noise whose first byte is not 1 is refused as `version` too, and must not say so.
    """

    def __init__(self) -> None:
        super().__init__()
        self.foreign_hello = False

    def _frame(self, encoded: bytes) -> wire.Frame | None:
        frame = super()._frame(encoded)
        if frame is None:
            p = wire.cobs_decode(encoded)
            self.foreign_hello |= (p is not None and len(p) >= wire.HEADER + 2 and p[0] != wire.VERSION
                                   and p[1] == wire.HELLO and p[4] | p[5] << 8 == len(p) - wire.HEADER - 2
                                   and wire.crc16(p[:-2]) == p[-2] << 8 | p[-1])
        return frame


@dataclass
class TrayStats:
    """Counters a test or `companion tray` can read; written by the driver's thread only."""

    frames: int = 0
    rejected: dict[str, int] = field(default_factory=dict)
    duplicate_frames: int = 0
    duplicate_throws: int = 0
    throws: int = 0
    connects: int = 0
    dump_requests: int = 0


@dataclass(frozen=True)
class DieView:
    """The latest that the tray said about one die."""

    die_id: str
    kind: str
    state: int
    face: int
    battery: int = 0


class TrayDriver:
    def __init__(
        self,
        port: str,
        baud: int,
        events: queue.Queue[DomainEvent],
        kinds: dict[str, DieKind],
        *,
        source: str = "tray",
        online: DeviceState = DeviceState.CONNECTED,
        backoff: tuple[float, float] = (0.1, 2.0),
        usb_ids: tuple[int, int] | None = None,
    ) -> None:
        self.port = port
        self.usb_ids = usb_ids
        self.baud = baud
        self.events = events
        self.kinds = kinds
        self.source = source
        self.online = online
        self.backoff = backoff
        self.stats = TrayStats()
        self.dice: dict[str, DieView] = {}
        self.hello: tuple[str, str, int] | None = None
        self.acks: dict[int, int] = {}
        self._deframer = _Deframer()
        self._version_fault = False
        self._outbox: queue.SimpleQueue[bytes] = queue.SimpleQueue()
        self._seq = 0
        self._seq_lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._boot: int | None = None
        self._seen: collections.deque[int] = collections.deque(maxlen=SEQ_WINDOW)
        self._delivered: collections.deque[tuple[int, int]] = collections.deque(maxlen=32)
        self._warned_battery: set[str] = set()
        self._dump_asked = 0.0

    def start(self) -> None:
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="tray-driver", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None

    # Commands: queued for the driver's thread, which writes them; each returns its sequence number,
    # under which the tray's answer appears in `acks`.
    def request_dump(self) -> int:
        self.stats.dump_requests += 1
        return self._command(wire.DUMP_REQ, [])

    def pair(self, die_id: str, kind: str, faces: int) -> int:
        return self._command(wire.PAIR, [die_id, kind, faces])

    def unpair(self, die_id: str) -> int:
        return self._command(wire.UNPAIR, [die_id])

    def calibrate(self, die_id: str, face: int) -> int:
        return self._command(wire.CALIBRATE, [die_id, face])

    def _command(self, kind: int, fields: list[object]) -> int:
        with self._seq_lock:
            seq = self._seq
            self._seq = (seq + 1) & 0xFFFF
        self._outbox.put(wire.encode(kind, seq, fields))
        return seq

    def _put(self, event: DomainEvent) -> None:
        self.events.put(event)

    def _status(self, state: DeviceState, detail: str) -> None:
        self._put(DeviceStatus(DEVICE, state, detail))

    def _run(self) -> None:
        delay = self.backoff[0]
        announced = False
        while not self._stop.is_set():
            try:
                with serial.Serial(self.find_port(), self.baud, timeout=READ_TIMEOUT_S, exclusive=True) as link:
                    link.reset_input_buffer()
                    delay = self.backoff[0]
                    announced = False
                    self._session(link)
            except (serial.SerialException, OSError) as exc:
                if not announced and not self._stop.is_set():
                    announced = True
                    if exc.errno in (errno.EACCES, errno.EPERM):
                        self._status(DeviceState.FAULT, NO_PERMISSION)
                    else:
                        self._status(DeviceState.DISCONNECTED, UNPLUGGED)
                self._stop.wait(delay)
                delay = min(delay * 2, self.backoff[1])

    def find_port(self) -> str:
        """The stable name when it exists (udev's link); else a port with the tray's USB ids, if any."""
        if self.usb_ids is None or os.path.exists(self.port):
            return self.port
        vid, pid = self.usb_ids
        found = sorted(p.device for p in list_ports.comports() if (p.vid, p.pid) == (vid, pid))
        return found[0] if found else self.port

    def _session(self, link: serial.Serial) -> None:
        self._deframer.buf = bytearray()
        self.hello = None
        self._version_fault = False
        self.stats.connects += 1
        asked = 0.0
        tries = 0
        while not self._stop.is_set():
            if self.hello is None and time.monotonic() - asked >= HELLO_RETRY_S:
                if tries == HELLO_TRIES and not self._version_fault:
                    self._status(DeviceState.FAULT, NO_ANSWER)
                asked = time.monotonic()
                tries += 1
                self._command(wire.HELLO_REQ, [])
                self.request_dump()
            while not self._outbox.empty():
                link.write(self._outbox.get())
            data = link.read(link.in_waiting or 1)
            if data:
                self.feed(data)

    def feed(self, data: bytes) -> None:
        """Handles bytes read from the tray (the reader thread's work, callable alone in a benchmark)."""
        for frame in self._deframer.feed(data):
            self.stats.frames += 1
            self._frame(frame)
        self.stats.rejected = dict(self._deframer.rejected)
        if self._deframer.foreign_hello:
            self._deframer.foreign_hello = False
            self.hello = None
            if not self._version_fault:
                self._version_fault = True
                self._status(DeviceState.FAULT, VERSION_MISMATCH)

    def _frame(self, frame: wire.Frame) -> None:
        if self._version_fault:
            # A valid frame of our version: whatever spoke another one is gone (the tray was updated).
            self._version_fault = False
            if frame.kind != wire.HELLO:
                self._status(self.online, CONNECTED)
        if frame.kind in (wire.HELLO, wire.HEARTBEAT, wire.DUMP):
            self._boot_id(frame.fields[2] if frame.kind == wire.HELLO else frame.fields[0])
        if frame.seq in self._seen:
            self.stats.duplicate_frames += 1
            if frame.kind == wire.THROW:
                self._command(wire.THROW_ACK, [frame.fields[0]])
            return
        self._seen.append(frame.seq)
        handler = _HANDLERS.get(frame.kind)
        if handler is not None:
            handler(self, frame.fields)

    def _boot_id(self, boot: int) -> None:
        if boot == self._boot:
            return
        if self._boot is not None:
            self._status(self.online, RESTARTED)
        self._boot = boot
        self._seen.clear()
        self.dice.clear()

    def _on_hello(self, fields: list[object]) -> None:
        first = self.hello is None
        self.hello = (str(fields[0]), str(fields[1]), int(fields[2]))
        if first:
            self._status(self.online, CONNECTED)

    def _on_heartbeat(self, fields: list[object]) -> None:
        last_throw = fields[2]
        missed = last_throw and (self._boot, last_throw) not in self._delivered
        if missed and time.monotonic() - self._dump_asked >= HELLO_RETRY_S:
            self._dump_asked = time.monotonic()
            self.request_dump()

    def _on_die(self, fields: list[object]) -> None:
        die_id, kind, state, face = fields
        old = self.dice.get(str(die_id))
        battery = old.battery if old else 0
        self.dice[str(die_id)] = DieView(str(die_id), str(kind), int(state), int(face), battery)

    def _on_rolling(self, fields: list[object]) -> None:
        self._put(DiceRolling(self.source))

    def _on_throw(self, fields: list[object]) -> None:
        throw_id, entries = fields
        self._deliver(int(throw_id), entries)
        self._command(wire.THROW_ACK, [throw_id])

    def _on_battery(self, fields: list[object]) -> None:
        die_id, percent = str(fields[0]), int(fields[1])
        old = self.dice.get(die_id)
        if old is not None:
            self.dice[die_id] = DieView(old.die_id, old.kind, old.state, old.face, percent)
        if percent < LOW_BATTERY_PERCENT and die_id not in self._warned_battery:
            self._warned_battery.add(die_id)
            self._status(self.online, LOW_BATTERY)

    def _on_fault(self, fields: list[object]) -> None:
        self._status(DeviceState.FAULT, FAULTS.get(int(fields[0]), OTHER_FAULT))

    def _on_dump(self, fields: list[object]) -> None:
        _, last_id, is_open, acked, dice, last_throw = fields
        for die_id, kind, state, face, battery in dice:
            self.dice[die_id] = DieView(die_id, kind, state, face, battery)
        if last_id and acked:
            # Another session of the app took it: remember it as handled, do not apply it here.
            if (self._boot or 0, last_id) not in self._delivered:
                self._delivered.append((self._boot or 0, int(last_id)))
        elif last_id:
            self._deliver(int(last_id), last_throw)
            self._command(wire.THROW_ACK, [last_id])
        if is_open:
            self._put(DiceRolling(self.source))

    def _on_ack(self, fields: list[object]) -> None:
        self.acks[int(fields[0])] = int(fields[1])

    def _deliver(self, throw_id: int, entries: list[tuple[str, str, int, int]]) -> None:
        key = (self._boot or 0, throw_id)
        if key in self._delivered:
            self.stats.duplicate_throws += 1
            return
        self._delivered.append(key)
        self.stats.throws += 1
        dice = [self._settled(*entry) for entry in entries]
        self._put(DiceThrown(self.source, dice, throw_id=key[0] << 16 | throw_id))

    def _settled(self, die_id: str, kind: str, state: int, face: int) -> SettledDie:
        if state != wire.SETTLED:
            # Cocked, still rolling when the throw timed out, or lost: the die must be thrown again.
            return SettledDie(die_id, kind, None, cocked=True)
        known = self.kinds.get(kind)
        if known is None or not 1 <= face <= len(known.faces):
            self._status(DeviceState.FAULT, UNKNOWN_FACE)
            return SettledDie(die_id, kind, None)
        return SettledDie(die_id, kind, known.faces[face - 1].id)


_HANDLERS = {
    wire.HELLO: TrayDriver._on_hello,
    wire.HEARTBEAT: TrayDriver._on_heartbeat,
    wire.DIE: TrayDriver._on_die,
    wire.ROLLING: TrayDriver._on_rolling,
    wire.THROW: TrayDriver._on_throw,
    wire.BATTERY: TrayDriver._on_battery,
    wire.FAULT: TrayDriver._on_fault,
    wire.DUMP: TrayDriver._on_dump,
    wire.ACK: TrayDriver._on_ack,
}
