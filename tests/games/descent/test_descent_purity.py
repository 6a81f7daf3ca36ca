"""Descent's referee is pure like every rule system: a scenario plays with screens, devices and the store
unimportable."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FORBIDDEN = ("kivy", "nfc", "serial", "gpiozero", "usb", "sqlite3", "companion.devices", "companion.store",
             "companion.ui", "companion.table")
SCENARIO = ROOT / "tests/games/descent/scenarios/boulders.yaml"
PROBE = f"""
import importlib.abc, pathlib, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if any(name == f or name.startswith(f + ".") for f in {FORBIDDEN!r}):
            raise ImportError("the Descent referee imported " + name)
sys.meta_path.insert(0, Block())
from companion.core import scenario
result = scenario.play(scenario.load(pathlib.Path({str(SCENARIO)!r})))
assert result.failures == [], result.failures
print("pure")
"""


def test_the_descent_referee_plays_with_devices_and_screens_blocked() -> None:
    result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=ROOT, check=False,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "pure"
