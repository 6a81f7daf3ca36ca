"""A new game — rulebook "Setup", steps 1–9; rulings R-SETUP-1, R-SETUP-2, R-BOARD-0."""

from __future__ import annotations

from collections import Counter

import pytest
from covenant_game import RULES, Game

from companion.core.flow import ActionPrompt, ChoicePrompt, Choose
from companion.core.rules import SetupError


def test_setup_lays_the_castle_and_equips_every_hero() -> None:
    """Steps 1–4: the Fallen Castle alone; 1 health potion, 3 gold, the basic weapon, full HP; at the entrance."""
    g = Game(["knight", "rogue", "ranger", "sorceress"])
    s = g.s
    assert s.board.zone == 1 and s.guardian.id == "hollow_king"
    for hero in s.heroes.values():
        assert (hero.potions, hero.gold, hero.weapon, hero.space) == (["health"], 3, None, "m1")
    assert s.heroes["knight"].hp == 14


def test_setup_shuffles_each_deck_and_builds_the_potion_deck() -> None:
    """Steps 5–6: events 18, loot 12, combat 30, monsters, equipment; the potion deck of 4."""
    decks = Game(["knight"]).s.decks
    sizes = {name: len(decks[name].draw_pile) for name in ("events", "loot", "combat", "potions")}
    assert sizes == {"events": 18, "loot": 12, "combat": 30, "potions": 4}
    assert Counter(decks["potions"].draw_pile) == Counter({"health": 1, "greater_health": 1, "strength": 1, "speed": 1})
    assert decks["monsters"].draw_pile.count("goblin") >= 2 and "demon" not in decks["monsters"].draw_pile


def test_setup_deals_the_zones_seven_markers_on_its_seven_slots() -> None:
    """Step 7: 6 markers on the rectangles and the 7th on the marked circle; room piles by type."""
    s = Game(["knight"]).s
    assert sorted(s.board.unrevealed) == ["room1", "room2", "room3", "room4", "room5", "room6", "t8"]
    assert len(s.decks["markers-z1"].draw_pile) == 7
    assert {len(s.decks[f"rooms-z1-{t}"].draw_pile) for t in ("elite", "treasure", "trap")} == {1}
    assert len(s.decks["rooms-z1-combat"].draw_pile) == len(s.decks["rooms-z1-event"].draw_pile) == 2


def test_three_heroes_each_pick_an_upgrade_before_the_first_turn() -> None:
    """Step 3: in a 3-player game each hero picks one upgrade at once."""
    g = Game(["knight", "rogue", "ranger"])
    for _ in range(3):
        prompt = g.session.prompt()
        assert isinstance(prompt, ChoicePrompt)
        assert [o.id for o in prompt.options] == ["strength", "agility", "vitality", "skill", "protection"]
        g.ok(Choose(option="vitality"))
    assert isinstance(g.session.prompt(), ActionPrompt)
    assert g.s.heroes["knight"].hp == 17 and g.s.heroes["ranger"].upgrades == {"vitality": 1}


def test_seat_order_is_the_order_given() -> None:
    """Step 9 / R-SETUP-2: the first player goes first, then the others in the same order all game."""
    g = Game(["ranger", "knight"])
    assert g.s.order == ["ranger", "knight"] and g.s.active == "ranger"


@pytest.mark.parametrize("heroes", [["knight"], ["knight", "rogue"]])
def test_one_or_two_heroes_may_play(heroes: list[str]) -> None:
    """R-SETUP-1: the engine counts heroes, not people."""
    assert Game(heroes).s.players == len(heroes)


@pytest.mark.parametrize("setup", [
    {"heroes": []}, {"heroes": ["knight", "knight"]}, {"heroes": ["paladin"]},
    {"heroes": ["knight"], "difficulty": "nightmare"}, {"heroes": ["knight"], "colour": "red"},
    {"heroes": ["knight"], "position": {"heroes": {"knight": {"hp": "lots"}}}},
])
def test_an_impossible_setup_is_refused_with_a_reason(setup: dict[str, object]) -> None:
    with pytest.raises(SetupError, match="setup"):
        RULES.new_game(setup)


def test_the_same_seed_deals_the_same_game_and_another_seed_does_not() -> None:
    one, two, other = (RULES.encode(RULES.new_game({"heroes": ["knight"], "seed": s})) for s in (7, 7, 8))
    assert one == two and one != other


def test_difficulty_sets_the_escape_rounds() -> None:
    """§The escape: 3 rounds; easier 4; harder 2."""
    assert [RULES.new_game({"heroes": ["knight"], "difficulty": d}).escape_rounds
            for d in ("easier", "normal", "harder")] == [4, 3, 2]
