"""A simulated tray: the real firmware logic, fed by virtual dice, talking over a pseudo-terminal.

The simulator owns a pty and keeps a symlink to its slave at `port` (like udev's `/dev/dicetray`), so
the driver opens it through pyserial exactly as it opens the real tray. Every 20 ms of tray time it
hands each virtual die's report (its readings of those 20 ms, gathered by the die firmware's own
code) to `dicetray.tray.Tray`, the same object the board runs, and copies the bytes the tray sends to
the pty, through the fault injector.

Each virtual die is a body of the physical model (`traces.py`): the tray senses what a real die's
accelerometer would, thrown or handled, not a shortcut that shares the firmware's assumptions.

Scripting (thread-safe, never blocks):
    sim.dice()                             -> [(die id, kind id), ...] on the tray
    sim.throw({"D1": "3", "T1": "poison"}) -> those dice are thrown, then land on those faces (a face id
                                              of the die's kind, or a face number from 1)
    sim.throw({...}, cocked={"D2"}, slow={"D1": 3000})
                                           -> D2 also thrown and lands cocked; D1 rolls 3 s longer
    sim.roll(["D1", "D2"])                 -> those dice land on random faces
    sim.handle({"D1": 4})                  -> D1 picked up and put down on face 4: no throw
Faults:
    sim.inject("flip" | "truncate" | "duplicate" | "drop", kind=wire.THROW, count=1)
                                           -> spoil the next `count` frames of that type on the wire
    sim.noise(True)                        -> random bytes between every two frames until noise(False)
    sim.unplug(power_loss=False); sim.replug()
                                           -> the port disappears (the tray keeps running, or is off
                                              until replugged and boots afresh when power_loss)
"""

from __future__ import annotations

import os
import random
import select
import tempfile
import threading
import time
import tty
import uuid
from collections.abc import Iterable, Mapping
from pathlib import Path

from companion.core.dice import DieKind
from companion.devices.tray import traces
from companion.devices.tray.dicetray import die as fw_die
from companion.devices.tray.dicetray import faces as fw_faces
from companion.devices.tray.dicetray import wire
from companion.devices.tray.dicetray.tray import Tray

TICK_MS = 20  # the die's report interval while it moves
DEFAULT_DICE = (("D1", "d6"), ("D2", "d6"), ("D3", "d6"), ("T1", "trap"), ("G1", "treasure"))
FAULTS = ("flip", "truncate", "duplicate", "drop")


class VirtualDie:
    """A die in the simulated tray: a body of the physical model (traces.py), lying on a face or playing
    what a throw or a hand makes it sense, one sample per tick."""

    def __init__(self, die_id: str, kind: DieKind, rng: random.Random) -> None:
        self.die_id = die_id
        self.kind = kind
        self.body = traces.Body(die_id, 1, rng)

    def throw(self, face: int, cocked: bool, extra_ms: int) -> int:
        """Plays a throw; returns the ms of tray time until the die comes to rest."""
        self.body.samples.clear()
        traces.throw(self.body, face, cocked=cocked, extra_ms=extra_ms)
        return len(self.body.samples) * traces.SAMPLE_MS

    def handle(self, face: int) -> None:
        self.body.samples.clear()
        traces.handle(self.body, face)

    def report(self) -> tuple[float, float, float, float, float]:
        """What the die reports for one tick: its readings of the tick gathered as its firmware does
        (`dicetray.die.Window`): the latest, the least and the greatest size, in g."""
        window = fw_die.Window()
        wanted = TICK_MS // traces.SAMPLE_MS
        if len(self.body.samples) < wanted:  # at rest once its throw's samples are read: made in one go
            self.body.rest((wanted - len(self.body.samples)) * traces.SAMPLE_MS)
        for _ in range(wanted):
            _, _, x, y, z = self.body.samples.pop(0)
            window.add(round(x * 1000), round(y * 1000), round(z * 1000))
        mx, my, mz, low, high = window.take()
        return (mx / 1000, my / 1000, mz / 1000, low / 1000, high / 1000)


