"""Opening the session database: durability settings, the schema and its migrations, and bad files.

Journal mode WAL with `synchronous=FULL`. In WAL mode a commit appends to the write-ahead log; with
FULL, SQLite fsyncs the log at every commit, so an input that `submit` has acknowledged survives a
power cut, not only a crash of the process. NORMAL would fsync only at checkpoints: still consistent
after a power cut, but the last inputs could roll back — exactly the ones the table just saw. Inputs
come at the pace of people at a table (seconds apart), so one fsync each costs nothing anyone can
notice (see `companion bench`). WAL rather than a rollback journal: a commit is one sequential append
(kinder to an SD card) and readers never block the writer.

The schema version is SQLite's `user_version`; `MIGRATIONS[n]` takes a database from version n-1 to n,
in one transaction. A file that is not a database, is corrupt or truncated, or was written by a newer
version is never deleted and never reopened in a loop: it is renamed aside (with its `-wal` file) and
a fresh store starts, with a problem message saying where the old file went. When no file can be
written at all (a read-only or full disk), the store runs in memory and says that nothing is saved.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from companion.core.messages import Msg

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


@dataclass(frozen=True)
class Problem:
    """Something wrong with the stored sessions, for the screen (`msg`) and the log (`code`)."""

    code: str
    msg: Msg


@dataclass
class Opened:
    conn: sqlite3.Connection
    path: str
    durable: bool
    problems: list[Problem] = field(default_factory=list)


class NewerSchema(Exception):
    def __init__(self, version: int) -> None:
        super().__init__(f"schema version {version}, newer than {SCHEMA_VERSION}")
        self.version = version


def open_db(path: Path | str) -> Opened:
    """The store at `path`, migrated to the current schema; never raises for a bad file or disk."""
    if str(path) == MEMORY:
        return Opened(_connect(MEMORY), MEMORY, durable=False)
    path = Path(path).expanduser()
    problems: list[Problem] = []
    try:
        return _open_or_set_aside(path, problems)
    except (sqlite3.Error, OSError, NewerSchema) as exc:
        return _in_memory(path, problems, exc)


def _open_or_set_aside(path: Path, problems: list[Problem]) -> Opened:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return Opened(_connect(str(path)), str(path), durable=True, problems=problems)
    except NewerSchema as exc:
        aside = set_aside(path, f"schema{exc.version}")
        problems.append(Problem("newer-schema", Msg(
            "The saved sessions were written by a newer version of Crypt Companion (store version {found}; this one "
            "reads up to {known}). They were kept as {file}: update the app to resume them.",
            {"found": exc.version, "known": SCHEMA_VERSION, "file": aside.name})))
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorname", "") not in _CORRUPT and not isinstance(exc, _Corrupt):
            raise
        aside = set_aside(path, "corrupt")
        problems.append(Problem("corrupt", Msg(
            "The session store was damaged ({detail}). It was kept as {file} for repair, and a new store was "
            "started.", {"detail": str(exc), "file": aside.name})))
    return Opened(_connect(str(path)), str(path), durable=True, problems=problems)


def inspect(path: Path) -> str | None:
    """What is wrong with a store file, read without changing it (for `companion doctor`); None if sound."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            version: int = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                return f"written by a newer version of the app (schema {version}, this one reads {SCHEMA_VERSION})"
            check = [row[0] for row in conn.execute("PRAGMA quick_check")]
            return None if check == ["ok"] else f"damaged: {'; '.join(check[:3])}"
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        return f"not a readable database: {exc}"


class _Corrupt(sqlite3.DatabaseError):
    """`quick_check` found damage that opening the file did not."""


def _connect(target: str) -> sqlite3.Connection:
    conn = sqlite3.connect(target, isolation_level=None, timeout=5.0, check_same_thread=False)
    try:
        # Read-only checks first, so that a file this version must not use is set aside unchanged.
        version: int = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise NewerSchema(version)
        if target != MEMORY:
            check = [row[0] for row in conn.execute("PRAGMA quick_check")]
            if check != ["ok"]:
                raise _Corrupt("; ".join(check[:3]))
            mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if mode != "wal":
                raise sqlite3.OperationalError(f"journal mode {mode}, not wal")
            conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        migrate(conn)
    except BaseException:
        conn.close()
        raise
    return conn


def migrate(conn: sqlite3.Connection) -> None:
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


def set_aside(path: Path, reason: str) -> Path:
    """Rename a store that cannot be used (and its write-ahead log) so that nothing is lost."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.{reason}-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.{reason}-{stamp}-{n}")
    for suffix in ("", "-wal", "-shm"):
        source = Path(f"{path}{suffix}")
        if source.exists():
            source.rename(f"{aside}{suffix}")
    return aside


def _in_memory(path: Path, problems: list[Problem], exc: BaseException) -> Opened:
    problems.append(Problem("not-saved", Msg(
        "The session store {file} cannot be written ({detail}): this game is played without being saved. "
        "Run companion doctor.", {"file": str(path), "detail": str(exc)})))
    return Opened(_connect(MEMORY), MEMORY, durable=False, problems=problems)
