"""What a benchmark reports: a named figure with its unit and, where there is one, its goal."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


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
