"""The store, export and import, undo and resume work for a Descent referee session unchanged: the map
travels with the session (its setup), and a stored session replays to the same bytes."""

from __future__ import annotations

from pathlib import Path

from descent_game import RULES

from companion.core.flow import Accepted, Act, Source, Throw
from companion.store import Store, StoredSession
from companion.store.export import dump, import_file
from companion.store.session import Undone


def test_a_stored_descent_session_exports_imports_undoes_and_resumes(tmp_path: Path) -> None:
    with Store(tmp_path / "s.db") as store:
        session = store.start("descent", {"map": "boulder-run", "seed": 4})
        assert isinstance(session, StoredSession)
        for inp in (Act(actor="overlord", action="overlord"), Throw(), Throw(),
                    Throw(faces={"red": "miss", "yellow": "r1-d1-s0"}, source=Source.TOUCH),
                    Act(actor="grisban", action="move", target="0,3")):
            assert isinstance(session.submit(inp), Accepted), inp
        path = tmp_path / "session.yaml"
        path.write_text(dump(session), encoding="utf-8")
        imported = import_file(store, path)
        assert isinstance(imported, tuple) and imported[1] == []
        assert RULES.encode(imported[0].state) == RULES.encode(session.state)
        before = RULES.encode(session.rebuild(len(session.accepted()) - 1))
        assert isinstance(session.undo(), Undone)
        assert RULES.encode(session.state) == before
    with Store(tmp_path / "s.db") as reopened:
        again = reopened.resume(session.id)
        assert isinstance(again, StoredSession) and RULES.encode(again.state) == before
