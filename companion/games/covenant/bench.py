"""Benchmarks of the rules engine: one input's adjudication, replay speed, a full monster phase."""

from __future__ import annotations

import random
import time

from companion.benchmarks import Figure, adjudicated, median, percentile
from companion.core import drive
from companion.core.flow import Act, Input
from companion.core.rules import Session
from companion.games.covenant.engine import CovenantRules
from companion.games.covenant.state import GameState

HEROES = ["knight", "rogue", "ranger", "sorceress"]


def recorded_games(rules: CovenantRules, games: int, seed: int) -> list[tuple[dict[str, object], list[Input]]]:
    """Whole random games, as (setup, accepted inputs): the workload the figures are measured on."""
    rnd = random.Random(seed)
    out = []
    for n in range(games):
        setup: dict[str, object] = {"heroes": HEROES, "seed": seed + n}
        session: Session[GameState] = Session(rules, setup)
        for _ in range(3000):
            prompt = session.prompt()
            if prompt is None:
                break
            session.submit(drive.pick(prompt, rnd, {"end": 0.1}))
        out.append((setup, session.log.inputs()))
    return out


def _monster_phase(rules: CovenantRules) -> GameState:
    """Four heroes end their turns beside five monsters, an awake guardian and three summons."""
    summons = [{"uid": f"m{i}", "kind": "goblin", "space": s, "origin": "summon"} for i, s in
               ((6, "m8"), (7, "b8"), (8, "m8"))]
    monsters = [{"uid": f"m{i}", "kind": k, "space": s} for i, (k, s) in
                enumerate([("goblin", "m3"), ("troll", "b2"), ("skeleton_archer", "t4"), ("cultist", "m6"),
                           ("dark_knight", "b6")], 1)]
    position = {"heroes": {h: {"space": s} for h, s in zip(HEROES, ("m4", "b3", "m7", "t5"), strict=True)},
                "monsters": monsters + summons, "next_uid": 9,
                "board": {"unrevealed": ["room5", "room6", "t8"],
                          "revealed": {f"room{i}": f"z1-event-{1 + i % 2}" for i in range(1, 5)}},
                "guardian": {"provoked": True, "awake": True}}
    return rules.new_game({"heroes": HEROES, "seed": 5, "position": position})


def bench() -> list[Figure]:
    rules = CovenantRules()
    games = recorded_games(rules, 20, seed=11)
    inputs = sum(len(log) for _, log in games)
    replay_rate, times = adjudicated(rules, games)
    phase: list[float] = []
    for _ in range(200):
        state = _monster_phase(rules)
        ends = [Act(actor=h, action="end", target="turn") for h in HEROES]
        t = time.process_time()
        for end in ends:
            rules.apply(state, end)
        phase.append(time.process_time() - t)
    return [
        Figure("adjudicate one input, median (CPU)", median(times) * 1e3, "ms", "<= 0.03 ms", "covenant.input.median"),
        Figure("adjudicate one input, 99th percentile (CPU)", percentile(times, 99) * 1e3, "ms", "",
               "covenant.input.p99"),
        Figure(f"replay ({inputs} inputs of {len(games)} random games)", replay_rate, "inputs/CPU s", ">= 40,000",
               "covenant.replay"),
        Figure("monster phase: 5 monsters + guardian + 3 summons, median", median(phase) * 1e3, "ms", "< 5 ms",
               "covenant.monster-phase"),
    ]
