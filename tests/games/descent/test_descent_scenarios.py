"""Golden scenarios on the sample maps (and one map carried whole by its scenario), replayed by the runner
and by `companion replay`; replaying is byte-identical."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from companion.core import scenario
from companion.core.rules import find, replay

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_golden_scenario(path: Path) -> None:
    result = scenario.play(scenario.load(path))
    assert result.failures == [], "\n".join(result.transcript + result.failures)
    assert result.rejections == []


def test_the_issue_s_golden_cases_are_all_there() -> None:
    assert {p.stem for p in SCENARIOS} >= {"breath-around-corner", "breath-through-rubble", "breath-closed-door",
                                          "lightning-stairs", "boulders", "swarm-cap", "bleed-daze"}


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_replay_is_byte_identical(path: Path) -> None:
    sc = scenario.load(path)
    first = scenario.play(sc).session
    inputs = first.log.inputs()
    again = replay(find("descent"), sc.setup, inputs)
    assert again.snapshot() == first.snapshot()
    assert msgspec.json.encode(again.log) == msgspec.json.encode(first.log)


def test_companion_replay_prints_the_arithmetic_in_arabic() -> None:
    out = subprocess.run([sys.executable, "-m", "companion", "replay", str(SCENARIOS[0].parent / "swarm-cap.yaml"),
                          "--lang", "ar"], capture_output=True, text=True, timeout=120, check=False)
    assert out.stderr == ""
    assert "العقرب الأحمر، الضرر − الدروع: 3 + 1 + 1 + 0 + 1 + 0 = 6 − 1 = 5 جروح." in out.stdout


def test_a_broken_expectation_is_reported(tmp_path: Path) -> None:
    text = (SCENARIOS[0].parent / "boulders.yaml").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(text.replace("figures.3.alive: true", "figures.3.alive: false"), encoding="utf-8")
    assert scenario.play(scenario.load(wrong)).failures == ["state figures.3.alive is True, expected False"]


def test_the_example_of_docs_scenarios_md_plays(tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parents[3] / "docs" / "scenarios.md").read_text(encoding="utf-8")
    example = text.split("## Descent", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "example.yaml"
    path.write_text(example, encoding="utf-8")
    result = scenario.play(scenario.load(path))
    assert result.failures == [] and result.rejections == [], result.transcript
