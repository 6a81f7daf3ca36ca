"""Rulings R-STORE-1 and R-STORE-2 for a throw of several named dice (Dungeon Roll): dice thrown before an
undo stay thrown. Taking the same decision again, the recorded throw is the only one accepted, never a new
throw of the same dice; a different decision that asks for the same throw (the same dice, for the same
purpose, in the same level) gets the faces that came out, named, even when the app threw them; and the
throw lapses when its level is over (ruling R-DR-43)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.flow import Accepted, Act, Rejection, Source, Throw, ThrowPrompt
from companion.store import Store, StoredSession, Undone

PARTY = {"p1": "fighter", "p2": "cleric", "p3": "mage", "p4": "thief", "p5": "champion", "p6": "scroll",
         "p7": "scroll"}
HERO = "spellsword"
FACES = ("goblin", "skeleton", "ooze", "chest", "potion", "dragon")


def ok(result: Accepted | Rejection) -> Accepted:
    assert isinstance(result, Accepted), result
    return result


def other_faces(faces: dict[str, str]) -> dict[str, str]:
    """Faces of the same dice, each different from `faces`."""
    return {die: next(f for f in FACES if f != face) for die, face in faces.items()}


def faces_now(session: StoredSession, dice: list[str]) -> dict[str, str]:
    return {die: session.state.dice[die].face for die in dice}


@pytest.fixture
def level_two(tmp_path: Path) -> StoredSession:
    """A solo delve at level 2, a goblin and a skeleton in the dungeon, two scrolls in the party."""
    store = Store(tmp_path / "sessions.sqlite3", snapshot_every=5)
    session = store.start("dungeon-roll", {"heroes": [HERO], "seed": 3})
    assert isinstance(session, StoredSession)
    ok(session.submit(Throw(faces=PARTY, source=Source.TRAY)))
    ok(session.submit(Throw(faces={"d1": "goblin"}, source=Source.TRAY)))
    ok(session.submit(Act(actor=HERO, action="fight", target="p1", args={"monsters": "d1"})))
    ok(session.submit(Act(actor=HERO, action="seek")))
    ok(session.submit(Throw(faces={"d1": "goblin", "d2": "skeleton"}, source=Source.TRAY)))
    return session


def read_scroll(session: StoredSession, scroll: str) -> None:
    ok(session.submit(Act(actor=HERO, action="scroll", target=scroll, args={"dice": "d1 d2"})))
    prompt = session.prompt()
    assert isinstance(prompt, ThrowPrompt) and sorted(prompt.dice) == ["d1", "d2"]


def test_the_same_decision_again_takes_only_the_recorded_app_throw(level_two: StoredSession) -> None:
    session = level_two
    read_scroll(session, "p7")
    ok(session.submit(Throw()))  # the app throws the two dice
    shown = faces_now(session, ["d1", "d2"])
    assert isinstance(session.undo(), Undone)
    read_scroll(session, "p7")  # the same decision: a redo
    assert session.kept_result() == Throw()
    refused = session.submit(Throw(faces=other_faces(shown), source=Source.TRAY))
    assert isinstance(refused, Rejection) and refused.code == "kept-result" and refused.rule == "R-STORE-1"
    assert refused.msg.text("en") == "These dice were already thrown before the undo: that throw stands."
    assert refused.msg.text("ar") != refused.msg.text("en")
    ok(session.submit(Throw()))
    assert faces_now(session, ["d1", "d2"]) == shown


def test_another_decision_asking_for_the_same_throw_gets_the_faces_that_came_out(level_two: StoredSession) -> None:
    session = level_two
    read_scroll(session, "p7")
    ok(session.submit(Throw()))
    shown = faces_now(session, ["d1", "d2"])
    undone = session.undo()
    assert isinstance(undone, Undone)
    said = [m.text("en") for m in undone.put_back]
    # The dice by kind and the faces they show, never the engine's die ids (d1, d2).
    faces = ", ".join(shown[die] for die in ("d1", "d2"))
    assert f"The same choice again: the throw of dungeon die ×2 stands as it came out, {faces}. " in " ".join(said)
    read_scroll(session, "p6")  # another scroll: a different decision, the same throw
    kept = session.kept_result()
    assert kept == Throw(faces=shown, source=Source.APP)
    refused = session.submit(Throw(faces=other_faces(shown), source=Source.TRAY))
    assert isinstance(refused, Rejection) and refused.code == "kept-result"
    assert refused.msg.text("en") == (f"These dice were already thrown before the undo and showed {faces}: "
                                      "that throw stands.")
    resumed = session.store.resume(session.id)
    assert isinstance(resumed, StoredSession) and resumed.kept_result() == kept
    ok(resumed.submit(kept))
    assert faces_now(resumed, ["d1", "d2"]) == shown


def test_a_throw_from_the_tray_is_kept_as_it_came_out(level_two: StoredSession) -> None:
    session = level_two
    read_scroll(session, "p7")
    thrown = {"d1": "ooze", "d2": "chest"}
    ok(session.submit(Throw(faces=thrown, source=Source.TRAY)))
    assert isinstance(session.undo(), Undone)
    read_scroll(session, "p6")
    assert session.kept_result() == Throw(faces=thrown, source=Source.TRAY)
    assert isinstance(session.submit(Throw()), Rejection)


def test_a_kept_throw_lapses_when_its_level_is_over(level_two: StoredSession) -> None:
    """R-DR-43: the level's dungeon throw, undone with the decision to seek glory, does not answer the next
    delve's throw of the same dice once the player retires instead."""
    session = level_two
    assert isinstance(session.undo(), Undone)  # back to the regroup choice of level 1, the level-2 throw kept
    ok(session.submit(Act(actor=HERO, action="retire")))
    assert session.kept_result() is None
    ok(session.submit(Throw(faces=PARTY, source=Source.TRAY)))  # the next delve's party
    ok(session.submit(Throw(faces={"d1": "goblin"}, source=Source.TRAY)))
    assert session.kept == []
