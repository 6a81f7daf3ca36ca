"""Whole games played by the bots, and the figures gathered over many of them.

`play` runs one game from its setup to its end (or to a bound on inputs, reported as "unfinished",
which would be a bug in a bot or a rule); `simulate` plays N games from one seed and folds each into
running totals as soon as it ends, so memory stays flat however many games are played. The same seed
gives the same games and the same figures: every game's seed is drawn from the core's seeded
generator, and the bots decide from the state alone.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import msgspec

from companion.core.flow import (
    Act,
    ActionPrompt,
    CardPrompt,
    ChoicePrompt,
    Choose,
    DiePrompt,
    Draw,
    Event,
    Input,
    Prompt,
    Rejection,
    Roll,
)
from companion.core.rng import Rng
from companion.games.covenant.bots import Bot
from companion.games.covenant.engine import CovenantRules
from companion.games.covenant.state import GameState

MAX_INPUTS = 20_000
"""No finished game comes near this many inputs; one that reaches it is stopped as unfinished."""
Z95 = 1.959964
DIFFICULTIES = ("easier", "normal", "harder")
UNFINISHED = "unfinished"

Watcher = Callable[[GameState, Input, list[Event]], None]
"""Sees the state after every accepted input, with the input and its events."""


class GameResult(msgspec.Struct):
    """One game's figures."""

    seed: int
    party: list[str]
    difficulty: str
    outcome: str
    zone: int
    escape: bool
    rounds: int
    inputs: int
    rejections: int
    falls: int
    deaths: int
    guardians: int
    rounds_by_zone: dict[str, int]
    falls_by_zone: dict[str, int]
    deaths_by_zone: dict[str, int]
    fall_causes: list[str]

    @property
    def won(self) -> bool:
        return self.outcome == "victory"

    @property
    def where(self) -> str:
        """Where the game ended: a zone, or the escape."""
        return "escape" if self.escape else f"zone {self.zone}"


def _fallback(prompt: Prompt) -> Input:
    """What a bot answers after the engine refused its input: something always accepted."""
    if isinstance(prompt, ActionPrompt):
        return Act(actor=prompt.actor, action="end", target="turn")
    if isinstance(prompt, ChoicePrompt):
        return Choose(option=prompt.options[0].id)
    if isinstance(prompt, DiePrompt):
        return Roll(die=prompt.die)
    assert isinstance(prompt, CardPrompt)
    return Draw(deck=prompt.deck)


_CAUSES = frozenset({"monster-attack", "ambush", "trap", "event", "poison", "fire-aura"})
_TOLD = _CAUSES | {"fall", "death", "board-change"}
"""The events a game's result counts; most of a game's events are none of them (issue 26: the bench's games)."""


def _damage_source(e: Event) -> str | None:
    """What an event that can make a hero fall names as the cause, or None."""
    if e.kind not in _CAUSES:
        return None
    if e.kind in ("monster-attack", "ambush"):
        attacker = e.msg.fields.get("attacker") or e.msg.fields.get("monster")
        return attacker["en"] if isinstance(attacker, dict) else str(attacker)
    if e.kind == "trap":
        return f"trap: {e.data['trap']}"
    if e.kind == "event":
        return f"event: {e.data['event']}"
    if e.kind in ("poison", "fire-aura"):
        return e.kind.replace("-", " ")
    return None


def play(rules: CovenantRules, bot: Bot, setup: dict[str, object], watch: Watcher | None = None,
         max_inputs: int = MAX_INPUTS) -> GameResult:
    """One whole game by the bots."""
    state = rules.new_game(setup)
    inputs = rejections = deaths = 0
    falls_by_zone: Counter[str] = Counter()
    deaths_by_zone: Counter[str] = Counter()
    causes: list[str] = []
    cause = "unknown"
    while inputs < max_inputs:
        prompt = rules.prompt(state)
        if prompt is None:
            break
        inp = bot.decide(state, prompt)
        zone = str(state.board.zone)
        result = rules.apply(state, inp)
        if isinstance(result, Rejection):
            rejections += 1
            inp = _fallback(prompt)
            result = rules.apply(state, inp)
            assert not isinstance(result, Rejection), result
        inputs += 1
        for e in result:
            if e.kind not in _TOLD:
                continue
            cause = _damage_source(e) or cause
            if e.kind == "fall":
                falls_by_zone[zone] += 1
                causes.append(cause)
            elif e.kind == "death":
                deaths += 1
                deaths_by_zone[zone] += 1
            elif e.kind == "board-change":
                zone = str(e.data["zone"])
        if watch is not None:
            watch(state, inp, result)
    return GameResult(
        seed=state.seed, party=list(state.order), difficulty=str(setup.get("difficulty", "normal")),
        outcome=state.outcome or UNFINISHED, zone=state.board.zone, escape=state.escape is not None,
        rounds=state.round, inputs=inputs, rejections=rejections, falls=state.falls, deaths=deaths,
        guardians=state.guardians_defeated, rounds_by_zone=dict(state.stats.rounds_per_zone),
        falls_by_zone=dict(falls_by_zone), deaths_by_zone=dict(deaths_by_zone), fall_causes=causes)


