"""The Descent map drawn with Kivy's graphics: squares (floor, rock, rubble, pits, stairs), walls and doors
on their edges, boulders with their arrows, figures numbered within their kind, and marks laid over them
(a template's squares, the squares its attack reaches, a boulder's path, the figures affected, a choice).

A finger lifted on the map names a square and the edge of it nearest the finger; the map is never
mirrored in Arabic (east stays right, as on the table).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import msgspec
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle, Triangle
from kivy.graphics.texture import Texture
from kivy.uix.widget import Widget

from companion.games.descent.grid import SIDES, Cell, Figure, MapState, Side
from companion.ui.descent.names import boulder_number
from companion.ui.fonts import LATIN
from companion.ui.theme import Colour

Tap = Callable[[Cell, Side], object]
EDGE_SHARE = 0.3  # a finger this close to a side (a share of the square) names that side over the others

FLOOR: Colour = (0.36, 0.33, 0.29, 1)
GRID: Colour = (0.22, 0.20, 0.18, 1)
TERRAIN: dict[str, Colour] = {"rock": (0.05, 0.05, 0.06, 1), "rubble": (0.52, 0.40, 0.26, 1),
                              "pit": (0.12, 0.10, 0.09, 1), "stairs": (0.55, 0.55, 0.62, 1)}
WALL: Colour = (0.92, 0.90, 0.84, 1)
DOOR: Colour = (0.80, 0.45, 0.15, 1)
BOULDER: Colour = (0.62, 0.62, 0.62, 1)
FIGURES: dict[str, Colour] = {"hero": (0.25, 0.55, 0.95, 1), "monster": (0.85, 0.25, 0.22, 1)}
DEAD: Colour = (0.35, 0.32, 0.30, 1)
MARKS: dict[str, Colour] = {
    "template": (0.95, 0.85, 0.30, 0.30),  # a square of the template its attack does not reach
    "reached": (0.98, 0.60, 0.10, 0.60),
    "refused": (0.95, 0.25, 0.20, 0.45),  # the template where it cannot lie
    "path": (0.30, 0.85, 0.95, 0.55),
    "choice": (0.45, 0.85, 0.45, 0.45),
}
RING: dict[str, Colour] = {"affected": (1.0, 0.85, 0.15, 1), "selected": (1, 1, 1, 1), "crushed": (1, 0.2, 0.2, 1)}


@cache
def _number(text: str, size: int) -> Texture:
    """A figure's number, rendered once per size (a redraw only places textures)."""
    core = CoreLabel(text=text, font_size=size, font_name=str(LATIN), bold=True)
    core.refresh()
    texture: Texture = core.texture
    return texture


