"""The real app run headless in processes of its own (one Kivy app a process), all at once: a script and its
arguments for each run, the screenshots folder last; each run gives back its exit code, the JSON report its
last line prints, the tail of its stderr and the folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
HARNESS = Path(__file__).with_name("harness.py")
Run = tuple[int, dict[str, Any], str, Path]
SOAK = os.environ.get("SOAK") == "1"
"""`make soak`: a scenario in every language, where `make test` plays it in one (issue 26: the languages turn
about between the scenarios, so each language has its share of them in `make test`)."""


def soaked(names: Iterable[str], kept: Collection[str]) -> list[Any]:
    """A test's parameters: those `kept` run in `make test`; the others carry the `soak` mark, which
    tests/conftest.py skips unless SOAK=1 (and `make soak`, `-k soak`, selects)."""
    return [name if name in kept else pytest.param(name, marks=pytest.mark.soak) for name in names]


def played(names: Iterable[str], kept: Collection[str]) -> list[str]:
    """The runs a module starts: every one under SOAK=1, else those `kept`."""
    return [name for name in names if SOAK or name in kept]


def shot_folder(tmp: pytest.TempPathFactory, name: str) -> Path:
    """$UI_SCREENSHOTS (`make screenshots` points it at docs/screenshots), or a temporary folder."""
    chosen = os.environ.get("UI_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp.mktemp(name)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def offscreen(kivy_home: Path, path: str = str(ROOT)) -> dict[str, str]:
    """The environment of a headless Kivy process: SDL's offscreen driver, its own Kivy home, the project on
    the path (and `path`'s other folders)."""
    return {**os.environ, "SDL_VIDEODRIVER": "offscreen", "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1",
            "KIVY_HOME": str(kivy_home), "PYTHONPATH": path}


def script_report(script: str, kivy_home: Path, *args: str, timeout: float = 120, path: str = str(ROOT)) -> Any:
    """Runs `script` in a headless Kivy process of its own and gives back the JSON its last line prints; a
    script that fails fails the test with the tail of its stderr."""
    done = subprocess.run([sys.executable, "-c", script, *args], env=offscreen(kivy_home, path),
                          capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def run_all(script: Path, runs: Mapping[str, Sequence[str]], shots: Path, tmp: pytest.TempPathFactory,
            timeout: float) -> dict[str, Run]:
    """Starts every run at once, then collects each one's (exit code, report, stderr tail, shots folder)."""
    started = {}
    for name, args in runs.items():
        started[name] = subprocess.Popen([sys.executable, str(script), *args, str(shots)],
                                         env=offscreen(tmp.mktemp(f"kivy-{name}")),
                                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    results = {}
    for name, process in started.items():
        out, err = process.communicate(timeout=timeout)
        last = out.strip().splitlines()[-1] if out.strip() else "{}"
        results[name] = (process.returncode, json.loads(last), err[-3000:], shots)
    return results
