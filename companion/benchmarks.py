"""What a benchmark reports: a named figure with its unit and, where there is one, its goal."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.flow import Input
from companion.core.rules import RuleSystem, replay


@dataclass(frozen=True)
class Figure:
    name: str
    value: float
    unit: str
    goal: str = ""

    def line(self) -> str:
        goal = f"   (goal: {self.goal})" if self.goal else ""
        return f"  {self.name:<58} {self.value:>12.3f} {self.unit}{goal}"


def timings(fn: Callable[[], object], repeat: int) -> list[float]:
    """Wall-clock seconds of `repeat` calls of `fn`, each timed alone."""
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))]


def median(values: list[float]) -> float:
    return statistics.median(values)


def adjudicated(rules: RuleSystem[Any], games: Sequence[tuple[Mapping[str, Any], list[Input]]]
                ) -> tuple[float, list[float]]:
    """Recorded games replayed whole (inputs per second), then each input applied alone (seconds each)."""
    inputs = sum(len(log) for _, log in games)
    start = time.perf_counter()
    for setup, log in games:
        replay(rules, setup, log)
    rate = inputs / (time.perf_counter() - start)
    times: list[float] = []
    for setup, log in games:
        state = rules.new_game(setup)
        for inp in log:
            t = time.perf_counter()
            rules.apply(state, inp)
            times.append(time.perf_counter() - t)
    return rate, times
