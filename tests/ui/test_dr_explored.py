"""The screen explorer's findings on Dungeon Roll's table screen (issue 21), played by touch in the real app
(tests/ui/dr_explored.py, run by harness.py) in Arabic, English and Belarusian at 800×480: what the engine said
is in sight after each input, a throw's entry among it; Flee and Retire in the top bar, never under the finger
that tapped "Let the app roll", "Enter these faces" or Confirm; no action's word broken across its button's
lines; a throw's faces whole on their buttons; the drinker tapped again shows the face it comes back on."""

from __future__ import annotations

import pytest
from app_runs import HARNESS, Run, played, run_all, shot_folder, soaked

LANGS = ("ar", "en", "be")
KEPT = ("ar",)
"""The language `make test` plays it in; `make soak` plays every one."""
SHOTS = ("explored-throw", "explored-regroup")


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    scenarios = {lang: ("dungeon-roll-explored", lang, "800x480") for lang in played(LANGS, KEPT)}
    return run_all(HARNESS, scenarios, shot_folder(tmp_path_factory, "dr-explored"), tmp_path_factory, timeout=300)


@pytest.mark.parametrize("lang", soaked(LANGS, KEPT))
def test_what_the_engine_said_the_delve_s_end_apart_faces_whole_and_a_revival_shown(runs: dict[str, Run],
                                                                                     lang: str) -> None:
    """R-DR-1 (a level's dungeon dice), DR §Monster phase (flee), §Regroup phase (retire or seek glory), R-DR-3
    (the drinker revived by its own potion)."""
    code, report, err, _ = runs[lang]
    assert code == 0, report.get("failure") or err
    assert report["shots"] == [f"dungeon-roll-{shot}-{lang}.png" for shot in SHOTS]
    assert report["explored"] is True and isinstance(report["checks"], int) and report["checks"] > 40
