"""`companion tray`: the keyboard commands of the simulated tray, and status/pair/calibrate against it."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from tray_rig import Rig

from companion.cli import main
from companion.commands.tray import sim_command
from companion.core.dice import DieKind
from companion.core.events import DiceThrown, SettledDie
from companion.devices.tray.sim import SimulatedTray


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


HOLDER = """import signal, sys, time, serial
port = serial.Serial(sys.argv[1], exclusive=True)
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
print("held", flush=True)
while True:
    time.sleep(1)
"""
# systemctl as the Pi's would answer for the app's service, here "the app" being HOLDER's process.
SYSTEMCTL = """#!/bin/sh
echo "$*" >> "{log}"
case "$1" in
  is-active) kill -0 "$(cat {pid})" 2>/dev/null ;;
  stop) kill "$(cat {pid})"; while kill -0 "$(cat {pid})" 2>/dev/null; do sleep 0.05; done ;;
  start) exit 0 ;;
esac
"""


@pytest.fixture
def held_port(tmp_path: Path, kinds: dict[str, DieKind], monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A simulated tray whose port another process holds exclusively, as the running app does."""
    sim = SimulatedTray(kinds, link_dir=tmp_path)
    sim.start()
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, sim.port], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    (tmp_path / "pid").write_text(str(holder.pid))
    threading.Thread(target=holder.wait, daemon=True).start()  # reaped at once, so `kill -0` sees it go
    config = tmp_path / "config.toml"
    config.write_text(f'[tray]\nbackend = "serial"\nport = "{sim.port}"\n', encoding="utf-8")
    monkeypatch.setenv("COMPANION_CONFIG", str(config))
    yield tmp_path
    holder.kill()
    sim.stop()


def fake_systemctl(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    bin_dir = folder / "bin"
    bin_dir.mkdir()
    script = bin_dir / "systemctl"
    script.write_text(SYSTEMCTL.format(log=folder / "systemctl.log", pid=folder / "pid"))
    script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ['PATH']}")
    return folder / "systemctl.log"


def test_pairing_while_the_app_holds_the_port_stops_it_and_says_so(
        held_port: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 8 of issue 13: with the service on the port, pairing used to wait and report no answer."""
    log = fake_systemctl(held_port, monkeypatch)
    assert main(["tray", "pair", "ABCDEF", "red"]) == 0
    out = capsys.readouterr().out
    assert "the app (crypt-companion) holds the tray's port" in out
    assert "pair ABCDEF as red: ok" in out
    assert "the app is started again" in out
    assert [line.split()[0] for line in log.read_text().splitlines()] == ["is-active", "stop", "start"]


def test_a_port_held_by_another_program_is_named_not_waited_on(
        held_port: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    fake_systemctl(held_port, monkeypatch)
    (held_port / "pid").write_text("999999")  # the service is not running: someone else holds the port
    assert main(["tray", "calibrate", "D1"]) == 1
    assert "is held by another program" in capsys.readouterr().out
