"""A throw made before an undo stands (R-STORE-1, R-STORE-2): the throw entry offers only it, shown die by die,
and Go on, whose answer the engine takes (issue 21: the explorer's "Let the app roll" on Descent's throw after
an undo was refused, `kept-result`). Kivy runs in its own process, which prints what the panel offered."""

from __future__ import annotations

from pathlib import Path

from app_runs import script_report

SCRIPT = """
import json, queue, sys
from kivy.base import EventLoop
EventLoop.ensure_window()
from companion.core.flow import Act, Rejection, Source, Throw, ThrowPrompt
from companion.games.descent.data import default
from companion.store import Store
from companion.ui.theme import Ui
from companion.ui.throw_entry import ThrowEntry, ThrowEntryPanel
from companion.ui.widgets import BigButton

MAP = {"id": "duel", "en": "duel", "ar": "مبارزة", "floor": ["....", "...."], "figures": [
    {"id": "ogre", "kind": "monster", "at": [0, 0], "en": "Ogre", "ar": "الغول", "dice": ["red", "blue"]},
    {"id": "hugo", "kind": "hero", "at": [1, 0], "wounds": 12, "en": "Hugo", "ar": "هوغو"}]}
session = Store(sys.argv[1]).start("descent", {"map": MAP, "seed": 3})
session.submit(Act("ogre", "attack", "hugo"))
thrown = Throw(faces={"red": "r2-d2-s0", "blue": "r1-d2-s0"}, source=Source.TOUCH)
assert not isinstance(session.submit(thrown), Rejection)
session.undo()  # the attack and its throw taken back; the attack made again asks for the throw that stands
session.submit(Act("ogre", "attack", "hugo"))
prompt = session.prompt()
assert isinstance(prompt, ThrowPrompt)
answers = []
panel = ThrowEntryPanel(Ui("en"), ThrowEntry(prompt), default().dice, answers.append, lambda _rule: None,
                        kept=session.kept_result())
offered = [w for w in panel.walk() if isinstance(w, BigButton) and not w.disabled]
for button in offered:
    button.dispatch("on_release")
refused = [r.code for r in map(session.submit, answers) if isinstance(r, Rejection)]
texts = [str(w.logical) for w in panel.walk() if getattr(w, "logical", "")]
print(json.dumps({"offered": [str(b.logical) for b in offered], "refused": refused, "texts": texts}))
"""


def test_a_throw_kept_over_an_undo_is_offered_alone_and_taken(tmp_path: Path) -> None:
    seen = script_report(SCRIPT, tmp_path, str(tmp_path / "sessions.sqlite3"))
    assert seen["refused"] == [], seen
    assert seen["offered"] == ["Go on"], seen
    assert any(t.startswith("Before the undo this came out: ") and t.endswith(". It stands.") for t in seen["texts"])
