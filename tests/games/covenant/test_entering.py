"""Entering spaces — rulebook "Shard guardians" (the guardian stays dormant «حتى يبدأ التصرف … من مرحلة
الوحوش التالية لأول هجوم عليه أو لدخول أي بطل قاعته»), "Exploration" (the hall lock), "Your turn" (the
movement cap); rulings R-TURN-4 (the path of a move) and R-GUARD-6 (crossing the hall).

Every space a hero passes through is entered, not only where the move ends."""

from __future__ import annotations

from covenant_game import Game

from companion.core.flow import Act

OPEN = {"unrevealed": ["room5", "room6", "t8"],
        "revealed": {"room1": "z1-event-1", "room2": "z1-event-2", "room3": "z1-combat-1", "room4": "z1-trap-1"}}
LOCKED = {"unrevealed": ["room4", "room5", "room6", "t8"],
          "revealed": {"room1": "z1-event-1", "room2": "z1-event-2", "room3": "z1-trap-1"}}


def test_walking_through_the_guardians_hall_provokes_it() -> None:
    """§Shard guardians, R-GUARD-6: on the Castle m8 and b8 are joined only through the hall; a hero who
    moves from one to the other enters the hall on the way, and the guardian acts from the next monster
    phase."""
    g = Game(["knight"], {"heroes": {"knight": {"space": "m8"}}, "board": OPEN})
    g.act("knight", "move", "b8")
    assert g.s.heroes["knight"].space == "b8" and g.s.heroes["knight"].moved == 2
    assert g.s.guardian.provoked
    [stir] = [e for e in g.events if e.kind == "guardian-provoked"]
    assert stir.rule == "R-GUARD-6"
    assert "Exiled Knight passes through Hollow King's hall: it stirs and acts from the next monster phase." \
        in g.texts()


def test_a_move_with_an_equally_short_way_around_the_hall_does_not_cross_it() -> None:
    """R-TURN-4: among the shortest ways the one outside the hall is taken; only the spaces counted are
    entered. m7 → b8 is 3 through the hall (m8, hall, b8) and 3 around it (room6, b7, b8)."""
    board = {"unrevealed": ["room5", "t8"], "revealed": {**OPEN["revealed"], "room6": "z1-event-1"}}
    g = Game(["knight"], {"heroes": {"knight": {"space": "m7"}}, "board": board})
    g.act("knight", "move", "b8")
    assert g.s.heroes["knight"].moved == 3 and not g.s.guardian.provoked


def test_a_locked_hall_cannot_be_crossed() -> None:
    """§Exploration «لا يمكن دخول قاعة الحارس … قبل أن تُكشف أربع غرف», R-GUARD-6: crossing is entering, so
    with the hall locked b8 is out of a single move's reach from m8, and the refusal says why."""
    g = Game(["knight"], {"heroes": {"knight": {"space": "m8"}}, "board": LOCKED})
    refusal = g.refused(Act(actor="knight", action="move", target="b8"))
    assert refusal.code == "hall-locked" and refusal.rule == "R-GUARD-6"
    assert not g.s.guardian.provoked
