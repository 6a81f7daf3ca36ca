"""Numbers derived from the state and the data: a hero's totals, a monster's or guardian's stats.

Nothing here is stored: a hero's attack bonus, defense, movement and range are always recomputed from
the hero card, equipment, upgrades, shards and this turn's potions, so they can never drift.
"""

from __future__ import annotations

from functools import cache

from companion.games.covenant.data import GameData
from companion.games.covenant.schema import Bonus, EquipmentSpec, GuardianSpec, MonsterSpec, Phase
from companion.games.covenant.state import GameState, Hero, Monster

DEFENSE_CAP = 4
ESCAPE_MOVEMENT = 6
ESCAPE_BEARER_CAP = 6
ELITE_HP, ELITE_STRENGTH, ELITE_DAMAGE = 4, 1, 1


def equipment(d: GameData, hero: Hero) -> list[EquipmentSpec]:
    return [d.equipment[e] for e in (hero.weapon, hero.armour, hero.accessory) if e is not None]


def _upgrade(d: GameData, hero: Hero, field: str) -> int:
    if not hero.upgrades:
        return 0
    return sum(getattr(d.upgrades[u].effect, field) * n for u, n in hero.upgrades.items())


def _shards(d: GameData, hero: Hero, field: str) -> int:
    if not hero.shards:
        return 0
    bonuses = _shard_bonuses(d)
    return sum(getattr(bonuses[s], field) for s in hero.shards if s in bonuses)


@cache
def _shard_bonuses(d: GameData) -> dict[str, Bonus]:
    return {g.shard.id: g.shard.bonus for g in d.guardians.values()}


def attack_bonus(d: GameData, hero: Hero) -> int:
    spec = d.heroes[hero.id]
    return (spec.attack + sum(e.attack for e in equipment(d, hero)) + _upgrade(d, hero, "attack")
            + _shards(d, hero, "attack") + hero.turn_attack)


def defense(d: GameData, hero: Hero) -> int:
    """Total defense from every source, never above 4 (rulebook "When a monster attacks you")."""
    raw = (d.heroes[hero.id].defense + sum(e.defense for e in equipment(d, hero))
           + _upgrade(d, hero, "defense") + _shards(d, hero, "defense"))
    return min(DEFENSE_CAP, raw)


def movement(d: GameData, s: GameState, hero: Hero) -> int:
    """Spaces one move action covers. During the escape it becomes 6 plus the usual bonuses."""
    bonuses = sum(e.movement for e in equipment(d, hero)) + _upgrade(d, hero, "movement") + hero.turn_movement
    base = ESCAPE_MOVEMENT if s.escape is not None else d.heroes[hero.id].movement
    return max(1, base + bonuses)


def movement_cap(d: GameData, s: GameState, hero: Hero) -> int:
    """Spaces a turn may cover: twice the movement, or 6 for the Covenant Bearer in the escape (R-TURN-3)."""
    if s.escape is not None and s.escape.bearer == hero.id:
        return ESCAPE_BEARER_CAP
    return 2 * movement(d, s, hero)


def attack_range(d: GameData, hero: Hero) -> int:
    return d.heroes[hero.id].range + sum(e.range for e in equipment(d, hero))


def max_hp(d: GameData, hero: Hero) -> int:
    return d.heroes[hero.id].hp + _upgrade(d, hero, "hp")


def damage_bonus(d: GameData, hero: Hero) -> int:
    return _upgrade(d, hero, "damage")


def min_damage(d: GameData, hero: Hero) -> int:
    return max((e.min_damage for e in equipment(d, hero) if e.slot == "weapon"), default=0)


def monster_spec(d: GameData, m: Monster) -> MonsterSpec:
    return d.monsters[m.kind]


def monster_hp(d: GameData, m: Monster) -> int:
    return d.monsters[m.kind].hp + (ELITE_HP if m.elite else 0)


def monster_strength(d: GameData, m: Monster) -> int:
    return d.monsters[m.kind].strength + (ELITE_STRENGTH if m.elite else 0)


def monster_damage(d: GameData, m: Monster) -> int:
    return d.monsters[m.kind].damage + (ELITE_DAMAGE if m.elite else 0)


def guardian_spec(d: GameData, s: GameState) -> GuardianSpec:
    return d.guardians[s.board.zone]


def guardian_phase(d: GameData, s: GameState) -> Phase:
    return guardian_spec(d, s).phases[s.guardian.phase]


def guardian_hp(d: GameData, s: GameState) -> int:
    return guardian_spec(d, s).hp - s.guardian.damage


def guardian_strength(d: GameData, s: GameState) -> int:
    """The phase's strength, less 1 per shard the team has won (up to 2) for the Throne Guardian."""
    spec = guardian_spec(d, s)
    weakening = min(2, len(s.shards_won)) if spec.weakened_by_shards else 0
    return guardian_phase(d, s).strength - weakening
