"""Shard guardians (rulebook "Shard guardians" and "The end").

A guardian never moves; it sleeps until the monster phase after the first attack on it or the first
hero to enter its hall; it attacks once per monster phase (the Throne Guardian twice in phase 2) the
standing hero with the lowest HP within 4 spaces of its hall; its defense reduces every damage, to at
least 1; it changes phase and summons at the HP thresholds of its board.
"""

from __future__ import annotations

from companion.core.messages import Plural
from companion.games.covenant import damage, traits
from companion.games.covenant.monsters import Blow, choose_target, remove_monster, strike
from companion.games.covenant.play import Play
from companion.games.covenant.state import ChooseStep, Hero, Monster

FIRE_AURA = 1


def after_defense(g: Play, raw: int) -> int:
    return max(1, raw - traits.guardian_phase(g.d, g.s).defense)


def wound(g: Play, amount: int, by: str) -> None:
    """Apply damage already net of the guardian's defense; then phase change, summons, defeat."""
    s, spec = g.s, traits.guardian_spec(g.d, g.s)
    dealt = min(amount, traits.guardian_hp(g.d, s))
    s.guardian.damage += dealt
    s.heroes[by].damage_dealt += dealt
    hp = traits.guardian_hp(g.d, s)
    if hp <= 0:
        defeat(g, by)
        return
    g.say("guardian-wound", "§Tracking boards", "{guardian} has {hp} HP left.", {"hp": hp},
          guardian=g.guardian_name(), hp=hp)
    second = spec.phases[1]
    if s.guardian.phase == 0 and second.at_hp is not None and hp <= second.at_hp:
        s.guardian.phase = 1
        g.say("guardian-phase", "§Shard guardians", Plural(
              "{guardian} reaches {hp} HP and turns to phase 2: strength {strength}, damage {damage}, defense "
              "{defense}, {attacks} attack a monster phase.", "{guardian} reaches {hp} HP and turns to phase 2: "
              "strength {strength}, damage {damage}, defense {defense}, {attacks} attacks a monster phase.",
              "attacks"),
              {"phase": 2}, guardian=g.guardian_name(), hp=hp, strength=traits.guardian_strength(g.d, s),
              damage=second.damage, defense=second.defense, attacks=second.attacks)
    for summon in spec.summons:
        if hp <= summon.at_hp and summon.at_hp not in s.guardian.summoned:
            s.guardian.summoned.append(summon.at_hp)
            _summon(g, summon.monster, summon.count)


def provoke(g: Play, passer: Hero | None = None) -> None:
    """The first attack on the guardian, or the first hero to enter its hall; `passer` is a hero who
    enters the hall on the way to another space (R-GUARD-6)."""
    if g.s.guardian.provoked or g.s.guardian.defeated:
        return
    g.s.guardian.provoked = True
    if passer is None:
        g.say("guardian-provoked", "R-GUARD-1", "{guardian} stirs: it acts from the next monster phase.",
              guardian=g.guardian_name())
    else:
        g.say("guardian-provoked", "R-GUARD-6", "{hero} passes through {guardian}'s hall: it stirs and acts "
              "from the next monster phase.", {"hero": passer.id}, hero=g.hero_name(passer),
              guardian=g.guardian_name())


def _summon(g: Play, kind: str, count: int) -> None:
    """Summons appear in the spaces adjacent to the guardian; Goblins and Dark Knights are searched
    for in the monster deck, the Demon has its own card (rulings R-GUARD-4 and R-GUARD-5)."""
    s = g.s
    spaces = sorted(g.board.links[g.board.hall], key=g.board._order)
    deck = s.decks["monsters"]
    for i in range(count):
        if kind != "demon":
            source = deck.draw_pile if kind in deck.draw_pile else deck.discard
            if kind not in source:
                g.say("summon-missing", "R-GUARD-4", "No {monster} card is left in the monster deck to summon.",
                      monster=g.d.monsters[kind].named())
                continue
            source.remove(kind)
        m = Monster(uid=f"m{s.next_uid}", kind=kind, space=spaces[i % len(spaces)], origin="summon")
        s.next_uid += 1
        s.monsters.append(m)
        # A summons is a mark of the guardian board's HP track, reached asleep or awake (R-GUARD-7).
        g.say("summon", "R-GUARD-5" if s.guardian.awake else "R-GUARD-7", "{guardian} summons a {monster} to {space}.",
              {"monster": m.uid, "space": m.space}, guardian=g.guardian_name(), monster=g.monster_name(m),
              space=g.space_name(m.space))


