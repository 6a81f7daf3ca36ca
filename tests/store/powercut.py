"""A power cut, modelled as SQLite's own crash tests model it: an SQLite VFS (through `apsw`) that passes
every write to the disk but remembers, for each file, only what was there at its last sync. A cut keeps
that and drops every write not yet synced; the files are then opened with the production store (the
standard library's `sqlite3`) and the WHOLE observable state — every session's log, head (the undo/redo
position), kept dice and cards, and game state — is compared with what the store had acknowledged.

A killed process (the SIGKILL test) loses nothing the OS already holds; a power cut also loses the
OS's unsynced pages. Only this harness sees a missing fsync, an undo whose head was never written, or a
redo never committed.

`Harness.run(seed)` plays a seeded workload (start, submit, undo, redo over a few sessions) with a
connection through the VFS. After every step it compares the synced files with the acknowledged state
(a cut at that boundary). Then it replays the same workload and cuts at random writes or syncs inside
the steps; the state found must be the one acknowledged before the step, or the one after it (a step
cut after its commit but before it was acknowledged). Every other cut also keeps a random part of the
unsynced writes, as a disk that wrote some of its cache out of order: a commit so torn may be reported
(`wal-last-change`) and must then be absent.
"""

from __future__ import annotations

import contextlib
import hashlib
import random
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import apsw
import msgspec

from companion.core.flow import Rejection
from companion.store import Problem, Store, StoredSession, acked, drive

NAME = "sessions.sqlite3"
SETUPS = [{"heroes": ["knight", "rogue"], "seed": 3}, {"heroes": ["ranger", "sorceress"], "seed": 4},
          {"heroes": drive.HEROES, "seed": 5}]


class PowerCut(Exception):
    """The power went off: nothing more reaches the disk."""


@dataclass
class _File:
    synced: bytearray
    pending: list[tuple[int, bytes | None]] = field(default_factory=list)  # (offset, data) or (size, None)

    def sync(self) -> None:
        _apply(self.synced, self.pending)
        self.pending.clear()

    def image(self, keep: random.Random | None) -> bytes:
        """The file after a cut: what was synced, and (with `keep`) a random part of the later writes."""
        out = bytearray(self.synced)
        if keep is not None:
            _apply(out, [op for op in self.pending if keep.random() < 0.5])
        return bytes(out)


def _apply(buffer: bytearray, ops: list[tuple[int, bytes | None]]) -> None:
    for at, data in ops:
        if data is None:
            del buffer[at:]
        else:
            if len(buffer) < at:
                buffer.extend(bytes(at - len(buffer)))
            buffer[at:at + len(data)] = data


class Disk(apsw.VFS):
    """The VFS: the disk as it would be after a power cut at any moment, and a cut at the `cut_at`-th write,
    truncation or sync. With `keep_some`, the cut also keeps a random part of the unsynced writes, as a
    disk that wrote some of its cache out of order before the power went."""

    def __init__(self, name: str) -> None:
        super().__init__(name, "")
        self.vfs_name = name
        self.files: dict[str, _File] = {}
        self.ops = 0
        self.cut_at: int | None = None
        self.frozen: dict[str, bytes] | None = None
        self.keep_some: random.Random | None = None

    def xOpen(self, name: Any, flags: list[int]) -> apsw.VFSFile:
        return _CutFile(self, name, flags)

    def xDelete(self, filename: str, syncdir: bool) -> None:
        self.mutate()
        self.files.pop(filename, None)
        super().xDelete(filename, syncdir)

    def mutate(self) -> None:
        if self.frozen is not None:
            raise PowerCut
        self.ops += 1
        if self.ops == self.cut_at:
            self.frozen = {name: f.image(self.keep_some) for name, f in self.files.items()}
            raise PowerCut

    def synced(self) -> dict[str, bytes]:
        return {name: f.image(None) for name, f in self.files.items()}

    def track(self, filename: str) -> _File:
        if filename not in self.files:
            path = Path(filename)
            self.files[filename] = _File(bytearray(path.read_bytes() if path.exists() else b""))
        return self.files[filename]


class _CutFile(apsw.VFSFile):
    def __init__(self, disk: Disk, name: Any, flags: list[int]) -> None:
        super().__init__("", name, flags)
        filename = name.filename() if isinstance(name, apsw.URIFilename) else name
        self.disk = disk
        self.state = disk.track(filename) if filename else None

    def xWrite(self, data: bytes, offset: int) -> None:
        self.disk.mutate()
        super().xWrite(data, offset)
        if self.state is not None:
            self.state.pending.append((offset, bytes(data)))

    def xTruncate(self, newsize: int) -> None:
        self.disk.mutate()
        super().xTruncate(newsize)
        if self.state is not None:
            self.state.pending.append((newsize, None))

    def xSync(self, flags: int) -> None:
        self.disk.mutate()
        super().xSync(flags)
        if self.state is not None:
            self.state.sync()


