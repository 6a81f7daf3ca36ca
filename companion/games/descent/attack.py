"""Attacks with the coloured dice: the pool (at most 5 power dice, Swarm p. 6, daze p. 5–6), the roll,
and its arithmetic — a miss on red, blue or white fails the whole attack, range against the target's
distance, damage less armour, surges spent on the attacker's listed abilities, bleed and daze placed."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.messages import Plural, named
from companion.games.descent import throws
from companion.games.descent.data import POWER_DICE, DescentData
from companion.games.descent.grid import MAX_TOKENS, Board, Figure, Surge, adjacent, distance
from companion.games.descent.play import DAMAGE, DICE, RANGE, Play
from companion.games.descent.state import Attack, ChooseStep

MAX_POWER = 5


@dataclass(frozen=True)
class Tally:
    miss: str
    ranges: list[int]
    damages: list[int]
    surges: int


def tally(d: DescentData, a: Attack) -> Tally:
    miss = next((r.die for r in a.faces if d.value(r.die, r.face).miss), "")
    values = [d.value(r.die, r.face) for r in a.faces]
    return Tally(miss=miss, ranges=[v.range for v in values], damages=[v.damage for v in values],
                 surges=sum(v.surges for v in values))


def power_count(dice: list[str]) -> int:
    return sum(1 for die in dice if die in POWER_DICE)


def swarm_friends(board: Board, figures: list[Figure], attacker: Figure, target: Figure) -> list[str]:
    """Every other figure of the attacker's side adjacent to the target, with Swarm or not (p. 6)."""
    return [f.id for f in figures if f.alive and f.kind == attacker.kind and f.id not in (attacker.id, target.id)
            and adjacent(board, f, target)]


def build_pool(g: Play, a: Attack, attacker: Figure, target: Figure | None) -> None:
    """Swarm's dice, then the dice a daze takes (R-DW-6), then the rolls asked for."""
    if target is not None and "swarm" in attacker.abilities:
        friends = swarm_friends(g.board(), g.s.figures, attacker, target)
        room = MAX_POWER - power_count(a.dice)
        gained = min(len(friends), room)
        a.dice += ["black"] * gained
        g.say("swarm", "p. 6", Plural("Swarm: {n} friendly figure adjacent to {target}: {gained} ({power} of at "
                                      "most 5).", "Swarm: {n} friendly figures adjacent to {target}: {gained} "
                                      "({power} of at most 5)."),
              {"friends": friends}, n=len(friends), target=g.name(target.id),
              gained=named(Plural("+{n} power die", "+{n} power dice"), n=gained), power=power_count(a.dice))
    finish_pool(g, a, attacker)


def finish_pool(g: Play, a: Attack, attacker: Figure) -> None:
    """One yellow, green or black die lost per daze token (p. 5–6; the attacker picks the colour when there
    is a choice, R-DW-6), then the dice asked for."""
    while a.lost < attacker.daze:
        colours = sorted({d for d in a.dice if d in POWER_DICE})
        if len(colours) > 1:
            g.s.pending.append(ChooseStep(chooser=attacker.id, purpose="daze-loss", options=colours))
            return
        a.lost += 1
        if colours:
            a.dice.remove(colours[0])
            g.say("daze-loss", "p. 5–6", "Dazed: {figure} loses a {die}.", figure=g.name(attacker.id),
                  die=g.die(colours[0]))
        else:
            g.say("daze-loss-none", "p. 5–6", "Dazed: {figure} has no power die left to lose.",
                  figure=g.name(attacker.id))
    if not a.dice:
        g.s.attack = None
        g.say("no-dice-left", "p. 5–6", "{figure} has no die left to roll: the attack does nothing.",
              figure=g.name(attacker.id))
        return
    throws.ask(g, a.dice, "attack", attacker.id)


def on_daze_loss(g: Play, a: Attack, colour: str) -> None:
    attacker = g.fig(a.attacker)
    a.dice.remove(colour)
    a.lost += 1
    g.say("daze-loss", "R-DW-6", "Dazed: {figure} loses a {die}.", figure=g.name(attacker.id), die=g.die(colour))
    finish_pool(g, a, attacker)


def affordable(attacker: Figure, surges_left: int) -> list[str]:
    return [s.id for s in attacker.surges if s.cost <= surges_left]


def surges_left(g: Play, a: Attack) -> int:
    attacker = g.fig(a.attacker)
    spent = sum(next(s.cost for s in attacker.surges if s.id == sid) for sid in a.spent)
    return tally(g.d, a).surges - spent


