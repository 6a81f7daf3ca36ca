"""The touch entry of a throw's faces (companion/ui/throw_entry.py): a tap on a face sets the chosen die and
moves on to the next die without one; the throw it gives is the one the engine takes (DR §Monster phase)."""

from __future__ import annotations

from companion.core.flow import Accepted, Source, Throw, ThrowPrompt
from companion.core.messages import Msg
from companion.core.rules import Session, find
from companion.ui.throw_entry import ThrowEntry, die_labels


def prompt(*dice: str) -> ThrowPrompt:
    return ThrowPrompt(dice=dict.fromkeys(dice, "party"), who="x", purpose=Msg("Throw."), rule="DR §Monster phase")


def test_each_face_tapped_sets_the_chosen_die_and_chooses_the_next_without_one() -> None:
    entry = ThrowEntry(prompt("p1", "p2", "p3"))
    assert entry.current == "p1" and not entry.complete
    entry.choose("p3")
    entry.enter("mage")
    assert entry.faces == {"p3": "mage"} and entry.current == "p1"  # wraps round to the first without a face
    entry.enter("fighter")
    assert entry.current == "p2"
    entry.enter("thief")
    assert entry.complete and entry.faces == {"p1": "fighter", "p2": "thief", "p3": "mage"}
    entry.choose("p1")  # a slip corrected: the die tapped again, another face
    entry.enter("cleric")
    assert entry.faces["p1"] == "cleric" and entry.complete
    entry.choose("p9")  # not a die of this throw: nothing changes
    assert entry.current != "p9"


def test_the_throw_names_every_face_as_touched_or_asks_the_app_to_roll() -> None:
    entry = ThrowEntry(prompt("p1", "p2"))
    entry.enter("scroll")
    entry.enter("champion")
    assert entry.throw() == Throw(faces={"p1": "scroll", "p2": "champion"}, source=Source.TOUCH)
    assert ThrowEntry.app_throw() == Throw(source=Source.APP)
    assert [label["en"] for label in die_labels(prompt("p4", "p7")).values()] == ["1", "2"]


def test_the_engine_takes_the_faces_entered_for_its_own_throw_prompt() -> None:
    """DR §Monster phase: the party throw names all seven party dice; entered by touch, it is accepted."""
    session = Session(find("dungeon-roll"), {"heroes": ["spellsword"], "seed": 4})
    asked = session.prompt()
    assert isinstance(asked, ThrowPrompt) and len(asked.dice) == 7
    entry = ThrowEntry(asked)
    for face in ("fighter", "cleric", "mage", "thief", "champion", "scroll", "fighter"):
        entry.enter(face)
    result = session.submit(entry.throw())
    assert isinstance(result, Accepted)
    assert {d: session.state.dice[d].face for d in asked.dice} == entry.faces
