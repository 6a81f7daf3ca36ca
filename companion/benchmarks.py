"""What a benchmark reports: a named figure with its unit, its goal where there is one, and the same
figure measured on the previous release (docs/bench-baseline.json), so a regression shows as a ratio."""

from __future__ import annotations

import gc
import json
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.core.flow import Input
from companion.core.rules import RuleSystem, replay

BASELINE = Path(__file__).resolve().parent.parent / "docs" / "bench-baseline.json"
"""The figures of the previous release, by key: what `ratio` compares against."""


@dataclass(frozen=True)
class Figure:
    name: str
    value: float
    unit: str
    goal: str = ""
    key: str = ""
    """A stable name for the figure in the baseline file (its `name` may carry counts that change)."""

    def line(self, baseline: Mapping[str, float] | None = None) -> str:
        goal = f"   (goal: {self.goal})" if self.goal else ""
        then = (baseline or {}).get(self.key) if self.key else None
        ratio = f"   [{self.value / then:.2f}× the previous release's {then:,.3f}]" if then else ""
        return f"  {self.name:<58} {self.value:>12.3f} {self.unit}{goal}{ratio}"


def baseline(path: Path = BASELINE) -> dict[str, float]:
    """The previous release's figures by key; none when the file is missing (a checkout without docs)."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return {k: float(v) for k, v in raw["figures"].items()}


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


def settled() -> None:
    """What is loaded lives as long as the process, so the collector leaves it alone (`gc.freeze`), as
    `companion run` does once the app is built: the figures are the engine's as the table runs it."""
    gc.collect()
    gc.freeze()


def adjudicated(rules: RuleSystem[Any], games: Sequence[tuple[Mapping[str, Any], list[Input]]]
                ) -> tuple[float, list[float]]:
    """Recorded games replayed whole (inputs per CPU second of this process, so that other work on a
    loaded machine lowers it less), then each input applied alone (CPU seconds each)."""
    inputs = sum(len(log) for _, log in games)
    settled()
    start = time.process_time()
    for setup, log in games:
        replay(rules, setup, log)
    rate = inputs / (time.process_time() - start)
    times: list[float] = []
    for setup, log in games:
        state = rules.new_game(setup)
        for inp in log:
            t = time.thread_time()
            rules.apply(state, inp)
            times.append(time.thread_time() - t)
    return rate, times