# ---- many games ---------------------------------------------------------------------------------


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default): honest near 0 and 1 too."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    # At 0% or 100% one end is exactly the rate; floating point could leave it a hair inside.
    low = 0.0 if wins == 0 else centre - half
    high = 1.0 if wins == games else centre + half
    return (low, high)


class Rate(msgspec.Struct):
    games: int = 0
    wins: int = 0
    low: float = 0.0
    high: float = 1.0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def add(self, won: bool) -> None:
        self.games += 1
        self.wins += won
        self.low, self.high = wilson(self.wins, self.games)


class ZoneFigures(msgspec.Struct):
    """Per zone: how many games reached it, and the rounds, falls, deaths and losses there."""

    reached: int = 0
    rounds: int = 0
    falls: int = 0
    deaths: int = 0
    lost: int = 0


class Group(msgspec.Struct):
    party: list[str]
    difficulty: str
    result: Rate


class Report(msgspec.Struct):
    games: int
    seed: int
    bots: str
    result: Rate
    rounds: dict[int, int]
    """A histogram: rounds → games (so that memory does not grow with the number of games)."""
    falls: int = 0
    deaths: int = 0
    inputs: int = 0
    rejections: int = 0
    outcomes: dict[str, int] = {}
    losses_by_where: dict[str, int] = {}
    last_fall_causes: dict[str, int] = {}
    fall_causes: dict[str, int] = {}
    zones: dict[str, ZoneFigures] = {}
    groups: list[Group] = []

    def add(self, r: GameResult) -> None:
        self.result.add(r.won)
        self.rounds[r.rounds] = self.rounds.get(r.rounds, 0) + 1
        self.falls += r.falls
        self.deaths += r.deaths
        self.inputs += r.inputs
        self.rejections += r.rejections
        _count(self.outcomes, r.outcome)
        for c in r.fall_causes:
            _count(self.fall_causes, c)
        if not r.won:
            _count(self.losses_by_where, r.where)
            if r.outcome == "defeat:falls" and r.fall_causes:
                _count(self.last_fall_causes, r.fall_causes[-1])
        for z in range(1, r.zone + 1):
            zf = self.zones.setdefault(str(z), ZoneFigures())
            zf.reached += 1
            zf.rounds += r.rounds_by_zone.get(str(z), 0)
            zf.falls += r.falls_by_zone.get(str(z), 0)
            zf.deaths += r.deaths_by_zone.get(str(z), 0)
        if not r.won:
            self.zones[str(r.zone)].lost += 1
        group = next((gr for gr in self.groups if gr.party == r.party and gr.difficulty == r.difficulty), None)
        if group is None:
            group = Group(party=list(r.party), difficulty=r.difficulty, result=Rate())
            self.groups.append(group)
        group.result.add(r.won)

    def rounds_median(self) -> float:
        ordered = sorted(self.rounds.items())
        half = self.result.games / 2
        seen = 0
        for rounds, n in ordered:
            seen += n
            if seen > half:
                return float(rounds)
            if seen == half:
                later = next(r for r, m in ordered if r > rounds and m)
                return (rounds + later) / 2
        return 0.0

    def rounds_mean(self) -> float:
        return sum(r * n for r, n in self.rounds.items()) / max(1, self.result.games)


def _count(counter: dict[str, int], key: str) -> None:
    counter[key] = counter.get(key, 0) + 1


def parties(heroes: Sequence[str] | None, players: int | None, known: Sequence[str]) -> list[list[str]]:
    """The parties to play: the one given, or every party of `players` heroes (all four by default)."""
    if heroes:
        return [list(heroes)]
    return [list(p) for p in itertools.combinations(known, players or len(known))]


def setups(seed: int, games: int, party_list: list[list[str]],
           difficulties: Sequence[str]) -> Iterator[dict[str, object]]:
    """Each game's setup: parties in turn, difficulties in turn, each with a seed drawn from `seed`."""
    rng = Rng(seed=seed)
    for difficulty in difficulties:
        for i in range(games):
            yield {"heroes": party_list[i % len(party_list)], "seed": rng.next_u64() >> 1,
                   "difficulty": difficulty}


def simulate(games: int, seed: int, party_list: list[list[str]], difficulties: Sequence[str] = ("normal",),
             rules: CovenantRules | None = None, bots: str = "cautious") -> Report:
    """`games` games at each difficulty, played by cautious or bold bots (see `Bot`)."""
    rules = rules or CovenantRules()
    bot = Bot(rules.data, cautious=bots == "cautious")
    report = Report(games=games * len(difficulties), seed=seed, bots=bots, result=Rate(), rounds={})
    for setup in setups(seed, games, party_list, difficulties):
        report.add(play(rules, bot, setup))
    return report
