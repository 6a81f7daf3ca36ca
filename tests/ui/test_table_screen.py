"""What the board highlights for the referee's moment: the prompt's destinations and rooms, an attack's
target while its odds show, a monster's path while its move is shown."""

from __future__ import annotations

from companion.core.flow import Act, Event
from companion.core.messages import Msg
from companion.core.rules import find
from companion.ui.table_screen import highlight


def test_the_board_marks_what_the_players_may_tap_or_must_see() -> None:
    rules = find("covenant")
    state = rules.new_game({"heroes": ["knight"], "seed": 1, "position": {
        "heroes": {"knight": {"space": "t7"}}, "monsters": [{"uid": "m1", "kind": "goblin", "space": "t6"}],
        "next_uid": 2}})
    prompt = rules.prompt(state)
    marks = highlight(prompt, state, None, None)
    assert marks["room3"] == "reveal" and marks["t6"] == "target"
    assert "move" in marks.values() and "t7" not in marks
    assert highlight(prompt, state, None, Act("knight", "attack", "m1")) == {"t6": "target"}
    step = Event("monster-move", Msg("x"), "R-MON-3", {"monster": "m1", "path": ["t6", "t5"]})
    assert highlight(prompt, state, step, None) == {"t6": "path", "t5": "path"}
    assert highlight(None, state, Event("fall", Msg("x"), "§Falling and death"), None) == {}
