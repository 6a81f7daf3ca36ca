"""Issue 12, the table: the Descent screens played by touch in the real app, headless, in Arabic, English
and Belarusian at 800×480 (harness.py's `descent` scenario, tests/ui/descent_play.py): a small map built on
the touchscreen, a figure's stats set, the overlord's treachery counted, a breath attack laid and resolved
(its squares and figures checked against the rule system), a boulder's roll, an undo and a language switch,
each screen shot with the text it draws. Screenshots go to a temporary folder, or to $UI_SCREENSHOTS
(`make screenshots` writes docs/screenshots/descent-*.png)."""

from __future__ import annotations

import pytest
from app_runs import HARNESS, Run, played, run_all, shot_folder, soaked

LANGS = ("ar", "en", "be")
KEPT = ("be",)
"""The language `make test` plays it in; `make soak` plays every one."""
SHOTS = ("new", "editor", "figure", "table", "treachery", "treachery-result", "breath", "breath-dice",
         "breath-result", "boulder", "undo")


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    scenarios = {lang: ("descent", lang, "800x480") for lang in played(LANGS, KEPT)}
    return run_all(HARNESS, scenarios, shot_folder(tmp_path_factory, "descent-shots"), tmp_path_factory, timeout=300)


@pytest.mark.parametrize("lang", soaked(LANGS, KEPT))
def test_a_map_built_by_touch_a_breath_and_a_boulder_resolved_and_every_screen_saved(
        runs: dict[str, Run], lang: str) -> None:
    code, report, err, folder = runs[lang]
    assert code == 0, report.get("failure") or err
    assert report["shots"] == [f"descent-{shot}-{lang}.png" for shot in SHOTS]
    for shot in SHOTS:
        png = folder / f"descent-{shot}-{lang}.png"
        assert png.read_bytes().startswith(b"\x89PNG") and png.stat().st_size > 5000, png
        assert png.with_suffix(".txt").read_text(encoding="utf-8").strip(), f"{png.name} draws no text"
    checks = report["checks"]
    assert isinstance(checks, int) and checks > 100
