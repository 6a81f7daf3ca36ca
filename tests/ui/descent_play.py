"""The Descent screens played by touch in the headless app (run by harness.py as the `descent` scenario):
an empty map drawn square by square (walls, a door, rubble, heroes, monsters, a boulder), a breath
attack laid with its template (turned until it lies on the map) and its dice entered face by face, then
the overlord's turn, where the boulder rolls, crushes a monster and clears the rubble; an undo takes the
overlord's turn back. Each screen is shot in the language of the run, and what it marks is checked against the
rule system."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from companion.core.flow import Act, Rejection, ThrowPrompt
from companion.games.descent.grid import Cell

SIZE = (8, 6)
EDITS: list[tuple[str, Cell, str]] = [
    ("wall", (3, 1), "n"), ("wall", (4, 1), "n"), ("door", (3, 5), "e"), ("open-door", (6, 3), "e"),
    ("rubble", (1, 5), "n"), ("pit", (6, 0), "n"), ("big-monster", (0, 1), "n"), ("hero", (4, 2), "n"),
    ("hero", (7, 4), "n"), ("monster", (5, 1), "n"), ("monster", (3, 5), "n"), ("boulder", (0, 5), "n"),
]
"""The map drawn on the 8×6 grid: the tool, the square, the side tapped (walls and doors lie on edges)."""
BREATH = (2, 2)  # the template's tip, against the large monster's square (1, 2)


def tap_map(d: Any, cell: Cell, side: str | None = None) -> Generator[float, None, None]:
    """A finger on a square of the map (near one of its sides for an edge)."""
    from kivy.tests.common import UnitTestTouch

    from companion.ui.descent.mapview import MapView

    yield from d.settle()
    (view,) = d.widgets(MapView)
    touch = UnitTestTouch(*view.to_window(*view.point(cell, side)))
    d.taps += 1
    touch.touch_down()
    touch.touch_up()
    yield 0.25


def shown_marks(d: Any) -> tuple[dict[Cell, str], dict[str, str]]:
    from companion.ui.descent.mapview import MapView

    yield_free = d.widgets(MapView)
    assert len(yield_free) == 1
    return dict(yield_free[0].marks), dict(yield_free[0].rings)


def face(d: Any, die: str, face_id: str) -> str:
    """The button of a face of a die of the throw: its three numbers (range · damage · surges)."""
    from companion.ui.descent.names import Names

    kind = Names(d.app.session.state, d.app.descent.rules.data).kinds()[die]
    found = kind.face(face_id)
    return str(d.app.ui().text(found.named()))


def step(d: Any, name: str, button: str, times: int = 1) -> Generator[float, None, None]:
    """A finger on − or + of the stepper `name` (a treachery kind, a figure's stat), `times` over."""
    from companion.ui.descent.steppers import Stepper

    for _ in range(times):
        yield from d.settle()
        (stepper,) = [w for w in d.widgets(Stepper) if w.name == name]
        target = stepper.plus if button == "+" else stepper.minus
        assert not target.disabled, (name, button, stepper.value)
        touch = d._touch(target)
        d.taps += 1
        touch.touch_down()
        touch.touch_up()
        yield from d.settle()
        wanted = stepper.value + (1 if button == "+" else -1)
        assert steppers(d)[name].value == wanted, f"the touch on {name} {button} did not count"


def steppers(d: Any) -> dict[str, Any]:
    from companion.ui.descent.steppers import Stepper

    return {w.name: w for w in d.widgets(Stepper)}


NAMES = {"en": "Avric", "ar": "أفريك", "be": "Аўрык"}
"""The name the table types for the second hero, in the language of the run."""


def figure(d: Any) -> Generator[float, None, None]:
    """The `figure` tool on the second hero (7, 4): its name typed, wounds 10 → 12, armour 1 → 2, damage
    bonus 0 → 1, a ranged attack, the blue die added and the green taken away; the stats leave the editor
    in the session's map and the game's figure. Hero 1 and the monsters keep theirs: the breath's
    arithmetic below counts on them."""
    from kivy.uix.textinput import TextInput

    from companion.ui.bidi import has_rtl
    from companion.ui.descent.names import COLOURS
    from companion.ui.descent.setup_screens import TOOL_NAMES

    app = d.app
    yield from d.tap(d.t(TOOL_NAMES["figure"]))
    yield from tap_map(d, (7, 4))
    assert app.descent.figure == "hero-2", app.descent.notice
    (field,) = d.widgets(TextInput)
    field.focus = True  # a finger on the field: the keyboard, and the name as typed
    yield from d.settle()
    assert field.text == d.t("Hero {n}", n=2), "the panel opens with the figure's name"
    field.text = NAMES[d.lang]
    field.dispatch("on_text_validate")  # the keyboard's Enter
    yield from d.settle()
    (field,) = d.widgets(TextInput)
    assert (field.text != NAMES[d.lang]) == has_rtl(NAMES[d.lang]), "at rest, Arabic is shown joined, in order"
    yield from step(d, "wounds", "+", 2)
    yield from step(d, "armour", "+")
    yield from step(d, "damage", "+")
    yield from d.tap(d.t("Ranged"))
    yield from d.tap(d.t(COLOURS["blue"]))
    yield from d.tap(d.t(COLOURS["green"]))
    assert steppers(d)["armour"].value == 2 and d.find(d.t("Ranged")).selected
    assert d.find(d.t(COLOURS["blue"])).selected and not d.find(d.t(COLOURS["green"])).selected
    for _ in range(20):  # no fewer than 1 wound: the map file's check, by touch
        if steppers(d)["wounds"].minus.disabled:
            break
        yield from step(d, "wounds", "-")
    assert steppers(d)["wounds"].value == 1 and steppers(d)["wounds"].minus.disabled
    yield from step(d, "wounds", "+", 11)
    yield from d.shot(f"descent-figure-{d.lang}")
    yield from d.tap(d.t("Done"))
    assert app.descent.figure is None


def figure_kept(d: Any) -> None:
    """After Start: the stats set by touch are the session's and the game's."""
    stored = next(f for f in d.app.session.setup["map"]["figures"] if f["id"] == "hero-2")
    assert (stored["wounds"], stored["armour"], stored["damage"], stored["melee"]) == (12, 2, 1, False), stored
    assert stored["dice"] == ["red", "blue"] and stored[d.lang] == NAMES[d.lang], stored
    hero = d.app.session.state.figure("hero-2")
    assert (hero.wounds, hero.armour, hero.damage, hero.melee, hero.dice) == (12, 2, 1, False, ["red", "blue"])


def treachery(d: Any) -> Generator[float, None, None]:
    """p. 4, R-DW-14: the overlord has 3 event, 2 trap and 2 monster treachery and spends 1 event: 6 left,
    3 extra cards, a hand of 3 + 3; the panel shows the engine's arithmetic, and Confirm rules it."""
    from companion.core.messages import Msg
    from companion.games.descent.treachery import plan
    from companion.ui.descent.treachery_panel import LEFT
    from companion.ui.widgets import BidiLabel

    app = d.app
    yield from d.tap(d.t("Treachery"))
    yield from step(d, "event", "+", 3)
    yield from step(d, "trap", "+", 2)
    yield from step(d, "monster", "+", 2)
    yield from step(d, "spend_event", "+")
    shown = steppers(d)
    assert {k: w.value for k, w in shown.items()} == {"event": 3, "spend_event": 1, "trap": 2, "spend_trap": 0,
                                                      "monster": 2, "spend_monster": 0}
    assert shown["spend_trap"].minus.disabled and shown["spend_monster"].plus.disabled is False
    assert shown["event"].minus.disabled is False and shown["spend_event"].plus.disabled is False
    p = plan({"event": 3, "trap": 2, "monster": 2}, {"event": 1}, app.session.state.overlord_hand)
    arithmetic = Msg.of(LEFT, {"total": p.total_left, "count": p.extra, "hand": p.hand})
    assert (p.extra, p.hand) == (3, 6)
    d.find(app.ui().text(arithmetic), kind=BidiLabel)
    yield from d.shot(f"descent-treachery-{d.lang}")
    yield from d.tap(d.t("Confirm"))
    ruled = [e for e in app.referee.steps if e.kind == "treachery"]
    assert len(ruled) == 1 and ruled[0].data["hand"] == 6 and ruled[0].rule == "R-DW-14", ruled
    assert app.descent.treachery is None
    d.find(d.t("Treachery"))
    yield from d.shot(f"descent-treachery-result-{d.lang}")


def throw(d: Any, faces: list[tuple[str, str]]) -> Generator[float, None, None]:
    """A throw entered by touch: each die's face in turn (the next die is chosen for the players), then Enter."""
    assert isinstance(d.app.table.prompt, ThrowPrompt), d.app.table.prompt
    for die, face_id in faces:
        yield from d.tap(face(d, die, face_id))
    yield from d.tap(d.t("Enter these faces"))


def descent(d: Any) -> Generator[float, None, None]:
    app, lang = d.app, d.lang
    yield 1.0
    yield from d.tap(d.t("Descent"))
    yield from d.tap(d.t("New game"))
    assert d.screen() == "descent-new"
    yield from d.shot(f"descent-new-{lang}")
    yield from d.tap(d.t("{width} × {height} squares", width=SIZE[0], height=SIZE[1]))
    from companion.ui.descent.setup_screens import TOOL_NAMES

    for tool, cell, side in EDITS:
        if not d.find(d.t(TOOL_NAMES[tool])).selected:
            yield from d.tap(d.t(TOOL_NAMES[tool]))
        yield from tap_map(d, cell, side)
        assert app.descent.notice is None, (tool, cell, app.descent.notice)
    draft = app.descent.draft
    assert len(draft.walls) == 2 and len(draft.doors) == 2 and len(draft.figures) == 5 and draft.boulders
    # A tap on a boulder turns its arrow a quarter clockwise: four bring it back east.
    for arrow in "swne":
        yield from tap_map(d, (0, 5))
        assert draft.boulders[0].arrow == arrow
    # The same tool on a wall takes it away; again puts it back.
    yield from d.tap(d.t(TOOL_NAMES["wall"]))
    yield from tap_map(d, (3, 1), "n")
    assert len(draft.walls) == 1
    yield from tap_map(d, (3, 0), "s")  # the same edge, seen from the square above it
    assert len(draft.walls) == 2
    yield from d.shot(f"descent-editor-{lang}")
    yield from figure(d)
    yield from d.tap(d.t("Start"))
    assert d.screen() == "descent-table", app.descent.notice
    stored = app.session.setup["map"]
    assert stored["floor"][5] == ".r......" and len(stored["figures"]) == 5, "the drawn map is the session's"
    figure_kept(d)
    yield from d.shot(f"descent-table-{lang}")
    yield from treachery(d)

    rules = app.descent.rules
    yield from d.tap(d.t("Breath"))
    yield from tap_map(d, (0, 1))
    yield from tap_map(d, BREATH)
    marks, _ = shown_marks(d)
    assert set(marks.values()) == {"refused"}, "pointing south, the template runs off the map"
    for _ in range(3):  # a quarter turn at a time, until it points east
        yield from d.tap(d.t("Turn"))
    state = app.session.state
    act = Act("big-monster-1", "breath", None, {"x": BREATH[0], "y": BREATH[1], "turn": 270, "flip": 0})
    covered = rules.coverage(state, act)
    assert not isinstance(covered, Rejection), covered
    marks, rings = shown_marks(d)
    reached = {c for c, role in marks.items() if role == "reached"}
    assert reached == set(covered[0]), "the squares drawn as reached are the rule system's"
    assert {f for f, role in rings.items() if role == "affected"} == set(covered[1])
    assert set(covered[1]) == {"hero-1", "monster-1"}, covered[1]
    yield from d.shot(f"descent-breath-{lang}")
    yield from d.tap(d.t("Confirm"))
    assert isinstance(app.table.prompt, ThrowPrompt)
    yield from d.shot(f"descent-breath-dice-{lang}")
    yield from throw(d, [("red", "r0-d4-s0"), ("yellow", "r1-d1-s0")])
    state = app.session.state
    assert state.figure("hero-1").damage == 4 and not state.figure("monster-1").alive, "damage 5 − armour"
    yield from d.shot(f"descent-breath-result-{lang}")

    yield from d.tap(d.t("Overlord's turn"))
    yield from throw(d, [("red", "r2-d2-s0"), ("yellow", "r1-d1-s0")])
    state = app.session.state
    assert not state.figure("monster-2").alive and (1, 5) not in state.map.rubble, "crushed, rubble cleared"
    marks, rings = shown_marks(d)
    assert {c for c, role in marks.items() if role == "path"} == {(1, 5), (2, 5), (3, 5)}
    assert rings.get("monster-2") == "crushed"
    yield from d.shot(f"descent-boulder-{lang}")
    yield from d.tap(d.t("Undo"))
    yield from d.settle()
    state = app.session.state
    # R-STORE-1: the last decision (the overlord's turn) and the dice that answered it are taken back.
    assert state.figure("monster-2").alive and (1, 5) in state.map.rubble and state.map.boulders[0].at == (0, 5)
    yield from d.shot(f"descent-undo-{lang}")
    yield from d.tap(d.t("Done"))
    # The other language at any moment, the game kept: every screen is rebuilt, the Covenant's among them.
    from companion.ui.home import other_languages

    yield from d.tap(d.t("Home"))
    target, name = other_languages(app.lang)[0]
    yield from d.tap(name)
    yield from d.tap(d.t("Back to the game"))
    assert d.screen() == "descent-table" and app.lang == target
    assert app.session.state.figure("hero-1").damage == 4
