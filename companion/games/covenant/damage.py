"""Damage to heroes: one way in for every source (rulebook "When a monster attacks you", "The four heroes",
"Shard guardians", "Events and traps", "Falling and death").

`take` applies every rule about damage taken, in this order: a fallen hero loses nothing more (R-MON-5);
an attack's damage less the hero's total defense (capped at 4), at least 1 (2 with Brutality), while
direct damage (traps, poison, events, the Fire Aura) ignores defense; Crown Strike's +1; the Knight's
Shield for damage from a monster or a guardian (R-HERO-3, R-HERO-5); then the HP lost, and the fall at 0.
Nothing else in the engine takes HP from a hero or makes one fall.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.covenant import death, traits
from companion.games.covenant.play import Play
from companion.games.covenant.state import Hero

SHIELD_MOST = 2


@dataclass(frozen=True)
class Harm:
    """One damage to a hero, before the rules about damage taken."""

    amount: int
    foe: bool = False
    """Dealt by a monster or a guardian, so the Knight's Shield may take it."""
    direct: bool = False
    """Direct damage: no defense is subtracted."""
    floor: int = 1
    """The least an attack deals after defense (2 with Brutality)."""
    bonus: int = 0
    """Added after defense (Crown Strike)."""
    shield_rule: str = "§The four heroes"
    """What the Shield's message cites when it takes this harm."""


@dataclass(frozen=True)
class Assessed:
    defense: int
    net: int
    total: int


def assess(g: Play, hero: Hero, harm: Harm) -> Assessed:
    """The arithmetic of a harm against this hero, before the Shield: nothing changes."""
    if harm.direct:
        return Assessed(0, harm.amount, harm.amount + harm.bonus)
    defense = traits.defense(g.d, hero)
    net = max(harm.floor, harm.amount - defense)
    return Assessed(defense, net, net + harm.bonus)


def take(g: Play, hero: Hero, harm: Harm) -> Hero | None:
    """Apply `harm` to `hero`; returns the hero who lost HP (the Knight when his Shield took it), or None."""
    if hero.fallen or g.s.outcome:
        return None
    total = assess(g, hero, harm).total
    if total <= 0:
        return None
    knight = _shield(g, hero, total, harm.shield_rule) if harm.foe else None
    if knight is not None:
        _lose(g, knight, min(SHIELD_MOST, total))
        return knight
    _lose(g, hero, total)
    return hero


def _shield(g: Play, hero: Hero, amount: int, rule: str) -> Hero | None:
    """The Knight's Shield: once per round he takes 2 (or less) direct damage for an adjacent ally.

    Applied automatically, after the ally's defense, unless it would make the Knight fall (R-HERO-3)."""
    knight = next((h for h in g.s.heroes.values() if g.d.heroes[h.id].ability == "shield"), None)
    if (knight is None or knight is hero or knight.fallen or knight.shield_round == g.s.round
            or not g.board.adjacent(knight.space, hero.space)):
        return None
    taken = min(SHIELD_MOST, amount)
    if knight.hp <= taken:
        return None
    knight.shield_round = g.s.round
    g.say("shield", rule, "{knight}'s Shield: he takes {taken} direct damage instead of {hero}.",
          {"hero": hero.id}, knight=g.hero_name(knight), taken=taken, hero=g.hero_name(hero))
    return knight


def _lose(g: Play, hero: Hero, amount: int) -> None:
    hero.hp = max(0, hero.hp - amount)
    hero.damage_taken += amount
    if hero.hp == 0:
        death.fall(g, hero)
