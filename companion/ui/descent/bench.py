"""The Descent map screen's redraw, timed inside the running app (`companion bench`, companion/ui/bench.py):
the 30×30 map of the rules' benchmark (rock, walls, doors, rubble, pits, stairs, boulders, 20 figures)
drawn at the map screen's size with a template's squares and the figures it affects marked, as a finger
moving the template redraws it. Its budget is a frame at 60 Hz, beside the template coverage it draws."""

from __future__ import annotations

import random

from companion.benchmarks import timings
from companion.games.descent.bench import SIZE, big_map
from companion.games.descent.grid import Cell
from companion.ui.descent.mapview import MapView

REDRAWS = 200


def redraw_times(width: float = 468, height: float = 287) -> list[float]:
    """Seconds per redraw of the map at the table screen's map size at 800×480 (its left side, above the
    arithmetic), each with another template's marks: the canvas instructions built (the GPU draws them on
    the next frame, outside this time)."""
    m, figures = big_map()
    view = MapView(size=(width, height))
    rnd = random.Random(5)
    marked: list[tuple[dict[Cell, str], dict[str, str]]] = []
    for _ in range(REDRAWS):
        x, y = rnd.randrange(SIZE - 6), rnd.randrange(SIZE - 6)
        squares = {(x + dx, y + dy): "reached" if dy < 4 else "template" for dx in range(5) for dy in range(6)}
        rings = {f.id: "affected" for f in figures if f.at in squares}
        marked.append((squares, rings))
    view.show(m, figures, *marked[0])  # the first draw loads the font of the figures' numbers: the app's start
    shown = iter(marked)

    def redraw() -> None:
        squares, rings = next(shown)
        view.show(m, figures, squares, rings)

    return timings(redraw, REDRAWS)
