"""The round (rulebook "Your turn"): every hero's turn in seat order, then the monster phase.

Start of a turn (R-TURN-2): actions refilled (less any curse), then poison, then the Fire Aura.
Monster phase (R-MON-1): monsters in the order they entered play, summoned monsters after them,
pursuers last of the monsters, then the guardian; then fallen heroes whose time is up die (R-DEATH-1).
"""

from __future__ import annotations

from companion.core.messages import Plural
from companion.games.covenant import damage, death, escape, guardians, monsters
from companion.games.covenant.play import Play

ACTIONS_PER_TURN = 4  # §Your turn: "at the start of your turn you get 4 actions"
_ORIGIN_ORDER = {"room": 0, "ambush": 0, "summon": 1, "pursuer": 2}


def begin_turn(g: Play) -> None:
    """Start the turn of the hero in seat `s.turn`, skipping fallen heroes; after the last, the monsters."""
    s = g.s
    while s.turn < len(s.order) and not s.outcome:
        hero = s.heroes[s.active]
        if hero.fallen:
            g.say("skip", "§Falling and death", "{hero} is fallen and cannot act.", hero=g.hero_name(hero))
            s.turn += 1
            continue
        s.actions = ACTIONS_PER_TURN - hero.curse
        hero.curse = 0
        hero.moved = hero.turn_attack = hero.turn_movement = 0
        hero.hawk_eye_used = hero.fireball_used = False
        s.turn_open = True
        g.say("turn", "R-TURN-2", Plural("{hero}'s turn: {actions} action.", "{hero}'s turn: {actions} actions.",
                                         "actions"), {"hero": hero.id, "round": s.round},
              hero=g.hero_name(hero), actions=s.actions)
        if hero.poison:
            hero.poison -= 1
            g.say("poison", "§Events and traps", "Poison: 1 damage to {hero}.", {"hero": hero.id},
                  hero=g.hero_name(hero))
            damage.take(g, hero, damage.Harm(1, direct=True))
        guardians.fire_aura(g, hero.id)
        if s.turn_open:  # a hero who fell to them has lost the turn already (death.fall)
            return
    if not s.outcome:
        start_monster_phase(g)


def end_turn(g: Play) -> None:
    g.s.turn += 1
    g.s.turn_open = False


def start_monster_phase(g: Play) -> None:
    s = g.s
    s.phase = "monsters"
    g.say("monster-phase", "§Your turn", "Monster phase of round {round}.", {"round": s.round}, round=s.round)
    guardians.wake(g)
    # The list is in the order monsters entered play; the sort is stable, so it keeps that order within
    # each kind (and needs nothing of the uids' spelling).
    ordered = sorted(s.monsters, key=lambda m: _ORIGIN_ORDER[m.origin])
    s.acting = [m.uid for m in ordered] + ["guardian"] * guardians.attacks_this_phase(g)
    run_monster_phase(g)


def run_monster_phase(g: Play, chosen: str | None = None) -> None:
    """Let each monster act in turn; stops when a tie needs the first player (and resumes after)."""
    s = g.s
    while s.acting and not s.outcome:
        who = s.acting[0]
        if who == "guardian":
            done = guardians.attack(g, chosen)
        else:
            m = s.monster(who)
            done = m is None or monsters.act(g, m, chosen)
        if not done:
            return
        chosen = None
        s.acting.pop(0)
    if not s.outcome:
        end_round(g)


def end_round(g: Play) -> None:
    s = g.s
    death.deaths_after_monster_phase(g)
    escape.end_round(g)
    if s.outcome:
        return
    s.board.merchant = None
    zone = str(s.board.zone)
    s.stats.rounds_per_zone[zone] = s.stats.rounds_per_zone.get(zone, 0) + 1
    s.round += 1
    s.phase = "heroes"
    s.turn = 0
    s.turn_open = False
    escape.start_round(g)
