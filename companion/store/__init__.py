"""The session store: every accepted input saved before its result is shown, resume, undo, export.

`Store(path)` opens (or creates) the SQLite file; `store.problems` says what was wrong with it, if
anything. `store.start(game, setup)` and `store.resume(id)` give a `StoredSession`, which plays like
`companion.core.rules.Session` and adds `undo()` and `redo()`. Durability and the undo ruling are
explained in `companion.store.db`, `companion.store.session` and `docs/store.md`.
"""

from companion.store.db import Problem
from companion.store.session import SessionInfo, Store, StoredSession, Undone

__all__ = ["Problem", "SessionInfo", "Store", "StoredSession", "Undone"]
