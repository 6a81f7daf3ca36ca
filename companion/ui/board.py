"""The board view: the current board drawn from the game data and the game state, and a tap on a space
turned into its id.

The board's own units (the data's x and y, y running down the board) are scaled alike on both axes to
fit the widget. Every space owns a tap box centred on it, one board unit square (a room 1.2 × 1, the
hall 1.6 × 1.4); no two boxes of a board overlap, so at 47 px a unit (the 9 mm floor at 800×480) every
box holds a 47 px square that maps back to its space, whatever its drawing's size. A tap between boxes
goes to the space whose box it is relatively nearest. `needed_size` says how large the widget must be.

What stands on a space (heroes, monsters, the Merchant, dropped piles) is worked out by `space_views`
from the state alone, and drawn from that: tokens in a grid on the space, a hero by its seat colour
and number, a monster by its kind's colour and the HP it has left. A key beside the map names them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from typing import Any, Literal

from kivy.clock import Clock
from kivy.core.text.markup import MarkupLabel
from kivy.graphics import (
    ClearBuffers,
    ClearColor,
    Color,
    Ellipse,
    Fbo,
    InstructionGroup,
    Line,
    Rectangle,
    RoundedRectangle,
    Scale,
    Translate,
    Triangle,
)
from kivy.graphics.texture import Texture
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.stacklayout import StackLayout
from kivy.uix.widget import Widget

from companion.games.covenant.data import GameData
from companion.games.covenant.schema import BoardSpec
from companion.games.covenant.spaces import space_labels
from companion.games.covenant.state import GameState
from companion.games.covenant.traits import ELITE_HP, guardian_hp
from companion.ui import theme
from companion.ui.bidi import display_lines
from companion.ui.fonts import markup, measurer
from companion.ui.i18n import N_
from companion.ui.theme import MIN_TOUCH_MM, MM_PER_PX_7IN, Colour, Ui
from companion.ui.widgets import BidiLabel, Kept, fill, reading_order

HIGHLIGHTS: dict[str, Colour] = {
    "move": theme.GOOD,
    "reveal": theme.WARN,
    "target": theme.BAD,
    "path": (0.35, 0.78, 0.98, 1),
}
HERO_COLOURS: tuple[Colour, ...] = ((0.25, 0.55, 0.95, 1), (0.30, 0.75, 0.35, 1), (0.95, 0.60, 0.15, 1),
                                    (0.80, 0.35, 0.85, 1))
MONSTER_COLOURS: tuple[Colour, ...] = ((0.70, 0.18, 0.16, 1), (0.55, 0.50, 0.40, 1), (0.35, 0.55, 0.25, 1),
                                       (0.45, 0.20, 0.50, 1), (0.25, 0.25, 0.30, 1), (0.40, 0.70, 0.80, 1),
                                       (0.85, 0.30, 0.10, 1), (0.60, 0.45, 0.20, 1))
ROOM_COLOURS: dict[str, Colour] = {"combat": (0.50, 0.16, 0.14, 1), "elite": (0.42, 0.18, 0.48, 1),
                                   "treasure": (0.55, 0.45, 0.12, 1), "event": (0.16, 0.32, 0.55, 1),
                                   "trap": (0.20, 0.42, 0.22, 1)}
ROOM_NAMES = {"combat": N_("Combat"), "elite": N_("Elite"), "treasure": N_("Treasure"), "event": N_("Event"),
              "trap": N_("Trap")}
KEY_MARKS = (N_("elite"), N_("summoned"), N_("the Merchant"), N_("dropped items"), N_("the Covenant"))
ZONE_COLOURS: dict[int, Colour] = {1: (0.62, 0.42, 0.22, 1), 2: (0.18, 0.55, 0.55, 1), 3: (0.55, 0.75, 0.95, 1)}
SPACE: Colour = (0.22, 0.20, 0.23, 1)
LINK: Colour = (0.42, 0.38, 0.34, 1)
DOOR: Colour = (0.45, 0.30, 0.16, 1)
GOLD: Colour = (0.95, 0.78, 0.25, 1)
SUMMONED: Colour = (0.70, 0.45, 1.0, 1)
MERCHANT: Colour = (0.20, 0.70, 0.65, 1)
PILE: Colour = (0.50, 0.36, 0.22, 1)

HALF: dict[str, tuple[float, float]] = {"room": (0.6, 0.5), "hall": (0.8, 0.7)}  # else 0.5 × 0.5
ENTRANCE_OFFSET, ENTRANCE_HALF = 0.5, 0.2  # the entrance mark sits on the edge of its start's box
HALL_OPENS_AT = 4  # door tokens on the board (rulebook "Guardian hall")
TAP_REACH = 1.5  # how far outside its box (in box sizes) a tap still finds a space
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in pixels
KEY_ROWS = 3  # the key's strip below the map, or
KEY_COLUMN = 0.4  # its column beside it: the same size whatever it lists, so the map never moves
SUPERSAMPLE = 2  # the map's frame buffer, in pixels a screen pixel
# Kivy draws a line no wider than 1 as a GL line, one pixel of the frame buffer (half a screen pixel); just
# wider, it is a band that scales with the map: one screen pixel, as the line was on the screen itself.
HAIRLINE = 1.01
LABEL_PX = 18  # the least height of a space's label and a token's number, at 800×480


def half(kind: str) -> tuple[float, float]:
    return HALF.get(kind, (0.5, 0.5))


def entrance_at(spec: BoardSpec) -> tuple[float, float]:
    """Where the entrance mark goes: beside its start space, toward the entrance the data places."""
    start = next(s for s in spec.spaces if s.id == spec.entrance.start)
    dx, dy = spec.entrance.x - start.x, spec.entrance.y - start.y
    length = math.hypot(dx, dy) or 1.0
    return start.x + dx / length * ENTRANCE_OFFSET, start.y + dy / length * ENTRANCE_OFFSET


def extent(spec: BoardSpec) -> tuple[float, float, float, float]:
    """The board's bounding box in board units (left, top, right, bottom): every tap box and the entrance."""
    boxes = [(s.x - half(s.kind)[0], s.y - half(s.kind)[1], s.x + half(s.kind)[0], s.y + half(s.kind)[1])
             for s in spec.spaces]
    ex, ey = entrance_at(spec)
    boxes.append((ex - ENTRANCE_HALF, ey - ENTRANCE_HALF, ex + ENTRANCE_HALF, ey + ENTRANCE_HALF))
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def min_touch_px(ui: Ui) -> float:
    """The 9 mm floor of the 7" screen, scaled with the window like every other size."""
    return MIN_TOUCH_MM / MM_PER_PX_7IN * ui.scale


