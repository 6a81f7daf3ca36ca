"""What the app's start loads (issue 26: resident memory < 200 MB at 800×480): the first frame needs only the
home screen, so the others are made, and their modules imported, when first shown; no other game's rule
system or catalogue is read; the home screen's status, redrawn once a second, keeps its widgets; a list
that fits has no scroll bar to fade. The app is started as `companion bench` starts it, in a process of
its own, which prints what it found."""

from __future__ import annotations

from pathlib import Path

from app_runs import script_report

SCRIPT = """
import json, os, sys
from companion.ui.kivy_setup import choose_gl_backend, choose_image_loader
choose_gl_backend(os.environ)
choose_image_loader(os.environ)
from kivy.config import Config
Config.set("graphics", "width", "800")
Config.set("graphics", "height", "480")
from kivy.animation import Animation
from kivy.clock import Clock
from kivy.core.window import Window
from companion.commands.run import build_app
from companion.config import Settings
from companion.core import messages
from companion.ui.widgets import FitScroll

settings = Settings()
settings.store.path = os.path.join(os.environ["KIVY_HOME"], "sessions.sqlite3")
app = build_app(settings, "test")
LATE = ["companion.ui.table_screen", "companion.ui.board", "companion.ui.descent.setup_screens",
        "companion.ui.descent.editor", "companion.ui.dungeon_roll.table", "companion.games.descent.engine"]
report = {}

def widgets(root):
    return [id(w) for w in root.walk()]

def started(_dt):
    home = app.screen("home")
    report["screens"] = app.manager.screen_names
    report["loaded"] = [m for m in LATE if m in sys.modules]
    report["catalogues"] = messages.entries.cache_info().currsize
    before = widgets(home.panel)
    home.refresh_status()
    report["status kept"] = widgets(home.panel) == before
    scroll = next(w for w in home.walk() if isinstance(w, FitScroll))
    scroll.update_from_scroll()
    scroll._bind_inactive_bar_color()
    report["fits"] = not scroll.do_scroll_y
    report["fading"] = any(scroll.uid in a._widgets for a in Animation._instances)
    report["bar at rest"] = list(scroll._bar_color) == list(scroll.bar_inactive_color)
    app.go("settings")
    report["shown"] = app.manager.screen_names
    app.set_lang("en")
    Clock.schedule_once(switched, 0.5)

def switched(_dt):
    report["after switch"] = [app.manager.screen_names, app.manager.current]
    app.go("home")
    report["back home"] = app.manager.current
    app.stop()

def first_frame(*_):
    if "first" not in report:
        report["first"] = True
        Clock.schedule_once(started, 0.5)

Window.bind(on_flip=first_frame)
app.run()
print(json.dumps(report))
"""


def test_the_app_starts_with_what_its_home_screen_needs_and_makes_the_others_when_shown(tmp_path: Path) -> None:
    report = script_report(SCRIPT, tmp_path)
    assert report["screens"] == ["home"], "every screen was made at the start"
    assert report["loaded"] == [], "modules of screens not shown were imported at the start"
    assert report["catalogues"] == 1, "catalogues of languages not on the screen were read at the start"
    assert report["status kept"], "the hardware status made new widgets to say the same"
    assert report["fits"] and not report["fading"] and report["bar at rest"], \
        "a list that fits faded a scroll bar it does not draw, a frame of the whole screen at a time"
    assert report["shown"] == ["home", "settings"]
    # A language switch makes the screen in front again; the others are made when next shown.
    assert report["after switch"] == [["settings"], "settings"]
    assert report["back home"] == "home"
