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
    marks = highlight(prompt, state, [], None)
    assert marks["room3"] == "reveal" and marks["t6"] == "target"
    assert "move" in marks.values() and "t7" not in marks
    assert highlight(prompt, state, [], Act("knight", "attack", "m1")) == {"t6": "target"}
    step = Event("monster-move", Msg("x"), "R-MON-3", {"monster": "m1", "from": "t7", "path": ["t6", "t5"]})
    assert highlight(prompt, state, [step], None) == {"t7": "path", "t6": "path", "t5": "path"}
    assert highlight(None, state, [Event("fall", Msg("x"), "§Falling and death")], None) == {}


def test_a_step_marks_the_room_it_opens_and_the_space_it_fills() -> None:
    """Issue 17, finding 5: the room being opened is highlighted while its step is shown."""
    state = find("covenant").new_game({"heroes": ["knight"], "seed": 1})
    room = Event("room", Msg("x"), "§Exploration", {"slot": "room3"})
    appears = Event("monster-appears", Msg("x"), "§Exploration", {"monster": "m1", "space": "room3"})
    assert highlight(None, state, [room], None) == {"room3": "reveal"}
    assert highlight(None, state, [appears], None) == {"room3": "move"}


def test_the_marker_prompt_names_and_marks_the_room_being_opened() -> None:
    """Issue 17, finding 5, as setup step 6 lays them: the marker lies face down on the room; the prompt
    says to turn it over there, and the room is highlighted while it is asked for."""
    from companion.core.flow import CardPrompt
    from companion.games.covenant.data import default
    from companion.ui.prompts import Namer, view

    rules = find("covenant")
    state = rules.new_game({"heroes": ["knight"], "seed": 1, "deal": {"markers": "table"},
                            "position": {"heroes": {"knight": {"space": "t7"}}}})
    assert not isinstance(rules.apply(state, Act("knight", "reveal", "room3")), type(None))
    prompt = rules.prompt(state)
    assert isinstance(prompt, CardPrompt) and state.reveal is not None
    assert highlight(prompt, state, [], None) == {"room3": "reveal"}
    data = default()
    names = Namer({"knight": {"en": "Exiled Knight"}}, data.dice, lambda s: {"en": f"room {s[-1]}"})
    title = view(prompt, names, state.reveal.slot).title.text("en")
    assert title.startswith("Exiled Knight: turn over the marker on room 3") and "deck" not in title
