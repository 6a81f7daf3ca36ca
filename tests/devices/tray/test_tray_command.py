"""`companion tray`: the keyboard commands of the simulated tray, and status/pair/calibrate against it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from tray_rig import Rig

from companion.cli import main
from companion.commands.tray import sim_command
from companion.core.events import DiceThrown, SettledDie


def test_typed_throws_reach_the_queue(rig: Rig) -> None:
    sim_command(rig.sim, "throw D1=2 T1=poison D2=cocked")
    (thrown,) = rig.wait_for(DiceThrown)
    assert isinstance(thrown, DiceThrown)
    assert sorted(thrown.dice, key=lambda d: d.die_id) == [
        SettledDie("D1", "d6", "2"), SettledDie("D2", "d6", None, cocked=True), SettledDie("T1", "trap", "poison"),
    ]


def test_typed_faults_and_roll(rig: Rig) -> None:
    sim_command(rig.sim, "fault flip throw")
    sim_command(rig.sim, "roll D3")
    (thrown,) = rig.wait_for(DiceThrown)
    assert isinstance(thrown, DiceThrown) and [d.die_id for d in thrown.dice] == ["D3"]
    assert thrown.dice[0].face in {"1", "2", "3", "4", "5", "6"}
    assert rig.driver.stats.rejected


@pytest.mark.parametrize(
    ("line", "message"),
    [("throw D1", "ID=FACE"), ("throw D1=9", "no face 9"), ("throw Q1=1", "no die"), ("jump", "unknown command"),
     ("fault melt", "unknown fault")],
)
def test_bad_lines_are_explained(rig: Rig, line: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        sim_command(rig.sim, line)


@pytest.fixture
def simulated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[tray]\nbackend = "simulated"\n', encoding="utf-8")
    monkeypatch.setenv("COMPANION_CONFIG", str(config))


def test_status_pair_and_calibrate_against_the_simulated_tray(
    simulated: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tray", "status"]) == 0
    out = capsys.readouterr().out
    assert "tray SIM-TRAY" in out and "die T1" in out and "trap" in out
    assert main(["tray", "pair", "ABCDEF", "red"]) == 0
    assert "pair ABCDEF as red: ok" in capsys.readouterr().out
    assert main(["tray", "pair", "ABCDEF", "purple"]) == 2
    assert main(["tray", "pair", "ضرب-نرد-طويل-جدا", "d6"]) == 2
    assert "1 to 8 letters or digits" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * 6))
    assert main(["tray", "calibrate", "D1"]) == 0
    assert capsys.readouterr().out.count(": ok") == 6
    assert main(["tray", "calibrate", "NOPE"]) == 1


def test_the_keyboard_session_quits_cleanly(simulated: None, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("dice\nnoise on\nbogus\nquit\n"))
    assert main(["tray", "sim"]) == 0
    out = capsys.readouterr().out
    assert "D1: d6" in out and "noise on" in out and "unknown command" in out
