"""Heroes attacking (rulebook "Combat"): card + die + bonuses against strength, the golden six,
Backstab, a weapon's minimum damage, guardians' defense, Fireball, rerolls, and the odds beforehand."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from typing import NamedTuple

from companion.core.messages import Field, Lang, Later, Named, Number, listed, named
from companion.games.covenant import guardians, loot, traits
from companion.games.covenant.data import GameData
from companion.games.covenant.play import Play
from companion.games.covenant.state import Attack, ChooseStep, DrawStep, Hero, RollStep

GOLDEN_SIX = 6
FIREBALL_TARGET, FIREBALL_SPLASH = 4, 2
BACKSTAB = 2


def strength_of(g: Play, target: str) -> int:
    if target == "guardian":
        return traits.guardian_strength(g.d, g.s)
    m = g.s.monster(target)
    assert m is not None, target
    return traits.monster_strength(g.d, m)


def target_space(g: Play, target: str) -> str | None:
    if target == "guardian":
        return g.board.hall if not g.s.guardian.defeated else None
    m = g.s.monster(target)
    return m.space if m else None


def targets_in_range(g: Play, hero: Hero) -> list[str]:
    """Monsters and the guardian within the hero's range, counted along the board (no line of sight)."""
    dist = g.board.distances(hero.space)
    rng = traits.attack_range(g.d, hero)
    found = [m.uid for m in g.s.monsters if dist.get(m.space, rng + 1) <= rng]
    if not g.s.guardian.defeated and g.hall_open() and dist.get(g.board.hall, rng + 1) <= rng:
        found.append("guardian")
    return found


def backstab(g: Play, hero: Hero, target: str) -> int:
    """Backstab (ruling R-HERO-1): +2 damage when another standing hero is adjacent to the target."""
    if g.d.heroes[hero.id].ability != "backstab":
        return 0
    space = target_space(g, target)
    allies = [h for h in g.standing() if h is not hero]
    return BACKSTAB if space and any(g.board.adjacent(h.space, space) for h in allies) else 0


def declare(g: Play, hero: Hero, target: str) -> None:
    g.s.actions -= 1
    g.s.attack = Attack(attacker=hero.id, target=target)
    if target == "guardian":
        guardians.provoke(g)
    t, cards = terms(g, hero, target), _pile(g)
    g.say("attack", "§Combat", "{hero} attacks {target} (strength {strength}): chance to hit {chance}%, "
          "expected damage {expected}.", {"hero": hero.id, "target": target},
          hero=g.hero_name(hero), target=g.target_name(target), strength=t.strength,
          chance=Chance(t, cards), expected=Expected(t, cards))
    g.next(DrawStep(deck="combat", purpose="attack", who=hero.id), RollStep(die="d6", purpose="attack", who=hero.id))


def on_card(g: Play, card: str) -> None:
    assert g.s.attack is not None
    g.s.attack.card = _card_values(g.d)[card]
    g.s.decks["combat"].discard.append(card)


@cache
def _card_values(d: GameData) -> dict[str, int]:
    """Each combat card's value by its id (the first card of an id, as a list's index finds it)."""
    values: dict[str, int] = {}
    for c in d.decks.combat.cards:
        values.setdefault(c.id, c.value)
    return values


def no_card(g: Play) -> None:
    """No combat card to draw (R-EXPLORE-7): the attack cannot be made, and its die is not rolled."""
    g.s.attack = None
    g.s.pending = [p for p in g.s.pending if not (isinstance(p, RollStep) and p.purpose == "attack")]


def reroll_options(g: Play, hero: Hero) -> list[str]:
    options = ["keep"]
    if g.d.heroes[hero.id].ability == "hawk_eye" and not hero.hawk_eye_used:
        options.append("hawk_eye")
    if hero.gold >= g.d.gold["reroll"].cost:
        options.append("gold")
    return options


def on_die(g: Play, value: int) -> None:
    a = g.s.attack
    assert a is not None
    a.die = value
    hero = g.s.heroes[a.attacker]
    if len(reroll_options(g, hero)) > 1:
        g.next(ChooseStep(purpose="reroll", chooser=hero.id, options=reroll_options(g, hero), subject=str(value)))
    else:
        resolve(g)


