"""The home screen offers for resuming the newest stored games of every game it has screens for, never the
one in play; a Dungeon Roll session's "Resume" names its heroes from Dungeon Roll's own data. Its language
switches offer the other languages."""

from __future__ import annotations

from pathlib import Path

from companion.core.messages import LANGS
from companion.store import Store, StoredSession
from companion.ui.games import TABLE_GAMES
from companion.ui.home import other_languages, resumable


def test_only_games_with_a_table_screen_are_offered_for_resuming(tmp_path: Path) -> None:
    with Store(tmp_path / "sessions.sqlite3") as store:
        covenant = store.start("covenant", {"heroes": ["knight"], "seed": 1})
        dice = store.start("dungeon-roll", {"heroes": ["spellsword"], "seed": 1})
        descent = store.start("descent", {"map": "boulder-run", "seed": 4})
        assert all(isinstance(s, StoredSession) for s in (covenant, dice, descent))
        assert isinstance(covenant, StoredSession) and isinstance(dice, StoredSession)
        unfinished = store.unfinished()
        assert {s.game for s in unfinished} == {"covenant", "dungeon-roll", "descent"}
        # Descent has its screens too: the newest two stored games are offered, never the one in play.
        assert [s.id for s in resumable(unfinished, None)] == [descent.id, dice.id]
        assert [s.id for s in resumable(unfinished, descent.id)] == [dice.id, covenant.id]


def test_the_language_switches_offer_the_other_two_languages_each_in_itself() -> None:
    """Issue 11: three languages, so the home screen shows a switch for each of the other two."""
    assert other_languages("ar") == [("en", "English"), ("be", "Беларуская")]
    assert other_languages("be") == [("ar", "العربية"), ("en", "English")]
    assert [lang for lang, _ in other_languages("en")] == ["ar", "be"]


def test_a_dungeon_roll_session_resumes_by_its_heroes_names() -> None:
    names = TABLE_GAMES["dungeon-roll"].heroes
    assert names is not None
    spellsword = names()["spellsword"]
    assert spellsword["en"] == "Spellsword" and all(spellsword.get(lang) for lang in LANGS)
    assert TABLE_GAMES["covenant"].heroes is None  # The Last Covenant's come from the app's own data
