"""Opening the session database: durability settings, the schema and its migrations, and bad files.

Journal mode WAL with `synchronous=FULL`. In WAL mode a commit appends to the write-ahead log; with
FULL, SQLite fsyncs the log at every commit, so an input that `submit` has acknowledged survives a
power cut, not only a crash of the process. NORMAL would fsync only at checkpoints: still consistent
after a power cut, but the last inputs could roll back — exactly the ones the table just saw. Inputs
come at the pace of people at a table (seconds apart), so one fsync each costs nothing anyone can
notice (see `companion bench`). WAL rather than a rollback journal: a commit is one sequential append
(kinder to an SD card) and readers never block the writer.

The schema version is SQLite's `user_version`; `MIGRATIONS[n]` takes a database from version n-1 to n,
in one transaction. A file that is not a database, is corrupt, truncated or empty, or was written by a
newer version is never deleted and never reopened in a loop: it is moved (with its `-wal` file) into the
quarantine folder beside it (`sessions.sqlite3.quarantine/`) and a fresh store starts, with a problem
message saying where the old file went. A new store is built under another name and renamed into place,
so an empty file at the store's path is never a store that was just being created. A damaged
write-ahead log is found before SQLite drops its later frames (`companion.store.wal`); the frames are
kept in the quarantine folder and the table is told what was lost. A store file (or folder) this user
may not write opens read-only and says so; when no file can be written at all, the store runs in memory
and says that nothing is saved.

The connection comes from a factory (`Connect`): the standard library's `sqlite3` here, and in the
power-cut test a connection through an SQLite VFS that drops unsynced writes; the store's own logic is
the same for both.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.core.messages import Msg
from companion.store import acked, wal

MEMORY = ":memory:"

MIGRATIONS: dict[int, list[str]] = {
    1: [
        """CREATE TABLE sessions (
               id INTEGER PRIMARY KEY,
               game TEXT NOT NULL,
               setup BLOB NOT NULL,
               created REAL NOT NULL,
               updated REAL NOT NULL,
               outcome TEXT)""",
        """CREATE TABLE inputs (
               session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
               seq INTEGER NOT NULL,
               input BLOB NOT NULL,
               at REAL NOT NULL,
               PRIMARY KEY (session, seq)) WITHOUT ROWID""",
        """CREATE TABLE snapshots (
               session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
               seq INTEGER NOT NULL,
               state BLOB NOT NULL,
               PRIMARY KEY (session, seq)) WITHOUT ROWID""",
    ],
    # Undo and redo: the position in the log (inputs after it can be redone) and the dice and cards
    # kept from an abandoned stretch (ruling R-STORE-1). A version-1 session sits at its last input.
    2: [
        "ALTER TABLE sessions ADD COLUMN head INTEGER NOT NULL DEFAULT 0",
        "UPDATE sessions SET head = (SELECT COALESCE(MAX(seq), 0) FROM inputs WHERE inputs.session = sessions.id)",
        """CREATE TABLE kept (
               session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
               n INTEGER NOT NULL,
               input BLOB NOT NULL,
               PRIMARY KEY (session, n)) WITHOUT ROWID""",
    ],
}
SCHEMA_VERSION = max(MIGRATIONS)

_CORRUPT = {"SQLITE_CORRUPT", "SQLITE_NOTADB"}
SYNCHRONOUS = "FULL"
# A checkpoint (the log copied into the database, then truncated) after this many commits: a damaged log
# can then cost at most the changes since the last one, and an SD card holds a short log.
CHECKPOINT_EVERY = 20

Connect = Callable[[str, bool], Any]
"""A connection factory: (path or ":memory:", read_only) -> an open connection with the `sqlite3` API in
autocommit mode (the store begins and commits its own transactions)."""


def sqlite_connect(target: str, read_only: bool) -> sqlite3.Connection:
    if read_only:
        # SQLite reads a WAL database read-only only where it may create the `-shm` file. In a folder it may
        # not write, with no log to read, the file is opened as immutable (nothing can change it from here).
        log = Path(f"{target}-wal")
        unlogged = not log.exists() or log.stat().st_size == 0
        mode = "immutable=1" if unlogged and not os.access(Path(target).parent, os.W_OK) else "mode=ro"
        return sqlite3.connect(f"{Path(target).as_uri()}?{mode}", uri=True, isolation_level=None, timeout=5.0,
                               check_same_thread=False)
    return sqlite3.connect(target, isolation_level=None, timeout=5.0, check_same_thread=False)


@dataclass(frozen=True)
class Problem:
    """Something wrong with the stored sessions, for the screen (`msg`) and the log (`code`)."""

    code: str
    msg: Msg


@dataclass
class Opened:
    conn: Any
    path: str
    durable: bool
    problems: list[Problem] = field(default_factory=list)
    read_only: bool = False


class NewerSchema(Exception):
    def __init__(self, version: int) -> None:
        super().__init__(f"schema version {version}, newer than {SCHEMA_VERSION}")
        self.version = version


def open_db(path: Path | str, connect: Connect = sqlite_connect) -> Opened:
    """The store at `path`, migrated to the current schema; never raises for a bad file or disk."""
    if str(path) == MEMORY:
        return Opened(_connect(connect, MEMORY), MEMORY, durable=False)
    problems: list[Problem] = []
    try:
        # A path from a caller that did not read it through the settings' schema may still name no file: a
        # NUL (ValueError), a home folder that does not exist (RuntimeError), too long a name (OSError).
        path = Path(path).expanduser()
        path.parent.mkdir(parents=True, exist_ok=True)
        refused = _not_writable(path)
        if refused is not None:
            return _read_only(path, connect, refused, problems)
        if path.exists() and path.stat().st_size == 0:
            aside = set_aside(path, "empty")
            problems.append(Problem("empty-file", Msg(
                "The session store was an empty file: the sessions it held are gone (the card or a copy lost "
                "them). It was kept as {file}, and a new store was started.", {"file": _shown(path, aside)})))
        return _open_or_set_aside(path, connect, problems)
    except (sqlite3.Error, OSError, ValueError, RuntimeError, NewerSchema) as exc:
        return _in_memory(Path(path), connect, problems, exc)


def _not_writable(path: Path) -> str | None:
    """Why this user may not change the store (a backup restored as another user, a read-only card)."""
    if not path.exists():
        return None
    for file in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        if file.exists() and not os.access(file, os.W_OK):
            return f"{file.name} is read-only"
    if not os.access(path.parent, os.W_OK | os.X_OK):
        return f"the folder {path.parent} is read-only"
    return None


def _read_only(path: Path, connect: Connect, reason: str, problems: list[Problem]) -> Opened:
    conn = _connect(connect, str(path), read_only=True)
    problems.append(Problem("read-only", Msg(
        "The session store {file} cannot be changed ({detail}): its sessions can be looked at and exported, "
        "but nothing new is saved. Give it back to this user (run companion doctor).",
        {"file": str(path), "detail": reason})))
    problems += [problem for problem, _ in shortened(conn, path)]
    return Opened(conn, str(path), durable=False, problems=problems, read_only=True)


def _open_or_set_aside(path: Path, connect: Connect, problems: list[Problem]) -> Opened:
    log = _read_log(path)
    kept = _keep_suspect_log(path, log)
    if not path.exists():
        _create(path, connect)
    try:
        conn = _connect(connect, str(path))
    except NewerSchema as exc:
        aside = set_aside(path, f"schema{exc.version}")
        problems.append(Problem("newer-schema", Msg(
            "The saved sessions were written by a newer version of Crypt Companion (store version {found}; this one "
            "reads up to {known}). They were kept as {file}: update the app to resume them.",
            {"found": exc.version, "known": SCHEMA_VERSION, "file": _shown(path, aside)})))
        _create(path, connect)
        return Opened(_connect(connect, str(path)), str(path), durable=True, problems=problems)
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorname", "") not in _CORRUPT and not isinstance(exc, _Corrupt):
            raise
        aside = set_aside(path, "corrupt")
        problems.append(Problem("corrupt", Msg(
            "The session store was damaged ({detail}). It was kept as {file} for repair, and a new store was "
            "started.", {"detail": str(exc), "file": _shown(path, aside)})))
        _create(path, connect)
        return Opened(_connect(connect, str(path)), str(path), durable=True, problems=problems)
    if log is not None:
        problem = _compare_log(conn, path, log, kept)
        if problem is not None:
            problems.append(problem)
    lost = shortened(conn, path)
    problems += [problem for problem, _ in lost]
    if lost:  # reported once: the record now vouches for what the store holds
        acked.Record(path).rewrite([entry for _, entry in lost])
    checkpoint(conn)
    return Opened(conn, str(path), durable=True, problems=problems)


def _read_log(path: Path) -> wal.Log | None:
    try:
        data = Path(f"{path}-wal").read_bytes()
    except FileNotFoundError:
        return None
    return wal.read(data, wal.page_size_of(path)) if data else None


def _keep_suspect_log(path: Path, log: wal.Log | None, force: bool = False) -> Path | None:
    """The database and its log copied, untouched, into the quarantine folder when the log holds commits a
    recovery would drop (before SQLite opens it: its next commit may overwrite them)."""
    if log is None or not (force or log.commits_after(log.recoverable)):
        return None
    folder = _fresh(quarantine(path) / f"wal-{time.strftime('%Y%m%d-%H%M%S')}")
    folder.mkdir(parents=True)
    if path.exists():
        shutil.copy2(path, folder / path.name)
    (folder / f"{path.name}-wal").write_bytes(log.data)
    return folder


def _compare_log(conn: Any, path: Path, log: wal.Log, kept: Path | None) -> Problem | None:
    """SQLite's count of the frames it recovered against the commits the log held: a problem naming the loss."""
    frames = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()[1]
    lost = log.commits_after(max(frames, 0))
    if not lost:
        if kept is not None:  # a log being written while it was read, not a damaged one
            shutil.rmtree(kept, ignore_errors=True)
            with contextlib.suppress(OSError):
                kept.parent.rmdir()
        return None
    if kept is None:  # SQLite kept less than the checksums promised (the file changed while it was read)
        kept = _keep_suspect_log(path, log, force=True)
    assert kept is not None
    sessions = "?"
    try:
        database = kept / path.name
        salvaged = kept / f"{path.name}.salvaged"
        wal.salvage(database.read_bytes() if database.exists() else b"", log, salvaged)
        sessions = ", ".join(str(s) for s in _sessions_differing(conn, salvaged)) or "?"
    except (OSError, sqlite3.Error):
        pass  # the damaged files are kept all the same; only the list of sessions is unknown
    if len(lost) == 1:
        # One commit, the last, torn: what a power cut during a commit leaves when the disk wrote its pages out
        # of order, as well as what a damaged card may leave. Either way the table is told, more softly.
        return Problem("wal-last-change", Msg(
            "The last change saved before the app stopped could not be read back (session {sessions}): if the "
            "power went off while it was being saved, it had not yet been shown as done; if not, the card damaged "
            "it. The log was kept in {folder}.", {"sessions": sessions, "folder": _shown(path, kept)}))
    return Problem("wal-damaged", Msg(
        "The card damaged the log of the last saved changes: {count} of them could not be read back (sessions "
        "{sessions}). Those sessions are as they were before the damage, and everything before it was kept. "
        "The damaged files were kept in {folder} for repair.",
        {"count": len(lost), "sessions": sessions, "folder": _shown(path, kept)}))


