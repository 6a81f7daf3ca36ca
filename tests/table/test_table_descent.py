"""The table serving Descent (issue 12: "The dice are thrown in the tray (each paired die knows its colour)"):
an attack's coloured dice thrown together in the tray answer the engine's one throw prompt, matched by
colour; a throw of the wrong colours is refused whole (R-DR-42's rule for any game's throw) and changes
nothing. Descent seats nobody by tag: its heroes are figures on the map (R-DW-15)."""

from __future__ import annotations

import queue
from pathlib import Path

from companion.core.events import DiceThrown, SettledDie, TagSeen
from companion.core.flow import Act, Source, Throw, ThrowPrompt
from companion.store import Store, StoredSession
from companion.table import Table

MAP = {"id": "duel", "en": "duel", "ar": "مبارزة", "floor": ["....", "...."], "figures": [
    {"id": "ogre", "kind": "monster", "at": [0, 0], "en": "Ogre", "ar": "الغول", "dice": ["red", "blue"]},
    {"id": "hugo", "kind": "hero", "at": [1, 0], "wounds": 12, "en": "Hugo", "ar": "هوغو"}]}


def attacking(tmp_path: Path) -> Table:
    session = Store(tmp_path / "sessions.sqlite3").start("descent", {"map": MAP, "seed": 3})
    assert isinstance(session, StoredSession)
    table = Table(session, queue.Queue())
    assert table.submit(Act(actor="ogre", action="attack", target="hugo")).rejection is None
    assert isinstance(table.prompt, ThrowPrompt) and table.prompt.dice == {"red": "red", "blue": "blue"}
    return table


def test_the_attack_dice_thrown_in_the_tray_are_one_throw_named_by_colour(tmp_path: Path) -> None:
    table = attacking(tmp_path)
    thrown = [SettledDie("T2", "blue", "r1-d2-s0"), SettledDie("T1", "red", "r2-d2-s0")]
    update = table.handle(DiceThrown("tray", thrown))
    assert update.rejection is None and len(update.accepted) == 1, update
    assert table.session.accepted()[-1] == Throw(faces={"red": "r2-d2-s0", "blue": "r1-d2-s0"},  # type: ignore[attr-defined]
                                                 source=Source.TRAY)
    assert table.session.state.figure("hugo").damage == 2 + 2  # red 2 + blue 2, armour 0


def test_a_throw_of_other_colours_is_refused_whole_and_changes_nothing(tmp_path: Path) -> None:
    table = attacking(tmp_path)
    before = table.session.accepted()  # type: ignore[attr-defined]
    update = table.handle(DiceThrown("tray", [SettledDie("T1", "red", "r2-d2-s0"), SettledDie("T3", "white", "blank")]))
    assert update.accepted == [] and [n.code for n in update.notices] == ["wrong-dice"]
    assert "blue" in update.notices[0].msg.text("en")
    assert table.session.accepted() == before  # type: ignore[attr-defined]
    assert isinstance(table.prompt, ThrowPrompt)


def test_a_hero_card_seats_nobody_in_descent(tmp_path: Path) -> None:
    table = attacking(tmp_path)
    update = table.handle(TagSeen(uid="04", token={"game": "descent", "kind": "hero-card", "hero": "hugo"}))
    assert update.accepted == [] and [n.code for n in update.notices] == ["hero-at-table"]
