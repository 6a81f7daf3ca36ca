"""Dungeon Roll at a table with the device stack, headless, in Arabic and in English at 800×480: the player seated
by a hero card on the emulated reader and a whole solo game whose every throw comes from the simulated tray on
its pseudo-terminal (tests/ui/dr_hardware.py, run by harness.py as in test_app.py). `make screenshots` keeps its
screens in docs/screenshots/dungeon-roll-tray-*.png."""

from __future__ import annotations

import pytest
from app_runs import HARNESS, Run, played, run_all, shot_folder, soaked

LANGS = ("ar", "en")
KEPT = ("en",)
"""The language `make test` plays it in; `make soak` plays both."""
SCREENS = ("panel-seat", "seated", "refused", "panel", "end")


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    scenarios = {lang: ("dungeon-roll-tray", lang, "800x480") for lang in played(LANGS, KEPT)}
    return run_all(HARNESS, scenarios, shot_folder(tmp_path_factory, "dr-tray-screenshots"), tmp_path_factory,
                   timeout=400)


@pytest.mark.parametrize("lang", soaked(LANGS, KEPT))
def test_a_solo_game_seated_by_tag_and_thrown_in_the_tray_reaches_its_rank(runs: dict[str, Run], lang: str) -> None:
    """Rulings R-DR-40 (a hero card or a player token seats a player) and R-DR-42 (a throw one die short is
    refused whole, then thrown again); DR §End of the game and R-DR-11: three delves to the total and the rank.
    Every throw of the game came from the tray (the scenario checks each input's source)."""
    code, report, err, shots = runs[lang]
    assert code == 0, report.get("failure") or err
    assert report["rank"] and isinstance(report["total"], int)
    throws, panel = report["throws"], report["panel throws"]
    # The first delve stores four throws (party, reroll, two levels): the short one and the one nobody asked
    # for are not inputs; each later throw came from the panel.
    assert isinstance(panel, int) and panel >= 2 and throws == 4 + panel
    taken = report["shots"]
    assert isinstance(taken, list)
    assert {f"dungeon-roll-tray-{screen}-{lang}.png" for screen in SCREENS} <= set(taken)
    for shot in taken:
        assert (shots / shot).read_bytes().startswith(b"\x89PNG"), shot
        assert (shots / shot).with_suffix(".txt").read_text(encoding="utf-8").strip(), shot
