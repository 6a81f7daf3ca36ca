"""Properties over random maps (hypothesis): a boulder never passes a wall, a closed door, rock or another
boulder (p. 5); random play, junk included, never crashes and replays byte for byte (the template flow is
checked against its own reading in `test_descent_template_oracle`). `FUZZ_EXAMPLES` sets the number of
cases."""

from __future__ import annotations

import os
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.flow import Act, ChoicePrompt, Choose, Input, Rejection, Roll, Source, Throw, ThrowPrompt
from companion.core.rules import Session, replay
from companion.games.descent.boulders import move
from companion.games.descent.data import default
from companion.games.descent.engine import DescentRules
from companion.games.descent.grid import SIDES, Board, Boulder, Cell, Door, Figure, MapState, Wall

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "60"))
DICE = default().dice


@st.composite
def maps(draw: st.DrawFn) -> MapState:
    w, h = draw(st.integers(3, 12)), draw(st.integers(3, 12))
    cells = st.tuples(st.integers(0, w - 1), st.integers(0, h - 1))
    sides = st.sampled_from(sorted(SIDES))
    some = lambda: st.lists(cells, max_size=w * h // 4, unique=True)  # noqa: E731
    return MapState(id="r", width=w, height=h, rock=draw(some()), rubble=draw(some()), pits=draw(some()),
                    stairs=draw(some()),
                    walls=[Wall(at=c, side=s) for c, s in draw(st.lists(st.tuples(cells, sides), max_size=w * h))],
                    doors=[Door(at=c, side=s, open=o) for c, s, o in
                           draw(st.lists(st.tuples(cells, sides, st.booleans()), max_size=w))])


def crossing_open(m: MapState, a: Cell, b: Cell) -> bool:
    """An independent reading of one step between orthogonal neighbours: both floor, no wall or closed door
    listed on that edge from either side."""
    def floor(c: Cell) -> bool:
        return 0 <= c[0] < m.width and 0 <= c[1] < m.height and c not in m.rock
    if not (floor(a) and floor(b)):
        return False
    for x in [*m.walls, *(d for d in m.doors if not d.open)]:
        dx, dy = SIDES[x.side]
        other = (x.at[0] + dx, x.at[1] + dy)
        if {x.at, other} == {a, b}:
            return False
    return True


@settings(max_examples=EXAMPLES, deadline=None)
@given(maps(), st.data())
def test_a_boulder_never_passes_a_wall_a_closed_door_rock_or_another_boulder(m: MapState, data: st.DataObject) -> None:
    cells = st.tuples(st.integers(0, m.width - 1), st.integers(0, m.height - 1))
    at = data.draw(cells)
    others = [Boulder(id=f"o{i}", at=c, arrow="n") for i, c in enumerate(data.draw(st.lists(cells, max_size=3)))
              if c != at]
    m.boulders = others
    boulder = Boulder(id="b", at=at, arrow=data.draw(st.sampled_from(sorted(SIDES))))
    spaces = data.draw(st.integers(0, 5))
    out = move(Board(m), boulder, spaces)
    here = at
    for step in out.path:
        assert crossing_open(m, here, step) and step not in {o.at for o in others}
        here = step
    assert len(out.path) == spaces or out.destroyed_by
    if out.destroyed_by:
        dx, dy = SIDES[boulder.arrow]
        ahead = (here[0] + dx, here[1] + dy)
        assert not crossing_open(m, here, ahead) or ahead in {o.at for o in others}


def random_input(s: Session[Any], rnd: random.Random) -> Input:
    prompt = s.prompt()
    figures = [f.id for f in s.state.figures] + ["ghost"]
    if rnd.random() < 0.1:  # junk: whatever the prompt waits for
        junk = {rnd.choice(["red", "purple", "black-1", "black-9", "white"]): rnd.choice(["miss", "x", "surge"])}
        return rnd.choice([Roll(die=rnd.choice(["red", "purple", "black"]), face=rnd.choice([None, "miss", "x"])),
                           Throw(faces=junk, source=Source.TRAY), Throw(source=Source.TOUCH),
                           Choose(option="reroll"), Act(actor="x", action="dance")])
    if isinstance(prompt, ThrowPrompt):
        if rnd.random() < 0.5:
            return Throw()
        # the table names every face: drawn here from the die's own faces, as a tray would report them
        return Throw(faces={die: rnd.choice(DICE[kind].faces).id for die, kind in prompt.dice.items()},
                     source=Source.TRAY)
    if isinstance(prompt, ChoicePrompt):
        return Choose(option=rnd.choice(prompt.options).id)
    action = rnd.choice(["attack", "breath", "lightning", "start_turn", "overlord", "move", "door", "treachery"])
    args: dict[str, str | int] = {"x": rnd.randint(-1, 9), "y": rnd.randint(-1, 9),
                                  "turn": rnd.choice([0, 90, 180, 270]), "flip": rnd.randint(0, 1),
                                  "power": rnd.choice(["", "black", "green,yellow", "black,black,black"]),
                                  "side": rnd.choice("nesw"), "open": rnd.randint(0, 1),
                                  "event": rnd.randint(0, 5), "spend_event": rnd.randint(0, 6)}
    target = rnd.choice(figures) if action == "attack" else f"{rnd.randint(-1, 9)},{rnd.randint(-1, 9)}"
    return Act(actor=rnd.choice(figures), action=action, target=target, args=args)


@settings(max_examples=max(10, EXAMPLES // 3), deadline=None)
@given(st.sampled_from(sorted(default().maps)), st.integers(0, 2**32), st.integers(0, 2**16))
def test_random_play_never_crashes_and_replays_byte_for_byte(name: str, seed: int, game_seed: int) -> None:
    rules = DescentRules()
    setup = {"map": name, "seed": game_seed}
    s: Session[Any] = Session(rules, setup)
    rnd = random.Random(seed)
    for _ in range(60):
        before = s.snapshot()
        if isinstance(s.submit(random_input(s, rnd)), Rejection):
            assert s.snapshot() == before
    again = replay(rules, setup, s.log.inputs())
    assert again.snapshot() == s.snapshot()
    assert all(f.damage >= 0 and f.bleed >= 0 and f.daze >= 0 for f in s.state.figures)
    assert all(isinstance(f, Figure) for f in s.state.figures)