def needed_size(data: GameData, ui: Ui) -> tuple[float, float]:
    """The smallest map (the key not counted) on which every board's tap boxes are at least 9 mm."""
    sizes = [(e[2] - e[0], e[3] - e[1]) for e in map(extent, data.boards.values())]
    floor = min_touch_px(ui)
    return math.ceil(floor * max(w for w, _ in sizes)), math.ceil(floor * max(h for _, h in sizes))


class Geometry:
    """A board laid in a box of pixels (x, y, width, height), centred, y turned to point up."""

    def __init__(self, spec: BoardSpec, box: tuple[float, float, float, float]) -> None:
        left, top, right, bottom = extent(spec)
        x, y, width, height = box
        self.unit = max(1e-6, min(width / (right - left), height / (bottom - top)))
        self.left, self.top = left, top
        self.ox = x + (width - (right - left) * self.unit) / 2
        self.oy = y + (height - (bottom - top) * self.unit) / 2
        self.height = (bottom - top) * self.unit
        self.spaces = {s.id: s for s in spec.spaces}
        self.spec = spec

    def at(self, bx: float, by: float) -> tuple[float, float]:
        return self.ox + (bx - self.left) * self.unit, self.oy + self.height - (by - self.top) * self.unit

    def centre(self, space: str) -> tuple[float, float]:
        s = self.spaces[space]
        return self.at(s.x, s.y)

    def box(self, space: str) -> tuple[float, float]:
        """Half the width and half the height of the space's tap box, in pixels."""
        hw, hh = half(self.spaces[space].kind)
        return hw * self.unit, hh * self.unit

    def space_at(self, px: float, py: float) -> str | None:
        best, best_score = None, TAP_REACH
        for sid in self.spaces:
            cx, cy = self.centre(sid)
            hw, hh = self.box(sid)
            score = max(abs(px - cx) / hw, abs(py - cy) / hh)
            if score <= best_score:
                best, best_score = sid, score
        return best


# ---- what stands on each space, from the state alone ----------------------------------------------


@dataclass(frozen=True)
class Token:
    kind: Literal["hero", "monster", "merchant", "pile"]
    id: str  # the hero's id, the monster's kind, "" otherwise
    text: str  # the hero's seat number, the monster's HP left
    colour: Colour
    marks: frozenset[str] = frozenset()  # fallen, elite, summoned, covenant


@dataclass
class SpaceView:
    kind: str
    tokens: list[Token] = field(default_factory=list)
    room: str | None = None  # the room type of a revealed slot
    face_down: bool = False
    chests: int = 0
    locked: bool = False  # the guardian hall
    guardian_hp: int | None = None


def monster_colour(data: GameData, kind: str) -> Colour:
    return MONSTER_COLOURS[list(data.monsters).index(kind) % len(MONSTER_COLOURS)]


def space_views(data: GameData, state: GameState) -> dict[str, SpaceView]:
    spec = data.boards[state.board.zone]
    views = {s.id: SpaceView(s.kind) for s in spec.spaces}
    board = state.board
    for slot in board.unrevealed:
        if slot in views:
            views[slot].face_down = True
    for slot, marker in board.revealed.items():
        if slot in views and marker in data.markers:
            views[slot].room = data.markers[marker].room
    for space, count in board.chests.items():
        if space in views:
            views[space].chests = count
    for v in views.values():
        if v.kind == "hall":
            v.locked = len(board.revealed) < HALL_OPENS_AT
            v.guardian_hp = max(0, guardian_hp(data, state))
    for hero in state.heroes.values():
        if hero.space in views:
            bearer = state.escape is not None and state.escape.bearer == hero.id
            marks = frozenset({"fallen"} if hero.fallen else set()) | ({"covenant"} if bearer else set())
            views[hero.space].tokens.append(Token("hero", hero.id, str(hero.seat + 1),
                                                  HERO_COLOURS[hero.seat % len(HERO_COLOURS)], marks))
    for m in state.monsters:
        if m.space in views and m.kind in data.monsters:
            hp = data.monsters[m.kind].hp + (ELITE_HP if m.elite else 0) - m.damage
            marks = frozenset({"elite"} if m.elite else set()) | ({"summoned"} if m.origin == "summon" else set())
            views[m.space].tokens.append(Token("monster", m.kind, str(hp), monster_colour(data, m.kind), marks))
    if board.merchant in views:
        views[board.merchant].tokens.append(Token("merchant", "", "", MERCHANT))
    for pile in state.piles:
        if pile.space in views:
            marks = frozenset({"covenant"}) if pile.covenant else frozenset()
            views[pile.space].tokens.append(Token("pile", "", "", PILE, marks))
    return views


