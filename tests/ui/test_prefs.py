"""Issue 17, finding 11: the language chosen on the screen survives a restart (the settings file is the
table owner's, read-only to the app)."""

from __future__ import annotations

import queue
from pathlib import Path

from companion.config import Settings
from companion.games.covenant.data import default
from companion.store import Store
from companion.table import Table
from companion.ui.app import CompanionApp
from companion.ui.prefs import load_lang, save_lang
from companion.ui.referee import NoGame


def app_for(store_path: Path, settings_lang: str) -> CompanionApp:
    settings = Settings()
    settings.ui.lang = settings_lang  # type: ignore[assignment]
    settings.store.path = str(store_path)
    return CompanionApp(settings, Table(NoGame(), queue.Queue()), data=default(), store=Store(":memory:"))


def test_the_language_chosen_comes_back_after_a_restart(tmp_path: Path) -> None:
    store_path = tmp_path / "data" / "sessions.sqlite3"
    assert app_for(store_path, "ar").lang == "ar"
    save_lang(str(store_path), "en")  # what a tap on "English" keeps (harness.py checks the tap itself)
    assert app_for(store_path, "ar").lang == "en"


def test_no_choice_or_a_bad_file_leaves_the_settings_language(tmp_path: Path) -> None:
    store_path = str(tmp_path / "sessions.sqlite3")
    assert load_lang(store_path) is None and load_lang(":memory:") is None
    (tmp_path / "language").write_text("fr", encoding="utf-8")
    assert load_lang(store_path) is None
    save_lang(":memory:", "en")  # nowhere to keep it: nothing happens
    assert app_for(tmp_path / "sessions.sqlite3", "en").lang == "en"
