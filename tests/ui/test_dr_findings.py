"""Issue 21's findings on Dungeon Roll's table screen, played by touch in the real app (tests/ui/dr_findings.py,
run by harness.py) in Arabic, English and Belarusian at 800×480, and in Arabic at 1920×1080: dice tapped
before an action each leave a trace and the action starts with them (finding 4), a quaff's Confirm waits for
the die each potion revives and its list has headings (finding 3), a delve's end with its score, a dragon slain
and the hero card turned stays on the screen with the steps at the table until Next (finding 6). Every screen
shot is checked as drawn (nothing cut, 9 mm targets, no English on a translated screen)."""

from __future__ import annotations

import pytest
from app_runs import HARNESS, Run, played, run_all, shot_folder, soaked

RUNS = {"ar": "800x480", "en": "800x480", "be": "800x480", "ar-large": "1920x1080"}
KEPT = ("en",)
"""The run `make test` plays; `make soak` plays every one (1920×1080 costs the software renderer the most)."""
SHOTS = ("quaff", "delve-over-1", "dragon-treasure", "delve-over-2")


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    scenarios = {run: ("dungeon-roll-findings", run.split("-")[0], RUNS[run]) for run in played(RUNS, KEPT)}
    return run_all(HARNESS, scenarios, shot_folder(tmp_path_factory, "dr-findings"), tmp_path_factory, timeout=300)


@pytest.mark.parametrize("run", soaked(RUNS, KEPT))
def test_picked_dice_a_quaff_and_a_delve_s_end_by_touch(runs: dict[str, Run], run: str) -> None:
    """R-DR-3 (a potion revives a die), DR §Regroup phase (retire: experience equal to the level), R-DR-10 (the
    hero card turned at 5 experience), DR §Dragon phase (a dragon slain: 1 experience and a treasure)."""
    code, report, err, _ = runs[run]
    assert code == 0, report.get("failure") or err
    lang, size = run.split("-")[0], RUNS[run]
    suffix = "" if size == "800x480" else f"-{size}"
    assert [f"dungeon-roll-{shot}{suffix}-{lang}.png" for shot in SHOTS] == report["shots"]
    assert isinstance(report["checks"], int) and report["checks"] > 250