_HAWK_EYE, _TWO_GOLD = named("Hawk Eye"), named("2 gold")


def on_reroll(g: Play, option: str) -> None:
    a = g.s.attack
    assert a is not None
    hero = g.s.heroes[a.attacker]
    if option == "keep":
        resolve(g)
        return
    if option == "hawk_eye":
        hero.hawk_eye_used = True
    else:
        hero.gold -= g.d.gold["reroll"].cost
    a.rerolls += 1
    g.say("reroll", "R-COMBAT-1", "{hero} rerolls the die ({how}); the new roll counts.", hero=g.hero_name(hero),
          how=_HAWK_EYE if option == "hawk_eye" else _TWO_GOLD)
    g.next(RollStep(die="d6", purpose="attack", who=hero.id))


class Outcome(NamedTuple):
    """What one card and die come to (a tuple: an attack's arithmetic makes one for each bot's look at it)."""

    total: int
    strength: int
    hit: bool
    golden: bool
    damage: int


class Terms(NamedTuple):
    """Everything in an attack's arithmetic but the card and the die. A tuple, not a frozen dataclass: made for
    every attack's declaration, resolution and each bot's look at a target, and a frozen dataclass's
    construction was a quarter of `terms`' time (issue 26)."""

    bonus: int
    strength: int
    backstab: int
    skill: int
    min_damage: int
    defense: int | None

    def damage(self, card: int, die: int) -> int:
        """The combat arithmetic in the order of ruling R-HERO-2: 0 on a miss."""
        total = card + die + self.bonus
        hit = total >= self.strength
        if not hit and die != GOLDEN_SIX:
            return 0
        damage = max((total - self.strength + 2 if hit else 1) + self.backstab + self.skill, self.min_damage)
        return damage if self.defense is None else max(1, damage - self.defense)

    def worked(self, base: str, start: int) -> str:
        """The damage worked out as one calculation, in the order of R-HERO-2: `base` ("14 − 10 + 2", or a golden
        six's "1") worth `start`, each bonus added, then a guardian's defense taken off. A weapon's minimum that
        raises the sum ends the arithmetic there: the reasons beside it say what it came to."""
        terms = [base, *(f"+ {n}" for n in (self.backstab, self.skill) if n)]
        value = start + self.backstab + self.skill
        text = " ".join(terms) + (f" = {value}" if len(terms) > 1 or base != str(start) else "")
        if self.defense and self.min_damage <= value:
            text += f" − {self.defense} = {value - self.defense}".replace("-", "−")
        return text

    def adjusted(self, base: int) -> bool:
        """Whether anything turns the base damage into another: whether `adjustments` lists anything."""
        return bool(self.backstab or self.skill or self.defense or self.min_damage > base + self.backstab + self.skill)

    def adjustments(self, base: int) -> list[Named]:
        """What turned the base damage into the damage dealt, in the order applied (R-HERO-2)."""
        steps: list[Named] = []
        if self.backstab:
            steps.append(named("Backstab +{n}", n=self.backstab))
        if self.skill:
            steps.append(named("Skill +{n}", n=self.skill))
        if self.min_damage > base + self.backstab + self.skill:
            steps.append(named("weapon minimum {n}", n=self.min_damage))
        if self.defense:
            steps.append(named("guardian defense −{n} (at least 1)", n=self.defense))
        return steps

    def outcome(self, card: int, die: int) -> Outcome:
        total = card + die + self.bonus
        hit = total >= self.strength
        return Outcome(total, self.strength, hit, not hit and die == GOLDEN_SIX, self.damage(card, die))


def outcome(g: Play, hero: Hero, target: str, card: int, die: int) -> Outcome:
    """What this card and die would do, without changing anything."""
    return terms(g, hero, target).outcome(card, die)


def terms(g: Play, hero: Hero, target: str) -> Terms:
    defense = traits.guardian_phase(g.d, g.s).defense if target == "guardian" else None
    held = traits.totals(g.d, hero)
    return Terms(bonus=traits.attack_bonus(g.d, hero, held), strength=strength_of(g, target),
                 backstab=backstab(g, hero, target), skill=held.damage, min_damage=held.min_damage, defense=defense)


