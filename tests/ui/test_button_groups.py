"""A button shrinks its font for a number bound to its noun as for a word: the long explorer run found "space 17"
drawn as "space" over a lone "17" in a narrow target button (`drawn: orphans`), though a smaller font held
both on one line; and where even the smallest font does not hold it, a grid of buttons takes fewer columns. Kivy
runs in its own process, which prints what it drew as JSON."""

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


GRID = """import json
from kivy.base import EventLoop
EventLoop.ensure_window()
from kivy.core.window import Window
from companion.core.flow import Act
from companion.core.messages import Msg
from companion.ui.prompt_panel import PromptPanel
from companion.ui.prompts import Choice, PromptView
from companion.ui.theme import Ui

def targets(lang, width):
    spaces = tuple(Choice(f"t{n}", {"en": f"space {n}", "ar": f"المساحة {n}", "be": f"поле {n}"},
                          Act("knight", "move", f"t{n}")) for n in range(10, 22))
    move = Choice("move", Msg("Move"), None, spaces)
    panel = PromptPanel(Ui(lang), PromptView(Msg("Your turn"), None, "§Your turn", (move,)), print, lambda rule: None,
                        size_hint=(None, None), size=(width, 470))
    Window.add_widget(panel)
    panel.tap(move)
    for _ in range(4):
        EventLoop.idle()
    shown = {key: [line for p in b.paragraphs for line in p] for key, b in panel.buttons.items() if key != "back"}
    Window.remove_widget(panel)
    return {"lang": lang, "width": width, "cols": panel.kept.get("grid", object).cols, "lines": shown}

print(json.dumps([targets(lang, width) for lang in ("en", "be") for width in range(260, 520, 40)], ensure_ascii=False))
"""


def test_a_grid_of_targets_takes_fewer_columns_before_a_number_leaves_its_noun(tmp_path: Path) -> None:
    """Twelve spaces to move to (four columns beside the board): the long explorer run found each drawn as «поле» over
    a lone «14» at 800×480, in English and Belarusian (`drawn: orphans`, issue 21)."""
    shown = script_report(GRID, tmp_path)
    for s in shown:
        assert all(len(lines) == 1 for lines in s["lines"].values()), s
    assert {s["cols"] for s in shown} >= {2, 4}  # as many columns as the room allows
