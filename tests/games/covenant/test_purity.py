"""The rules engine is pure: it never imports a screen, a device or a store (style principle 1)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FORBIDDEN = ("kivy", "nfc", "serial", "gpiozero", "usb", "sqlite3", "companion.devices", "companion.store",
             "companion.ui", "companion.table")

SCENARIO = ROOT / "tests/games/covenant/scenarios/worked-turn.yaml"
PROBE = f"""
import importlib.abc, pathlib, sys
FORBIDDEN = {FORBIDDEN!r}
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if any(name == f or name.startswith(f + ".") for f in FORBIDDEN):
            raise ImportError("the rules engine imported " + name)
sys.meta_path.insert(0, Block())
from companion.core import scenario
result = scenario.play(scenario.load(pathlib.Path({str(SCENARIO)!r})))
assert result.failures == [], result.failures
print("pure", sorted(m for m in sys.modules if m.split(".")[0] in ("kivy", "nfc", "serial", "gpiozero")))
"""


def test_the_engine_plays_a_game_with_devices_and_screens_blocked() -> None:
    result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=ROOT, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "pure []"


def test_no_engine_module_names_a_device_library() -> None:
    pattern = re.compile(r"^\s*(from|import)\s+(" + "|".join(re.escape(f) for f in FORBIDDEN) + r")\b", re.M)
    for path in [*(ROOT / "companion/core").rglob("*.py"), *(ROOT / "companion/games").rglob("*.py")]:
        assert not pattern.search(path.read_text(encoding="utf-8")), path