# ---- drawing --------------------------------------------------------------------------------------


@lru_cache(maxsize=512)
def text_texture(text: str, size: int, bold: bool, rtl: bool) -> Texture:
    """One line of text as a texture (white, tinted by the colour it is drawn in), laid out like a BidiLabel."""
    line = display_lines(text, 100_000, measurer(size, bold), rtl)[0]
    label = MarkupLabel(text=markup(line, bold), font_size=size, markup=True)
    label.refresh()
    texture: Texture = label.texture
    return texture


def segments(r: float) -> int:
    """Enough straight pieces for a circle of radius `r` px to look round (one every 3 px, the curve
    within a tenth of a pixel of true): Kivy's own 180 a circle, and a round joint between every two
    pieces of a thick line, made the board cost 20 ms of the main thread a frame in software GL."""
    return max(12, min(180, math.ceil(2 * math.pi * r / 3)))


def circle(cx: float, cy: float, r: float) -> tuple[float, ...]:
    """A `Line(circle=…)` in `segments`."""
    return cx, cy, r, 0, 360, segments(r)


def rounded(x: float, y: float, w: float, h: float, radius: float) -> tuple[float, ...]:
    """A `Line(rounded_rectangle=…)` whose corners are quarter circles in `segments`."""
    return x, y, w, h, radius, max(2, math.ceil(segments(radius) / 4))


SMOOTH = "bevel"  # the joint of a thick curve in short pieces: as round as Kivy's round joint, in one triangle


@lru_cache(maxsize=512)
def line_width(text: str, size: int, bold: bool, rtl: bool) -> float:
    """The width of one line of text as a BidiLabel lays it out (the key's entries, measured once each)."""
    measure = measurer(size, bold)
    return measure(display_lines(text, 100_000, measure, rtl)[0])


def draw_text(group: InstructionGroup, texture: Texture, cx: float, cy: float, colour: Colour,
              max_width: float | None = None) -> None:
    w, h = texture.size
    if max_width is not None and w > max_width:
        w, h = max_width, h * max_width / w
    group.add(Color(rgba=colour))
    group.add(Rectangle(texture=texture, pos=(cx - w / 2, cy - h / 2), size=(w, h)))


def grid(n: int, width: float, height: float) -> tuple[int, float]:
    """Columns and token size for `n` tokens in a width × height area, as large as they can be."""
    best = (1, 0.0)
    for cols in range(1, n + 1):
        rows = math.ceil(n / cols)
        size = min(width / cols, height / rows)
        if size > best[1]:
            best = (cols, size)
    return best


def draw_token(group: InstructionGroup, token: Token, cx: float, cy: float, size: float, ui: Ui) -> None:
    r = size / 2
    edge = max(1.0, size * 0.08)
    if "summoned" in token.marks:
        group.add(Color(rgba=SUMMONED))
        group.add(Line(rounded_rectangle=rounded(cx - r - edge, cy - r - edge, size + 2 * edge, size + 2 * edge,
                                                 r * 0.5), width=edge, joint=SMOOTH))
    group.add(Color(rgba=token.colour))
    if token.kind == "monster":
        group.add(RoundedRectangle(pos=(cx - r, cy - r), size=(size, size), radius=[r * 0.35]))
    elif token.kind == "merchant":
        group.add(Triangle(points=[cx - r, cy, cx, cy + r, cx + r, cy]))
        group.add(Triangle(points=[cx - r, cy, cx, cy - r, cx + r, cy]))
    else:
        group.add(Ellipse(pos=(cx - r, cy - r), size=(size, size), segments=segments(r)))
    if token.kind == "pile":
        group.add(Color(rgba=DOOR))
        group.add(Line(circle=circle(cx, cy, r), width=edge, joint=SMOOTH))
        group.add(Line(points=[cx - r * 0.5, cy + r * 0.45, cx + r * 0.5, cy + r * 0.45], width=edge))
    if "covenant" in token.marks:
        group.add(Color(rgba=GOLD))
        group.add(Line(circle=circle(cx, cy, r + edge), width=edge * 1.5, joint=SMOOTH))
    if "elite" in token.marks:
        group.add(Color(rgba=GOLD))
        group.add(Line(rounded_rectangle=rounded(cx - r, cy - r, size, size, r * 0.35), width=edge, joint=SMOOTH))
    if token.text:
        least = int(LABEL_PX * ui.scale)
        draw_text(group, text_texture(token.text, max(least, int(size * 0.62)), True, False), cx, cy, theme.TEXT)
    if "fallen" in token.marks:
        group.add(Color(0, 0, 0, 0.55))
        group.add(Ellipse(pos=(cx - r, cy - r), size=(size, size), segments=segments(r)))
        group.add(Color(rgba=theme.BAD))
        group.add(Line(points=[cx - r, cy - r, cx + r, cy + r], width=edge))
        group.add(Line(points=[cx - r, cy + r, cx + r, cy - r], width=edge))


