"""Heroes' attacks — rulebook "Combat", "The four heroes"; rulings R-HERO-1, R-HERO-2, R-HERO-4, R-COMBAT-1."""

from __future__ import annotations

from fractions import Fraction

from covenant_game import Game, monster
from hypothesis import given
from hypothesis import strategies as st

from companion.core.flow import Act, Choose, DiePrompt, Draw, Roll
from companion.games.covenant.combat import Terms

BOARD_OPEN = {"unrevealed": [], "revealed": {f"room{i}": f"z1-combat-{i}" for i in range(1, 5)}}


def test_a_total_below_strength_misses_and_deals_nothing() -> None:
    """§Combat step 4: lower than the strength is a miss, unless the die shows 6."""
    g = Game(["knight"], {"heroes": {"knight": {"space": "m1", "gold": 0}}, "monsters": [monster("m1", "troll", "m2")]},
             deal={"combat": "table"})
    events = g.attack("knight", "m1", card="2", die="5")
    assert "2 + 5 + 1 = 8 < 9: Exiled Knight misses Troll." in g.texts(events)
    assert g.s.monsters[0].damage == 0


def test_backstab_adds_two_when_an_ally_flanks_the_target() -> None:
    """R-HERO-1: the Rogue's Backstab, +2 on a hit when another standing hero is adjacent to the target."""
    position = {"heroes": {"rogue": {"space": "m1", "gold": 0}, "knight": {"space": "m3"}},
                "monsters": [monster("m1", "troll", "m2")]}
    g = Game(["rogue", "knight"], position, deal={"combat": "table"})
    g.attack("rogue", "m1", card="7", die="3")
    assert g.s.monsters[0].damage == (7 + 3 + 1 - 9 + 2) + 2
    alone = Game(["rogue", "knight"], {**position, "heroes": {"rogue": {"space": "m1", "gold": 0},
                                                              "knight": {"space": "t8"}}}, deal={"combat": "table"})
    alone.attack("rogue", "m1", card="7", die="3")
    assert alone.s.monsters[0].damage == 7 + 3 + 1 - 9 + 2


def test_backstab_applies_to_a_golden_six() -> None:
    """§Combat, golden six: 1 damage plus any applicable Backstab."""
    position = {"heroes": {"rogue": {"space": "m1", "gold": 0}, "knight": {"space": "m2"}},
                "monsters": [monster("m1", "troll", "m2")]}
    g = Game(["rogue", "knight"], position, deal={"combat": "table"})
    g.attack("rogue", "m1", card="1", die="6")
    assert g.s.monsters[0].damage == 1 + 2


def test_a_weapons_minimum_damage_applies_on_a_hit_and_a_golden_six() -> None:
    """§Combat: a weapon's minimum damage on a hit applies (the War axe's 3)."""
    position = {"heroes": {"knight": {"space": "m1", "gold": 0, "weapon": "war_axe"}},
                "monsters": [monster("m1", "troll", "m2")]}
    g = Game(["knight"], position, deal={"combat": "table"})
    g.attack("knight", "m1", card="5", die="2")
    assert g.s.monsters[0].damage == 3
    six = Game(["knight"], position, deal={"combat": "table"})
    six.attack("knight", "m1", card="1", die="6")
    assert six.s.monsters[0].damage == 3


def test_ranged_attacks_count_spaces_along_the_board() -> None:
    """§Combat: range counts spaces along the path, no line of sight; range 1 = same or adjacent space."""
    g = Game(["ranger"], {"heroes": {"ranger": {"space": "m1"}},
                          "monsters": [monster("m1", "goblin", "m4"), monster("m2", "goblin", "m5")]})
    targets = next(o for o in g.session.prompt().options if o.id == "attack").targets  # type: ignore[union-attr]
    assert targets == ["m1"]
    assert g.refused(Act(actor="ranger", action="attack", target="m2")).code == "out-of-range"


def test_rerolls_last_accepted_roll_counts() -> None:
    """§Combat / R-COMBAT-1: after a reroll (Hawk Eye or 2 gold) the last accepted roll counts."""
    g = Game(["ranger"], {"heroes": {"ranger": {"space": "m1", "gold": 5}},
                          "monsters": [monster("m1", "goblin", "m2")]}, deal={"combat": "table"})
    g.act("ranger", "attack", "m1")
    g.ok(Draw(deck="combat", card="5"), Roll(die="d6", face="4"))
    assert g.s.pending[0].options == ["keep", "hawk_eye", "gold"]  # type: ignore[union-attr]
    g.ok(Choose(option="hawk_eye"), Roll(die="d6", face="1"))
    assert g.s.pending[0].options == ["keep", "gold"]  # type: ignore[union-attr]
    g.ok(Choose(option="gold"), Roll(die="d6", face="2"), Choose(option="keep"))
    assert g.s.heroes["ranger"].gold == 3
    assert "5 + 2 + 1 = 8 ≥ 7: hit! 8 − 7 + 2 → 3 damage to Goblin." in g.texts()
    assert g.s.monsters[0].damage == 3


