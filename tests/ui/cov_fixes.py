"""The Last Covenant's table screen and the new-game screen as the explorer found them (issue 21), on the real
app at 800×480, headless: a notice is drawn over nothing of the board, the pane shown is no tap target, the
notice of a game in progress is whole. Run as

    python tests/ui/cov_fixes.py LANG OUT_JSON

with SDL_VIDEODRIVER=offscreen, KIVY_NO_ARGS=1 and a temporary KIVY_HOME (see test_cov_fixes.py); it writes
what it measured as JSON."""

from __future__ import annotations

import sys
from collections.abc import Generator
from typing import Any

from harness import Driver, at_position, report_to_file

from companion.core.flow import Act, ActionPrompt
from companion.store import StoredSession

TWINS = {"heroes": {"knight": {"space": "t7"}, "rogue": {"space": "m4"}},
         "monsters": [{"uid": "m1", "kind": "goblin", "space": "m4"}, {"uid": "m2", "kind": "goblin", "space": "m4"}],
         "next_uid": 3}


def rect(w: Any) -> list[float]:
    x, y = w.to_window(*w.pos)
    return [float(x), float(y), float(w.width), float(w.height)]


def scenario(d: Driver) -> Generator[float, None, None]:
    from companion.ui.board import BoardView
    from companion.ui.prompt_panel import PromptPanel
    from companion.ui.widgets import BidiLabel

    app = d.app
    yield 1.0
    yield from at_position(d)
    tabs = {p: d.find(app.ui().t(n)) for p, n in (("board", "Board"), ("heroes", "Heroes"), ("log", "Log"))}
    d.report["tabs on the board"] = {p: [b.selected, b.disabled] for p, b in tabs.items()}
    yield from d.tap(app.ui().t("Log"))
    yield from d.settle()
    tabs = {p: d.find(app.ui().t(n)) for p, n in (("board", "Board"), ("heroes", "Heroes"), ("log", "Log"))}
    d.report["tabs on the log"] = {p: [b.selected, b.disabled] for p, b in tabs.items()}
    yield from d.tap(app.ui().t("Board"))
    yield from d.settle()
    # A space that is no choice now: its notice.
    prompt, state = app.table.prompt, app.session.state
    assert isinstance(prompt, ActionPrompt), prompt
    offered = {t for o in prompt.options for t in o.targets} | {m.space for m in state.monsters}
    (board,) = d.widgets(BoardView)
    space = next(s for s in board.views if s not in offered and s != state.heroes[prompt.actor].space)
    yield from d.tap_board(space)
    yield from d.settle()
    assert app.referee.notice is not None
    notice = app.ui().text(app.referee.notice)
    (panel,) = d.widgets(PromptPanel)
    d.report["notice"] = [rect(w) for w in d.widgets(BidiLabel) if w.logical == notice]
    d.report["board"], d.report["panel"] = rect(board), rect(panel)
    # The Rogue's turn: both Goblins on her space, a tap there names neither.
    app.answer(Act(prompt.actor, "end"))
    yield from d.settle()
    prompt = app.table.prompt
    assert isinstance(prompt, ActionPrompt) and prompt.actor == "rogue", prompt
    yield from d.tap_board(state.heroes["rogue"].space)
    yield from d.settle()
    d.report["two there"] = app.referee.notice.text("en") if app.referee.notice is not None else ""
    # Which Goblin: the attack's targets in the narrow column.
    attack = next(o for o in prompt.options if o.id == "attack")
    yield from d.tap(app.ui().text(attack.label))
    yield from d.settle()
    (panel,) = d.widgets(PromptPanel)
    d.report["target buttons"] = [(b.logical, rect(b), list(b.texture_size)) for b in panel.buttons.values()]
    yield from d.tap(app.ui().t("Back"))
    # Two Goblins beside a Rogue in health: each attacks her alike in the monster phase. What each Next shows.
    twin = app.store.start("covenant", {"heroes": ["knight", "rogue"], "seed": 1, "position": TWINS})
    assert isinstance(twin, StoredSession), twin
    app.resume(twin.id)
    yield from d.until(lambda: app.session is not None and app.session.id == twin.id and not d.modal_open(),
                       "the second game to load")
    for hero in ("knight", "rogue"):
        app.answer(Act(hero, "end"))
    yield from d.settle()
    # Their attacks differ by the Rogue's HP; two monsters of a kind appearing in a room read the same (the
    # explorer's «A Skeleton Archer appears in room G.» twice): the first Goblin's step twice stands for that.
    first = app.referee.shown
    app.referee.steps = [*first, *first[-len(first):], *app.referee.steps[len(first):]]
    app.screen("table").refresh()
    yield from d.settle()
    steps = []
    while app.referee.steps:
        steps.append(sorted(w.logical for w in d.widgets(BidiLabel) if w.logical and w.get_parent_window()))
        yield from d.tap(app.ui().t("Next"))
        yield from d.settle()
    d.report["steps"] = steps
    # The new-game screen while this game goes on.
    app.go("newgame")
    yield from d.settle()
    d.report["new game texts"] = [(w.logical, rect(w), list(w.texture_size)) for w in d.widgets(BidiLabel)
                                  if w.logical and not hasattr(w, "on_release")]


if __name__ == "__main__":
    sys.exit(report_to_file(sys.argv, scenario))
