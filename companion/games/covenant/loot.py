"""Loot, potions, equipment and chests (rulebook "Loot and treasure", "Equipment and potions")."""

from __future__ import annotations

from companion.core.messages import Plural
from companion.games.covenant import death
from companion.games.covenant.play import Play
from companion.games.covenant.state import ChooseStep, DrawStep, Hero

EMPTY_POTION_DECK_GOLD = 3
POTION_SLOTS = 3


def draw_loot(g: Play, hero: Hero) -> None:
    g.next(DrawStep(deck="loot", purpose="loot", who=hero.id))


def on_loot(g: Play, hero: Hero, card: str) -> None:
    g.s.decks["loot"].discard.append(card)
    spec = next(c for c in g.d.decks.loot.cards if c.id == card)
    if spec.kind == "gold":
        gain_gold(g, hero, spec.value, "§Loot and treasure")
    elif spec.kind == "potion":
        draw_potion(g, hero, "§Loot and treasure")
    else:
        g.next(DrawStep(deck="equipment", purpose="equipment", who=hero.id))


def gain_gold(g: Play, hero: Hero, amount: int, rule: str) -> None:
    hero.gold += amount
    g.say("gold", rule, Plural("{hero} takes {amount} gold (now {gold}).", "{hero} takes {amount} gold (now {gold}).",
                               "amount"), {"hero": hero.id, "amount": amount},
          hero=g.hero_name(hero), amount=amount, gold=hero.gold)


def draw_potion(g: Play, hero: Hero, rule: str) -> None:
    """A potion from the potion deck; when it is empty, 3 gold instead (the deck never refills)."""
    if not g.s.decks["potions"].draw_pile:
        potion_deck_empty(g, hero, rule)
        return
    g.next(DrawStep(deck="potions", purpose="potion", who=hero.id))


def potion_deck_empty(g: Play, hero: Hero, rule: str = "§Loot and treasure") -> None:
    g.say("potion-deck-empty", rule, "The potion deck is empty: {hero} takes 3 gold instead.",
          hero=g.hero_name(hero))
    gain_gold(g, hero, EMPTY_POTION_DECK_GOLD, rule)


def on_potion(g: Play, hero: Hero, potion: str) -> None:
    spec = g.d.potions[potion]
    if len(hero.potions) >= POTION_SLOTS:
        g.s.decks["potions"].discard.append(potion)
        g.say("potion-lost", "R-LOOT-2", "{hero}'s three potion slots are full: the {potion} is lost.",
              hero=g.hero_name(hero), potion=spec.named())
        return
    hero.potions.append(potion)
    g.say("potion", "§Loot and treasure", "{hero} gets a {potion}.", {"hero": hero.id, "potion": potion},
          hero=g.hero_name(hero), potion=spec.named())


def drink(g: Play, hero: Hero, potion: str) -> None:
    g.s.actions -= 1
    hero.potions.remove(potion)
    g.s.decks["potions"].discard.append(potion)
    effect = g.d.potions[potion].effect
    healed = death.heal(g, hero, effect.heal)
    hero.turn_attack += effect.attack
    hero.turn_movement += effect.movement
    name = g.d.potions[potion].named()
    data: dict[str, str | int] = {"hero": hero.id, "potion": potion}
    if effect.heal:
        g.say("drink", "§Equipment and potions", "{hero} drinks a {potion} and heals {healed} HP (now {hp}).", data,
              hero=g.hero_name(hero), potion=name, healed=healed, hp=hero.hp)
    if effect.attack:
        g.say("drink", "R-LOOT-3", "{hero} drinks a {potion}: +{n} to the attack total until the end of the turn.",
              data, hero=g.hero_name(hero), potion=name, n=effect.attack)
    if effect.movement:
        g.say("drink", "R-LOOT-3", "{hero} drinks a {potion}: +{n} movement until the end of the turn.", data,
              hero=g.hero_name(hero), potion=name, n=effect.movement)


def can_use(g: Play, hero: Hero, item: str) -> bool:
    owner = g.d.equipment[item].hero
    return owner is None or owner == hero.id


def on_equipment(g: Play, hero: Hero, item: str) -> None:
    """New equipment goes into its slot; a full slot or another hero's weapon asks the player (R-LOOT-1)."""
    spec = g.d.equipment[item]
    name = spec.named()
    if not can_use(g, hero, item):
        g.s.decks["equipment"].discard.append(item)
        g.say("equipment-unusable", "§The four heroes", "{item} belongs to another hero: {hero} cannot carry it, "
              "and it is discarded.", hero=g.hero_name(hero), item=name)
        return
    if getattr(hero, spec.slot) is None:
        equip(g, hero, item)
        return
    g.next(ChooseStep(purpose="equip", chooser=hero.id, options=["equip", "discard"], subject=item))


def equip(g: Play, hero: Hero, item: str) -> str | None:
    spec = g.d.equipment[item]
    old: str | None = getattr(hero, spec.slot)
    setattr(hero, spec.slot, item)
    g.say("equip", "§Equipment and potions", "{hero} equips {item}.", {"hero": hero.id, "item": item},
          hero=g.hero_name(hero), item=spec.named())
    return old


def on_equip_choice(g: Play, hero: Hero, item: str, option: str) -> None:
    if option == "equip":
        old = equip(g, hero, item)
        if old is not None:
            g.s.decks["equipment"].discard.append(old)
    else:
        g.s.decks["equipment"].discard.append(item)


def open_chest(g: Play, hero: Hero) -> None:
    from companion.games.covenant.state import RollStep

    g.s.actions -= 1
    g.s.board.chests[hero.space] -= 1
    g.say("chest", "§Loot and treasure", "{hero} opens a chest: roll the treasure die.", {"hero": hero.id},
          hero=g.hero_name(hero))
    g.next(RollStep(die="treasure", purpose="chest", who=hero.id))


def on_chest(g: Play, hero: Hero, value: int) -> None:
    row = next(r for r in g.d.chests if value in r.values)
    if row.reward == "gold":
        gain_gold(g, hero, row.amount, "§Loot and treasure")
    elif row.reward == "potion":
        draw_potion(g, hero, "§Loot and treasure")
    else:
        g.next(DrawStep(deck="equipment", purpose="equipment", who=hero.id))
