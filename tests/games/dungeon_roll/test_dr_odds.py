"""The exact odds of clearing the next level, from the dice faces (issue 11: shown before the choice to
retire or seek glory; ruling R-DR-17), checked against hand counts and against every throw played."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from dr_game import RULES, Game

from companion.games.dungeon_roll.moves import candidates
from companion.games.dungeon_roll.odds import next_level
from companion.games.dungeon_roll.play import Play


def regroup_after_level_one(party: str, keep: list[str], lair: bool = False) -> Game:
    """A delve in its regroup phase after level 1, with only the `keep` dice left in the party."""
    g = Game("knight")
    g.throw(party)
    g.throw("dragon" if lair else "chest")
    if g.s.phase == "loot":
        g.do("done")
    for die in g.s.at("party"):
        if die not in keep:
            g.s.dice[die].place = "graveyard"
    return g


def test_a_lone_thief_clears_two_dice_unless_both_are_monsters() -> None:
    """§Party dice: a thief defeats a single monster; level 2 throws 2 dice: 1 − (1/2)² = 3/4."""
    g = regroup_after_level_one("thief fighter fighter fighter fighter fighter fighter", ["p1"])
    assert next_level(g.s, RULES.data) == Fraction(3, 4)


def test_a_lone_cleric_also_clears_two_skeletons() -> None:
    """§Party dice: a cleric defeats any number of skeletons: 3/4 + 1/36."""
    g = regroup_after_level_one("cleric fighter fighter fighter fighter fighter fighter", ["p1"])
    assert next_level(g.s, RULES.data) == Fraction(3, 4) + Fraction(1, 36)


def test_the_dragon_takes_three_different_companions_from_the_monsters() -> None:
    """§Dragon phase: with 2 dragons in the Lair, a dragon thrown needs all three companions, so the other
    die must be no monster: 25/36 without a dragon + 5/36 = 5/6."""
    g = Game("minstrel")
    g.throw("fighter cleric champion thief thief thief thief")
    g.throw("dragon")
    for die in ("p4", "p5", "p6", "p7"):
        g.s.dice[die].place = "graveyard"
    g.s.dice["d2"].place, g.s.dice["d2"].face = "lair", "dragon"
    assert next_level(g.s, RULES.data) == Fraction(5, 6)


def test_the_odds_agree_with_every_throw_played_through_the_engine() -> None:
    """Each of the 36 throws of level 2 played for real by a lone champion (§Party dice: any number of a
    single type): the share the engine lets it clear is the odds, 30/36."""
    g = regroup_after_level_one("fighter thief champion mage mage mage mage", ["p3"])
    base = RULES.encode(g.s)
    cleared = 0
    for throw in product([f.id for f in RULES.data.dice["dungeon"].faces], repeat=2):
        trial = Game("knight")
        trial.session.state = RULES.decode(base)
        trial.do("seek")
        trial.throw(" ".join(throw))
        fights = [m for m in candidates(Play(trial.s, RULES.data)) if m.action == "fight"]
        if trial.s.phase == "monsters" and fights:
            trial.ok(max(fights, key=lambda m: len(str(m.args["monsters"]).split())))
        cleared += trial.s.phase not in ("monsters", "dragon")
    assert cleared == 30 and next_level(RULES.decode(base), RULES.data) == Fraction(cleared, 36)


def test_a_scouted_level_is_one_certain_throw() -> None:
    """R-DR-22 with R-DR-17: the odds of a level the Scout has assigned count its dice as they lie: a
    lone fighter clears two goblins for certain, and never a skeleton with an ooze."""
    for level2, chance in (("d1 d2", Fraction(1)), ("d3 d4", Fraction(0))):
        g = Game("scout")
        g.throw("fighter fighter fighter fighter fighter fighter fighter")
        g.throw("goblin goblin skeleton ooze chest chest")
        g.do("assign", level1="d5", level2=level2, level3=" ".join(sorted({"d1", "d2", "d3", "d4", "d6"}
                                                                          - set(level2.split()))))
        g.do("done")
        for die in g.s.at("party")[1:]:
            g.s.dice[die].place = "graveyard"
        assert next_level(g.s, RULES.data) == chance
