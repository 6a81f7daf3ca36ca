"""Issue 12, the table: the Descent screens played by touch in the real app, headless, in Arabic, English
and Belarusian at 800×480 (harness.py's `descent` scenario, tests/ui/descent_play.py): a small map built on
the touchscreen, a figure's stats set, the overlord's treachery counted, a breath attack laid and resolved
(its squares and figures checked against the rule system), a boulder's roll, an undo and a language switch,
each screen shot with the text it draws. Screenshots go to a temporary folder, or to $UI_SCREENSHOTS
(`make screenshots` writes docs/screenshots/descent-*.png)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HARNESS = Path(__file__).with_name("harness.py")
LANGS = ("ar", "en", "be")
SHOTS = ("new", "editor", "figure", "table", "treachery", "treachery-result", "breath", "breath-dice",
         "breath-result", "boulder", "undo")


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, dict[str, object], str, Path]]:
    chosen = os.environ.get("UI_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp("descent-shots")
    folder.mkdir(parents=True, exist_ok=True)
    started = {}
    for lang in LANGS:
        home = tmp_path_factory.mktemp(f"kivy-descent-{lang}")
        env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "KIVY_NO_ARGS": "1", "KIVY_HOME": str(home),
               "KIVY_NO_CONSOLELOG": "1", "PYTHONPATH": str(ROOT)}
        started[lang] = subprocess.Popen([sys.executable, str(HARNESS), "descent", lang, "800x480", str(folder)],
                                         env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    results = {}
    for lang, process in started.items():
        out, err = process.communicate(timeout=300)
        last = out.strip().splitlines()[-1] if out.strip() else "{}"
        results[lang] = (process.returncode, json.loads(last), err[-3000:], folder)
    return results


@pytest.mark.parametrize("lang", LANGS)
def test_a_map_built_by_touch_a_breath_and_a_boulder_resolved_and_every_screen_saved(
        runs: dict[str, tuple[int, dict[str, object], str, Path]], lang: str) -> None:
    code, report, err, folder = runs[lang]
    assert code == 0, report.get("failure") or err
    assert report["shots"] == [f"descent-{shot}-{lang}.png" for shot in SHOTS]
    for shot in SHOTS:
        png = folder / f"descent-{shot}-{lang}.png"
        assert png.read_bytes().startswith(b"\x89PNG") and png.stat().st_size > 5000, png
        assert png.with_suffix(".txt").read_text(encoding="utf-8").strip(), f"{png.name} draws no text"
    checks = report["checks"]
    assert isinstance(checks, int) and checks > 100
