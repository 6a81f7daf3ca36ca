"""Golden scenarios replaying whole delves and a whole solo game (`scenarios/*.yaml`), through the same
scenario runner and `companion replay` as The Last Covenant (docs/scenarios.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.core import scenario

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_golden_dungeon_roll_scenario(path: Path) -> None:
    result = scenario.play(scenario.load(path))
    assert result.failures == [], "\n".join(result.transcript + result.failures)


def test_the_golden_scenarios_are_all_there() -> None:
    assert {p.stem for p in SCENARIOS} >= {"delve-retire", "dragon-then-flee", "solo-game"}


def test_a_broken_dungeon_roll_expectation_is_reported(tmp_path: Path) -> None:
    text = (Path(__file__).parent / "scenarios" / "delve-retire.yaml").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(text.replace("players.0.xp: 3", "players.0.xp: 4"), encoding="utf-8")
    assert scenario.play(scenario.load(wrong)).failures == ["state players.0.xp is 3, expected 4"]


def test_companion_replay_plays_dungeon_roll_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(Path(__file__).parent / "scenarios" / "solo-game.yaml")
    assert main(["replay", path]) == 0
    assert "Solo rank: Dragon Fodder (ruling R-DR-11)." in capsys.readouterr().out
    main(["replay", path, "--lang", "ar"])
    assert "رتبة اللعب الفردي: طعام التنانين (الحكم R-DR-11)." in capsys.readouterr().out
    assert main(["replay", path, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["state"]["standings"][0]["total"] == 9 and len(out["log"]) == 15


def test_the_documented_dungeon_roll_example_plays_without_refusal() -> None:
    import msgspec
    import yaml

    docs = Path(__file__).resolve().parents[3] / "docs" / "scenarios.md"
    block = docs.read_text(encoding="utf-8").split("## Dungeon Roll")[1].split("```yaml")[1].split("```")[0]
    result = scenario.play(msgspec.convert(yaml.safe_load(block), scenario.Scenario))
    assert result.rejections == [] and result.session.state.player.treasures == ["vorpal-sword-1"]
