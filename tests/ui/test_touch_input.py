"""Finding 5 of issue 13: one finger is one touch. Kivy's default `[input]` on a Pi delivers a finger twice
(as SDL's mouse and from the panel's event device); `companion run` writes a single provider, with the
rotation and inversion of a mounted panel. touch_probe.py sends one touch down both roads through the
providers Kivy builds from the section."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from companion.config import TouchSettings
from companion.ui.kivy_setup import MOUSE, input_entries, touchscreens

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("touch_probe.py")
DEVICES = """I: Bus=0003 Vendor=046d Product=c31c Version=0110
N: Name="Logitech USB Keyboard"
H: Handlers=sysrq kbd leds event0
B: PROP=0

I: Bus=0018 Vendor=0000 Product=0000 Version=0000
N: Name="10-0038 generic ft5x06 (79)"
H: Handlers=event4
B: PROP=2
"""


@pytest.fixture()
def machine(tmp_path: Path) -> Path:
    (tmp_path / "proc/bus/input").mkdir(parents=True)
    (tmp_path / "proc/bus/input/devices").write_text(DEVICES)
    (tmp_path / "dev/input").mkdir(parents=True)
    os.mkfifo(tmp_path / "dev/input/event4")
    return tmp_path


def probe(root: Path, touch: TouchSettings, *extra: str) -> dict[str, list[object]]:
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1",
           "KIVY_HOME": str(root / "kivy"), "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, str(PROBE), str(root), msgspec.json.encode(touch).decode(), *extra],
                            env=env, capture_output=True, text=True, timeout=90, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    report: dict[str, list[object]] = json.loads(result.stdout.strip().splitlines()[-1])
    return report


def test_kivys_own_pi_defaults_count_one_finger_twice(machine: Path) -> None:
    """The probe sees the fault it is there to catch."""
    report = probe(machine, TouchSettings(), "kivy-defaults")
    assert len(report["downs"]) == 2


def test_one_finger_is_one_touch_where_it_landed(machine: Path) -> None:
    report = probe(machine, TouchSettings(input="hidinput"))
    assert report["providers"] == ["HIDInputMotionEventProvider"]
    assert report["downs"] == [[200, 120]]


def test_a_panel_mounted_upside_down(machine: Path) -> None:
    report = probe(machine, TouchSettings(input="hidinput", rotation=180))
    [[x, y]] = report["downs"]
    assert (abs(x - 600), abs(y - 360)) < (2, 2)


def test_the_default_reads_the_panel_through_mtdev_alone(machine: Path) -> None:
    """libmtdev needs a real event device, so this counts providers rather than touches."""
    assert probe(machine, TouchSettings())["providers"] == ["MTDMotionEventProvider"]


def test_without_a_touchscreen_the_mouse_alone(tmp_path: Path) -> None:
    assert input_entries(TouchSettings(), []) == MOUSE
    assert input_entries(TouchSettings(input="mouse"), [Path("/dev/input/event4")]) == MOUSE


def test_the_touchscreen_is_the_direct_input_device(machine: Path) -> None:
    assert list(touchscreens(machine / "proc", machine / "dev")) == [
        ("10-0038 generic ft5x06 (79)", machine / "dev/input/event4")]


def test_rotation_and_inversion_reach_the_provider() -> None:
    panel = [Path("/dev/input/event4")]
    assert input_entries(TouchSettings(invert_x=True, rotation=90), panel) == {
        "touchscreen": "mtdev,/dev/input/event4,rotation=90,invert_x=1,invert_y=0"}
    # hidinput flips its y by default: an upright panel is invert_y=1 to it.
    assert input_entries(TouchSettings(input="hidinput", invert_y=True), panel) == {
        "touchscreen": "hidinput,/dev/input/event4,rotation=0,invert_x=0,invert_y=0"}
    assert input_entries(TouchSettings(device="/dev/input/event9"), panel)["touchscreen"].startswith(
        "mtdev,/dev/input/event9,")
