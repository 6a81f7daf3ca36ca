"""Concrete actions the delving player may take now, each with its dice named: the workload of the bots,
the property tests and the benchmarks. A candidate is only a proposal; the engine still judges it."""

from __future__ import annotations

from itertools import combinations

from companion.core.flow import Act
from companion.games.dungeon_roll import units
from companion.games.dungeon_roll.delve import MONSTER_FACES
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
            ult = g.side().ultimate
            monsters = s.showing("dungeon", (ult.monster,) if ult.monster else MONSTER_FACES)
            count = ult.count
            if ult.effect == "revive":
                dead = s.at("graveyard", "party")[:ult.count]
                out.append(Act(hero, "ultimate", args={"revive": " ".join(f"{d}=champion" for d in dead)}))
                continue
            if ult.effect in ("per-dragon", "types-per-dragon"):
                face = s.dice[monsters[0]].face
                chosen = monsters[:len(s.at("lair"))] if ult.effect == "per-dragon" else s.showing("dungeon", (face,))
                out.append(Act(hero, "ultimate", args={"monsters": " ".join(chosen)}))
                continue
            if ult.effect == "one-of-each":
                firsts = {s.dice[m].face: m for m in reversed(monsters)}
                out.append(Act(hero, "ultimate", args={"monsters": " ".join(sorted(firsts.values()))}))
                continue
            if ult.effect in ("crusade", "dragon-price"):
                out += [Act(hero, "ultimate", args={"treasure": t}) for t in s.player.treasures[:1]]
                continue
            key = "dice" if g.side().ultimate.effect == "reroll" else "monsters"
            out.append(Act(hero, "ultimate", args={key: " ".join(monsters[:count] if key == "monsters" else monsters)}))
        elif action == "track":
            out.append(Act(hero, "track", args={"dice": targets[0]}))
        elif action == "reroll":
            faces = [s.dice[d].face for d in targets]
            extra = [d for n, d in enumerate(targets) if faces[:n + 1].count(faces[n]) > 2]
            if extra:
                out.append(Act(hero, "reroll", args={"dice": " ".join(extra)}))
        else:
            out += [Act(hero, action, t) for t in targets] if targets else [Act(hero, action)]
    return out


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
