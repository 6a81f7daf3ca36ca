"""Text from outside comes in once, safe (issue 24 finding 8): NFC-normalised, without control or bidi-control
characters, a name bounded by its schema's `Name`."""

from __future__ import annotations

import shutil
from pathlib import Path

import msgspec
import pytest

from companion import cli
from companion.core import files, scenario
from companion.core.text import NAME_MAX, Name, TextError, normal
from companion.games.descent import data as descent

REFUSED = ["\u2066", "\u2067", "\u2068", "\u2069", "\u202e", "\u200f", "\u061c", "\x00", "\x1b", "\x85", "\x7f",
           "\U00012544"]


@pytest.mark.parametrize("char", REFUSED)
def test_a_refused_character_in_a_map_name_is_a_problem_of_data_check(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], char: str) -> None:
    """Before, `companion data check --game descent` called a map named with an isolate valid, and every label
    showing that name raised in the layout. A YAML escape puts any character in a string."""
    folder = tmp_path / "descent"
    shutil.copytree(descent.data_dir(), folder)
    corner = folder / "maps" / "corner.yaml"
    text = corner.read_text(encoding="utf-8")
    escape = f"\\U{ord(char):08x}"
    corner.write_text(text.replace("en: The bent hall", f'en: "The {escape}bent hall"'), encoding="utf-8")
    assert cli.main(["data", "check", "--game", "descent", "--dir", str(folder)]) == 1
    out = capsys.readouterr().out
    assert f"corner.yaml: en: character U+{ord(char):04X}" in out and "is not allowed" in out, out


def test_an_imported_scenario_comes_in_nfc(tmp_path: Path) -> None:
    seed = Path(__file__).resolve().parents[1] / "games" / "covenant" / "scenarios"
    original = next(iter(sorted(seed.glob("*.yaml"))))
    decomposed = tmp_path / "nfd.yaml"
    decomposed.write_text(original.read_text(encoding="utf-8") + "# e\u0301\n", encoding="utf-8")
    raw = files.parse_yaml(decomposed, 'name: "Cafe\u0301"\n')
    assert raw == {"name": "Caf\u00e9"}
    assert scenario.load(decomposed) == scenario.load(original)


def test_a_refused_character_is_named_with_its_place(tmp_path: Path) -> None:
    with pytest.raises(files.FileError) as caught:
        files.parse_yaml(tmp_path / "x.yaml", 'figures:\n  - {id: m1, en: "Ghoul\\u2066"}\n')
    assert str(caught.value) == (f"{tmp_path / 'x.yaml'}: figures.0.en: character U+2066 (a bidi control character) "
                                 "at position 6 is not allowed")


def test_a_name_is_one_bounded_line() -> None:
    class Named(msgspec.Struct):
        en: Name

    assert msgspec.convert({"en": "Skeleton archer 2"}, Named).en == "Skeleton archer 2"
    for bad in ["", "x" * (NAME_MAX + 1), "two\nlines", "tab\there", "trailing\n", "LRI\u2066"]:
        with pytest.raises(msgspec.ValidationError):
            msgspec.convert({"en": bad}, Named)


def test_normal_refuses_and_composes() -> None:
    assert normal("A\u030a") == "\u00c5"
    with pytest.raises(TextError, match="U\\+202E"):
        normal("abc\u202e")


def test_data_check_says_a_long_list_of_long_problems_in_bounded_lines(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The fuzzer's finding: a 10,000-character value was quoted whole, and every problem printed. Now the first
    20 problems, each of at most 300 characters, then how many more."""
    from companion.games.covenant import data as covenant

    folder = tmp_path / "covenant"
    shutil.copytree(covenant.data_dir(), folder)
    equipment = folder / "equipment.yaml"
    text = equipment.read_text(encoding="utf-8").replace("hero: rogue", f"hero: {'x' * 10_000}")
    equipment.write_text(text + "".join(f"- {{id: junk{n}, slot: nowhere}}\n" for n in range(40)), encoding="utf-8")
    assert cli.main(["data", "check", "--dir", str(folder)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 22 and lines[-2].startswith("… and ") and lines[-1].endswith(f"problem(s) in {folder}")
    assert max(map(len, lines[:-1])) <= 300


def test_a_settings_refusal_quotes_a_long_value_shortened(tmp_path: Path) -> None:
    """The settings fuzzer's finding: a 5,000-character language was quoted whole in the one-line refusal."""
    from companion import config

    path = tmp_path / "config.toml"
    path.write_text(f"[ui]\nlang = '{'9' * 5000}'\n", encoding="utf-8")
    with pytest.raises(config.ConfigError) as caught:
        config.load(path)
    said = str(caught.value)
    assert "ui.lang: Invalid enum value '999" in said and said.endswith("…")
    assert len(said) <= len(f"{path}: ui.lang: ") + 300