def after_roll(g: Play, a: Attack) -> bool:
    """What comes once every die is rolled: a miss ends it; then one reroll if any target dodges (p. 6),
    then the surges. True when the attack is ready to be resolved."""
    t = tally(g.d, a)
    if t.miss:
        return True
    if a.dodgers and not a.rerolled:
        g.s.pending.append(ChooseStep(chooser="dodge", purpose="reroll", options=["reroll", "keep"]))
        return False
    left = surges_left(g, a)
    options = affordable(g.fig(a.attacker), left)
    if left > 0 and options:
        g.s.pending.append(ChooseStep(chooser=a.attacker, purpose="surge", options=[*options, "done"]))
        return False
    return True


def reroll(g: Play, a: Attack) -> None:
    a.rerolled = True
    a.faces = []
    g.say("reroll", "p. 6" if a.mode == "lightning" else "R-DW-13",
          Plural("{count} dodging: the attack is rolled again, once only ({names}).",
                 "{count} dodging: the attack is rolled again, once only ({names}).", "count"),
          {"dodgers": a.dodgers}, count=len(a.dodgers), names=g.names(a.dodgers))
    throws.ask(g, a.dice, "attack", a.attacker)


def _sum(parts: list[int]) -> str:
    return f"{' + '.join(str(p) for p in parts)} = {sum(parts)}" if len(parts) > 1 else str(sum(parts))


def resolve(g: Play, a: Attack) -> None:
    """The arithmetic the table sees, and the wounds, tokens and kills it leads to."""
    attacker = g.fig(a.attacker)
    t = tally(g.d, a)
    g.s.attack = None
    if t.miss:
        g.say("miss", DICE, "Miss on the {die}: the whole attack fails.", die=g.die(t.miss))
        return
    bought = [next(s for s in attacker.surges if s.id == sid) for sid in a.spent]
    ranges = [*t.ranges, *(s.range for s in bought if s.range)]
    if a.mode in ("breath", "lightning"):
        g.say("range", "p. 6" if a.mode == "lightning" else "R-DW-12",
              "The template reaches its targets: the range rolled ({range}) does not count.", range=_sum(ranges))
    elif a.mode == "ranged":
        target = g.fig(a.targets[0])
        far = distance(attacker, target)
        if sum(ranges) < far:
            g.say("short", RANGE, "Range {range} against distance {distance}: too short, the attack fails.",
                  range=_sum(ranges), distance=far)
            return
        g.say("in-range", RANGE, "Range {range} against distance {distance}: in range.", range=_sum(ranges),
              distance=far)
    damages = [*t.damages, *(s.damage for s in bought if s.damage)]
    pierce = sum(s.pierce for s in bought)
    for tid in a.targets:
        hit(g, a, tid, damages, pierce, bought)


def hit(g: Play, a: Attack, tid: str, damages: list[int], pierce: int, bought: list[Surge]) -> None:
    target = g.fig(tid)
    if not target.alive:
        return
    armour = max(0, target.armour - pierce)
    wounds = max(0, sum(damages) - armour)
    g.say("damage", DAMAGE, Plural("{target}: damage {damage} − armour {armour} = {wounds} wound.",
                                   "{target}: damage {damage} − armour {armour} = {wounds} wounds.", "wounds"),
          {"target": tid}, target=g.name(tid), damage=_sum(damages), armour=armour, wounds=wounds)
    attacker = g.fig(a.attacker)
    bleed = sum(s.bleed for s in bought) + attacker.abilities.count("bleed")
    daze = sum(s.daze for s in bought) + attacker.abilities.count("daze")
    g.wound(target, wounds, DAMAGE)
    if not target.alive or sum(damages) < 1:
        return
    if bleed:
        placed = min(bleed, MAX_TOKENS - target.bleed)
        target.bleed += placed
        g.say("bleed", _TOKENS_RULE[placed == bleed], Plural("{target} takes {count} bleed token ({total} in all).",
                                                             "{target} takes {count} bleed tokens ({total} in all).",
                                                             "count"),
              target=g.name(tid),
              count=placed, total=target.bleed)
    if daze:
        placed = min(daze, MAX_TOKENS - target.daze)
        target.daze += placed
        g.say("daze", _TOKENS_RULE[placed == daze], Plural("{target} takes {count} daze token ({total} in all).",
                                                           "{target} takes {count} daze tokens ({total} in all).",
                                                           "count"),
              target=g.name(tid),
              count=placed, total=target.daze)


_TOKENS_RULE = {True: "R-DW-3", False: "R-DW-18"}
"""Tokens placed as the attack carries them, or fewer, up to the most a figure holds (R-DW-18)."""