class Swatch(Widget):
    """A token drawn alone, for the key."""

    def __init__(self, token: Token, ui: Ui, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.token, self.ui = token, ui
        self.bind(pos=self._draw, size=self._draw)

    def renew(self, token: Token, ui: Ui, **kwargs: Any) -> None:
        for name, value in kwargs.items():
            setattr(self, name, value)
        if token != self.token:
            self.token = token
            self._draw()

    def _draw(self, *_: object) -> None:
        self.canvas.clear()
        group = InstructionGroup()
        size = min(self.size) * 0.7
        # From pos and size, not `center`: that alias may not be updated yet when this runs.
        draw_token(group, self.token, self.x + self.width / 2, self.y + self.height / 2, size, self.ui)
        self.canvas.add(group)


class BoardView(Widget):
    """The board of `state.board.zone`; `show` draws a state, a tap on a space calls `on_tap(space_id)`."""

    def __init__(self, data: GameData, on_tap: Callable[[str], None], *, ui: Ui, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.data, self.on_tap, self.ui = data, on_tap, ui
        self.state: GameState | None = None
        self.highlight: dict[str, str] = {}
        self.views: dict[str, SpaceView] = {}
        self.geometry: Geometry | None = None
        self.labels: dict[str, tuple[str, int]] = {}  # each space's drawn label and its height in px
        self.key = StackLayout(orientation="rl-tb" if ui.rtl else "lr-tb", spacing=ui.gap / 2)
        self.add_widget(self.key)
        # The map lies in a frame buffer drawn again only when it changes: a frame costs one picture for it,
        # not its hundreds of shapes. The figures, which most rulings move, are drawn over it directly.
        self._map = InstructionGroup()
        self._shift = Translate()
        self._frame = Fbo(size=(1, 1))
        # A frame buffer has none of the window's multisampling: drawn at twice the size and shrunk, the map's
        # edges stay as smooth.
        for instruction in (ClearColor(*theme.BACKGROUND), ClearBuffers(), Scale(SUPERSAMPLE, SUPERSAMPLE, 1),
                            self._shift, self._map):
            self._frame.add(instruction)
        self._picture = Rectangle()
        self._figures = InstructionGroup()
        for instruction in (self._frame, Color(1, 1, 1, 1), self._picture, self._figures):
            self.canvas.before.add(instruction)  # under the key, which the picture's background would cover
        self._pressed: dict[int, str] = {}
        self._kept = Kept()
        self._drawn: tuple[object, ...] = ()
        self._ground: tuple[object, ...] = ()
        self._parts: dict[tuple[object, ...], InstructionGroup] = {}
        self._pen = self._map  # the group the map's drawing functions add to
        self._widest: dict[int, float] = {}
        self._placed: dict[tuple[float, ...], tuple[Geometry, tuple[float, float, float, float] | None]] = {}
        # A new board is moved and resized several times while its screen lays out: drawn once, before the
        # frame that shows it (timeout -1: Kivy lays widgets out before the frame too).
        self._redraw_soon = Clock.create_trigger(self._redraw, -1)
        self.bind(pos=self._redraw_soon, size=self._redraw_soon)

    def show(self, state: GameState, highlight: dict[str, str] | None = None) -> None:
        """The state drawn, `highlight`'s spaces marked."""
        self.state = state
        self.highlight = dict(highlight or {})
        self.views = space_views(self.data, state)
        self._redraw()

    @property
    def spec(self) -> BoardSpec | None:
        return self.data.boards[self.state.board.zone] if self.state is not None else None

    def board_hall(self) -> str:
        return next(sid for sid, v in self.views.items() if v.kind == "hall")

    # ---- taps ----

    def on_touch_down(self, touch: Any) -> bool:
        if self.geometry is None or not self.collide_point(*touch.pos):
            return bool(super().on_touch_down(touch))
        space = self.geometry.space_at(*touch.pos)
        if space is None:
            return bool(super().on_touch_down(touch))
        self._pressed[touch.uid] = space
        touch.grab(self)
        return True

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is not self:
            return bool(super().on_touch_up(touch))
        touch.ungrab(self)
        pressed = self._pressed.pop(touch.uid, None)
        # A finger that slid onto another space taps nothing: it was not sure.
        if pressed is not None and self.geometry is not None and self.geometry.space_at(*touch.pos) == pressed:
            self.on_tap(pressed)
        return True

    # ---- layout: the map, and the key where it costs the map least ----

    def _redraw(self, *_: object) -> None:
        spec = self.spec
        if spec is None or self.state is None:
            return
        # What the map and the key are drawn from: a ruling that changes none of it (a step confirmed, a
        # refusal) leaves the board as it is.
        heroes = [(h.id, h.seat) for h in self.state.heroes.values()]
        ground = (tuple(self.pos), tuple(self.size), spec.zone, self.highlight,
                  {sid: replace(v, tokens=[]) for sid, v in self.views.items()})
        drawn = (ground, heroes, [v.tokens for v in self.views.values()])
        if drawn == self._drawn:
            return
        self._drawn = drawn
        items = self._key_items()
        self.geometry, key_box = self._place(spec)
        self._fill_key(items, key_box)
        places = self._draw_map(spec, self.geometry, ground != self._ground)
        self._ground = ground
        self._figures.clear()
        for sid, area, token_y in places:  # over the labels: a figure is never hidden by a space's name
            self._draw_tokens(sid, self.geometry, area, token_y)

    def _place(self, spec: BoardSpec) -> tuple[Geometry, tuple[float, float, float, float] | None]:
        """The map above a key strip of fixed height: what the key lists never moves a space under a finger.
        Worked out once for each board and size."""
        x, y, w, h = self.x, self.y, self.width, self.height
        if (spec.zone, x, y, w, h) not in self._placed:
            self._placed[spec.zone, x, y, w, h] = self._layout(spec, x, y, w, h)
        return self._placed[spec.zone, x, y, w, h]

    def _layout(self, spec: BoardSpec, x: float, y: float, w: float, h: float
                ) -> tuple[Geometry, tuple[float, float, float, float] | None]:
        whole = Geometry(spec, (x, y, w, h))
        line, gap = self.ui.line("small"), self.ui.gap
        strip = KEY_ROWS * line + (KEY_ROWS - 1) * gap / 2 + gap
        if spec.zone not in self._widest:
            self._widest[spec.zone] = self._widest_entry(spec)
        column = min(w * KEY_COLUMN, self._widest[spec.zone] + gap)
        side_x = x if self.ui.rtl else x + w - column
        # Chosen by the board and the widget's size alone, never by what the key lists.
        candidates = [(Geometry(spec, (x, y + strip, w, h - strip)), (x, y, w, strip - gap)),
                      (Geometry(spec, (x + column if self.ui.rtl else x, y, w - column, h)), (side_x, y, column, h))]
        best = max(candidates, key=lambda c: c[0].unit)
        if best[0].unit < min(whole.unit, min_touch_px(self.ui)):
            return whole, None  # the targets come first: no key rather than taps under 9 mm
        return best

    def _widest_entry(self, spec: BoardSpec) -> float:
        """The widest entry the key could ever list on this board: any hero, monster or mark."""
        ui = self.ui
        guardian = self.data.guardians[spec.zone]
        names = [n.named() for n in (*self.data.heroes.values(), *self.data.monsters.values(), guardian)]
        texts = [ui.text(n) for n in names] + [ui.t(m) for m in KEY_MARKS]
        measure = measurer(ui.font("small"), False)
        widest = max(measure(display_lines(t, 100_000, measure, ui.rtl)[0]) for t in texts)
        title = measurer(ui.font("small"), True)
        board = ui.text(spec.named())
        widest = max(widest + ui.line("small"), title(display_lines(board, 100_000, title, ui.rtl)[0]))
        return widest + 4 * ui.gap + ui.px(4)

    def _key_items(self) -> list[tuple[Token | None, str, float]]:
        """(token or None for the title, text, width) for the board's name and whatever stands on it."""
        ui, state, spec = self.ui, self.state, self.spec
        assert state is not None and spec is not None
        swatch = ui.line("small")
        guardian = self.data.guardians[spec.zone]
        # The guardian's name beside the red badge that shows its HP on the hall.
        hp = str(self.views[self.board_hall()].guardian_hp)
        entries: list[tuple[Token | None, str]] = [(None, ui.text(spec.named())),
                                                   (Token("monster", "", hp, theme.BAD if hp != "0" else theme.MUTED),
                                                    ui.text(guardian.named()))]
        tokens = [t for v in self.views.values() for t in v.tokens]
        seen: set[tuple[str, str]] = set()
        for hero in sorted(state.heroes.values(), key=lambda h: h.seat):
            spec_h = self.data.heroes[hero.id]
            entries.append((Token("hero", hero.id, str(hero.seat + 1), HERO_COLOURS[hero.seat % 4]),
                            ui.text(spec_h.named())))
        for t in tokens:
            if t.kind == "monster" and ("monster", t.id) not in seen:
                seen.add(("monster", t.id))
                m = self.data.monsters[t.id]
                entries.append((Token("monster", t.id, "", t.colour), ui.text(m.named())))
        extras = [("elite", Token("monster", "", "", theme.PANEL, frozenset({"elite"}))),
                  ("summoned", Token("monster", "", "", theme.PANEL, frozenset({"summoned"}))),
                  ("merchant", Token("merchant", "", "", MERCHANT)),
                  ("pile", Token("pile", "", "", PILE)),
                  ("covenant", Token("hero", "", "", theme.PANEL, frozenset({"covenant"})))]
        for (mark, example), msgid in zip(extras, KEY_MARKS, strict=True):
            if any(mark in t.marks or t.kind == mark for t in tokens):
                entries.append((example, ui.t(msgid)))
        out: list[tuple[Token | None, str, float]] = []
        for shown, text in entries:
            width = line_width(text, ui.font("small"), shown is None, ui.rtl)
            # Kivy counts the padding into the texture too, and wraps a line that only just fits.
            out.append((shown, text, width + 4 * ui.gap + ui.px(4) + (swatch if shown else 0)))
        return out

    def _fill_key(self, items: list[tuple[Token | None, str, float]],
                  box: tuple[float, float, float, float] | None) -> None:
        if box is None:
            fill(self.key, [])
            self.key.size = (0, 0)
            return
        ui, kept = self.ui, self._kept
        self.key.pos, self.key.size = box[:2], box[2:]
        line = ui.line("small")
        used_rows, used = 1, 0.0
        max_rows = max(1, int((box[3] + ui.gap / 2) // (line + ui.gap / 2)))
        entries: list[Widget] = []
        for i, (token, text, width) in enumerate(items):
            width = min(width, box[2])
            if used and used + width > box[2]:
                used_rows, used = used_rows + 1, 0.0
            if used_rows > max_rows:
                break
            used += width + ui.gap / 2
            label = kept.get(f"{i}/text", BidiLabel, logical=text, rtl=ui.rtl, font_size=ui.font("small"),
                             bold=token is None, padding=[ui.gap, 0, ui.gap, 0])
            parts: list[Widget] = [label] if token is None else [
                kept.get(f"{i}/swatch", Swatch, token, ui, size_hint_x=None, width=line), label]
            entry = kept.get(f"{i}", BoxLayout, orientation="horizontal", spacing=0, size_hint=(None, None),
                             size=(width, line))
            fill(entry, reading_order(ui, parts))
            entries.append(entry)
        fill(self.key, entries)

    # ---- the map ----

    def _draw_map(self, spec: BoardSpec, geo: Geometry, changed: bool) -> list[tuple[str, tuple[float, float], float]]:
        """The map into its frame buffer, when `changed`; returns where each space's figures go."""
        places = [self._space_area(s.id, geo) for s in spec.spaces]
        if not changed:
            return places
        left, bottom = math.floor(self.x), math.floor(self.y)
        size = (max(1, math.ceil(self.right) - left), max(1, math.ceil(self.top) - bottom))
        if tuple(self._frame.size) != (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE):
            self._frame.size = (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE)
        # Whole pixels: the picture's texels fall on the screen's pixels, nothing blurred.
        self._picture.texture, self._picture.pos, self._picture.size = self._frame.texture, (left, bottom), size
        self._shift.xy = (-left, -bottom)
        # Each space's shapes and label are kept while the space, its highlight and the map's size stay as
        # they are: a ruling makes anew only those of the spaces it changed.
        parts, self._parts = self._parts, {}
        g = self._map
        g.clear()
        g.add(self._part(parts, ("links", geo), lambda: self._draw_links(spec, geo)))
        g.add(self._part(parts, ("path", geo, tuple(sorted(self.highlight.items()))), lambda: self._draw_path(geo)))
        g.add(self._part(parts, ("entrance", geo), lambda: self._draw_entrance(spec, geo)))
        for s in spec.spaces:
            v, role = self.views[s.id], self.highlight.get(s.id)
            shown = (v.kind, v.room, v.face_down, v.chests, v.locked, v.guardian_hp)
            g.add(self._part(parts, ("space", s.id, geo, shown, role), partial(self._draw_space, s.id, geo)))
        px = int(LABEL_PX * self.ui.scale)
        self.labels = {}
        for sid, text in space_labels(spec).items():
            g.add(self._part(parts, ("label", sid, geo, self.highlight.get(sid)),
                             partial(self._draw_label, sid, text, px, geo)))
            self.labels[sid] = (text, text_texture(text, px, True, False).size[1])
        return places

    def _part(self, parts: dict[tuple[object, ...], InstructionGroup], key: tuple[object, ...],
              draw: Callable[[], object]) -> InstructionGroup:
        """The instructions `draw` adds, kept under `key` from the last drawing of the map, else drawn now."""
        group = parts.get(key)
        if group is None:
            group = self._pen = InstructionGroup()
            draw()
        self._parts[key] = group
        return group

    def _draw_links(self, spec: BoardSpec, geo: Geometry) -> None:
        g, u = self._pen, geo.unit
        g.add(Color(rgba=LINK))
        for s in spec.spaces:
            for other in s.links:
                if other in geo.spaces and s.id < other:
                    g.add(Line(points=[*geo.centre(s.id), *geo.centre(other)], width=max(HAIRLINE, u * 0.03)))

    def _draw_label(self, sid: str, text: str, px: int, geo: Geometry) -> None:
        """A space's label (the name sentences use) on a dark tab at its box's upper corner."""
        g = self._pen
        texture = text_texture(text, px, True, False)
        x0, y0, x1, y1 = self.label_tab(sid, geo, texture.size)
        role = self.highlight.get(sid)
        g.add(Color(rgba=HIGHLIGHTS.get(role or "", (0.05, 0.04, 0.06, 0.85))))
        g.add(RoundedRectangle(pos=(x0, y0), size=(x1 - x0, y1 - y0), radius=[(y1 - y0) * 0.25]))
        draw_text(g, texture, (x0 + x1) / 2, (y0 + y1) / 2, (0, 0, 0, 1) if role in HIGHLIGHTS else GOLD)

    def label_tab(self, sid: str, geo: Geometry, size: tuple[float, float] | None = None) -> Box:
        """Where a space's label tab lies: its box's upper corner (the left one, the right one in Arabic)."""
        u = geo.unit
        cx, cy = geo.centre(sid)
        hw, hh = geo.box(sid)
        if size is None:
            size = text_texture(space_labels(geo.spec)[sid], int(LABEL_PX * self.ui.scale), True, False).size
        tw, th = size[0] + u * 0.06, size[1]
        side = 1 if self.ui.rtl else -1
        lx, ly = cx + side * (hw - tw / 2 - u * 0.02), cy + hh - th / 2 - u * 0.02
        return lx - tw / 2, ly - th / 2, lx + tw / 2, ly + th / 2

    def room_type(self, sid: str, geo: Geometry) -> tuple[Texture, Box]:
        """A revealed room's type ("Combat") and where it is drawn: under the door's line, and below the
        label's tab where the two would meet (issue 21, finding 7: the letter had covered "C" of "Combat")."""
        u, v = geo.unit, self.views[sid]
        assert v.room is not None
        cx, cy = geo.centre(sid)
        texture = text_texture(self.ui.t(ROOM_NAMES[v.room]), max(8, int(u * 0.24)), True, self.ui.rtl)
        w, h = texture.size
        if w > u * 0.7:
            w, h = u * 0.7, h * u * 0.7 / w
        y = cy + u * 0.22 if v.kind == "room" else cy - u * 0.38
        if sid in space_labels(geo.spec):
            tab = self.label_tab(sid, geo)
            if tab[0] < cx + w / 2 and cx - w / 2 < tab[2]:
                y = min(y, tab[1] - h / 2 - u * 0.01)
        return texture, (cx - w / 2, y - h / 2, cx + w / 2, y + h / 2)

    def _draw_path(self, geo: Geometry) -> None:
        path = [s for s, role in self.highlight.items() if role == "path" and s in geo.spaces]
        if len(path) > 1:
            self._pen.add(Color(rgba=HIGHLIGHTS["path"]))
            self._pen.add(Line(points=[c for s in path for c in geo.centre(s)], width=geo.unit * 0.07))

    def _draw_entrance(self, spec: BoardSpec, geo: Geometry) -> None:
        cx, cy = geo.at(*entrance_at(spec))
        r = ENTRANCE_HALF * geo.unit
        self._pen.add(Color(rgba=ZONE_COLOURS.get(spec.zone, theme.MUTED)))
        self._pen.add(Line(points=[cx - r, cy - r, cx - r, cy, *arc(cx, cy, r), cx + r, cy - r], width=r * 0.2))

    def _draw_space(self, sid: str, geo: Geometry) -> None:
        """The space itself (its figures are drawn over every label)."""
        g, u, v = self._pen, geo.unit, self.views[sid]
        cx, cy = geo.centre(sid)
        hw, hh = geo.box(sid)
        role = self.highlight.get(sid)
        if role in HIGHLIGHTS:
            colour = HIGHLIGHTS[role]
            g.add(Color(colour[0], colour[1], colour[2], 0.22))
            g.add(RoundedRectangle(pos=(cx - hw * 0.92, cy - hh * 0.92), size=(hw * 1.84, hh * 1.84),
                                   radius=[u * 0.12]))
        zone = ZONE_COLOURS.get(self.state.board.zone if self.state else 0, theme.MUTED)
        fill = ROOM_COLOURS.get(v.room or "", SPACE)
        if v.kind in ("room", "hall"):
            w, h = (1.1 * u, 0.8 * u) if v.kind == "room" else (1.5 * u, 1.3 * u)
            if v.kind == "hall":
                fill = (0.18, 0.16, 0.20, 1) if v.locked else (zone[0] * 0.5, zone[1] * 0.5, zone[2] * 0.5, 1)
            g.add(Color(rgba=fill))
            g.add(RoundedRectangle(pos=(cx - w / 2, cy - h / 2), size=(w, h), radius=[u * 0.08]))
            g.add(Color(rgba=zone))
            g.add(Line(rounded_rectangle=rounded(cx - w / 2, cy - h / 2, w, h, u * 0.08),
                       width=max(HAIRLINE, u * 0.025), joint=SMOOTH))
        else:
            self._draw_circle(v, cx, cy, u, fill, zone)
        if role in HIGHLIGHTS:
            g.add(Color(rgba=HIGHLIGHTS[role]))
            if v.kind in ("room", "hall"):
                g.add(Line(rounded_rectangle=rounded(cx - hw * 0.97, cy - hh * 0.97, hw * 1.94, hh * 1.94, u * 0.1),
                           width=u * 0.05, joint=SMOOTH))
            else:
                g.add(Line(circle=circle(cx, cy, u * 0.42), width=u * 0.05, joint=SMOOTH))
        self._draw_slot(sid, geo)
        if v.kind == "hall":
            self._draw_hall(v, cx, cy, u)
        for i in range(v.chests):
            g.add(Color(rgba=GOLD))
            g.add(Rectangle(pos=(cx + hw * 0.55 - i * u * 0.2, cy + hh * 0.55), size=(u * 0.16, u * 0.13)))

    def _space_area(self, sid: str, geo: Geometry) -> tuple[str, tuple[float, float], float]:
        """Where the space's figures stand: the area they share and the height of its middle."""
        u, kind = geo.unit, self.views[sid].kind
        _, cy = geo.centre(sid)
        if kind in ("room", "hall"):
            w, h = (1.1 * u, 0.8 * u) if kind == "room" else (1.5 * u, 1.3 * u)
            return sid, (w * 0.9, h * 0.55), cy - h * 0.18
        return sid, (u * 0.9, u * 0.9), cy

    def _draw_tokens(self, sid: str, geo: Geometry, area: tuple[float, float], token_y: float) -> None:
        g, u, v = self._figures, geo.unit, self.views[sid]
        cx, _ = geo.centre(sid)
        n = len(v.tokens)
        if n:
            cols, size = grid(n, *area)
            size = min(size * 0.9, u * 0.5)
            rows = math.ceil(n / cols)
            for i, token in enumerate(v.tokens):
                col, line = i % cols, i // cols
                col = cols - 1 - col if self.ui.rtl else col
                tx = cx + (col - (cols - 1) / 2) * size * 1.1
                ty = token_y - (line - (rows - 1) / 2) * size * 1.1
                draw_token(g, token, tx, ty, size, self.ui)

    def _draw_circle(self, v: SpaceView, cx: float, cy: float, u: float, fill: Colour, zone: Colour) -> None:
        g = self._pen
        r = u * 0.28
        if v.kind == "footprint":
            g.add(Color(rgba=ZONE_COLOURS[3]))
            for dx, dy in ((-0.1, -0.06), (0.1, 0.08)):
                g.add(Ellipse(pos=(cx + dx * u - u * 0.07, cy + dy * u - u * 0.12), size=(u * 0.14, u * 0.24),
                              segments=segments(u * 0.12)))
            return
        if v.kind == "exit":
            g.add(Color(rgba=GOLD))
            g.add(Line(points=[cx - r, cy - r, cx - r, cy, *arc(cx, cy, r), cx + r, cy - r], width=u * 0.06))
            return
        g.add(Color(rgba=fill))
        g.add(Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r), segments=segments(r)))
        g.add(Color(rgba=zone))
        g.add(Line(circle=circle(cx, cy, r), width=max(HAIRLINE, u * 0.02), joint=SMOOTH))
        if v.kind == "marked":
            g.add(Line(circle=circle(cx, cy, r * 1.3), width=max(HAIRLINE, u * 0.025), joint=SMOOTH))

    def _draw_slot(self, sid: str, geo: Geometry) -> None:
        """A face-down marker (the wooden back), or a revealed room's door token and type."""
        g, u, v = self._pen, geo.unit, self.views[sid]
        cx, cy = geo.centre(sid)
        if v.face_down:
            s = u * 0.36
            g.add(Color(rgba=DOOR))
            g.add(RoundedRectangle(pos=(cx - s / 2, cy - s / 2), size=(s, s), radius=[s * 0.15]))
            draw_text(g, text_texture("?", max(8, int(s * 0.8)), True, False), cx, cy, GOLD)
        elif v.room is not None:
            top = cy + (u * 0.22 if v.kind == "room" else u * 0.3)
            g.add(Color(rgba=DOOR))
            door = u * 0.16
            dx = cx + (u * 0.42 if self.ui.rtl else -u * 0.42)
            g.add(Line(points=[dx - door / 2, top - door / 2, dx - door / 2, top, *arc(dx, top, door / 2),
                               dx + door / 2, top - door / 2], width=max(HAIRLINE, u * 0.04)))
            texture, (x0, y0, x1, y1) = self.room_type(sid, geo)
            draw_text(g, texture, (x0 + x1) / 2, (y0 + y1) / 2, theme.TEXT, u * 0.7)

    def _draw_hall(self, v: SpaceView, cx: float, cy: float, u: float) -> None:
        g = self._pen
        if v.locked:
            s = u * 0.22
            lx, ly = cx + (u * 0.5 if self.ui.rtl else -u * 0.5), cy + u * 0.35
            g.add(Color(rgba=theme.MUTED))
            g.add(Line(ellipse=(lx - s * 0.35, ly, s * 0.7, s * 0.9, -90, 90), width=max(HAIRLINE, u * 0.03)))
            g.add(Rectangle(pos=(lx - s / 2, ly - s * 0.55), size=(s, s * 0.7)))
        if v.guardian_hp is not None:
            texture = text_texture(str(v.guardian_hp), max(8, int(u * 0.3)), True, False)
            w, h = texture.size[0] + u * 0.16, u * 0.34
            bx, by = cx + (-u * 0.3 if self.ui.rtl else u * 0.3), cy + u * 0.35
            g.add(Color(rgba=theme.BAD if v.guardian_hp else theme.MUTED))
            g.add(RoundedRectangle(pos=(bx - w / 2, by - h / 2), size=(w, h), radius=[h * 0.3]))
            draw_text(g, texture, bx, by, theme.TEXT)


def arc(cx: float, cy: float, r: float, steps: int = 10) -> list[float]:
    """The points of a half circle over (cx, cy), left to right: the top of an arch."""
    return [c for i in range(steps + 1)
            for c in (cx - r * math.cos(math.pi * i / steps), cy + r * math.sin(math.pi * i / steps))]
