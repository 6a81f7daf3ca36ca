"""A button shrinks its font for a number bound to its noun as for a word: the long explorer run found "space 17"
drawn as "space" over a lone "17" in a narrow target button (`drawn: orphans`), though a smaller font held
both on one line. Kivy runs in its own process, which prints what it drew as JSON."""

from __future__ import annotations

from pathlib import Path

from app_runs import script_report

SCRIPT = """
import json
from kivy.base import EventLoop
EventLoop.ensure_window()
from companion.ui.theme import Ui
from companion.ui.widgets import BigButton

def drawn(lang, text, width):
    button = BigButton(Ui(lang), text, size_hint_x=None, width=width, font_size=20, grow=True, shrink_first=True)
    button.texture_update()
    lines = [line.replace("\\u00a0", " ") for p in button.paragraphs for line in p]
    return {"text": text, "width": width, "lines": lines, "font_size": button.font_size,
            "smallest": button.smallest_font_size}

print(json.dumps([drawn(lang, text, width) for lang, text in (("en", "space 17"), ("be", "поле 17"))
                  for width in range(70, 150, 4)]))
"""


def test_a_number_and_its_noun_shrink_together_before_they_wrap(tmp_path: Path) -> None:
    shown = script_report(SCRIPT, tmp_path)
    assert any(s["font_size"] < 20 for s in shown) and any(s["font_size"] == 20 for s in shown)
    for s in shown:
        assert s["lines"] == [s["text"]] or s["font_size"] == s["smallest"], s
