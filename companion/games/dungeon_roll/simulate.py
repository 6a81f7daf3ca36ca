"""Whole games of Dungeon Roll played by the bots, and the figures over many of them: the score of each
hero (mean with its 95% interval, median, range), the solo ranks, and how delves end (each share with
its 95% Wilson interval). Every game's seed and heroes are drawn from the core's seeded generator, and
the bots decide from the state alone, so the same seed gives the same figures."""

from __future__ import annotations

import math
import statistics
from collections import Counter

import msgspec

from companion.core.flow import Rejection
from companion.core.rng import Rng
from companion.core.rules import Session
from companion.games.dungeon_roll import scoring
from companion.games.dungeon_roll.bots import Bot, Style
from companion.games.dungeon_roll.engine import DungeonRollRules
from companion.games.dungeon_roll.state import GameState

MAX_INPUTS = 5_000
"""No finished game comes near this many inputs; one that reaches it is a bug, counted as unfinished."""
Z95 = 1.959964
ENDS = ("retired", "fled", "portal", "level-10")


class Share(msgspec.Struct, frozen=True):
    count: int
    rate: float
    low: float
    high: float


class HeroScores(msgspec.Struct, frozen=True):
    hero: str
    games: int
    mean: float
    low: float
    high: float
    median: float
    least: int
    most: int
    wins: int


class Report(msgspec.Struct, frozen=True):
    games: int
    seed: int
    style: str
    players: int
    heroes: list[HeroScores]
    solo_ranks: dict[str, int]
    delve_ends: dict[str, Share]
    inputs: int
    rejections: int
    unfinished: int


def wilson(count: int, n: int) -> Share:
    if n == 0:
        return Share(0, 0.0, 0.0, 1.0)
    p = count / n
    centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return Share(count, p, max(0.0, centre - half), min(1.0, centre + half))


def play(rules: DungeonRollRules, bot: Bot, heroes: list[str], seed: int) -> tuple[GameState, int, int]:
    """One game to its end: the final state, the inputs accepted and the inputs refused."""
    session: Session[GameState] = Session(rules, {"heroes": heroes, "seed": seed})
    refused = 0
    while (prompt := session.prompt()) is not None and session.log.last_seq < MAX_INPUTS:
        if isinstance(session.submit(bot.decide(session.state, prompt)), Rejection):
            refused += 1
            break
    return session.state, session.log.last_seq, refused


def simulate(games: int, seed: int, style: Style, players: int, heroes: list[str] | None,
             rules: DungeonRollRules) -> Report:
    rng = Rng(seed)
    bot = Bot(rules.data, style)
    known = sorted(rules.data.heroes)
    scores: dict[str, list[int]] = {}
    wins: Counter[str] = Counter()
    ranks: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    inputs = refused = unfinished = 0
    for _ in range(games):
        party = list(heroes) if heroes else _draw(rng, known, players)
        state, count, bad = play(rules, bot, party, rng.below(2**31))
        inputs, refused = inputs + count, refused + bad
        if state.outcome != "over":
            unfinished += 1
            continue
        for line, player in zip(state.standings, state.players, strict=True):
            scores.setdefault(line.hero, []).append(line.total)
            wins[line.hero] += line.place == 1
            ends.update(player.delves)
        if len(party) == 1:
            ranks[scoring.solo_rank(state.standings[0].total)["en"]] += 1
    delves = sum(ends.values())
    return Report(games=games, seed=seed, style=style, players=len(heroes) if heroes else players,
                  heroes=[_scores(h, scores[h], wins[h]) for h in sorted(scores)],
                  solo_ranks={name["en"]: ranks[name["en"]] for _, name in reversed(scoring.SOLO_RANKS)},
                  delve_ends={e: wilson(ends[e], delves) for e in ENDS}, inputs=inputs, rejections=refused,
                  unfinished=unfinished)


def _draw(rng: Rng, known: list[str], players: int) -> list[str]:
    pool = list(known)
    rng.shuffle(pool)
    return pool[:players]


def _scores(hero: str, totals: list[int], wins: int) -> HeroScores:
    mean = statistics.fmean(totals)
    half = Z95 * statistics.stdev(totals) / math.sqrt(len(totals)) if len(totals) > 1 else 0.0
    return HeroScores(hero=hero, games=len(totals), mean=mean, low=mean - half, high=mean + half,
                      median=statistics.median(totals), least=min(totals), most=max(totals), wins=wins)
