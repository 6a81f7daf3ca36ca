"""Concrete actions the delving player may take now, each with its dice named: the workload of the bots,
the property tests and the benchmarks. A candidate is only a proposal; the engine still judges it."""

from __future__ import annotations

from itertools import combinations

from companion.core.flow import Act, Arg
from companion.games.dungeon_roll import heroes, units
from companion.games.dungeon_roll.delve import LOOT_FACES, MONSTER_FACES
from companion.games.dungeon_roll.engine import options
from companion.games.dungeon_roll.play import Play
from companion.games.dungeon_roll.schema import COMPANIONS


def candidates(g: Play) -> list[Act]:
    s, d, hero = g.s, g.d, g.s.player.hero
    out: list[Act] = []
    for action, targets in options(g).items():
        if action == "fight":
            for unit in targets:
                for group in _monster_groups(g):
                    if units.can_defeat(s, d, unit, group):
                        out.append(Act(hero, "fight", unit, {"monsters": " ".join(group)}))
        elif action == "open":
            chests = s.showing("dungeon", ("chest",))
            for unit in targets:
                take = chests if units.can_open(s, d, unit, len(chests)) else chests[:1]
                out.append(Act(hero, "open", unit, {"chests": " ".join(take)}))
        elif action == "quaff":
            potions = s.showing("dungeon", ("potion",))
            for unit in targets:
                dead = [*s.at("graveyard", "party"), *([unit] if unit in s.dice else [])][:len(potions)]
                revive = " ".join(f"{die}={COMPANIONS[n % len(COMPANIONS)]}" for n, die in enumerate(dead))
                out.append(Act(hero, "quaff", unit, {"potions": " ".join(potions), "revive": revive}))
        elif action == "scroll":
            for unit in targets:
                for dice in (s.showing("dungeon", MONSTER_FACES), [p for p in s.at("party", "party") if p != unit]):
                    if dice:
                        out.append(Act(hero, "scroll", unit, {"dice": " ".join(dice)}))
        elif action == "slay":
            out += [Act(hero, "slay", args={"units": " ".join(team)}) for team in _dragon_teams(g)]
        elif action == "ultimate":
            out += _ultimates(g)
        elif action == "track":
            out.append(Act(hero, "track", args={"dice": targets[0]}))
        elif action == "reroll":
            faces = [s.dice[d].face for d in targets]
            extra = [d for n, d in enumerate(targets) if faces[:n + 1].count(faces[n]) > 2]
            if extra:
                out.append(Act(hero, "reroll", args={"dice": " ".join(extra)}))
        elif action == "assign":
            out += [Act(hero, "assign", args=_plan(g, order)) for order in (targets, _calm_first(g, targets))]
        elif action == "summon":
            monsters = s.showing("dungeon", MONSTER_FACES)
            out += [Act(hero, "summon", unit, {"monsters": monsters[0]}) for unit in targets]
        elif action == "discard":
            out.append(Act(hero, "discard", args={"treasures": " ".join(targets[-s.discards:])}))
        else:
            out += [Act(hero, action, t) for t in targets] if targets else [Act(hero, action)]
    return out


def _plan(g: Play, order: list[str]) -> dict[str, Arg]:
    """The scouted dice given to the levels in this order, so many to each (R-DR-22)."""
    args: dict[str, Arg] = {}
    start = 0
    for level, count in enumerate(g.side().scout, 1):
        args[f"level{level}"] = " ".join(order[start:start + count])
        start += count
    return args


def _calm_first(g: Play, dice: list[str]) -> list[str]:
    """Chests and potions to the first levels, dragons last."""
    rank = {"chest": 0, "potion": 0, "goblin": 1, "skeleton": 1, "ooze": 1, "dragon": 2}
    return sorted(dice, key=lambda d: rank[g.s.dice[d].face])


def _ultimates(g: Play) -> list[Act]:
    s, hero, ult = g.s, g.s.player.hero, g.side().ultimate
    monsters = s.showing("dungeon", (ult.monster,) if ult.monster else MONSTER_FACES)

    def act(**args: str) -> list[Act]:
        return [Act(hero, "ultimate", args=dict(args))]

    if ult.effect in ("dig", "escape", "graveyard", "all-monsters", "bait", "discard-lair"):
        return act()
    if ult.effect == "revive":
        return act(revive=" ".join(f"{d}=champion" for d in s.at("graveyard", "party")[:ult.count]))
    if ult.effect in ("per-dragon", "types-per-dragon"):
        face = s.dice[monsters[0]].face
        chosen = monsters[:len(s.at("lair"))] if ult.effect == "per-dragon" else s.showing("dungeon", (face,))
        return act(monsters=" ".join(chosen))
    if ult.effect == "one-of-each":
        firsts = {s.dice[m].face: m for m in reversed(monsters)}
        return act(monsters=" ".join(sorted(firsts.values())))
    if ult.effect in ("crusade", "dragon-price"):
        return [Act(hero, "ultimate", args={"treasure": t}) for t in heroes.payments(g)[:1]]
    if ult.effect == "champions":
        return act(monsters=" ".join(monsters[:len(s.showing("party", ("champion",)))]))
    if ult.effect == "set-face":
        chosen = [f"{monsters[0]}=potion", *([f"{s.at('party', 'party')[0]}=champion"]
                                            if ult.one_each and s.at("party", "party") else [])]
        return act(dice=" ".join(chosen))
    if ult.effect == "type-for-treasure":
        return act(monsters=" ".join(s.showing("dungeon", (s.dice[monsters[0]].face,))))
    if ult.effect == "discard-loot":
        return act(dice=s.showing("dungeon", LOOT_FACES)[0])
    if ult.effect == "dragons-serve":
        key, faces = ("monsters", MONSTER_FACES) if s.phase == "monsters" else ("chests", ("chest",))
        return act(**{key: " ".join(s.showing("dungeon", faces)[:len(s.at("lair"))])})
    if ult.effect == "discard-dice":
        return act(dice=" ".join([*s.at("lair"), *s.at("dungeon")][:ult.count]))
    if ult.effect in ("reroll", "reroll-dungeon"):
        return act(dice=" ".join(monsters))
    return act(monsters=" ".join(monsters[:ult.count]))


def _monster_groups(g: Play) -> list[list[str]]:
    groups: list[list[str]] = []
    for face in MONSTER_FACES:
        dice = g.s.showing("dungeon", (face,))
        if dice:
            groups += [dice, dice[:1]] if len(dice) > 1 else [dice]
    return groups


def _dragon_teams(g: Play, limit: int = 3) -> list[list[str]]:
    """A few teams of different companions for the dragon, cheapest first (dice before treasures)."""
    need = g.side().dragon_kinds
    pool = [u for u in units.units(g.s, g.d) if units.companions(g.s, g.d, u)]
    teams: list[list[str]] = []
    for team in combinations(pool, need):
        if units.different_kinds(g.s, g.d, list(team)):
            teams.append(list(team))
            if len(teams) == limit:
                break
    return teams
