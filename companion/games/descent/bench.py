"""Benchmarks of Descent: the referee's adjudication as the other rule systems' (one input, replay) on
random games of the sample maps, and the map rules on a 30×30 map: a template's coverage and a boulder's
move (median and 99th percentile), beside the frame budget of the screen that will draw them (60 frames a
second)."""

from __future__ import annotations

import random

from companion.benchmarks import Figure, adjudicated, median, percentile, timings
from companion.core.flow import Act, ActionPrompt, ChoicePrompt, Choose, Input, Throw
from companion.core.rules import Session
from companion.games.descent import boulders, templates
from companion.games.descent.data import default
from companion.games.descent.engine import DescentRules
from companion.games.descent.grid import Board, Boulder, Door, MapState, Side, Wall
from companion.games.descent.grid import Figure as Piece
from companion.games.descent.state import GameState

SIZE = 30
FRAME = "< 16.7 ms (one frame at 60 Hz)"


def big_map(seed: int = 7) -> tuple[MapState, list[Piece]]:
    """Rooms and corridors of rock, walls, doors, rubble, pits and stairs, and 40 figures, scattered."""
    rnd = random.Random(seed)
    cells = [(x, y) for x in range(SIZE) for y in range(SIZE)]
    picked = rnd.sample(cells, 300)
    rock, rubble, pits, stairs = picked[:120], picked[120:180], picked[180:220], picked[220:260]
    sides: list[Side] = ["n", "e", "s", "w"]
    m = MapState(id="bench", width=SIZE, height=SIZE, rock=sorted(rock), rubble=rubble, pits=pits, stairs=stairs,
                 walls=[Wall(at=rnd.choice(cells), side=rnd.choice(sides)) for _ in range(200)],
                 doors=[Door(at=rnd.choice(cells), side=rnd.choice(sides), open=rnd.random() < 0.5)
                        for _ in range(30)],
                 boulders=[Boulder(id=f"b{i}", at=c, arrow=rnd.choice(sides))
                           for i, c in enumerate(picked[260:280])])
    figures = [Piece(id=f"f{i}", kind="hero" if i % 2 else "monster", at=c) for i, c in enumerate(picked[280:300])]
    return m, figures


def table_input(session: Session[GameState], rnd: random.Random) -> Input:
    """What a table might say next: an offered action by a living figure, aimed at an offered target or a
    square nearby (the rules may refuse it), any offered choice, or a throw the app rolls."""
    prompt = session.prompt()
    if isinstance(prompt, ChoicePrompt):
        return Choose(option=rnd.choice(prompt.options).id)
    if not isinstance(prompt, ActionPrompt):
        return Throw()
    option = rnd.choices(prompt.options, [4 if o.id in ("attack", "move") else 1 for o in prompt.options])[0]
    alive = [f for f in session.state.figures if f.alive]
    actor = rnd.choice(alive).id if alive else "overlord"
    x, y = rnd.choice(alive).at if alive else (0, 0)
    near = f"{x + rnd.randint(-2, 2)},{y + rnd.randint(-2, 2)}"
    target = rnd.choice(option.targets) if option.id == "attack" else near if option.id in ("move", "door") else None
    args: dict[str, str | int] = {"x": x + rnd.randint(-1, 1), "y": y + rnd.randint(-1, 1),
                                  "turn": rnd.choice(templates.TURNS), "flip": rnd.randint(0, 1),
                                  "side": rnd.choice("nesw"), "open": rnd.randint(0, 1), "event": rnd.randint(0, 2),
                                  "trap": 0, "monster": 0, "spend_event": 0, "spend_trap": 0, "spend_monster": 0}
    return Act(actor=actor, action=option.id, target=target, args=args)


def recorded_games(rules: DescentRules, games: int, seed: int) -> list[tuple[dict[str, object], list[Input]]]:
    """Random referee sessions on each sample map, as (setup, accepted inputs)."""
    out = []
    maps = sorted(rules.data.maps)
    for n in range(games):
        setup: dict[str, object] = {"map": maps[n % len(maps)], "seed": seed + n}
        session: Session[GameState] = Session(rules, setup)
        rnd = random.Random(seed + n)
        for _ in range(600):
            session.submit(table_input(session, rnd))
        out.append((setup, session.log.inputs()))
    return out


def bench() -> list[Figure]:
    rules = DescentRules()
    games = recorded_games(rules, 12, seed=11)
    inputs = sum(len(log) for _, log in games)
    replay_rate, times = adjudicated(rules, games)
    return [
        Figure("adjudicate one input, median (CPU)", median(times) * 1e3, "ms", "<= 0.03 ms", "descent.input.median"),
        Figure("adjudicate one input, 99th percentile (CPU)", percentile(times, 99) * 1e3, "ms", "",
               "descent.input.p99"),
        Figure(f"replay ({inputs} inputs of {len(games)} random referee sessions)", replay_rate, "inputs/CPU s",
               ">= 40,000", "descent.replay"),
        *_map_figures(),
    ]


def _map_figures() -> list[Figure]:
    m, figures = big_map()
    board = Board(m, figures)
    rnd = random.Random(3)
    data = default()
    placements = [(data.templates[rnd.choice(["breath", "lightning"])],
                   templates.Placement((rnd.randrange(SIZE), rnd.randrange(SIZE)), rnd.choice(templates.TURNS),
                                       rnd.random() < 0.5)) for _ in range(2000)]
    queue = iter(placements * 2)

    def cover() -> None:
        spec, p = next(queue)
        reached = templates.reach(Board(m, figures), spec, p, templates.squares(spec, p)[:2])
        templates.affected(board, reached, figures, "")

    cover_times = timings(cover, 2000)
    rolls = iter([(b, rnd.randint(0, 5)) for b in m.boulders for _ in range(100)])

    def roll() -> None:
        b, spaces = next(rolls)
        boulders.move(Board(m, figures), b, spaces)

    roll_times = timings(roll, len(m.boulders) * 100)
    return [
        Figure("template coverage on 30×30 (board built), median", median(cover_times) * 1e3, "ms", FRAME),
        Figure("template coverage on 30×30, 99th percentile", percentile(cover_times, 99) * 1e3, "ms", FRAME),
        Figure("boulder move on 30×30 (board built), median", median(roll_times) * 1e3, "ms", FRAME),
        Figure("boulder move on 30×30, 99th percentile", percentile(roll_times, 99) * 1e3, "ms", FRAME),
    ]
