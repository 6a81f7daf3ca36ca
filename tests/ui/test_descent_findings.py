"""Issue 21's findings on the Descent screens, played by touch in the real app (tests/ui/descent_findings.py,
run by harness.py) in Arabic, English and Belarusian at 800×480: a template laid partly off the map drawn on
the map only, its panel under the top bar (finding 6); a ruling's results in a panel of their own with the
steps at the table, a crushed figure among them, and a legend of the map's numbers (finding 6); two undos'
lists added up and a third with nothing to put back that does not contradict them (finding 6); a new map
asked for once while a game is in progress (finding 8). Every screen shot is checked as drawn."""

from __future__ import annotations

import pytest
from app_runs import HARNESS, Run, played, run_all, shot_folder, soaked

LANGS = ("ar", "en", "be")
KEPT = ("ar",)
"""The language `make test` plays it in; `make soak` plays every one."""
SHOTS = ("off-map", "results", "crushed", "undone", "new-map")


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    scenarios = {lang: ("descent-findings", lang, "800x480") for lang in played(LANGS, KEPT)}
    return run_all(HARNESS, scenarios, shot_folder(tmp_path_factory, "descent-findings"), tmp_path_factory,
                   timeout=300)


@pytest.mark.parametrize("lang", soaked(LANGS, KEPT))
def test_a_template_off_the_map_results_undos_and_a_new_map_by_touch(runs: dict[str, Run], lang: str) -> None:
    """p. 5 (a boulder crushes what it rolls over), R-STORE-1 (an undo puts back what its decision changed)."""
    code, report, err, _ = runs[lang]
    assert code == 0, report.get("failure") or err
    assert report["shots"] == [f"descent-{shot}-{lang}.png" for shot in SHOTS]
    assert isinstance(report["checks"], int) and report["checks"] > 200
