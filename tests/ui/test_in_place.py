"""Issue 13: a ruling changes the table screen in place instead of making it anew (in_place.py plays the
rulings on the real app, headless, one Kivy app per process)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from app_runs import soaked

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("in_place.py")


@pytest.mark.parametrize("lang", soaked(["en", "ar"], ("en",)))  # `make soak` plays Arabic too
def test_a_ruling_changes_the_table_screen_in_place_and_shows_what_a_new_screen_would(
        tmp_path: Path, lang: str) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "KIVY_NO_ARGS": "1", "KIVY_HOME": str(tmp_path),
           "KIVY_NO_CONSOLELOG": "1", "PYTHONPATH": str(ROOT)}
    out = tmp_path / "report.json"
    process = subprocess.run([sys.executable, str(SCRIPT), lang, str(out)], env=env, capture_output=True,
                             text=True, timeout=280, check=False)
    report = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    assert process.returncode == 0, report.get("failure") or process.stderr[-3000:]
    assert len(report["kept"]) == 2, report
    assert len(report["same as new"]) >= 10, report
