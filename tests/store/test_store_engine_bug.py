"""A bug in the engine met while a stored session is replayed (resume) does not stop the app: the session
is reported as one that cannot be resumed, and its data stays in the store for `sessions export`.

The bug is a deliberate one: the real engine with `apply` broken for one input, as in the table's test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.flow import Act, Event, Input, Rejection
from companion.games.covenant.engine import CovenantRules
from companion.games.covenant.state import GameState
from companion.store import Store, StoredSession
from companion.store import session as stored
from companion.store.db import Problem

MOVE = Act(actor="knight", action="move", target="m2")


class MoveRaises(CovenantRules):
    def apply(self, state: GameState, inp: Input) -> list[Event] | Rejection:
        if inp == MOVE:
            raise KeyError("m2")
        return super().apply(state, inp)


def test_an_engine_bug_while_resuming_is_a_session_that_cannot_resume(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "sessions.sqlite3"
    with Store(path) as store:
        session = store.start("covenant", {"heroes": ["knight"], "seed": 4})
        assert isinstance(session, StoredSession)
        assert not isinstance(session.submit(MOVE), Rejection)
        sid = session.id
    monkeypatch.setattr(stored, "find", lambda game: MoveRaises())
    with Store(path) as store:
        problem = store.resume(sid)
        assert isinstance(problem, Problem) and problem.code == "cannot-resume"
        assert "input 1" in problem.msg.text("en")
        [row] = store.conn.execute("SELECT COUNT(*) FROM inputs WHERE session = ?", (sid,)).fetchall()
        assert row == (1,)
