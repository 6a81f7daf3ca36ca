"""The referee never offers what it refuses (hypothesis, random play on every sample map): each action the
prompt offers is accepted for at least one of its arguments (a figure, a square, a door, a template's
placement), and every input the random driver takes from a prompt is accepted: a throw left to the app,
a choice among those listed, an offered action with arguments the table could give (R-DW-15: the table
says who acts and where). `FUZZ_EXAMPLES` sets the number of games; seen to fail on the old prompt, which
offered every action always: the lightning where no figure could lay it (boulder-run), a door on a map
without one, attacks, templates, moves and turns once every figure was dead."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

from descent_game import RULES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core import drive
from companion.core.flow import Act, Choose, Input, Option, Rejection, Throw, ThrowPrompt
from companion.core.rules import Session
from companion.games.descent.grid import Board
from companion.games.descent.state import GameState

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "6"))
MAPS = sorted(RULES.data.maps)


def probes(s: GameState, option: Option) -> Iterator[Act]:
    """The inputs a table could give for `option`, those likeliest to be accepted first."""
    alive = [f for f in s.figures if f.alive]
    board = Board(s.map, s.figures)
    floor = [(x, y) for y in range(s.map.height) for x in range(s.map.width) if board.floor((x, y))]
    if option.id == "attack":
        yield from (Act(f.id, "attack", t) for t in option.targets for f in alive if f.id != t)
    elif option.id in ("breath", "lightning"):
        for f in (f for f in alive if f.dice):
            near = sorted(((f.at[0] + i, f.at[1] + j) for i in range(-2, 3) for j in range(-2, 3)),
                          key=lambda c: max(abs(c[0] - f.at[0]), abs(c[1] - f.at[1])))
            yield from (Act(f.id, option.id, args={"x": x, "y": y, "turn": turn, "flip": flip})
                        for x, y in near for turn in (0, 90, 180, 270) for flip in (0, 1))
    elif option.id == "move":
        yield from (Act(t, "move", f"{x},{y}") for t in option.targets for x, y in floor)
    elif option.id == "start_turn":
        yield from (Act(t, "start_turn") for t in option.targets)
    elif option.id == "door":
        yield from (Act("table", "door", f"{d.at[0]},{d.at[1]}", {"side": d.side, "open": int(not d.open)})
                    for d in s.map.doors)
    else:
        yield Act("table", option.id)


def driven(s: GameState, rnd: random.Random) -> Input:
    prompt = RULES.prompt(s)
    if isinstance(prompt, ThrowPrompt):
        return Throw()
    if not isinstance(prompt, drive.ActionPrompt):
        assert prompt is not None
        return Choose(option=rnd.choice(prompt.options).id)
    blob = RULES.encode(s)
    option = rnd.choices(prompt.options, [0.3 if o.id in ("move", "door", "treachery") else 1.0
                                          for o in prompt.options])[0]
    tried = list(probes(s, option))
    rnd.shuffle(tried)
    return next(p for p in tried if not isinstance(RULES.apply(RULES.decode(blob), p), Rejection))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(MAPS), seed=st.integers(0, 2**16))
def test_property_the_referee_offers_nothing_it_refuses(name: str, seed: int) -> None:
    rnd = random.Random(seed)
    session: Session[GameState] = Session(RULES, {"map": name, "seed": seed})
    for _ in range(40):
        s = session.state
        assert drive.refused_offers(RULES, s, probes) == [], (name, [f.id for f in s.figures if f.alive])
        inp = driven(s, rnd)
        result = session.submit(inp)
        assert not isinstance(result, Rejection), (inp, result.code, result.msg.text("en"))


def test_property_with_every_figure_dead_nothing_is_offered_that_needs_one() -> None:
    """The end of a fight (every figure killed, as boulders may do): no attack, move or turn is offered."""
    session: Session[GameState] = Session(RULES, {"map": "corner", "seed": 1})
    for f in session.state.figures:
        f.alive = False
    assert drive.refused_offers(RULES, session.state, probes) == []
