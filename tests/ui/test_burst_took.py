"""Issue 21, the explorer's "tap took" on a quick burst that comes back where it began, on the real app at
800×480 in Belarusian, where Attack's burst lands on the target and then on the odds' Back (burst_took.py, one
Kivy app a process)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from app_runs import ROOT, offscreen

SCRIPT = Path(__file__).with_name("burst_took.py")


@pytest.fixture(scope="module")
def found(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    home = tmp_path_factory.mktemp("burst")
    out = home / "report.json"
    done = subprocess.run([sys.executable, str(SCRIPT), "be", str(out)], env=offscreen(home, f"{ROOT}:{SCRIPT.parent}"),
                          capture_output=True, text=True, timeout=280, check=False)
    report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    assert done.returncode == 0, report.get("failure") or done.stderr[-3000:]
    return report


def test_a_burst_on_attack_that_comes_back_where_it_began_took(found: dict[str, Any]) -> None:
    """§Combat (the odds before an attack, and Back). The long run read three quick taps on Attack as dropped:
    each did something (its targets, one chosen, the odds' Back), and the screen was as before."""
    assert found["burst"] == ["opened attack", "chose attack:m2", "answered attack m2", "called off"], found
    assert found["checked"] == 1 and found["found"] == {}, found


def test_a_burst_on_an_attack_that_drops_its_taps_is_still_found(found: dict[str, Any]) -> None:
    """The mutation: Attack's button made to do nothing; the same burst is found dropped."""
    assert found["dropped"] == [] and found["found with the mutation"] == 1, found
