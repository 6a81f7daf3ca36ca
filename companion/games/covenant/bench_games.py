"""Benchmarks of whole games: bot games per second on one core, and resident memory across many games.

A bench must finish in reasonable time, so it plays `COVENANT_BENCH_GAMES` games (default 500)
rather than the 10,000 of the goal; the memory figures say how many games they span. Set
`COVENANT_BENCH_GAMES=10000` for the full run. The rate is counted in CPU seconds of this one
process (one core), so that other work on the machine does not lower it; the wall-clock rate follows.
"""

from __future__ import annotations

import gc
import os
import resource
import time

from companion.benchmarks import Figure, settled
from companion.games.covenant.bots import Bot
from companion.games.covenant.engine import CovenantRules
from companion.games.covenant.simulate import Rate, Report, parties, play, setups

DEFAULT_GAMES = 500
WARM_UP = 20


def resident_mib() -> float:
    """This process's resident memory now (Linux /proc), else its peak (getrusage)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bench() -> list[Figure]:
    games = int(os.environ.get("COVENANT_BENCH_GAMES", DEFAULT_GAMES))
    rules = CovenantRules()
    bot = Bot(rules.data)
    party_list = parties(None, None, list(rules.data.heroes))
    report = Report(games=games, seed=7, bots="cautious", result=Rate(), rounds={})
    for setup in setups(6, WARM_UP, party_list, ("normal",)):
        play(rules, bot, setup)
    settled()
    before = resident_mib()
    halfway = before
    start, cpu = time.perf_counter(), time.process_time()
    for n, setup in enumerate(setups(7, games, party_list, ("normal",)), 1):
        report.add(play(rules, bot, setup))
        if n == games // 2:
            gc.collect()
            halfway = resident_mib()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    gc.collect()
    after = resident_mib()
    return [
        Figure("whole bot games per CPU second, one core (4 heroes, normal)", games / cpu, "games/s", ">= 50",
               "covenant.bot-games"),
        Figure("the same, per wall-clock second (lower on a busy machine)", games / seconds, "games/s"),
        Figure("inputs per CPU second in those games (engine and bots)", report.inputs / cpu, "inputs/s", "",
               "covenant.bot-inputs"),
        Figure(f"resident memory before {games} games", before, "MiB"),
        Figure(f"resident memory after {games // 2} games", halfway, "MiB"),
        Figure(f"resident memory after {games} games", after, "MiB", "flat"),
        Figure(f"growth over the second half ({games - games // 2} games)", after - halfway, "MiB", "about 0"),
    ]
