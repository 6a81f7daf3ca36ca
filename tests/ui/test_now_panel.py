"""The Covenant table's right-hand panel beside the board at 800×480: whatever it holds stays in it, under the
top bar. The long explorer run found «الجولة 6، فعلان، السقطات 0/6» drawn over Home, Undo and Tags & dice: an
attack's odds under a long notice, both fixed in height, had pushed the round's line up out of the panel. The
notice now scrolls with the odds. A Kivy app of its own process."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from app_runs import ROOT, script_report

pytestmark = pytest.mark.timeout(300)

SCRIPT = """
import json, os, sys
from pathlib import Path
from kivy.config import Config
Config.set("graphics", "width", "800")
Config.set("graphics", "height", "480")
from harness import Driver
from companion.commands.run import build_app
from companion.config import Settings
from companion.core.flow import Act
from companion.core.messages import Msg
from companion.ui.heroes import status_line
from companion.ui.widgets import BidiLabel

settings = Settings()
settings.ui.lang = "ar"
settings.store.path = str(Path(os.environ["KIVY_HOME"]) / "sessions.sqlite3")
settings.tray.backend, settings.nfc.backend, settings.gpio.backend = "simulated", "emulated", "mock"
app = build_app(settings, "/etc/crypt-companion/config.toml", seed=1)
d = Driver(app, Path(os.environ["KIVY_HOME"]), "ar")
NOTICE = "لا يمكن ذلك الآن: " + "، ".join(["تتحرك الوحوش بعد انتهاء أدوار الأبطال كلهم"] * 4) + "."

def rect(w):
    x, y = w.to_window(*w.pos)
    return [x, y, x + w.width, y + w.height]

def steps():
    yield 1.0
    position = {"heroes": {"knight": {"space": "t7"}}, "monsters": [{"uid": "m1", "kind": "goblin", "space": "t6"}],
                "next_uid": 2}
    session = app.store.start("covenant", {"heroes": ["knight", "rogue"], "seed": 1, "position": position})
    app.resume(session.id)
    yield from d.until(lambda: app.session is not None and not d.modal_open(), "the game to load")
    yield from d.settle()
    app.referee.notice, app.referee.notice_rule = Msg(NOTICE), "R-MON-2"
    app.confirming = Act("knight", "attack", "m1")
    app.screen("table").refresh()
    yield from d.settle()
    header = app.ui().text(status_line(app.session.state, app.data, app.referee.phase_round, short=True))
    (line,) = [w for w in d.widgets(BidiLabel) if w.logical == header]
    top = [w for w in d.widgets(BidiLabel) if w.logical in (d.t("Home"), d.t("Undo"))]
    d.report.update(header=rect(line), panel=rect(line.parent), bar=[rect(w) for w in top])

app.bind(on_start=lambda *_: d.start(steps()))
app.run()
print(json.dumps({"failure": d.failure, **d.report}))
"""


def test_an_attacks_odds_under_a_long_notice_stay_in_the_panel_under_the_top_bar(tmp_path: Path) -> None:
    drawn = script_report(SCRIPT, tmp_path, timeout=280, path=f"{ROOT}{os.pathsep}{Path(__file__).parent}")
    assert not drawn["failure"], drawn["failure"]
    header, panel, bar = drawn["header"], drawn["panel"], drawn["bar"]
    assert len(bar) == 2
    assert header[3] <= panel[3] + 1, f"the round's line {header} sticks out of its panel {panel}"
    assert all(header[3] <= b[1] + 1 for b in bar), f"the round's line {header} is drawn over the top bar {bar}"
