"""Numbers derived from the state and the data: a hero's totals, a monster's or guardian's stats.

Nothing here is stored in the state: a hero's attack bonus, defense, movement and range come from the
hero card, equipment, upgrades, shards and this turn's potions. The sums of the cards are kept per set
of cards held (`totals`), keyed on all of them, so they can never drift.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from companion.games.covenant.data import GameData
from companion.games.covenant.schema import Bonus, GuardianSpec, MonsterSpec, Phase
from companion.games.covenant.state import GameState, Hero, Monster

DEFENSE_CAP = 4
ESCAPE_MOVEMENT = 6
ESCAPE_BEARER_CAP = 6
ELITE_HP, ELITE_STRENGTH, ELITE_DAMAGE = 4, 1, 1


@dataclass(frozen=True)
class Totals:
    """What a hero's card, equipment, upgrades and shards add up to (this turn's potions aside)."""

    attack: int
    defense: int
    """Never above 4 (rulebook "When a monster attacks you")."""
    movement: int
    """The bonuses to movement: the hero card's own movement is not in it (the escape replaces it)."""
    range: int
    max_hp: int
    damage: int
    min_damage: int


def totals(d: GameData, hero: Hero) -> Totals:
    """The hero's totals, worked out once for each set of cards they hold: the key is everything they
    come from, so a hero who gains or loses a card gets fresh totals."""
    upgrades, shards = hero.upgrades, hero.shards  # most heroes hold neither: no tuples made for them (issue 26)
    return _totals(d, hero.id, hero.weapon, hero.armour, hero.accessory,
                   tuple(upgrades.items()) if upgrades else (), tuple(shards) if shards else ())


@lru_cache(maxsize=1024)
def _totals(d: GameData, hero_id: str, weapon: str | None, armour: str | None, accessory: str | None,
            upgrades: tuple[tuple[str, int], ...], shards: tuple[str, ...]) -> Totals:
    spec = d.heroes[hero_id]
    items = [d.equipment[e] for e in (weapon, armour, accessory) if e is not None]
    effects = [(d.upgrades[u].effect, n) for u, n in upgrades]
    bonuses = _shard_bonuses(d)
    held = [bonuses[s] for s in shards if s in bonuses]
    return Totals(
        attack=spec.attack + sum(e.attack for e in items) + sum(u.attack * n for u, n in effects)
        + sum(b.attack for b in held),
        defense=min(DEFENSE_CAP, spec.defense + sum(e.defense for e in items) + sum(u.defense * n for u, n in effects)
                    + sum(b.defense for b in held)),
        movement=sum(e.movement for e in items) + sum(u.movement * n for u, n in effects),
        range=spec.range + sum(e.range for e in items),
        max_hp=spec.hp + sum(u.hp * n for u, n in effects),
        damage=sum(u.damage * n for u, n in effects),
        min_damage=max((e.min_damage for e in items if e.slot == "weapon"), default=0))


@cache
def _shard_bonuses(d: GameData) -> dict[str, Bonus]:
    return {g.shard.id: g.shard.bonus for g in d.guardians.values()}


def attack_bonus(d: GameData, hero: Hero, held: Totals | None = None) -> int:
    """The hero's attack bonus: their totals' (`held`, when the caller has them) and this turn's potion."""
    return (held or totals(d, hero)).attack + hero.turn_attack


def defense(d: GameData, hero: Hero) -> int:
    """Total defense from every source, never above 4 (rulebook "When a monster attacks you")."""
    return totals(d, hero).defense


def movement(d: GameData, s: GameState, hero: Hero) -> int:
    """Spaces one move action covers. During the escape it becomes 6 plus the usual bonuses."""
    base = ESCAPE_MOVEMENT if s.escape is not None else d.heroes[hero.id].movement
    return max(1, base + totals(d, hero).movement + hero.turn_movement)


def movement_cap(d: GameData, s: GameState, hero: Hero, move: int | None = None) -> int:
    """Spaces a turn may cover: twice the movement (`move`, when the caller has it), or 6 for the
    Covenant Bearer in the escape (R-TURN-3)."""
    if s.escape is not None and s.escape.bearer == hero.id:
        return ESCAPE_BEARER_CAP
    return 2 * (movement(d, s, hero) if move is None else move)


def attack_range(d: GameData, hero: Hero) -> int:
    return totals(d, hero).range


def max_hp(d: GameData, hero: Hero) -> int:
    return totals(d, hero).max_hp


def monster_spec(d: GameData, m: Monster) -> MonsterSpec:
    return d.monsters[m.kind]


def monster_hp(d: GameData, m: Monster) -> int:
    return d.monsters[m.kind].hp + (ELITE_HP if m.elite else 0)


def monster_strength(d: GameData, m: Monster) -> int:
    return d.monsters[m.kind].strength + (ELITE_STRENGTH if m.elite else 0)


def monster_damage(d: GameData, m: Monster) -> int:
    return kind_damage(d, m.kind, m.elite)


def kind_damage(d: GameData, kind: str, elite: bool) -> int:
    """The damage of a monster of this kind, elite or not."""
    return d.monsters[kind].damage + (ELITE_DAMAGE if elite else 0)


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
