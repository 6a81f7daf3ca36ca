"""Falling and death (rulebook "Falling and death").

A hero at 0 HP falls: no actions, a token on the fall counter (6 tokens and the team loses at once).
An adjacent hero revives them to 5 HP for 2 actions or 6 gold; a hero not revived before the end of
the next monster phase dies, leaves everything in place, and comes back at this board's entrance.
"""

from __future__ import annotations

from companion.core.messages import named
from companion.games.covenant import traits
from companion.games.covenant.play import Play
from companion.games.covenant.state import ChooseStep, Hero, Pile

FALLS_TO_LOSE = 6
REVIVE_HP = 5
REVIVE_ACTIONS = 2


def heal(g: Play, hero: Hero, amount: int) -> int:
    before = hero.hp
    hero.hp = min(traits.max_hp(g.d, hero), hero.hp + amount)
    return hero.hp - before


def fall(g: Play, hero: Hero) -> None:
    s = g.s
    hero.fallen = True
    s.falls += 1
    # A hero falling in the heroes' turns dies at the end of this round's monster phase unless revived;
    # one falling during a monster phase has until the end of the next one (ruling R-DEATH-1).
    hero.dies_after_round = s.round if s.phase == "heroes" else s.round + 1
    g.say("fall", "§Falling and death", "{hero} falls! Fall counter: {falls} of 6. Revive them before the end "
          "of the monster phase of round {deadline}, or they die.",
          {"hero": hero.id, "falls": s.falls}, hero=g.hero_name(hero), falls=s.falls, deadline=hero.dies_after_round)
    if s.phase == "heroes" and s.turn_open and s.active == hero.id:
        # A fallen hero cannot take actions: a fall in their own turn (a trap, an ambush, poison) ends it.
        s.actions = 0
        s.turn_open = False
        s.turn += 1
        g.say("turn-lost", "§Falling and death", "{hero} has fallen: their turn ends.", {"hero": hero.id},
              hero=g.hero_name(hero))
    if s.falls >= FALLS_TO_LOSE:
        s.outcome = "defeat:falls"
        s.phase = "over"
        g.say("defeat", "§Falling and death", "Six falls: the team loses at once.")


def revive(g: Play, reviver: Hero, hero: Hero, pay: str) -> None:
    hero.fallen = False
    hero.hp = REVIVE_HP
    if pay == "gold":
        reviver.gold -= g.d.gold["revive"].cost
    else:
        g.s.actions -= REVIVE_ACTIONS
    g.say("revive", "R-DEATH-3", "{reviver} revives {hero} to 5 HP ({cost}).",
          {"hero": hero.id, "by": reviver.id}, reviver=g.hero_name(reviver), hero=g.hero_name(hero),
          cost=named("6 gold") if pay == "gold" else named("2 actions"))


def deaths_after_monster_phase(g: Play) -> None:
    for hero in g.s.heroes.values():
        if hero.fallen and hero.dies_after_round <= g.s.round and not g.s.outcome:
            die(g, hero)


def die(g: Play, hero: Hero) -> None:
    s = g.s
    pile = Pile(space=hero.space, gold=hero.gold, potions=list(hero.potions), shards=list(hero.shards),
                equipment=[e for e in (hero.weapon, hero.armour, hero.accessory) if e is not None])
    if s.escape is not None and s.escape.bearer == hero.id:
        pile.covenant = True
        s.escape.bearer = None
        s.escape.dropped_at = hero.space
    if not pile.empty:
        s.piles.append(pile)
    hero.gold, hero.potions, hero.shards = 0, [], []
    hero.weapon = hero.armour = hero.accessory = None
    hero.upgrades = {}
    # A returning hero starts afresh: no poison or curse follows them back from the dead (R-DEATH-2).
    hero.poison = hero.curse = 0
    hero.fallen = False
    hero.deaths += 1
    hero.space = g.board.start
    hero.hp = traits.max_hp(g.d, hero)
    g.say("death", "R-DEATH-2", "{hero} dies. What they carried stays where they fell; they come back "
          "at the entrance with full HP, no gold and no equipment.", {"hero": hero.id, "pile": pile.space},
          hero=g.hero_name(hero))
    choices = s.guardians_defeated + (1 if s.players == 3 else 0)
    offer_upgrades(g, hero, choices)


def offer_upgrades(g: Play, hero: Hero, count: int) -> None:
    """Queue `count` upgrade choices for a hero; an upgrade with both boxes full is not offered."""
    for _ in range(count):
        g.later(ChooseStep(purpose="upgrade", chooser=hero.id, options=[], subject=hero.id))


def upgrade_options(g: Play, hero: Hero) -> list[str]:
    return [u for u in g.d.upgrades if hero.upgrades.get(u, 0) < 2]


def take_upgrade(g: Play, hero: Hero, upgrade: str) -> None:
    before = traits.max_hp(g.d, hero)
    hero.upgrades[upgrade] = hero.upgrades.get(upgrade, 0) + 1
    if not hero.fallen:  # R-UPG-2 raises a standing hero's HP; a fallen one stays at 0 until revived
        hero.hp += traits.max_hp(g.d, hero) - before
    spec = g.d.upgrades[upgrade]
    g.say("upgrade", "R-UPG-1", "{hero} takes the {upgrade} upgrade ({n} of 2).", {"hero": hero.id},
          hero=g.hero_name(hero), upgrade=spec.named(), n=hero.upgrades[upgrade])
