"""The home screen offers for resuming every stored unfinished game of every game it has screens for, never
the one in play, each by its heroes as they stand now and its round (issue 21, finding 5). Its language
switches offer the other languages."""

from __future__ import annotations

from pathlib import Path

from companion.core.rules import find
from companion.store import Store, StoredSession
from companion.ui.home import about, other_languages, resumable


def test_only_games_with_a_table_screen_are_offered_for_resuming(tmp_path: Path) -> None:
    with Store(tmp_path / "sessions.sqlite3") as store:
        covenant = store.start("covenant", {"heroes": ["knight"], "seed": 1})
        dice = store.start("dungeon-roll", {"heroes": ["spellsword"], "seed": 1})
        descent = store.start("descent", {"map": "boulder-run", "seed": 4})
        assert all(isinstance(s, StoredSession) for s in (covenant, dice, descent))
        assert isinstance(covenant, StoredSession) and isinstance(dice, StoredSession)
        unfinished = store.unfinished()
        assert {s.game for s in unfinished} == {"covenant", "dungeon-roll", "descent"}
        # Every one, newest first, never the one in play (before issue 21: the newest two, the Covenant's lost).
        assert [s.id for s in resumable(unfinished, None)] == [descent.id, dice.id, covenant.id]
        assert [s.id for s in resumable(unfinished, descent.id)] == [dice.id, covenant.id]


def test_a_stored_game_is_named_by_its_heroes_as_they_stand_and_its_round(tmp_path: Path) -> None:
    """Finding 5: "Resume: Knight" after the hero had become Dragonslayer, and "Resume:" with nothing for
    Descent. Each game says it from its own state: a Dungeon Roll hero by the side up (DR §Leveling up: a
    hero with 5 experience turns the card to its master side), Descent's heroes from its map."""
    with Store(tmp_path / "sessions.sqlite3") as store:
        covenant = store.start("covenant", {"heroes": ["knight", "rogue"], "seed": 1})
        dice = store.start("dungeon-roll", {"heroes": ["knight"], "seed": 1})
        descent = store.start("descent", {"map": "boulder-run", "seed": 4})
        assert isinstance(covenant, StoredSession) and isinstance(dice, StoredSession)
        assert isinstance(descent, StoredSession)
        heroes, where = about(store.resume(covenant.id)) or ([], None)
        assert [h["en"] for h in heroes] == ["Exiled Knight", "Shadow Rogue"] and where is not None
        assert where.text("en") == "round 1"
        heroes, where = about(store.resume(dice.id)) or ([], None)
        assert [h["en"] for h in heroes] == ["Knight"] and where is not None and where.text("en") == "delve 1"
        dice.state.players[0].master = True  # as the level-up leaves it
        heroes, _ = about(dice) or ([], None)
        assert [h["en"] for h in heroes] == ["Dragonslayer"]
        heroes, where = about(store.resume(descent.id)) or ([], None)
        assert heroes and all(h["en"] and h["ar"] and h["be"] for h in heroes) and where is None
    assert about(find("covenant")) is None  # not a stored game: nothing to say


def test_the_language_switches_offer_the_other_two_languages_each_in_itself() -> None:
    """Issue 11: three languages, so the home screen shows a switch for each of the other two."""
    assert other_languages("ar") == [("en", "English"), ("be", "Беларуская")]
    assert other_languages("be") == [("ar", "العربية"), ("en", "English")]
    assert [lang for lang, _ in other_languages("en")] == ["ar", "be"]