def resolve(g: Play) -> None:
    a = g.s.attack
    assert a is not None and a.card is not None and a.die is not None
    g.s.attack = None
    hero = g.s.heroes[a.attacker]
    if target_space(g, a.target) is None:
        return
    t = terms(g, hero, a.target)
    o = t.outcome(a.card, a.die)
    bonus = o.total - a.card - a.die
    base = o.total - o.strength + 2 if o.hit else 1
    adjusted = t.adjusted(base)
    fields: dict[str, Field] = {"hero": g.hero_name(hero), "target": g.target_name(a.target), "card": a.card,
                                "die": a.die, "bonus": bonus, "total": o.total, "strength": o.strength,
                                "damage": o.damage}
    data: dict[str, int | str] = {"card": a.card, "die": a.die, "bonus": bonus, "total": o.total,
                                  "strength": o.strength, "damage": o.damage, "target": a.target}
    if o.hit and not adjusted:
        g.say("hit", "§Combat", "{card} + {die} + {bonus} = {total} ≥ {strength}: hit! {total} − {strength} + 2 "
              "→ {damage} damage to {target}.", dict(data), **fields)
    elif o.hit:  # one calculation, its reasons beside it (issue 21: "= 5; Backstab +2 → 7" was words)
        g.say("hit", "R-HERO-2", "{card} + {die} + {bonus} = {total} ≥ {strength}: hit! {sum} ({adjust}) → {damage} "
              "damage to {target}.", dict(data), sum=Worked(t, f"{o.total} − {o.strength} + 2", base),
              adjust=Reasons(t, base), **fields)
    elif o.golden and not adjusted:
        g.say("golden-six", "§Combat", "{card} + {die} + {bonus} = {total} < {strength}, but the die shows 6: "
              "golden six, an automatic hit for {damage} damage to {target}.", dict(data), **fields)
    elif o.golden:
        g.say("golden-six", "R-HERO-2", "{card} + {die} + {bonus} = {total} < {strength}, but the die shows 6: "
              "golden six, an automatic hit for 1: {sum} ({adjust}) → {damage} damage to {target}.", dict(data),
              sum=Worked(t, "1", base), adjust=Reasons(t, base), **fields)
    else:
        g.say("miss", "§Combat", "{card} + {die} + {bonus} = {total} < {strength}: {hero} misses {target}.",
              dict(data), **fields)
        return
    hurt_target(g, hero, a.target, o.damage)


class Worked(Later, frozen=True):
    """A hit's damage worked out as one calculation (`Terms.worked`), written when its sentence is read."""

    terms: Terms
    base: str
    start: int

    def text(self, lang: Lang) -> str:
        return self.terms.worked(self.base, self.start)


class Reasons(Later, frozen=True):
    """What turned a hit's base damage into the damage dealt (`Terms.adjustments`), listed when read."""

    terms: Terms
    base: int

    def text(self, lang: Lang) -> str:
        return listed(self.terms.adjustments(self.base))[lang]


def hurt_target(g: Play, hero: Hero, target: str, damage: int) -> None:
    if target == "guardian":
        guardians.wound(g, damage, hero.id)
        return
    m = g.s.monster(target)
    assert m is not None
    dealt = min(damage, traits.monster_hp(g.d, m) - m.damage)
    m.damage += dealt
    hero.damage_dealt += dealt
    if m.damage >= traits.monster_hp(g.d, m):
        from companion.games.covenant.monsters import remove_monster

        remove_monster(g, m)
        g.say("kill", "§Loot and treasure", "{monster} dies. {hero} draws a loot card.", {"monster": m.uid},
              monster=g.monster_name(m), hero=g.hero_name(hero))
        loot.draw_loot(g, hero)
    else:
        g.say("wound", "§Tracking boards", "{monster} has {hp} HP left.", {"monster": m.uid},
              monster=g.monster_name(m), hp=traits.monster_hp(g.d, m) - m.damage)


