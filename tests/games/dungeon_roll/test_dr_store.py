"""The store, `companion sessions export/import` and undo work for Dungeon Roll unchanged: a stored game
replays to the same bytes (issue 11, "Dice and randomness")."""

from __future__ import annotations

import random
from pathlib import Path

from dr_game import RULES, legal

from companion.core.flow import Accepted, Act
from companion.store import Store, StoredSession
from companion.store.export import dump, import_file
from companion.store.session import Undone


def test_a_stored_dungeon_roll_game_exports_imports_and_undoes(tmp_path: Path) -> None:
    rnd = random.Random(5)
    with Store(tmp_path / "s.db") as store:
        session = store.start("dungeon-roll", {"heroes": ["knight", "enchantress"], "seed": 5})
        assert isinstance(session, StoredSession)
        while not session.state.outcome:
            assert isinstance(session.submit(legal(session.state, rnd)), Accepted)
        path = tmp_path / "game.yaml"
        path.write_text(dump(session), encoding="utf-8")
        imported = import_file(store, path)
        assert isinstance(imported, tuple) and imported[1] == []
        assert RULES.encode(imported[0].state) == RULES.encode(session.state)
        last = max(i for i, inp in enumerate(session.accepted()) if isinstance(inp, Act))
        before = RULES.encode(session.rebuild(last))
        undone = session.undo()
        assert isinstance(undone, Undone) and RULES.encode(session.state) == before
    with Store(tmp_path / "s.db") as reopened:
        again = reopened.resume(session.id)
        assert isinstance(again, StoredSession) and RULES.encode(again.state) == before