def _sessions_differing(conn: Any, salvaged: Path) -> list[int]:
    query = ("SELECT id, head, (SELECT COUNT(*) FROM inputs WHERE inputs.session = sessions.id) FROM sessions "
             "ORDER BY id")
    other = sqlite3.connect(f"{salvaged.as_uri()}?immutable=1", uri=True)
    try:
        theirs = {row[0]: tuple(row) for row in other.execute(query)}
    finally:
        other.close()
    ours = {row[0]: tuple(row) for row in conn.execute(query).fetchall()}
    return sorted(i for i in set(theirs) | set(ours) if theirs.get(i) != ours.get(i))


def shortened(conn: Any, path: Path) -> list[tuple[Problem, acked.Acked]]:
    """Each session whose last acknowledged input (`companion.store.acked`) the store no longer holds: the
    problem naming it, and the session's slot as the store now stands (read before the database, so that a
    commit acknowledged meanwhile by another process is found in it)."""
    out: list[tuple[Problem, acked.Acked]] = []
    for entry in acked.read(path).values():
        row = conn.execute("SELECT CAST(head AS INTEGER) FROM sessions WHERE id = ?", (entry.session,)).fetchone()
        if row is None:
            out.append((Problem("log-shortened", Msg(
                "Session {session}, saved up to input {input} and shown as done, is missing from the store: the "
                "card dropped the end of the store's log. Start that game again.",
                {"session": entry.session, "input": entry.head})), acked.Acked(entry.session, -1, acked.digest(None))))
            continue
        head = int(row[0] or 0)
        found = conn.execute("SELECT CAST(input AS BLOB) FROM inputs WHERE session = ? AND seq = ?",
                             (entry.session, entry.head)).fetchone()
        if entry.head == 0 or (found is not None and acked.holds(bytes(found[0] or b""), entry)):
            continue
        now = conn.execute("SELECT CAST(input AS BLOB) FROM inputs WHERE session = ? AND seq = ?",
                           (entry.session, head)).fetchone()
        out.append((Problem("log-shortened", Msg(
            "Session {session} lost input {input}, which had been saved and shown as done: the card dropped the end "
            "of the store's log. The game now stands at input {head}: play again what came after it.",
            {"session": entry.session, "input": entry.head, "head": head})),
            acked.Acked(entry.session, head, acked.digest(bytes(now[0] or b"") if now is not None else None))))
    return out


