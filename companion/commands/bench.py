"""`companion bench`: prints this machine's figures for every speed and memory goal.

Each area keeps its benchmarks beside its code, in a module with `bench() -> list[Figure]`; this
command lists those modules and prints what they measure. Figures, not pass/fail: goals are shown
beside them, and so is the ratio to the previous release's figure (docs/bench-baseline.json) where it
was measured. The machine's load is printed first: a figure means little without it.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform

from companion.benchmarks import Figure, baseline

# Modules with a `bench()` function, in the order their figures are printed.
BENCH_MODULES: list[str] = [
    "companion.core.bench",
    "companion.games.covenant.bench",
    "companion.games.descent.bench",
    "companion.games.dungeon_roll.bench",
    "companion.table.bench",
    "companion.devices.nfc.bench",
    "companion.devices.tray.bench",
    "companion.games.covenant.bench_games",
    "companion.store.bench",
    "companion.ui.bench",
    "companion.web.bench",
    "companion.latency",
]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--only", help="run only the modules whose name contains this text")


def run(args: argparse.Namespace) -> int:
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}, "
          f"{os.cpu_count()} CPUs, load average {' '.join(f'{n:.2f}' for n in os.getloadavg())}")
    then = baseline()
    for name in BENCH_MODULES:
        if args.only and args.only not in name:
            continue
        figures: list[Figure] = importlib.import_module(name).bench()
        print(f"\n[{name}]")
        for figure in figures:
            print(figure.line(then))
    return 0
