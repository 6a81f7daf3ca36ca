"""The store's path from the settings: refused when read if no file can have it (a NUL or another control
character, longer than any system allows), and never a traceback where it is used (the store, `doctor`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import cli, config
from companion.store import Store


@pytest.mark.parametrize(("value", "reason"), [
    (r"/tmp/a\u0000b/sessions.sqlite3", "Expected `str` matching regex"),
    (r"/tmp/a\u001bb/sessions.sqlite3", "Expected `str` matching regex"),
    (r"/tmp/a\nb/sessions.sqlite3", "Expected `str` matching regex"),
    ("", "Expected `str` of length >= 1"),
    ("/tmp/" + "a/" * 2100, "Expected `str` of length <= 4096"),
])
def test_a_store_path_no_file_can_have_is_refused_when_the_settings_are_read(
        tmp_path: Path, value: str, reason: str) -> None:
    settings = tmp_path / "config.toml"
    settings.write_text(f'[store]\npath = "{value}"\n', encoding="utf-8")
    with pytest.raises(config.ConfigError) as caught:
        config.load(settings)
    assert str(caught.value).startswith(f"{settings}: store.path: ") and reason in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("name", ["a\0b.sqlite3", "~nobody-at-this-table-xyz/sessions.sqlite3",
                                  "x" * 300 + ".sqlite3"])
def test_the_store_never_raises_for_a_path_it_cannot_use(tmp_path: Path, name: str) -> None:
    """Given such a path by a caller that did not read the settings, it runs in memory and says so."""
    path = name if name.startswith("~") else f"{tmp_path}/{name}"
    with Store(path) as store:
        assert not store.durable
        (problem,) = store.problems
        assert problem.code == "not-saved" and problem.msg.text("ar") != problem.msg.text("en")


def test_doctor_reports_a_store_path_longer_than_the_file_system_allows(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    settings = tmp_path / "config.toml"
    for path in (tmp_path / ("x" * 300) / "sessions.sqlite3", tmp_path / ("x" * 300 + ".sqlite3")):
        settings.write_text(f'[store]\npath = "{path}"\n', encoding="utf-8")
        assert cli.main(["doctor", "--config", str(settings)]) == 1
        lines = [line for line in capsys.readouterr().out.splitlines() if "session store" in line]
        assert len(lines) == 1 and "PROBLEM" in lines[0] and "File name too long" in lines[0], lines