# ---- the store's connection through the VFS, with the `sqlite3` API the store uses ---------------


class _Rows:
    def __init__(self, rows: list[tuple[Any, ...]], lastrowid: int) -> None:
        self.rows, self.lastrowid = rows, lastrowid

    def fetchone(self) -> tuple[Any, ...] | None:
        return self.rows[0] if self.rows else None

    def fetchall(self) -> list[tuple[Any, ...]]:
        return self.rows

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self.rows)


class ApswConnection:
    """An `apsw` connection seen through the `sqlite3` API; its errors become `sqlite3` errors with the
    same SQLite error name, so the store handles them as in production."""

    def __init__(self, conn: apsw.Connection) -> None:
        self.conn = conn

    @property
    def in_transaction(self) -> bool:
        return not self.conn.getautocommit()

    def execute(self, sql: str, params: Any = ()) -> _Rows:
        return self._run(lambda c: c.execute(sql, params))

    def executemany(self, sql: str, params: Any) -> _Rows:
        return self._run(lambda c: c.executemany(sql, list(params)))

    def close(self) -> None:
        with contextlib.suppress(apsw.Error, PowerCut):  # the power is off: closing cannot write
            self.conn.close()

    def _run(self, work: Callable[[apsw.Cursor], Any]) -> _Rows:
        try:
            rows = list(work(self.conn.cursor()) or [])
        except PowerCut as exc:
            raise sqlite3.OperationalError("power cut") from exc
        except apsw.Error as exc:
            error = (sqlite3.DatabaseError if isinstance(exc, (apsw.CorruptError, apsw.NotADBError))
                     else sqlite3.OperationalError)(str(exc))
            error.sqlite_errorname = apsw.mapping_result_codes.get(exc.result, "SQLITE_ERROR")
            raise error from exc
        return _Rows([tuple(r) for r in rows], self.conn.last_insert_rowid())


def connector(disk: Disk) -> Callable[[str, bool], ApswConnection]:
    def connect(target: str, read_only: bool) -> ApswConnection:
        flags = apsw.SQLITE_OPEN_READONLY if read_only else apsw.SQLITE_OPEN_READWRITE | apsw.SQLITE_OPEN_CREATE
        vfs = None if target == ":memory:" else disk.vfs_name
        conn = apsw.Connection(target, flags=flags, vfs=vfs) if vfs else apsw.Connection(target, flags=flags)
        conn.set_busy_timeout(5000)
        return ApswConnection(conn)
    return connect


# ---- the workload, and the state the store acknowledged --------------------------------------------

Model = dict[int, tuple[Any, ...]]


def _digest(session: StoredSession) -> str:
    return hashlib.sha256(session.rules.encode(session.state)).hexdigest()[:16]


def model_of(sessions: list[StoredSession]) -> Model:
    """Everything a table can observe of each session: its log (the redo tail too), its head, the dice and
    cards kept by an undo, and its state."""
    return {s.id: (tuple(msgspec.json.encode(i) for i in s.inputs), s.head,
                   tuple(msgspec.json.encode(k) for k in s.kept), _digest(s)) for s in sessions}


def observe(folder: Path) -> tuple[list[str], Model]:
    """The store in `folder` as the app finds it after the cut: opened by the production store."""
    with Store(folder / NAME, snapshot_every=10) as store:
        sessions: list[StoredSession] = []
        found: Model = {}
        for info in store.sessions():
            resumed = store.resume(info.id)
            if isinstance(resumed, StoredSession):
                sessions.append(resumed)
            else:
                found[info.id] = ("cannot-resume", resumed.msg.text("en"))
        return [p.code for p in store.problems], {**model_of(sessions), **found}


def _step(store: Store, sessions: list[StoredSession], rnd: random.Random) -> tuple[str, object]:
    """One operation the table could do: start a game, or submit, undo or redo in one of the games."""
    live = [s for s in sessions if s.prompt() is not None]
    if not live or (len(sessions) < len(SETUPS) and rnd.random() < 0.05):
        started = store.start("covenant", SETUPS[len(sessions) % len(SETUPS)])
        if isinstance(started, StoredSession):
            sessions.append(started)
        return "start", started
    session = rnd.choice(live)
    roll = rnd.random()
    if roll < 0.15:
        return "undo", session.undo()
    if roll < (0.75 if session.head < len(session.inputs) else 0.18):
        return "redo", session.redo()
    kept = session.kept_result()
    return "submit", session.submit(kept) if kept is not None else drive.step(session, rnd)


@dataclass
class Report:
    steps: int = 0
    acknowledged: dict[str, int] = field(default_factory=lambda: dict.fromkeys(("start", "submit", "undo", "redo"), 0))
    boundaries: int = 0
    cuts: int = 0
    committed_in_flight: int = 0  # cuts that fell after the step's commit was synced, before it was acknowledged
    torn: int = 0  # cuts that kept part of the step's commit and were told so (`wal-last-change`)
    lost: list[str] = field(default_factory=list)