class SimulatedTray:
    def __init__(
        self,
        kinds: Mapping[str, DieKind],
        dice: Iterable[tuple[str, str]] = DEFAULT_DICE,
        *,
        time_scale: float = 1.0,
        seed: int | None = None,
        link_dir: Path | None = None,
    ) -> None:
        self.kinds = kinds
        self._dice: dict[str, VirtualDie] = {}
        dice = list(dice)
        for die_id, kind_id in dice:
            kind = kinds.get(kind_id)
            if kind is None:
                raise ValueError(f"no die kind {kind_id!r} in the data files, for simulated die {die_id!r}")
            if len(kind.faces) != 6:
                raise ValueError(f"the simulator models six-sided dice; {kind_id!r} has {len(kind.faces)}")
        self.time_scale = time_scale
        self.rng = random.Random(seed)
        for die_id, kind_id in dice:
            self._dice[die_id] = VirtualDie(die_id, kinds[kind_id], self.rng)
        self._own_dir = link_dir is None
        self._dir = link_dir or Path(tempfile.gettempdir()) / f"dicetray-{uuid.uuid4().hex[:12]}"
        self.port = str(self._dir / "dicetray")
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._master = -1
        self._slave = -1
        self._pending: list[tuple[str, int | None]] = []
        self._noise = False
        self._off = False
        self.now_ms = 0
        self.tray = self._boot()

    def _boot(self) -> Tray:
        config = {
            "dice": {
                d.die_id: {"kind": d.kind.id, "normals": fw_faces.default_normals(6)}
                for d in self._dice.values()
            }
        }
        return Tray("SIM-TRAY", self.rng.randrange(1 << 16), config, lambda _: None, self.now_ms)

    # Life cycle.
    def start(self) -> None:
        self.replug()
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="tray-sim", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None
        self.unplug()
        if self._own_dir and self._dir.exists():
            self._dir.rmdir()

    def unplug(self, power_loss: bool = False) -> None:
        with self._lock:
            Path(self.port).unlink(missing_ok=True)
            for fd in (self._master, self._slave):
                if fd >= 0:
                    os.close(fd)
            self._master = self._slave = -1
            self._off = self._off or power_loss

    def replug(self) -> None:
        with self._lock:
            if self._master >= 0:
                return
            if self._off:
                self.tray = self._boot()
                self._off = False
            self._master, self._slave = os.openpty()
            # Raw at once, or the line discipline would echo the tray's own bytes back to it.
            tty.setraw(self._slave)
            os.set_blocking(self._master, False)
            self._dir.mkdir(exist_ok=True)
            link = Path(self.port)
            link.unlink(missing_ok=True)
            link.symlink_to(os.ttyname(self._slave))

    # Scripting.
    def dice(self) -> list[tuple[str, str]]:
        return [(d.die_id, d.kind.id) for d in self._dice.values()]

    def throw(
        self,
        faces: Mapping[str, str | int],
        *,
        cocked: Iterable[str] = (),
        slow: Mapping[str, int] | None = None,
    ) -> int:
        """Rolls the named dice (and those in `cocked`); raises ValueError for an unknown die or face.
        Returns the ms of tray time until the last of them comes to rest."""
        slow = slow or {}
        cocked = set(cocked)
        plan = {die_id: self._face_number(die_id, face) for die_id, face in faces.items()}
        for die_id in cocked - plan.keys():
            plan[die_id] = self._face_number(die_id, 1)
        with self._lock:
            return max((self._dice[die_id].throw(number, die_id in cocked, slow.get(die_id, 0))
                        for die_id, number in plan.items()), default=0)

    def handle(self, faces: Mapping[str, str | int]) -> None:
        """Picks the named dice up and puts them down on those faces, by hand: no throw."""
        plan = {die_id: self._face_number(die_id, face) for die_id, face in faces.items()}
        with self._lock:
            for die_id, number in plan.items():
                self._dice[die_id].handle(number)

    def roll(self, die_ids: Iterable[str] | None = None) -> None:
        ids = list(self._dice) if die_ids is None else list(die_ids)
        self.throw({die_id: self.rng.randint(1, 6) for die_id in ids})

    def _face_number(self, die_id: str, face: str | int) -> int:
        die = self._dice.get(die_id)
        if die is None:
            raise ValueError(f"no die {die_id!r} on the simulated tray")
        if isinstance(face, int):
            if 1 <= face <= len(die.kind.faces):
                return face
        else:
            for number, known in enumerate(die.kind.faces, start=1):
                if known.id == face:
                    return number
        raise ValueError(f"a {die.kind.id} die has no face {face!r}")

    # Faults.
    def inject(self, fault: str, kind: int | None = wire.THROW, count: int = 1) -> None:
        if fault not in FAULTS:
            raise ValueError(f"unknown fault {fault!r}; one of {FAULTS}")
        with self._lock:
            self._pending.extend([(fault, kind)] * count)

    def forge(self, kind: int, fields: list[object]) -> None:
        """Sends, in turn with the tray's own frames, one whose CRC checks out but whose fields the firmware
        would never send (a faulty or hostile device)."""
        with self._lock:
            self.tray._send(kind, fields)

    def noise(self, on: bool) -> None:
        self._noise = on

    # The tray's loop.
    def _run(self) -> None:
        tick_s = TICK_MS / 1000 / self.time_scale
        next_tick = time.monotonic()
        while not self._stop.is_set():
            self._receive(max(0.0, next_tick - time.monotonic()))
            if time.monotonic() < next_tick:
                continue
            next_tick += tick_s
            with self._lock:
                self.now_ms += TICK_MS
                if self._off:
                    continue
                for die in self._dice.values():
                    x, y, z, low, high = die.report()
                    self.tray.reading(die.die_id, x, y, z, self.now_ms, 100, 4100, low, high)
                self.tray.tick(self.now_ms)
                self._transmit(self.tray.take())

    def _receive(self, timeout: float) -> None:
        master = self._master
        if master < 0:
            self._stop.wait(timeout)
            return
        try:
            ready, _, _ = select.select([master], [], [], timeout)
            data = os.read(master, 4096) if ready else b""
        except OSError:
            # The port is being unplugged, or nobody has it open yet.
            self._stop.wait(timeout)
            return
        if data:
            with self._lock:
                self.tray.feed(data, self.now_ms)

    def _transmit(self, data: bytes) -> None:
        if self._master < 0 or not data:
            return
        out = bytearray()
        for frame in data.split(b"\x00")[:-1]:
            if self._noise:
                out += bytes(self.rng.randrange(256) for _ in range(self.rng.randint(1, 12))) + b"\x00"
            out += self._spoil(frame + b"\x00")
        try:
            os.write(self._master, bytes(out))
        except (BlockingIOError, OSError):
            # Nobody reads the port (no host): a USB tray drops what it cannot send, so does this one.
            return

    def _spoil(self, frame: bytes) -> bytes:
        payload = wire.cobs_decode(frame[:-1]) or b""
        frame_kind = payload[1] if len(payload) > 1 else None
        match = [i for i, (_, kind) in enumerate(self._pending) if kind is None or kind == frame_kind]
        if not match:
            return frame
        fault, _ = self._pending.pop(match[0])
        if fault == "flip":
            bit = self.rng.randrange((len(frame) - 1) * 8)
            spoilt = bytearray(frame)
            spoilt[bit // 8] ^= 1 << bit % 8
            return bytes(spoilt)
        if fault == "truncate":
            return frame[: self.rng.randint(1, len(frame) - 2)]
        if fault == "duplicate":
            return frame + frame
        return b""
