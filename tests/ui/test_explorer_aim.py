"""Issue 21, the long run's "game goes on" on Descent's table (tests/ui/explorer.py): a template aimed, turned and
flipped a way it lies nowhere, was turned or flipped at random, and a lightning whose caster it lies against only
turned a quarter back went 60 taps without finding it (the be chain of seeds 3201 then 3211, `descent:40` then
`resume:1500,descent:150`: twice in 484 taps). The explorer now turns it as a table would, towards a way it lies."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from explorer import turned_to_fit

from companion.core.flow import Rejection
from companion.games.descent.engine import DescentRules
from companion.games.descent.templates import TURNS
from companion.ui.descent.aim import Aim
from companion.ui.descent.editor import Draft

MAP = (("rubble", (1, 5)), ("big-monster", (0, 1)), ("hero", (0, 0)), ("monster", (5, 1)), ("boulder", (0, 5)))
"""The map the explorer draws, its hero in the corner: the hero's lightning lies one way only, turned 270 and
flipped (R-DW-9: against its caster, wholly on the map); its breath lies no way."""


def lies(rules: DescentRules, state: Any, aim: Aim) -> bool:
    return any(not isinstance(rules.coverage(state, replace(aim, anchor=(x, y)).placed()), Rejection)
               for x in range(8) for y in range(6))


def test_a_template_that_lies_nowhere_as_turned_is_turned_towards_the_one_way_it_lies() -> None:
    rules = DescentRules()
    draft = Draft.empty(8, 6)
    for tool, cell in MAP:
        assert draft.apply(tool, cell, "n") is None, tool
    state = rules.new_game({"map": draft.raw()})
    ways = [(turn, flip) for turn in TURNS for flip in (False, True)
            if lies(rules, state, Aim("lightning", actor="hero-1", anchor=(0, 0), turn=turn, flip=flip))]
    assert ways == [(270, True)]
    for turn in TURNS:
        for flip in (False, True):
            aim = Aim("lightning", actor="hero-1", anchor=(3, 3), turn=turn, flip=flip)
            taps = 0
            while not lies(rules, state, aim):
                way = turned_to_fit(aim, rules, state)
                assert way is not None and taps < 4, (turn, flip, taps)
                if way == "Turn":
                    aim.turn_once()
                else:
                    aim.flip = not aim.flip
                taps += 1
    # The hero's breath lies no way on this map: nothing to turn towards, the aim is let go (Cancel).
    assert turned_to_fit(Aim("breath", actor="hero-1", anchor=(3, 3)), rules, state) is None
