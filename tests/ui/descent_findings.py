"""Issue 21's findings on the Descent screens, played by touch in the real app (run by harness.py as the
scenario `descent-findings`): a breath template laid partly off the map is drawn on the map only and its panel
stays in its place; a ruling's results in a panel of their own with the steps at the table (a figure crushed
taken off the map); the map's figures in a legend; two undos whose lists add up, a third with nothing to put
back that does not contradict them; and a new map asked for once while a game is in progress."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from descent_play import BREATH, EDITS, SIZE, tap_map, throw

from companion.core.messages import Msg


def drawn_inside(d: Any) -> None:
    """Every square mark drawn on the map lies within the map's squares (a template running off the map
    was drawn over the title)."""
    from kivy.graphics import Color, Rectangle

    from companion.ui.descent.mapview import MARKS, MapView

    (view,) = d.widgets(MapView)
    left, top = view.origin()
    s = view.square
    right, bottom = left + view.m.width * s, top - view.m.height * s
    marks, colour = [], None
    for instruction in view.canvas.children:  # a mark: a square in the colour of its role
        if isinstance(instruction, Color):
            colour = tuple(instruction.rgba)
        elif isinstance(instruction, Rectangle) and colour in {tuple(c) for c in MARKS.values()}:
            marks.append(instruction)
    assert marks, "no mark is drawn"
    for mark in marks:
        x, y = mark.pos
        w, h = mark.size
        assert left - 1 <= x and x + w <= right + 1 and bottom - 1 <= y and y + h <= top + 1, \
            f"a mark at {mark.pos} lies outside the map ({left:.0f}..{right:.0f}, {bottom:.0f}..{top:.0f})"
        d.checks += 1


def below_top_bar(d: Any) -> None:
    """The panel beside the map keeps under the top bar: no widget of it reaches Undo's row."""
    from companion.ui.widgets import BidiLabel

    undo = d.find(d.t("Undo"))
    floor = undo.to_window(*undo.pos)[1]
    for label in d.widgets(BidiLabel):
        if label.get_parent_window() is None or label is undo or not label.logical:
            continue
        if label.to_window(*label.pos)[1] >= floor - 1:  # in the top bar's row: only the bar's own widgets
            assert label.parent is undo.parent, f"{label.logical!r} runs up into the top bar"
        d.checks += 1


def start_map(d: Any) -> Generator[float, None, None]:
    from companion.ui.descent.setup_screens import TOOL_NAMES

    yield from d.tap(d.t("Descent"))
    yield from d.tap(d.t("New game"))
    yield from d.tap(d.t("{width} × {height} squares", width=SIZE[0], height=SIZE[1]))
    for tool, cell, side in EDITS:
        if not d.find(d.t(TOOL_NAMES[tool])).selected:
            yield from d.tap(d.t(TOOL_NAMES[tool]))
        yield from tap_map(d, cell, side)


def findings(d: Any) -> Generator[float, None, None]:
    from companion.ui.widgets import BidiLabel

    app, lang, ui = d.app, d.lang, d.app.ui()
    yield 1.0
    yield from start_map(d)
    yield from d.tap(d.t("Start"))
    assert d.screen() == "descent-table"
    names = {f.id: ui.text(f.named()) for f in app.session.state.figures}
    legend = ui.text(Msg("Heroes (blue): {figures}", {"figures": ui.t(", ").join(
        f"{n} {names[f'hero-{n}']}" for n in (1, 2))}))
    d.find(legend, kind=BidiLabel)  # the numbers drawn on the map, named
    yield from d.tap(d.t("Treachery"))  # none this time: a decision with nothing on the table to put back
    yield from d.tap(d.t("Confirm"))

    yield from d.tap(d.t("Breath"))
    yield from tap_map(d, (0, 1))
    yield from tap_map(d, BREATH)  # pointing south, the template runs off the map
    yield from d.settle()
    drawn_inside(d)
    below_top_bar(d)
    yield from d.shot(f"descent-off-map-{lang}")
    for _ in range(3):
        yield from d.tap(d.t("Turn"))
    yield from d.tap(d.t("Confirm"))
    yield from throw(d, [("red", "r0-d4-s0"), ("yellow", "r1-d1-s0")])
    d.find(d.t("What happened"), kind=BidiLabel)
    killed = ui.text(Msg("Take {figure} off the map.", {"figure": app.session.state.figure("monster-1").named()}))
    d.find("• " + killed, kind=BidiLabel)
    yield from d.shot(f"descent-results-{lang}")

    yield from d.tap(d.t("Overlord's turn"))
    yield from throw(d, [("red", "r2-d2-s0"), ("yellow", "r1-d1-s0")])
    crushed = ui.text(Msg("Take {figure} off the map.", {"figure": app.session.state.figure("monster-2").named()}))
    d.find("• " + crushed, kind=BidiLabel)  # it stood mid-sentence in the boulder's ruling
    d.find("• " + ui.text(Msg("Roll boulder {boulder} along the squares marked on the map.", {"boulder": "1"})),
           kind=BidiLabel)
    yield from d.shot(f"descent-crushed-{lang}")

    yield from d.tap(d.t("Undo"))  # the overlord's turn: the boulder, the monster, the rubble back
    first = list(app.referee.put_back)
    yield from d.tap(d.t("Undo"))  # the breath: the damage and the monster it killed back, the boulder's still
    assert first and app.referee.put_back[:len(first)] == first, "the first undo's list was lost"
    assert len(app.referee.put_back) > len(first)
    yield from d.tap(d.t("Undo"))  # the treachery: nothing on the table to put back
    assert app.referee.notice != Msg("Undone: nothing to put back."), "the footer contradicts the list shown"
    for item in first:
        d.find(ui.text(item), kind=BidiLabel)
    yield from d.shot(f"descent-undone-{lang}")
    yield from d.tap(d.t("Done"))

    # A new map while this game is in progress: asked once.
    yield from d.tap(d.t("Home"))
    yield from d.tap(d.t("Descent"))
    yield from d.tap(d.t("New game"))
    from companion.ui.newgame_screen import IN_PROGRESS

    d.find(ui.text(IN_PROGRESS), kind=BidiLabel)
    yield from d.shot(f"descent-new-map-{lang}")
    yield from d.tap(d.t("{width} × {height} squares", width=SIZE[0], height=SIZE[1]))
    yield from d.tap(d.t("Start a new game anyway"))
    d.find(d.t("Start"))  # the second tap would start it
    d.report["descent-findings"] = True
