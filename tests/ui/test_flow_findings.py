"""Issue 21, the screen explorer's flow findings of its long run, on the real app at 800×480 (flow_findings.py,
one Kivy app per process)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from app_runs import ROOT, offscreen, soaked

SCRIPT = Path(__file__).with_name("flow_findings.py")


@pytest.fixture(scope="module", params=soaked(["ar", "en", "be"], ("ar",)))  # `make soak` plays every language
def found(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    home = tmp_path_factory.mktemp(f"flow-{request.param}")
    out = home / "report.json"
    done = subprocess.run([sys.executable, str(SCRIPT), request.param, str(out)],
                          env=offscreen(home, f"{ROOT}:{SCRIPT.parent}"), capture_output=True, text=True,
                          timeout=280, check=False)
    report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    assert done.returncode == 0, report.get("failure") or done.stderr[-3000:]
    return report


def test_a_throw_from_the_tray_leaves_the_input_that_asked_for_it_told(found: dict[str, Any]) -> None:
    """DR §Regroup phase (seek glory: on to the next level, its dungeon dice thrown). The explorer: when the
    level's throw came before the screen had shown "seeks glory", the main panel showed the throw alone."""
    said = found["seek glory said"]
    assert said and found["seek glory told"] == said, found
    # Fight tapped at once: the dice it takes are chosen with what happened still in sight (three quick taps
    # had gone from "seek glory" through the throw to Fight's choices, with neither on the screen).
    assert found["seek glory told beside the fight"][:1] == said[:1], found


def test_the_question_to_end_a_turn_is_withdrawn_with_the_turn_it_was_asked_for(found: dict[str, Any]) -> None:
    """R-STORE-1 (an undo brings back the decision before). The explorer: End turn asked for the Rogue, Undo
    brought back the Knight's turn, and "Yes, end the turn" then sent the Rogue's end, refused as
    `not-your-turn`."""
    assert found["turn after the undo"] == [True], found
    assert found["asked after the undo"] == [], found
    assert found["refused"] == [], found


def test_a_template_is_aimed_only_from_a_figure_it_can_lie_against(found: dict[str, Any]) -> None:
    """R-DW-9 (a template lies wholly on the map, against the one attacking). The explorer: a figure the
    lightning could lie against nowhere was taken as its caster, and then every square was refused (60 taps
    with no way on). The figure is refused at once, with the engine's reason."""
    assert found["lightning cast by"] == [None], found
    assert len(found["lightning refused"]) == 1 and found["lightning notice shown"] == [True], found
