"""`companion tray pair <die> <colour>` takes every Descent colour (issue 12: each paired die knows its
colour), against the simulated tray: the real driver through a pseudo-terminal."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.games.descent.data import default

COLOURS = ["red", "blue", "white", "green", "yellow", "black"]


@pytest.fixture
def simulated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[tray]\nbackend = "simulated"\n', encoding="utf-8")
    monkeypatch.setenv("COMPANION_CONFIG", str(config))


def test_every_descent_colour_pairs_with_the_tray(simulated: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert sorted(default().dice) == sorted(COLOURS)
    for n, colour in enumerate(COLOURS, 1):
        assert main(["tray", "pair", f"DSC{n}", colour]) == 0, capsys.readouterr().out
        assert f"pair DSC{n} as {colour}: ok" in capsys.readouterr().out
    assert main(["tray", "pair", "DSC9", "purple"]) == 2
    assert "no die kind 'purple'" in capsys.readouterr().out