class MapView(Widget):
    """`show` draws a map; `on_tap(square, side)` hears a finger."""

    def __init__(self, on_tap: Tap | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_tap = on_tap
        self.m: MapState | None = None
        self.figures: list[Figure] = []
        self.marks: dict[Cell, str] = {}
        self.rings: dict[str, str] = {}
        self._drawn: tuple[bytes, tuple[float, ...], tuple[float, ...]] | None = None
        self.bind(pos=self._redraw, size=self._redraw)

    def show(self, m: MapState, figures: list[Figure], marks: dict[Cell, str] | None = None,
             rings: dict[str, str] | None = None) -> None:
        """The map, its figures, square marks by role (`MARKS`) and figure rings by role (`RING`)."""
        self.m, self.figures, self.marks, self.rings = m, figures, marks or {}, rings or {}
        self._redraw()

    # ---- geometry ---------------------------------------------------------------------------------

    @property
    def square(self) -> float:
        if self.m is None:
            return 1.0
        return max(1.0, min(self.width / self.m.width, self.height / self.m.height))

    def origin(self) -> tuple[float, float]:
        """The window position of the map's top-left corner (the map centred in the widget)."""
        assert self.m is not None
        s = self.square
        return (self.x + (self.width - s * self.m.width) / 2,
                self.y + (self.height + s * self.m.height) / 2)

    def corner(self, c: Cell) -> tuple[float, float]:
        """The bottom-left corner of square `c` (y grows south, so downwards on the screen)."""
        left, top = self.origin()
        return left + c[0] * self.square, top - (c[1] + 1) * self.square

    def point(self, c: Cell, side: Side | None = None) -> tuple[float, float]:
        """Where a finger names square `c`: its centre, or a point just inside its `side`."""
        x, y = self.corner(c)
        s = self.square
        cx, cy = x + s / 2, y + s / 2
        if side is None:
            return cx, cy
        dx, dy = SIDES[side]
        return cx + dx * s * 0.4, cy - dy * s * 0.4

    def locate(self, px: float, py: float) -> tuple[Cell, Side] | None:
        if self.m is None:
            return None
        left, top = self.origin()
        s = self.square
        fx, fy = (px - left) / s, (top - py) / s
        c = (int(fx // 1), int(fy // 1))
        if not (0 <= c[0] < self.m.width and 0 <= c[1] < self.m.height):
            return None
        ux, uy = fx - c[0], fy - c[1]
        near: dict[Side, float] = {"w": ux, "e": 1 - ux, "n": uy, "s": 1 - uy}
        return c, min(near, key=lambda k: near[k])

    def on_touch_up(self, touch: Any) -> bool:
        if not self.collide_point(*touch.pos) or self.on_tap is None:
            return bool(super().on_touch_up(touch))
        found = self.locate(*touch.pos)
        if found is None:
            return False
        self.on_tap(*found)
        return True

    # ---- drawing ----------------------------------------------------------------------------------

    def _redraw(self, *_: object) -> None:
        """The map itself (squares, grid, walls, doors) is drawn again only when it or the widget's place
        changes; the marks, boulders and figures at every call (a template moved by a finger)."""
        self.canvas.clear()
        if self.m is None:
            self.canvas.before.clear()
            return
        m, s = self.m, self.square
        key = (msgspec.json.encode(m), tuple(self.pos), tuple(self.size))
        if key != self._drawn:
            self._drawn = key
            self.canvas.before.clear()
            with self.canvas.before:
                self._terrain(m, s)
        with self.canvas:
            for c, role in self.marks.items():
                if not (0 <= c[0] < m.width and 0 <= c[1] < m.height):
                    continue  # a template laid partly off the map is drawn on the map only (issue 21, finding 6)
                Color(rgba=MARKS[role])
                Rectangle(pos=self.corner(c), size=(s, s))
            numbered: list[tuple[Figure, int]] = []
            counts: dict[str, int] = {}
            for f in self.figures:
                counts[f.kind] = counts.get(f.kind, 0) + 1
                numbered.append((f, counts[f.kind]))
            # The dead leave the map once their death is shown; a boulder that crushed one lies over it.
            for f, n in numbered:
                if not f.alive and f.id in self.rings:
                    self._figure(f, n, s)
            for b in m.boulders:
                self._boulder(b.at, b.arrow, s, b.id)
            for f, n in numbered:
                if f.alive:
                    self._figure(f, n, s)

    def _terrain(self, m: MapState, s: float) -> None:
        """The floor in one piece under its grid lines, then each square that is not plain floor."""
        left, top = self.origin()
        Color(rgba=FLOOR)
        Rectangle(pos=(left, top - m.height * s), size=(m.width * s, m.height * s))
        for kind, cells in (("rock", m.rock), ("rubble", m.rubble), ("pit", m.pits), ("stairs", m.stairs)):
            for c in cells:
                self._square(c, kind, s)
        Color(rgba=GRID)
        for x in range(m.width + 1):
            Line(points=[left + x * s, top, left + x * s, top - m.height * s], width=1)
        for y in range(m.height + 1):
            Line(points=[left, top - y * s, left + m.width * s, top - y * s], width=1)
        Color(rgba=WALL)
        for w in m.walls:
            self._edge(w.at, w.side, s * 0.12)
        Color(rgba=DOOR)
        for d in m.doors:
            self._edge(d.at, d.side, s * (0.06 if d.open else 0.2), 0.6 if d.open else 0.8)

    def _square(self, c: Cell, kind: str, s: float) -> None:
        x, y = self.corner(c)
        Color(rgba=TERRAIN[kind])
        Rectangle(pos=(x, y), size=(s, s))
        if kind == "pit":
            Color(rgba=(0, 0, 0, 1))
            Ellipse(pos=(x + s * 0.15, y + s * 0.15), size=(s * 0.7, s * 0.7))
        elif kind == "stairs":
            Color(rgba=FLOOR)
            for i in range(1, 4):
                Line(points=[x + 2, y + s * i / 4, x + s - 2, y + s * i / 4], width=max(1.0, s * 0.04))
        elif kind == "rubble":
            Color(rgba=(0.30, 0.22, 0.14, 1))
            for fx, fy in ((0.25, 0.3), (0.6, 0.25), (0.45, 0.65), (0.75, 0.7)):
                Ellipse(pos=(x + s * fx - s * 0.08, y + s * fy - s * 0.08), size=(s * 0.16, s * 0.16))

    def _edge(self, c: Cell, side: Side, thick: float, length: float = 1.0) -> None:
        x, y = self.corner(c)
        s = self.square
        gap = s * (1 - length) / 2
        if side in ("n", "s"):
            ey = y + s if side == "n" else y
            Rectangle(pos=(x + gap, ey - thick / 2), size=(s - 2 * gap, thick))
        else:
            ex = x + s if side == "e" else x
            Rectangle(pos=(ex - thick / 2, y + gap), size=(thick, s - 2 * gap))

    def _boulder(self, c: Cell, arrow: Side, s: float, bid: str) -> None:
        x, y = self.corner(c)
        Color(rgba=BOULDER)
        Ellipse(pos=(x + s * 0.1, y + s * 0.1), size=(s * 0.8, s * 0.8))
        dx, dy = SIDES[arrow]
        cx, cy = x + s / 2, y + s / 2
        tip = (cx + dx * s * 0.38, cy - dy * s * 0.38)
        px, py = -dy * s * 0.2, -dx * s * 0.2  # across the arrow
        base = (cx + dx * s * 0.05, cy - dy * s * 0.05)
        Color(rgba=(0.1, 0.1, 0.1, 1))
        Triangle(points=[*tip, base[0] + px, base[1] + py, base[0] - px, base[1] - py])
        # Its number, behind the arrow, as the rulings name it ("boulder 2").
        texture = _number(boulder_number(bid), max(8, int(s * 0.3)))
        tw, th = texture.size
        nx, ny = cx - dx * s * 0.22, cy + dy * s * 0.22
        Rectangle(texture=texture, pos=(nx - tw / 2, ny - th / 2), size=(tw, th))

    def _figure(self, f: Figure, number: int, s: float) -> None:
        x, y = self.corner(f.at)
        w, h = f.size[0] * s, f.size[1] * s
        y -= h - s  # a large figure spreads east and south of its square
        ring = self.rings.get(f.id)
        if ring is not None:
            Color(rgba=RING[ring])
            Ellipse(pos=(x + s * 0.02, y + s * 0.02), size=(w - s * 0.04, h - s * 0.04))
        Color(rgba=FIGURES[f.kind] if f.alive else DEAD)
        inset = s * 0.12
        Ellipse(pos=(x + inset, y + inset), size=(w - 2 * inset, h - 2 * inset))
        texture = _number(str(number), max(8, int(s * 0.45)))
        tw, th = texture.size
        Color(rgba=(1, 1, 1, 1))
        Rectangle(texture=texture, pos=(x + (w - tw) / 2, y + (h - th) / 2), size=(tw, th))
