"""A scrolled panel (companion/ui/widgets.py `FitScroll`) stops at its ends, never springs back: Kivy's spring
slid the Covenant's action buttons up from below the screen for a second or more after a move (the explorer,
issue 21: End turn, Back, a space on the board, and the actions still moving 10 s later on a loaded machine,
'the table screen never settled'; buttons moving under a finger take the wrong tap). Kivy runs in its own
process, which prints where the content stood frame by frame after it was pushed past its end."""

from __future__ import annotations

from pathlib import Path

from app_runs import script_report

SCRIPT = """
import json
from kivy.base import EventLoop
EventLoop.ensure_window()
from kivy.core.window import Window
from kivy.uix.widget import Widget
from companion.ui.widgets import Column, FitScroll

scroll = FitScroll(size_hint=(None, None), size=(300, 400))
content = Column()
content.add_widget(Widget(size_hint_y=None, height=1200))
scroll.add_widget(content)
Window.add_widget(scroll)
for _ in range(5):
    EventLoop.idle()
scroll.effect_y.value = scroll.effect_y.max - 600  # past the end, as a redraw under a finger leaves it
scroll.effect_y.trigger_velocity_update()
frames = []
for _ in range(20):
    EventLoop.idle()
    frames.append(round(scroll.g_translate.xy[1]))
print(json.dumps(frames))
"""


def test_a_scrolled_panel_pushed_past_its_end_stands_still(tmp_path: Path) -> None:
    frames = script_report(SCRIPT, tmp_path)
    assert len(set(frames)) == 1, f"the content moved frame by frame: {frames}"
