"""The dice of all three games load with the core's `load_dice`, and the tray can name every face."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from companion.core.dice import load_dice
from companion.devices.tray.kinds import DATA_DIR, DiceDataError, load_kinds

FILES = {
    "covenant": {"d6", "trap", "treasure"},
    "dungeon-roll": {"party", "dungeon"},
    "descent": {"red", "blue", "white", "green", "yellow", "black"},
}


@pytest.mark.parametrize(("game", "ids"), FILES.items())
def test_each_file_loads_with_six_faced_dice(game: str, ids: set[str]) -> None:
    kinds = load_dice(yaml.safe_load((DATA_DIR / game / "dice.yaml").read_text(encoding="utf-8")))
    assert set(kinds) == ids
    for kind in kinds.values():
        assert len(kind.faces) == 6, kind.id
        # The face number the tray reports is the face's place in the list, and its value.
        assert [f.value for f in kind.faces] == [1, 2, 3, 4, 5, 6], kind.id
        assert all(f.en and f.ar for f in kind.faces), kind.id
        assert kind.en and kind.ar


def test_the_covenant_special_dice_match_the_rulebook() -> None:
    kinds = load_kinds()
    assert [f.id for f in kinds["trap"].faces].count("spikes") == 2
    assert kinds["trap"].probability("poison") == pytest.approx(2 / 6)
    assert kinds["treasure"].probability("gold") == pytest.approx(3 / 6)


def test_descent_dice_have_their_miss_faces_and_power_dice_none() -> None:
    kinds = load_kinds()
    for colour in ("red", "blue", "white"):
        assert kinds[colour].probability("miss") == pytest.approx(1 / 6)
    for colour in ("green", "yellow", "black"):
        assert kinds[colour].face("miss") is None
    assert kinds["black"].probability("enhance") == pytest.approx(3 / 6)


def test_dungeon_roll_dice_have_one_face_of_each() -> None:
    kinds = load_kinds()
    assert {f.id for f in kinds["dungeon"].faces} == {"goblin", "skeleton", "ooze", "chest", "potion", "dragon"}
    assert len({f.id for f in kinds["party"].faces}) == 6


def test_kind_ids_fit_the_wire_limits() -> None:
    from companion.devices.tray.dicetray.tray import MAX_KIND

    assert all(len(k) <= MAX_KIND for k in load_kinds())


def test_two_games_defining_one_kind_differently_is_refused(tmp_path: Path) -> None:
    for game, name in (("a", "die"), ("b", "other die")):
        (tmp_path / game).mkdir()
        (tmp_path / game / "dice.yaml").write_text(
            f"- {{id: same, en: {name}, ar: نرد, faces: [{{id: x}}, {{id: y}}]}}\n", encoding="utf-8"
        )
    with pytest.raises(DiceDataError, match="same"):
        load_kinds(tmp_path)
