"""Files from outside (issue 14, findings 1-3): every hostile or clumsy file the issue reproduced is refused
with one line naming the file, the place and the reason, exit status 2, in bounded time and memory.

The commands run in a child process whose address space is capped, so a regression (an alias expanded,
/dev/zero read to the end) fails the test with a MemoryError instead of taking the machine down.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from companion import cli, config
from companion.core import files, scenario

MEMORY_CAP = 1 << 30
SETUP = "game: covenant\nsetup:\n  heroes: [knight]\n"


def alias_bomb(path: Path) -> Path:
    """Nine levels of nine aliases each: 9^9 strings once expanded, in under a kilobyte."""
    lines = [SETUP + "  position:", '    a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"    {b}: &{b} [{', '.join(['*' + a] * 9)}]" for a, b in zip("abcdefgh", "bcdefghi", strict=True)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert path.stat().st_size < 1024
    return path


def twenty_megabytes(path: Path) -> Path:
    path.write_text(SETUP + "inputs:\n" + "  - {type: die, die: d6, face: '4', source: tray}\n" * 420_000,
                    encoding="utf-8")
    assert path.stat().st_size > 20_000_000
    return path


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def latin1(path: Path) -> Path:
    path.write_bytes((SETUP + 'title: "Café"\n').encode("latin-1"))
    return path


def utf16(path: Path) -> Path:
    path.write_bytes((SETUP + 'title: "القبو"\n').encode("utf-16"))
    return path


def nested(path: Path) -> Path:
    path.write_text(SETUP + "  position: " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    return path


HOSTILE: dict[str, tuple[Callable[[Path], Path | str], str]] = {
    "alias-bomb": (alias_bomb, "line 6, column 12: aliases (*name) are not allowed"),
    "dev-zero": (lambda _: "/dev/zero", "/dev/zero: not a regular file (a device)"),
    "fifo": (fifo, "not a regular file (a FIFO)"),
    "folder": (lambda p: p.parent, "not a regular file (a folder)"),
    "20-MB": (twenty_megabytes, f"bytes; the limit is {files.MAX_BYTES}"),
    "latin-1": (latin1, "line 4, column 12: byte 0xE9 is not UTF-8 (Latin-1?); save the file as UTF-8"),
    "utf-16": (utf16, "UTF-16 (or binary) text; save it as UTF-8"),
    "5000-brackets": (nested, f"nested deeper than {files.MAX_DEPTH}"),
}


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def companion(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          timeout=120, preexec_fn=_capped, check=False)


@pytest.mark.parametrize("case", HOSTILE, ids=list(HOSTILE))
def test_replay_refuses_each_hostile_file_in_one_line(tmp_path: Path, case: str) -> None:
    make, reason = HOSTILE[case]
    path = str(make(tmp_path / "scenario.yaml"))
    done = companion("replay", path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"cannot play {path}: ") and reason in done.stderr


@pytest.mark.parametrize("case", ["alias-bomb", "fifo", "latin-1", "5000-brackets"])
def test_sessions_import_refuses_them_too_and_stores_nothing(tmp_path: Path, case: str) -> None:
    make, reason = HOSTILE[case]
    path = str(make(tmp_path / "scenario.yaml"))
    store = str(tmp_path / "sessions.db")
    done = companion("sessions", "--store", store, "import", path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1 and reason in done.stderr
    listed = companion("sessions", "--store", store, "list")
    assert (listed.returncode, listed.stdout, listed.stderr) == (0, "", "")


def test_unknown_keys_are_refused_with_their_place(tmp_path: Path) -> None:
    path = tmp_path / "typo.yaml"
    path.write_text(SETUP + "expect:\n  transcipt: [hit]\n", encoding="utf-8")
    with pytest.raises(scenario.ScenarioError) as caught:
        scenario.load(path)
    assert str(caught.value) == f"{path}: expect: Object contains unknown field `transcipt`"


def test_a_wrong_type_names_its_field(tmp_path: Path) -> None:
    path = tmp_path / "typo.yaml"
    path.write_text(SETUP + "inputs: {type: die}\n", encoding="utf-8")
    with pytest.raises(scenario.ScenarioError, match=r"typo.yaml: inputs: Expected `array`, got `object`$"):
        scenario.load(path)


def test_plain_utf8_with_a_byte_order_mark_and_arabic_is_read(tmp_path: Path) -> None:
    path = tmp_path / "bom.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + (SETUP + 'title: "القبو"\n').encode("utf-8"))
    assert scenario.load(path).title == "القبو"


def test_the_count_of_values_is_bounded(tmp_path: Path) -> None:
    path = tmp_path / "wide.yaml"
    path.write_text("[" + "[]," * (files.MAX_NODES + 1) + "]", encoding="utf-8")
    with pytest.raises(files.FileError, match=f"more than {files.MAX_NODES} values"):
        files.read_yaml(path)


def test_a_syntax_error_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("inputs: [1,\n  b: {", encoding="utf-8")
    with pytest.raises(files.FileError, match=r"broken.yaml: line \d+, column \d+: not valid YAML: "):
        files.read_yaml(path)


def test_a_file_that_grows_past_the_limit_while_read_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "small.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    with pytest.raises(files.FileError, match="5 bytes; the limit is 4"):
        files.read_bytes(path, limit=4)


@pytest.mark.parametrize(("text", "reason"), [
    (b"[store]\npath = '/tmp/caf\xe9'\n", "line 2, column 17: byte 0xE9 is not UTF-8"),
    (b"a = " + b"[" * 5000 + b"]" * 5000, "not valid TOML: RecursionError"),
    (b"[store]\npaht = '/tmp/x'\n", "store: Object contains unknown field `paht`"),
])
def test_settings_are_read_the_same_way(tmp_path: Path, text: bytes, reason: str) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(text)
    with pytest.raises(config.ConfigError) as caught:
        config.load(path)
    assert str(caught.value).startswith(f"{path}: ") and reason in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("command", [["sessions", "list"], ["tray", "status"]])
def test_a_command_says_so_when_the_settings_cannot_be_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str],
                                                            command: list[str]) -> None:
    settings = tmp_path / "config.toml"
    settings.write_bytes(b"[store]\npath = '/tmp/caf\xe9'\n")
    monkeypatch.setenv("COMPANION_CONFIG", str(settings))
    assert cli.main(command) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (f"companion {command[0]}: the settings cannot be read: {settings}: line 2, "
                                 "column 17: byte 0xE9 is not UTF-8 (Latin-1?); save the file as UTF-8\n")