def attack(g: Play, chosen: str | None = None) -> bool:
    """One guardian attack; False when the first player must first break a tie."""
    s, board = g.s, g.board
    spec = traits.guardian_spec(g.d, s)
    reach = board.distances(board.hall)
    cost = {h.id: reach[h.space] for h in s.heroes.values() if reach.get(h.space, spec.range + 1) <= spec.range}
    if not cost:
        g.say("guardian-idle", "§Shard guardians", "No hero within 4 spaces of {guardian}'s hall.",
              guardian=g.guardian_name())
        return True
    picked = choose_target(g, "guardian", g.guardian_name(), cost, chosen,
                           Plural("{n} space from the hall", "{n} spaces from the hall"))
    if picked is None:
        return False
    target, why = picked
    phase = traits.guardian_phase(g.d, s)
    in_reach = sorted(cost, key=lambda h: s.heroes[h].seat)
    rule = "R-GUARD-8" if target.fallen else "R-GUARD-2"
    g.say("monster-target", rule, "{guardian} targets {hero} ({hp} HP) within 4 spaces of its hall: {why}.",
          {"monster": "guardian", "hero": target.id, "in_reach": in_reach},
          guardian=g.guardian_name(), hero=g.hero_name(target), hp=target.hp, why=why)
    strike(g, Blow(name=g.guardian_name(), damage=phase.damage, subject="guardian",
                   crown_strike=spec.ability == "crown_strike"), target, "§Shard guardians")
    return True


def wake(g: Play) -> None:
    if g.s.guardian.provoked and not g.s.guardian.awake and not g.s.guardian.defeated:
        g.s.guardian.awake = True
        g.say("guardian-wakes", "R-GUARD-1", "{guardian} awakens.", guardian=g.guardian_name())


def attacks_this_phase(g: Play) -> int:
    if not g.s.guardian.awake or g.s.guardian.defeated:
        return 0
    return traits.guardian_phase(g.d, g.s).attacks


def fire_aura(g: Play, hero_id: str) -> None:
    """The Black Saint: 1 direct damage to a hero who starts their turn adjacent to her."""
    s = g.s
    hero = s.heroes[hero_id]
    if (traits.guardian_spec(g.d, s).ability == "fire_aura" and s.guardian.awake and not s.guardian.defeated
            and not hero.fallen and hero.space in g.board.around(g.board.hall)):
        g.say("fire-aura", "§Shard guardians", "Fire Aura: {hero} starts their turn beside {guardian} and takes "
              "1 direct damage.", {"hero": hero.id}, hero=g.hero_name(hero), guardian=g.guardian_name())
        damage.take(g, hero, damage.Harm(FIRE_AURA, foe=True, direct=True, shield_rule="R-HERO-5"))


def defeat(g: Play, by: str) -> None:
    s = g.s
    s.guardian.defeated = True
    s.guardians_defeated += 1
    for m in [m for m in s.monsters if m.origin == "summon"]:
        remove_monster(g, m)
    g.say("guardian-defeated", "§The end", "{guardian} is defeated by {hero}!", {"zone": s.board.zone},
          guardian=g.guardian_name(), hero=g.hero_name(by))
    living = list(s.order)  # every hero is living, fallen or not (R-END-1)
    purpose = "bearer" if s.board.zone == 3 else "shard"
    g.next(ChooseStep(purpose=purpose, chooser=s.order[0], options=living))
