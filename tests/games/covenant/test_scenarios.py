"""The rulebook's worked examples and the rules' golden cases, replayed from `scenarios/*.yaml`."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core import scenario

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_golden_scenario(path: Path) -> None:
    result = scenario.play(scenario.load(path))
    assert result.failures == [], "\n".join(result.transcript + result.failures)


def test_the_rulebook_examples_are_all_there() -> None:
    names = {p.stem for p in SCENARIOS}
    assert {"combat-example", "golden-six", "knight-defense", "knight-base-defense", "worked-turn"} <= names


def test_a_broken_expectation_is_reported(tmp_path: Path) -> None:
    """The runner itself must be able to fail: a wrong expected damage is caught."""
    text = (Path(__file__).parent / "scenarios" / "combat-example.yaml").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(text.replace("monsters.0.damage: 5", "monsters.0.damage: 4"), encoding="utf-8")
    result = scenario.play(scenario.load(wrong))
    assert result.failures == ["state monsters.0.damage is 5, expected 4"]