def checkpoint(conn: Any) -> None:
    """Copy the log into the database and truncate it (a reader still busy only postpones it)."""
    with contextlib.suppress(sqlite3.Error):
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()


def _create(path: Path, connect: Connect) -> None:
    """A new, empty store built under another name, synced, then renamed into place: a crash leaves either
    no store or a whole one, never an empty file at the store's path."""
    building = path.with_name(f"{path.name}.new")
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{building}{suffix}").unlink(missing_ok=True)
    _connect(connect, str(building)).close()
    with building.open("rb+") as handle:
        os.fsync(handle.fileno())
    building.rename(path)
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def inspect(path: Path) -> str | None:
    """What is wrong with a store file, read without changing it (for `companion doctor`); None if sound."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            version: int = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                return f"written by a newer version of the app (schema {version}, this one reads {SCHEMA_VERSION})"
            check = [row[0] for row in conn.execute("PRAGMA quick_check")]
            if check != ["ok"]:
                return f"damaged: {'; '.join(check[:3])}"
            lost = [problem.msg.fields for problem, _ in shortened(conn, path)]
            named = "; ".join(f"session {f['session']}, input {f['input']}" for f in lost[:20])
            return f"missing acknowledged inputs (the card dropped the end of its log): {named}" if lost else None
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        return f"not a readable database: {exc}"


class _Corrupt(sqlite3.DatabaseError):
    """`quick_check` found damage that opening the file did not."""


def _connect(connect: Connect, target: str, read_only: bool = False) -> Any:
    conn = connect(target, read_only)
    try:
        # Read-only checks first, so that a file this version must not use is set aside unchanged.
        version: int = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise NewerSchema(version)
        if target != MEMORY:
            check = [row[0] for row in conn.execute("PRAGMA quick_check").fetchall()]
            if check != ["ok"]:
                raise _Corrupt("; ".join(check[:3]))
        if read_only:
            return conn
        if target != MEMORY:
            mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if mode != "wal":
                raise sqlite3.OperationalError(f"journal mode {mode}, not wal")
            conn.execute(f"PRAGMA synchronous={SYNCHRONOUS}")
        conn.execute("PRAGMA foreign_keys=ON")
        migrate(conn)
    except BaseException:
        conn.close()
        raise
    return conn


def migrate(conn: Any) -> None:
    version: int = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise NewerSchema(version)
    for target in range(version + 1, SCHEMA_VERSION + 1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATIONS[target]:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version={target}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise


def quarantine(path: Path) -> Path:
    """The folder beside the store where every file it could not use is kept."""
    return path.with_name(f"{path.name}.quarantine")


def _fresh(candidate: Path) -> Path:
    n, out = 1, candidate
    while out.exists() or Path(f"{out}-wal").exists():
        n += 1
        out = candidate.with_name(f"{candidate.name}-{n}")
    return out


def _shown(path: Path, aside: Path) -> str:
    return str(aside.relative_to(path.parent))


def set_aside(path: Path, reason: str) -> Path:
    """Move a store that cannot be used (and its write-ahead log) into the quarantine folder, so that nothing
    is lost and the next boot does not find it again."""
    quarantine(path).mkdir(exist_ok=True)
    aside = _fresh(quarantine(path) / f"{path.name}.{reason}-{time.strftime('%Y%m%d-%H%M%S')}")
    for suffix in ("", "-wal", "-shm", acked.SUFFIX):
        source = Path(f"{path}{suffix}")
        if source.exists():
            source.rename(f"{aside}{suffix}")
    return aside


def _in_memory(path: Path, connect: Connect, problems: list[Problem], exc: BaseException) -> Opened:
    problems.append(Problem("not-saved", Msg(
        "The session store {file} cannot be written ({detail}): this game is played without being saved. "
        "Run companion doctor.", {"file": str(path), "detail": str(exc)})))
    return Opened(_connect(connect, MEMORY), MEMORY, durable=False, problems=problems)