def test_a_hero_without_gold_or_hawk_eye_is_not_asked_to_reroll() -> None:
    g = Game(["knight"], {"heroes": {"knight": {"space": "m1", "gold": 1}},
                          "monsters": [monster("m1", "goblin", "m2")]}, deal={"combat": "table"})
    g.act("knight", "attack", "m1")
    g.ok(Draw(deck="combat", card="5"), Roll(die="d6", face="4"))
    assert g.s.pending == [] and g.s.monsters == []


def test_fireball_needs_no_roll_and_splashes_adjacent_monsters() -> None:
    """§The four heroes / R-HERO-4: 4 to the target, 2 to each adjacent; once a turn."""
    g = Game(["sorceress"], {"heroes": {"sorceress": {"space": "m1"}},
                             "monsters": [monster("m1", "troll", "m3"), monster("m2", "troll", "m4"),
                                          monster("m3", "troll", "m3"), monster("m4", "troll", "m6")]})
    g.act("sorceress", "fireball", "m1")
    assert not isinstance(g.session.prompt(), DiePrompt)
    damage = {m.uid: m.damage for m in g.s.monsters}
    assert damage == {"m1": 4, "m2": 2, "m3": 2, "m4": 0}
    assert "fireball" not in [o.id for o in g.session.prompt().options]  # type: ignore[union-attr]


def test_a_guardians_defense_is_subtracted_with_a_minimum_of_one() -> None:
    """§Combat, "Against guardians": damage minus defense, at least 1 (the Hollow King's defense 1)."""
    position = {"heroes": {"knight": {"space": "m8", "gold": 0}}, "board": BOARD_OPEN}
    g = Game(["knight"], position, deal={"combat": "table"})
    g.attack("knight", "guardian", card="9", die="4")
    assert g.s.guardian.damage == (9 + 4 + 1 - 10 + 2) - 1
    weak = Game(["knight"], position, deal={"combat": "table"})
    weak.attack("knight", "guardian", card="1", die="6")
    assert weak.s.guardian.damage == 1


def test_the_odds_come_from_the_cards_left_and_a_fair_die() -> None:
    """The engine states the exact chance to hit and the expected damage before the attack."""
    from covenant_game import RULES

    only_ones = {"heroes": {"knight": {"space": "m1"}}, "monsters": [monster("m1", "troll", "m2")],
                 "decks": {"combat": {"draw_pile": ["1", "1"], "discard": []}}}
    g = Game(["knight"], only_ones)
    odds = RULES.odds(g.s, "knight", "m1")
    assert odds.hit == Fraction(1, 6) and odds.damage == Fraction(1, 6)
    tens = Game(["knight"], {**only_ones, "decks": {"combat": {"draw_pile": ["10"], "discard": []}}})
    odds = RULES.odds(tens.s, "knight", "m1")
    assert odds.hit == 1 and odds.damage == Fraction(sum(10 + d + 1 - 9 + 2 for d in range(1, 7)), 6)


def test_the_arithmetic_shows_every_step_that_changed_the_damage() -> None:
    """R-HERO-2: the table can check every step — Backstab, Skill, a weapon's minimum, a guardian's defense."""
    position = {"heroes": {"rogue": {"space": "m1", "gold": 0, "upgrades": {"skill": 1}}, "knight": {"space": "m3"}},
                "monsters": [monster("m1", "troll", "m2")]}
    g = Game(["rogue", "knight"], position, deal={"combat": "table"})
    events = g.attack("rogue", "m1", card="5", die="3")
    # One calculation, its reasons beside it (issue 21): it was "9 − 9 + 2 = 2; Backstab +2, Skill +1 → 5".
    said = "5 + 3 + 1 = 9 ≥ 9: hit! 9 − 9 + 2 + 2 + 1 = 5 (Backstab +2, Skill +1) → 5 damage to Troll."
    assert said in g.texts(events)


@given(bonus=st.integers(0, 6), strength=st.integers(1, 20), backstab=st.sampled_from([0, 2]),
       skill=st.integers(0, 3), min_damage=st.integers(0, 5), defense=st.sampled_from([None, 0, 1, 2]),
       base=st.integers(1, 20))
def test_a_hit_is_said_with_its_reasons_exactly_when_it_has_some(bonus: int, strength: int, backstab: int, skill: int,
                                                                   min_damage: int, defense: int | None,
                                                                   base: int) -> None:
    """R-HERO-2: the sentence with reasons ("(Backstab +2)") is chosen by `adjusted`, the reasons listed by
    `adjustments` (issue 26: the list is made only when read); the two must agree."""
    t = Terms(bonus, strength, backstab, skill, min_damage, defense)
    assert t.adjusted(base) == bool(t.adjustments(base))
