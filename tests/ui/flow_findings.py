"""The screen explorer's flow findings of its long run (issue 21), played by touch on the real app at 800×480,
headless: a Dungeon Roll throw from the tray that comes before the screen showed the input that asked for it
leaves that input told on the main panel, and beside the dice chosen for the next action; "Yes, end the turn"
asked for one turn is withdrawn once an undo brought back another, and never sends what the engine refuses; on
Descent's map a template is aimed only from a figure it can lie against somewhere (else no tap but Cancel had
a way on). Run as

    python tests/ui/flow_findings.py LANG OUT_JSON

with SDL_VIDEODRIVER=offscreen, KIVY_NO_ARGS=1 and a temporary KIVY_HOME (see test_flow_findings.py); it writes
what it found as JSON."""

from __future__ import annotations

import sys
from collections.abc import Generator
from typing import Any

from dr_explored import listen, seen
from dr_scenario import action, enter, face, tap_first
from harness import Driver, option_label, report_to_file

from companion.core.events import DiceThrown, SettledDie
from companion.core.flow import ThrowPrompt
from companion.store import StoredSession


def refusals(d: Driver) -> list[str]:
    """The codes of every input the engine refuses from now on."""
    refused: list[str] = []
    d.watch_submits(lambda update: refused.extend([update.rejection.code] if update.rejection else []))
    return refused


def touch_then(d: Driver, text: str, event: Any) -> Generator[float, None, None]:
    """A finger on the button reading `text`, and at once (before the screen redraws) `event` from a device."""
    yield from d.settle()
    yield from d.touch(d.find(text), then=lambda: d.post(event))


def in_sight(d: Driver, text: str) -> bool:
    from companion.ui.widgets import BidiLabel

    return any(text in w.logical and seen(w) for w in d.widgets(BidiLabel) if w.logical and w.get_parent_window())


def tray_after_seek(d: Driver) -> Generator[float, None, None]:
    """Dungeon Roll: Seek glory tapped, and the level's two dungeon dice thrown in the tray at once."""
    from companion.games.dungeon_roll.data import default

    app = d.app
    yield from d.tap(d.t("Dungeon Roll"))
    yield from d.tap(d.t("New game"))
    yield from d.tap(str(app.ui().text(default().heroes["knight"].novice.named())))
    yield from d.tap(d.t("Start the game"))
    yield from enter(d, "party", ["fighter", "fighter", "cleric", "mage", "thief", "champion", "champion"])
    yield from enter(d, "dungeon", ["goblin"])
    yield from d.tap(action(d, "fight"))
    yield from tap_first(d, face(d, "party", "fighter"))
    yield from tap_first(d, face(d, "dungeon", "goblin"))
    yield from d.tap(d.t("Confirm"))
    said = listen(d)
    head = app.session.head
    throw = DiceThrown("tray", [SettledDie("K1", "dungeon", "goblin"), SettledDie("K2", "dungeon", "goblin")])
    yield from touch_then(d, action(d, "seek"), throw)
    yield from d.until(lambda: app.session.head == head + 2, "Seek glory and the tray's throw to be ruled")
    yield from d.settle()
    assert not isinstance(app.table.prompt, ThrowPrompt), app.table.prompt
    d.report["seek glory said"] = list(said)
    d.report["seek glory told"] = [text for text in said if in_sight(d, text)]
    yield from d.tap(action(d, "fight"))  # the dice that fight the goblins, chosen over what happened
    assert app.manager.current_screen.composer is not None
    d.report["seek glory told beside the fight"] = [text for text in said if in_sight(d, text)]


def end_after_undo(d: Driver) -> Generator[float, None, None]:
    """The Last Covenant: the Knight's turn ended, End turn tapped for the Rogue with actions left, then Undo
    before the question is answered."""
    app = d.app
    session = app.store.start("covenant", {"heroes": ["knight", "rogue"], "seed": 1})
    assert isinstance(session, StoredSession), session
    app.resume(session.id)
    yield from d.until(lambda: app.session is not None and app.session.id == session.id and not d.modal_open(),
                       "the game to load")
    first = app.table.prompt.actor
    yield from d.tap(app.ui().text(option_label(app, "end")))
    yield from d.tap(d.t("Yes, end the turn"))
    assert app.table.prompt.actor != first
    yield from d.tap(app.ui().text(option_label(app, "end")))  # the Rogue's, asked
    yield from d.settle()
    d.find(d.t("Yes, end the turn"))
    refused = refusals(d)
    yield from d.tap(d.t("Undo"))
    yield from d.settle()
    d.report["turn after the undo"] = [app.table.prompt.actor == first]
    yes = [b for b in d.widgets(object) if getattr(b, "logical", None) == d.t("Yes, end the turn")]
    d.report["asked after the undo"] = [not b.disabled for b in yes]
    if yes and not yes[0].disabled:
        yield from d.tap(d.t("Yes, end the turn"))
        yield from d.settle()
    d.report["refused"] = refused


def lightning_from_nowhere(d: Driver) -> Generator[float, None, None]:
    """Descent, a stored game of the boulder run resumed: Lightning, and Nara (whom the lightning cannot lie
    against anywhere on this map) tapped as the one casting it."""
    from descent_play import tap_map

    app = d.app
    session = app.store.start("descent", {"map": "boulder-run", "seed": 1})
    assert isinstance(session, StoredSession), session
    app.resume(session.id)
    yield from d.until(lambda: app.session is not None and app.session.id == session.id and not d.modal_open(),
                       "the game to load")
    yield from d.tap(d.t("Lightning"))
    nara = app.session.state.figure("nara")
    yield from tap_map(d, nara.at)
    yield from d.settle()
    aim = app.descent.aim
    d.report["lightning cast by"] = [aim.actor if aim is not None else None]
    notice = app.referee.notice
    d.report["lightning refused"] = [app.ui().text(notice)] if notice is not None else []
    d.report["lightning notice shown"] = [in_sight(d, text) for text in d.report["lightning refused"]]


def scenario(d: Driver) -> Generator[float, None, None]:
    yield 1.0
    yield from d.settle()
    yield from tray_after_seek(d)
    yield from d.tap(d.t("Home"))
    yield from end_after_undo(d)
    yield from d.tap(d.t("Home"))
    yield from lightning_from_nowhere(d)


if __name__ == "__main__":
    sys.exit(report_to_file(sys.argv, scenario))
