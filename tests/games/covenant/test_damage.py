"""Damage to heroes — rulebook "The four heroes" (the Knight's Shield: «عندما يتلقى بطل مجاور للفارس ضررًا من
وحش أو حارس، يتلقى الفارس بدلًا منه ضررًا مباشرًا قدره 2 (أو الضرر الأصلي إن كان أقل)»), "Shard guardians"
(«هالة النار (القديسة السوداء): ضرر مباشر 1»), "When a monster attacks you" (defense, its cap of 4, damage
that ignores defense), "Falling and death"; rulings R-HERO-3, R-HERO-5.

Every damage to a hero goes through `damage.take`; these tests drive it from each source."""

from __future__ import annotations

import ast
from pathlib import Path

from covenant_game import Game

ENGINE = Path(__file__).resolve().parents[3] / "companion/games/covenant"
SAINT_AWAKE = {"id": "black_saint", "provoked": True, "awake": True}
CATHEDRAL_OPEN = {"zone": 2, "unrevealed": [], "revealed": {f"room{i}": "z2-combat-1" for i in range(1, 7)}}


def _aura(knight: dict[str, object]) -> Game:
    """The Knight plays first, two spaces from the Black Saint's hall (no aura for him); his turn ends and
    the Rogue's begins on m7, beside the hall and beside the Knight on m6."""
    g = Game(["knight", "rogue"], {"heroes": {"knight": {"space": "m6", **knight}, "rogue": {"space": "m7"}},
                                    "board": CATHEDRAL_OPEN, "guardian": SAINT_AWAKE, "pending": []})
    g.act("knight", "end", "turn")
    return g


def test_the_knights_shield_takes_the_fire_aura_for_an_adjacent_ally() -> None:
    """§The four heroes, §Shard guardians, R-HERO-5: the Fire Aura is damage from a guardian, so the Shield
    takes it: the Rogue starts her turn beside the Black Saint, the Knight beside her takes 1 direct instead."""
    g = _aura({})
    assert (g.s.heroes["rogue"].hp, g.s.heroes["knight"].hp) == (11, 14 - 1)
    assert g.s.heroes["knight"].shield_round == 1
    [shield] = [e for e in g.events if e.kind == "shield"]
    assert shield.rule == "R-HERO-5"
    assert shield.msg.text("en") == "Exiled Knight's Shield: he takes 1 direct damage instead of Shadow Rogue."


def test_the_shield_works_once_a_round_against_the_aura_too() -> None:
    """R-HERO-3, R-HERO-5: once the Shield has taken a blow this round, the aura burns the ally herself; a
    Knight the Shield would fell does not use it."""
    used = _aura({"shield_round": 1})
    assert (used.s.heroes["rogue"].hp, used.s.heroes["knight"].hp) == (11 - 1, 14)
    weak = _aura({"hp": 1})
    assert (weak.s.heroes["rogue"].hp, weak.s.heroes["knight"].hp) == (11 - 1, 1)
    assert "shield" not in used.kinds() + weak.kinds()


def test_no_module_but_damage_takes_hp_or_makes_a_hero_fall() -> None:
    """The one damage path: only `damage.py` counts damage taken or calls the fall, so a new source of
    damage cannot skip the Shield, defense or its cap (the random-play test checks no HP is lost uncounted)."""
    offenders = []
    for path in ENGINE.glob("*.py"):
        if path.name == "damage.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("damage_taken", "fall") and \
                    not (path.name == "death.py" and node.attr == "fall"):
                offenders.append(f"{path.name}:{node.lineno} .{node.attr}")
            if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Attribute) and \
                    node.target.attr == "hp" and isinstance(node.op, ast.Sub):
                offenders.append(f"{path.name}:{node.lineno} hp -=")
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Attribute) and t.attr == "hp"
                                                    for t in node.targets) and \
                    any(isinstance(n, ast.Sub) for n in ast.walk(node.value)):
                offenders.append(f"{path.name}:{node.lineno} hp = … − …")
    assert offenders == []
