"""The treachery panel's arithmetic opens its ruling when tapped (R-DW-14), so it is a touch target like any
citation: at least 44 px tall in every language (issue 21: the explorer found it 43 px, «Рэшта 0, дык 0
дадатковых картаў…» on one line). Kivy runs in its own process, which prints each link's height."""

from __future__ import annotations

from pathlib import Path

from app_runs import script_report

SCRIPT = """
import json
from kivy.base import EventLoop
EventLoop.ensure_window()
from companion.ui.descent import treachery_panel
from companion.ui.theme import MIN_TARGET_PX, Ui
from companion.ui.widgets import TapLabel

heights = {}
for lang in ("ar", "en", "be"):
    ui = Ui(lang)
    for widget in treachery_panel.widgets(ui, treachery_panel.counts(), 3, lambda *_: None, lambda _rule: None):
        for link in (w for w in widget.walk() if isinstance(w, TapLabel)):
            drawn = []
            for width in (300, 500, 780):  # two lines in a narrow panel, one in a wide one
                link.width = ui.px(width)
                link.texture_update()
                drawn.append(link.height)
            heights[f"{lang}: {link.logical}"] = [min(drawn), ui.px(MIN_TARGET_PX)]
print(json.dumps(heights, ensure_ascii=False))
"""


def test_every_link_of_the_treachery_panel_is_a_finger_tall(tmp_path: Path) -> None:
    heights = script_report(SCRIPT, tmp_path)
    assert len(heights) == 6, heights  # the page cited and the arithmetic, in each language
    short = {text: h for text, (h, least) in heights.items() if h < least}
    assert not short, short
