"""Breath and lightning against an independent reading of the rules over random maps (as Covenant's movement
is checked in `test_movement_oracle`): the engine's template flow (`templates`) and this one must agree on
where the attack starts, every square it reaches and every figure it affects.

The reading, written from the rules text and the rulings, not from the engine's code:
- p. 7: breath reaches a target only if "a small flying figure could trace a legal movement path from the
  breath's starting square to the target while staying inside the breath template"; rubble does not stop
  it, walls and closed doors do;
- p. 6: lightning "flows around obstacles like breath" but cannot pass through stairs, walls or closed
  doors; it lies flat against one side of the attacker, two squares wide at its base;
- R-DW-10: a flying path steps between adjacent squares: side neighbours with no wall or closed door
  between, corner neighbours when one of the two ways round the corner is open (the corner square need
  not lie in the template: the figure does not enter it); rock is walled all round; pits are flown over;
- R-DW-9: the lightning starts from the base squares directly in front of an attacker's square, not
  through a wall or a closed door; the breath from its tip, adjacent to the attacker;
- R-DW-12: every figure reached is affected, friend and foe alike, the attacker not.
The template's frame (x across, y away from the attacker) is mirrored, then turned clockwise a quarter at
a time (turn 0 points south), then laid at its anchor: the convention of the table's screen.
`FUZZ_EXAMPLES` sets the number of cases; seen to fail with the engine's flow back to side steps only.
"""

from __future__ import annotations

import os

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.descent import templates
from companion.games.descent.data import default
from companion.games.descent.grid import Board, Door, Figure, MapState, Wall

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))
SPECS = default().templates
Square = tuple[int, int]
STEP = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}


class Reading:
    """The map as the rules read it: which squares are floor, and which side steps a wall or a closed door
    shuts."""

    def __init__(self, m: MapState) -> None:
        self.m = m
        self.shut: set[frozenset[Square]] = set()
        for x in [*m.walls, *(d for d in m.doors if not d.open)]:
            dx, dy = STEP[x.side]
            self.shut.add(frozenset({x.at, (x.at[0] + dx, x.at[1] + dy)}))

    def floor(self, c: Square) -> bool:
        return 0 <= c[0] < self.m.width and 0 <= c[1] < self.m.height and c not in self.m.rock

    def side_open(self, a: Square, b: Square) -> bool:
        return self.floor(a) and self.floor(b) and frozenset({a, b}) not in self.shut

    def adjacent(self, a: Square, b: Square) -> bool:
        dx, dy = b[0] - a[0], b[1] - a[1]
        if abs(dx) + abs(dy) == 1:
            return self.side_open(a, b)
        if abs(dx) == 1 and abs(dy) == 1:
            return any(self.side_open(a, c) and self.side_open(c, b) for c in ((b[0], a[1]), (a[0], b[1])))
        return False


def laid(frame: Square, anchor: Square, turn: int, flip: bool) -> Square:
    z = complex(-frame[0] if flip else frame[0], frame[1]) * 1j ** (turn // 90)
    return anchor[0] + round(z.real), anchor[1] + round(z.imag)


def flow(r: Reading, kind: str, inside: set[Square], starts: set[Square]) -> set[Square]:
    """Every square of the template a legal flying path from a start reaches, never leaving it."""
    open_ = {c for c in inside if r.floor(c) and not (kind == "lightning" and c in r.m.stairs)}
    reached = starts & open_
    while True:
        more = {c for c in open_ - reached if any(r.adjacent(q, c) for q in reached)}
        if not more:
            return reached
        reached |= more


def starts_of(r: Reading, kind: str, anchor: Square, turn: int, flip: bool, attacker: Figure) -> set[Square]:
    mine = set(attacker.squares())
    out = set()
    for frame in SPECS[kind].start:
        sq = laid(frame, anchor, turn, flip)
        if not r.floor(sq) or (kind == "lightning" and sq in r.m.stairs):
            continue
        if kind == "lightning":
            back = laid((frame[0], frame[1] - 1), anchor, turn, flip)
            if back in mine and r.side_open(back, sq):
                out.add(sq)
        elif any(r.adjacent(m, sq) for m in mine):
            out.add(sq)
    return out


@st.composite
def situations(draw: st.DrawFn) -> tuple[MapState, list[Figure], str, tuple[Square, int, bool]]:
    w, h = draw(st.integers(3, 10)), draw(st.integers(3, 10))
    cells = st.tuples(st.integers(0, w - 1), st.integers(0, h - 1))
    sides = st.sampled_from(sorted(STEP))
    few = st.lists(cells, max_size=w * h // 5, unique=True)
    m = MapState(id="r", width=w, height=h, rock=draw(few), rubble=draw(few), pits=draw(few), stairs=draw(few),
                 walls=[Wall(at=c, side=s) for c, s in draw(st.lists(st.tuples(cells, sides), max_size=w * h // 2))],
                 doors=[Door(at=c, side=s, open=o) for c, s, o in
                        draw(st.lists(st.tuples(cells, sides, st.booleans()), max_size=w))])
    at = draw(cells)
    attacker = Figure(id="attacker", kind="monster", at=at, size=draw(st.sampled_from([(1, 1), (2, 2)])))
    others = [Figure(id=f"f{n}", kind=draw(st.sampled_from(["hero", "monster"])), at=c, alive=draw(st.booleans()))
              for n, c in enumerate(draw(st.lists(cells, max_size=6, unique=True)))]
    near = draw(st.tuples(st.integers(-2, 2), st.integers(-2, 2)))
    placement = ((at[0] + near[0], at[1] + near[1]), draw(st.sampled_from([0, 90, 180, 270])), draw(st.booleans()))
    return m, [attacker, *others], draw(st.sampled_from(sorted(SPECS))), placement


@settings(max_examples=EXAMPLES, deadline=None)
@given(situations())
def test_property_the_template_flow_matches_the_rules_reading(
        case: tuple[MapState, list[Figure], str, tuple[Square, int, bool]]) -> None:
    m, figures, kind, (anchor, turn, flip) = case
    r, spec, attacker = Reading(m), SPECS[kind], figures[0]
    p = templates.Placement(anchor, turn, flip)
    inside = {laid(c, anchor, turn, flip) for c in spec.cells}
    assert set(templates.squares(spec, p)) == inside
    board = Board(m, figures)
    starts = starts_of(r, kind, anchor, turn, flip, attacker)
    assert set(templates.origins(board, spec, p, attacker)) == starts
    reached = flow(r, kind, inside, starts)
    assert templates.reach(board, spec, p, sorted(starts)) == reached
    hit = [f.id for f in figures[1:] if f.alive and set(f.squares()) & reached]
    assert templates.affected(board, reached, figures, attacker.id) == hit
    anywhere = set(sorted(inside)[:2])
    assert templates.reach(board, spec, p, sorted(anywhere)) == flow(r, kind, inside, anywhere)