class Harness:
    def __init__(self, workdir: Path, steps: int, cuts_per_seed: int) -> None:
        self.workdir, self.steps, self.cuts_per_seed = workdir, steps, cuts_per_seed
        self.base = workdir / "base"
        self.base.mkdir(parents=True)
        Store(self.base / NAME).close()  # an empty store, as the app creates it, on the disk
        self.report = Report()
        self.runs = 0

    def run(self, seed: int) -> Report:
        models, ops = self._play(seed)
        rnd = random.Random(seed * 7919)
        for trial in range(self.cuts_per_seed if ops[-1] else 0):
            cut_at = rnd.randint(1, ops[-1])
            keep_some = random.Random(rnd.random()) if trial % 2 else None
            done, folder = self._play_until_cut(seed, cut_at, keep_some)
            codes, found = observe(folder)
            self.report.cuts += 1
            allowed = [models[done]] + ([models[done + 1]] if done + 1 < len(models) else [])
            self.report.committed_in_flight += len(allowed) == 2 and found == allowed[1] != allowed[0]
            # A commit torn by the cut may be told (it was never acknowledged); then it must be absent.
            torn = codes == ["wal-last-change"] and found == allowed[0]
            self.report.torn += torn
            if (codes and not torn) or found not in allowed:
                self.report.lost.append(f"seed {seed}, cut at write {cut_at} during step {done + 1}"
                                        f"{' (some unsynced writes kept)' if keep_some else ''}: "
                                        f"{_difference(allowed[-1], found, codes)}")
        return self.report

    def _fresh(self) -> tuple[Path, Disk]:
        self.runs += 1
        folder = self.workdir / f"run{self.runs}"
        shutil.copytree(self.base, folder)
        return folder, Disk(f"cut{self.runs}")

    def _play(self, seed: int) -> tuple[list[Model], list[int]]:
        """The workload without a cut, checking a cut at every step's end; the models and write counts."""
        folder, disk = self._fresh()
        rnd = random.Random(seed)
        store = Store(folder / NAME, snapshot_every=10, connect=connector(disk))
        sessions: list[StoredSession] = []
        models, ops = [model_of(sessions)], [disk.ops]
        try:
            for _ in range(self.steps):
                kind, result = _step(store, sessions, rnd)
                self.report.steps += 1
                self.report.acknowledged[kind] += result is not None and not isinstance(result, (Rejection, Problem))
                models.append(model_of(sessions))
                ops.append(disk.ops)
                self._check_boundary(disk, folder, models[-1], seed, len(models) - 1)
        finally:
            store.close()
            disk.unregister()
        return models, ops

    def _play_until_cut(self, seed: int, cut_at: int, keep_some: random.Random | None) -> tuple[int, Path]:
        folder, disk = self._fresh()
        disk.cut_at, disk.keep_some = cut_at, keep_some
        rnd = random.Random(seed)
        store = Store(folder / NAME, snapshot_every=10, connect=connector(disk))
        sessions: list[StoredSession] = []
        done = 0
        try:
            while disk.frozen is None and done < self.steps:
                _step(store, sessions, rnd)
                if disk.frozen is None:
                    done += 1
        finally:
            store.close()
            disk.unregister()
        assert disk.frozen is not None, "the cut fell after the workload"
        return done, _materialize(disk.frozen, folder, self.workdir / f"cut{self.runs}")

    def _check_boundary(self, disk: Disk, folder: Path, model: Model, seed: int, step: int) -> None:
        self.report.boundaries += 1
        codes, found = observe(_materialize(disk.synced(), folder, self.workdir / "boundary"))
        if codes or found != model:
            self.report.lost.append(f"seed {seed}, cut after step {step}: {_difference(model, found, codes)}")


def _materialize(images: dict[str, bytes], folder: Path, out: Path) -> Path:
    """The store's files as the card holds them after the cut, in a folder of their own."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir()
    for name, data in images.items():
        source = Path(name)
        if source.parent == folder:
            (out / source.name).write_bytes(data)
    # The record of acknowledged inputs is written past the VFS, fsynced before each acknowledgement: as on disk.
    record = acked.path_of(folder / NAME)
    if record.exists():
        shutil.copy2(record, acked.path_of(out / NAME))
    return out


def _difference(expected: Model, found: Model, codes: list[str]) -> str:
    parts = [f"the store reported {codes}"] if codes else []
    for sid in sorted(set(expected) | set(found)):
        want, got = expected.get(sid), found.get(sid)
        if want is None or got is None:
            parts.append(f"session {sid} {'appeared' if want is None else 'lost'}")
        elif want != got:
            what = [name for name, a, b in zip(("log", "head", "kept", "state"), want, got, strict=False) if a != b]
            parts.append(f"session {sid}: {', '.join(what)} differ (head {want[1]} acknowledged, {got[1]} found)")
    return "; ".join(parts)