def fireball(g: Play, hero: Hero, target: str) -> None:
    """4 to the target and 2 to each other monster adjacent to it; no roll, so no golden six; a
    guardian's defense applies to each (R-HERO-4)."""
    g.s.actions -= 1
    hero.fireball_used = True
    space = target_space(g, target)
    assert space is not None
    g.say("fireball", "§The four heroes", "{hero} casts Fireball at {target}: 4 damage, 2 to each adjacent.",
          {"hero": hero.id, "target": target}, hero=g.hero_name(hero), target=g.target_name(target))
    splash = [m.uid for m in g.s.monsters if m.uid != target and g.board.adjacent(space, m.space)]
    if target != "guardian" and not g.s.guardian.defeated and g.hall_open() and g.board.adjacent(space, g.board.hall):
        splash.append("guardian")
    for victim, raw in [(target, FIREBALL_TARGET), *((v, FIREBALL_SPLASH) for v in splash)]:
        if target_space(g, victim) is None:
            continue
        if victim == "guardian":
            guardians.provoke(g)
        amount = guardians.after_defense(g, raw) if victim == "guardian" else raw
        g.say("fireball-hit", "§Combat", "Fireball: {damage} damage to {target}.", {"target": victim, "damage": amount},
              damage=amount, target=g.target_name(victim))
        hurt_target(g, hero, victim, amount)
        if g.s.outcome:
            return


@dataclass(frozen=True)
class Odds:
    hit: Fraction
    damage: Fraction


def odds(g: Play, hero: Hero, target: str) -> Odds:
    """The exact chance to hit and the expected damage, from the cards the next draw can be and a fair
    d6 (before any reroll)."""
    return _odds(terms(g, hero, target), _values(_pile(g)))


Cards = tuple[tuple[int, int], ...]
"""The values the next combat card can have, each with its copies."""


def _pile(g: Play) -> tuple[str, ...]:
    """The cards the next combat draw can be, as they lie: copied, as the draw will change them."""
    return tuple(g.s.decks["combat"].remaining())


@lru_cache(maxsize=64)
def _values(pile: tuple[str, ...]) -> Cards:
    """A pile's cards counted by value; kept, as an attack's chance and its expected damage both read them."""
    # Plain dicts, each id counted before it is read as a number: a third of the time of Counter's.
    counts: dict[str, int] = {}
    for card in pile:
        counts[card] = counts.get(card, 0) + 1
    values: dict[int, int] = {}
    for card, copies in counts.items():
        value = int(card)
        values[value] = values.get(value, 0) + copies
    return tuple(sorted(values.items()))


class Chance(Later, frozen=True):
    """The chance to hit in whole percent, as an attack states it: these terms against the cards of this pile,
    counted and worked out only when the sentence is read (a replay or a bot game reads none: issue 26)."""

    terms: Terms
    pile: tuple[str, ...]

    def text(self, lang: Lang) -> str:
        return str(round(float(_odds(self.terms, _values(self.pile)).hit) * 100))


class Expected(Later, frozen=True):
    """The expected damage, as an attack states it (a number with decimals), worked out when read."""

    terms: Terms
    pile: tuple[str, ...]

    def text(self, lang: Lang) -> str:
        return Number(float(_odds(self.terms, _values(self.pile)).damage)).text(lang)


@lru_cache(maxsize=1024)
def _odds(t: Terms, cards: Cards) -> Odds:
    draws = sum(copies for _, copies in cards) * 6
    if not draws:
        return Odds(Fraction(0), Fraction(0))
    hits = damage = 0
    for card, copies in cards:
        faces_hitting, damage_over_faces = _card_totals(t, card)
        hits += copies * faces_hitting
        damage += copies * damage_over_faces
    return Odds(Fraction(hits, draws), Fraction(damage, draws))


@lru_cache(maxsize=4096)
def _card_totals(t: Terms, card: int) -> tuple[int, int]:
    """How many faces of the die hit with this card, and their damage added up; cached, as the same
    attack recurs in a game."""
    row = [t.damage(card, die) for die in range(1, 7)]
    return sum(1 for dealt in row if dealt), sum(row)
