"""The home screen offers for resuming only the stored games it has a table screen for: a Dungeon Roll
session in the same store (imported, or played by `companion replay`) is kept, not opened on The Last
Covenant's board."""

from __future__ import annotations

from pathlib import Path

from companion.store import Store, StoredSession
from companion.ui.home import other_languages, resumable


def test_only_games_with_a_table_screen_are_offered_for_resuming(tmp_path: Path) -> None:
    with Store(tmp_path / "sessions.sqlite3") as store:
        covenant = store.start("covenant", {"heroes": ["knight"], "seed": 1})
        dice = store.start("dungeon-roll", {"heroes": ["spellsword"], "seed": 1})
        assert isinstance(covenant, StoredSession) and isinstance(dice, StoredSession)
        unfinished = store.unfinished()
        assert {s.game for s in unfinished} == {"covenant", "dungeon-roll"}
        assert [s.id for s in resumable(unfinished, None)] == [covenant.id]
        assert resumable(unfinished, covenant.id) == []


def test_the_language_switches_offer_the_other_two_languages_each_in_itself() -> None:
    """Issue 11: three languages, so the home screen shows a switch for each of the other two."""
    assert other_languages("ar") == [("en", "English"), ("be", "Беларуская")]
    assert other_languages("be") == [("ar", "العربية"), ("en", "English")]
    assert [lang for lang, _ in other_languages("en")] == ["ar", "be"]
