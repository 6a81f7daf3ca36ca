"""Benchmarks of the map rules on a 30×30 map: a template's coverage and a boulder's move (median and
99th percentile), beside the frame budget of the screen that will draw them (60 frames a second)."""

from __future__ import annotations

import random

from companion.benchmarks import Figure, median, percentile, timings
from companion.games.descent import boulders, templates
from companion.games.descent.data import default
from companion.games.descent.grid import Board, Boulder, Door, MapState, Side, Wall
from companion.games.descent.grid import Figure as Piece

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


def bench() -> list[Figure]:
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
