"""What the rulebook leaves open about guardians and damage, as the i16 rulings read it: "Shard guardians"
(dormant «حتى يبدأ التصرف (الهجوم والقدرات)»; the standing hero with the lowest HP), Crown Strike («يتلقى
المستهدف +1 ضرر»); rulings R-GUARD-7, R-GUARD-8, R-HERO-6. Each message cites the ruling it follows."""

from __future__ import annotations

from covenant_game import Game

KING_OPEN = {"zone": 1, "unrevealed": [], "revealed": {f"room{i}": "z1-combat-1" for i in range(1, 7)}}


def _king(heroes: dict[str, dict[str, object]], **guardian: object) -> Game:
    return Game(list(heroes), {"heroes": heroes, "board": KING_OPEN, "pending": [], "next_uid": 50,
                               "guardian": {"id": "hollow_king", **guardian}},
                deal={"combat": "table", "loot": "table", "potions": "table"})


def test_a_dormant_guardian_summons_when_its_hp_reaches_the_mark() -> None:
    """R-GUARD-7: the first attack brings the King to 9 HP, his summoning mark, while he still sleeps:
    the Goblins come at once, and the message says why a sleeping guardian summons."""
    g = _king({"knight": {"space": "m8", "gold": 0}}, damage=7)
    events = g.attack("knight", "guardian", card="6", die="4")  # 11 against 10: 3 − 1 = 2 → 9 HP
    summons = [e for e in events if e.kind == "summon"]
    assert len(summons) == 2 and {e.rule for e in summons} == {"R-GUARD-7"}
    assert g.s.guardian.provoked and not g.s.guardian.awake


def test_a_guardian_targets_a_fallen_hero_only_when_no_standing_hero_is_in_reach() -> None:
    """§Shard guardians, R-GUARD-8: the Rogue lies fallen on m5, 4 from the hall; the Knight on m4 is 5
    away. The King's blow goes to the fallen Rogue, who loses nothing more, and the target cites R-GUARD-8."""
    g = _king({"knight": {"space": "m4"}, "rogue": {"space": "m5", "hp": 0, "fallen": True, "dies_after_round": 2}},
              provoked=True, awake=True)
    g.act("knight", "end", "turn")
    [target] = [e for e in g.events if e.kind == "monster-target"]
    assert target.data["hero"] == "rogue" and target.rule == "R-GUARD-8"
    assert g.s.heroes["rogue"].hp == 0 and g.s.heroes["knight"].hp == 14


def test_crown_strike_adds_one_after_defense() -> None:
    """§Shard guardians (Crown Strike), R-HERO-6: damage 4 − the Knight's defense 4 is raised to 1, then
    +1 for standing beside the King: 2, which defense does not reduce."""
    g = _king({"knight": {"space": "m8", "armour": "plate_armour"}}, provoked=True, awake=True)
    g.act("knight", "end", "turn")
    [attack] = [e for e in g.events if e.kind == "monster-attack"]
    assert attack.rule == "R-HERO-6" and attack.data["total"] == 2
    assert g.s.heroes["knight"].hp == 14 - 2
