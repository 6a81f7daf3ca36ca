"""Descent's referee on the screen keeps every event of a ruling as a result its panel shows (issue 21: the
explorer found a figure's turn begun, "Big monster 1's turn begins: 0 bleed tokens and 0 daze tokens.", on no
screen: the Covenant's referee took it for an echo of the choice, which only the Covenant's screen shows)."""

from __future__ import annotations

import queue
from pathlib import Path

from companion.core.flow import Act, ThrowPrompt
from companion.store import Store, StoredSession
from companion.table import Table
from companion.ui.games import TABLE_GAMES

MAP = {"id": "duel", "en": "duel", "ar": "مبارزة", "floor": ["....", "...."], "figures": [
    {"id": "ogre", "kind": "monster", "at": [0, 0], "en": "Ogre", "ar": "الغول", "dice": ["red", "blue"]},
    {"id": "hugo", "kind": "hero", "at": [1, 0], "wounds": 12, "en": "Hugo", "ar": "هوغو"}]}


def test_a_turn_begun_and_an_attack_declared_are_results_on_the_screen(tmp_path: Path) -> None:
    """R-DW-15 (the referee is told whose turn begins), base game: dice (an attack is declared, then rolled)."""
    with Store(tmp_path / "sessions.sqlite3") as store:
        session = store.start("descent", {"map": MAP, "seed": 3})
        assert isinstance(session, StoredSession)
        referee = TABLE_GAMES["descent"].referee(Table(session, queue.Queue()))
        assert referee.submit(Act("ogre", "start_turn"))
        assert [e.kind for e in referee.shown] == ["turn"]
        assert referee.shown[0].msg.text("en") == "Ogre's turn begins: 0 bleed tokens and 0 daze tokens."
        referee.next()
        assert referee.submit(Act("ogre", "attack", "hugo"))
        assert isinstance(referee.table.prompt, ThrowPrompt)
        assert "attack" in [e.kind for e in referee.steps] and referee.echo is None
