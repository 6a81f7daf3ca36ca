"""The end of the game (sheet, "End of the game"): experience plus what unused treasures score, the
winner, the tie-breaks (fewest treasure tokens, then a shared victory), and the solo ranking."""

from __future__ import annotations

from itertools import combinations_with_replacement

from companion.core.messages import Named, Plural, named
from companion.games.dungeon_roll.data import GameData
from companion.games.dungeon_roll.play import Play
from companion.games.dungeon_roll.state import Player, Standing

SOLO_RANKS: tuple[tuple[int, Named], ...] = (
    (35, named("Hero of Ages")),
    (30, named("Champion")),
    (24, named("Seasoned Explorer")),
    (16, named("Village Hero")),
    (0, named("Dragon Fodder")),
)
"""Ruling R-DR-11: the sheet's ranking table is cut off; these are the published bands."""


def treasure_points(d: GameData, tokens: list[str]) -> int:
    kinds = [t.rsplit("-", 1)[0] for t in tokens]
    points = sum(d.treasures[k].end for k in kinds)
    return points + sum(spec.pair_bonus * (kinds.count(spec.id) // 2) for spec in d.treasures.values())


def solo_rank(total: int) -> Named:
    return next(name for floor, name in SOLO_RANKS if total >= floor)


def standings(d: GameData, players: list[Player]) -> list[Standing]:
    lines = [(p, treasure_points(d, p.treasures)) for p in players]
    keys = [(-(p.xp + t), len(p.treasures)) for p, t in lines]
    return [Standing(hero=p.hero, xp=p.xp, treasure_points=t, total=p.xp + t, tokens=len(p.treasures),
                     place=1 + sum(k < key for k in keys))
            for (p, t), key in zip(lines, keys, strict=True)]


def end_discards(d: GameData, tokens: list[str], count: int) -> list[str]:
    """The `count` tokens whose loss costs least at the final count (all of them if fewer): the player's
    choice, made for the most points kept (ruling R-DR-19)."""
    if len(tokens) <= count:
        return list(tokens)
    kinds = sorted({t.rsplit("-", 1)[0] for t in tokens})

    def split(drop: tuple[str, ...]) -> tuple[list[str], list[str]]:
        out, rest = [], list(tokens)
        for kind in drop:
            token = next(t for t in reversed(rest) if t.rsplit("-", 1)[0] == kind)
            rest.remove(token)
            out.append(token)
        return out, rest

    held = {k: sum(t.rsplit("-", 1)[0] == k for t in tokens) for k in kinds}
    choices = [c for c in combinations_with_replacement(kinds, count) if all(c.count(k) <= held[k] for k in kinds)]
    return split(max(choices, key=lambda c: treasure_points(d, split(c)[1])))[0]


def finish(g: Play) -> None:
    s = g.s
    for index, player in enumerate(s.players):
        count = g.d.heroes[player.hero].side(player.master).end_discard
        if count:
            dropped = end_discards(g.d, player.treasures, count)
            for token in dropped:
                player.treasures.remove(token)
            s.spent += dropped
            g.say("end-discard", "R-DR-19", Plural("{hero} discards {count} treasure at the end of the game (ruling "
                                                   "R-DR-19).", "{hero} discards {count} treasures at the end of the "
                                                   "game (ruling R-DR-19).", "count"),
                  hero=g.hero_name(index), count=len(dropped))
    s.standings = standings(g.d, s.players)
    s.outcome = "over"
    for index, line in enumerate(s.standings):
        g.say("score", "DR §End of the game",
              "{hero}: {xp} experience + {points} for treasures = {total}; place {place}.", hero=g.hero_name(index),
              xp=line.xp, points=line.treasure_points, total=line.total, place=line.place)
    winners = [i for i, line in enumerate(s.standings) if line.place == 1]
    if len(s.players) == 1:
        g.say("solo-rank", "R-DR-11", "Solo rank: {rank} (ruling R-DR-11).", rank=solo_rank(s.standings[0].total))
    elif len(winners) == 1:
        g.say("winner", "DR §End of the game", "{hero} wins.", hero=g.hero_name(winners[0]))
    else:
        g.say("shared", "DR §End of the game", "A shared victory: {count} players tie on experience and treasure "
              "tokens.", count=len(winners))
