"""The session store: every accepted input saved before its result is shown, resume, undo, export.

`Store(path)` opens (or creates) the SQLite file; `store.problems` says what was wrong with it, if
anything. `store.start(game, setup)` and `store.resume(id)` give a `StoredSession`, which plays like
`companion.core.rules.Session` and adds `undo()` and `redo()`.

Durability: journal mode WAL with `synchronous=FULL`, so the write-ahead log is fsynced at every commit
and an input acknowledged to the table survives a power cut (NORMAL could roll the last ones back);
the reasons are in `companion.store.db` and `docs/store.md`, with the undo ruling R-STORE-1. A damaged
write-ahead log is found before SQLite drops it (`companion.store.wal`), and every file the store cannot
use is kept in the quarantine folder beside it; `docs/store.md` says what survives a process kill, a
power cut and a damaged SD card, each with its test.
"""

from companion.store.db import Problem
from companion.store.session import SessionInfo, Store, StoredSession, Undone

__all__ = ["Problem", "SessionInfo", "Store", "StoredSession", "Undone"]
