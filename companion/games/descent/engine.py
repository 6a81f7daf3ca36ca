"""Descent: The Well of Darkness as a rule system: what the referee waits for (`prompt`) and what an
input does (`apply`).

The referee does not keep the order of play (R-DW-15): the table says whose turn begins, who attacks
whom, where a figure moves and a template lies; the engine asks for every throw (`throws`: the dice of
an attack, a boulder, a bleed or a daze, thrown together) or rolls it, does the arithmetic, and keeps the
map, the wounds and the tokens. `apply` checks an input's shape, whether it is
awaited, then the rules, and changes the state only once it accepts it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from companion.core.dice import DieKind
from companion.core.flow import (
    Act,
    ActionPrompt,
    ChoicePrompt,
    Choose,
    Event,
    Input,
    Layer,
    Option,
    Prompt,
    Rejection,
    reject,
)
from companion.core.messages import N_, Msg
from companion.core.rules import Seating
from companion.games.descent import actions, attack, throws, upkeep
from companion.games.descent.data import DescentData, default
from companion.games.descent.grid import Cell
from companion.games.descent.play import SURGES, Play, given
from companion.games.descent.setup import new_game
from companion.games.descent.state import ChooseStep, GameState, Rolled, ThrowStep

ACTIONS = {
    "attack": Msg("Attack"), "breath": Msg("Breath"), "lightning": Msg("Lightning"),
    "start_turn": Msg("Start a figure's turn"), "overlord": Msg("Start the overlord's turn"),
    "move": Msg("Move a figure"), "door": Msg("Open or close a door"), "treachery": Msg("Treachery"),
}
CHOICES = {
    "daze-loss": (N_("Dazed: pick the power die to lose."), "R-DW-6"),
    "reroll": (N_("A target dodges: roll the attack again (once only)?"), "p. 6"),
    "surge": (N_("Spend surges on an ability, or done."), SURGES),
}


class DescentRules:
    id = "descent"

    def __init__(self, data: DescentData | None = None) -> None:
        self.data = data or default()

    def new_game(self, raw: Mapping[str, Any]) -> GameState:
        return new_game(self.data, raw)

    def prompt(self, state: GameState) -> Prompt | None:
        g = Play(state, self.data)
        if state.pending:
            step = state.pending[0]
            if isinstance(step, ThrowStep):
                return throws.prompt(g, step)
            text, rule = CHOICES[step.purpose]
            return ChoicePrompt(chooser=step.chooser, purpose=Msg(text), rule=rule,
                                options=[Option(id=o, label=_choice_label(g, o)) for o in step.options])
        offered = actions.offered(g)
        return ActionPrompt(actor="table", rule="R-DW-15", options=[
            Option(id=a, label=label, targets=offered[a],
                   target_labels={f: Msg("{figure}", {"figure": g.name(f)}) for f in offered[a]}
                   if a in ("attack", "start_turn") else {})
            for a, label in ACTIONS.items() if a in offered])

    def apply(self, state: GameState, inp: Input) -> list[Event] | Rejection:
        g = Play(state, self.data)
        if state.pending:
            refused = _answer(g, state.pending[0], inp)
        elif isinstance(inp, Act):
            refused = actions.perform(g, inp)
        else:
            refused = reject("expected-action", Layer.NOT_NOW, "R-DW-15",
                             "Nothing waits for a throw or a choice now: say what happens next.")
        return refused if refused is not None else g.events

    def coverage(self, state: GameState, template: Act) -> tuple[list[Cell], list[str]] | Rejection:
        """Where a `breath` or `lightning` act would reach, and whom, without making the attack (the state is
        left as it was): what a screen draws while the template is moved."""
        if template.action not in self.data.templates:
            return reject("not-a-template", Layer.MALFORMED, "R-DW-9", "{action} lays no template: breath or "
                          "lightning.", action=template.action)
        laid = actions.lay(Play(state, self.data), template)
        if isinstance(laid, Rejection):
            return laid
        return sorted(laid[1]), laid[2]

    # ---- what the table needs (TableRules) --------------------------------------------------------

    def dice_kinds(self) -> Mapping[str, DieKind]:
        """The coloured dice the tray may pair, so that a throw of them answers a `ThrowPrompt`."""
        return self.data.dice

    def seating(self) -> Seating:
        """Nobody is seated by a tag: the heroes are figures placed on the map (R-DW-15)."""
        placed = Msg("The figures are placed on the map, not seated by tags (R-DW-15).")
        return Seating(heroes={}, most=0, full=placed, hint=placed)

    def seated(self, state: GameState) -> list[str]:
        return [f.id for f in state.figures if f.kind == "hero"]

    def encode(self, state: GameState) -> bytes:
        return msgspec.json.encode(state)

    def decode(self, data: bytes) -> GameState:
        return msgspec.json.decode(data, type=GameState)


def _choice_label(g: Play, option: str) -> Msg:
    if option in g.d.dice:
        return Msg("{die}", {"die": g.die(option)})
    return Msg(_OPTION_TEXT.get(option, option))


_OPTION_TEXT = {"reroll": N_("Roll again"), "keep": N_("Keep the roll"), "done": N_("Done")}


def _answer(g: Play, step: ThrowStep | ChooseStep, inp: Input) -> Rejection | None:
    s = g.s
    if isinstance(step, ThrowStep):
        rolled = throws.take(g, step, inp)
        if isinstance(rolled, Rejection):
            return rolled
        s.pending.pop(0)
        _on_throw(g, step, rolled)
        return None
    if not isinstance(inp, Choose):
        return reject("expected-choice", Layer.NOT_NOW, CHOICES[step.purpose][1], "Waiting for a choice.")
    if inp.option not in step.options:
        return reject("unknown-option", Layer.ILLEGAL, CHOICES[step.purpose][1],
                      "{option} is not one of the choices offered.", option=given(inp.option))
    s.pending.pop(0)
    _on_choose(g, step, inp.option)
    return None


def _on_throw(g: Play, step: ThrowStep, rolled: list[Rolled]) -> None:
    if step.purpose == "attack":
        a = g.s.attack
        assert a is not None
        a.faces += rolled
        if len(a.faces) == len(a.dice) and attack.after_roll(g, a):
            attack.resolve(g, a)
    elif step.purpose == "boulder":
        upkeep.on_boulder_dice(g, rolled)
    else:
        upkeep.on_dice(g, step.purpose, rolled)


def _on_choose(g: Play, step: ChooseStep, option: str) -> None:
    a = g.s.attack
    assert a is not None
    if step.purpose == "daze-loss":
        attack.on_daze_loss(g, a, option)
        return
    if step.purpose == "reroll":
        if option == "reroll":
            attack.reroll(g, a)
            return
        a.rerolled = True
    elif option == "done":
        attack.resolve(g, a)
        return
    else:
        a.spent.append(option)
        g.say("surge", SURGES, "{figure} spends surges on {ability}.", figure=g.name(a.attacker), ability=option)
    if attack.after_roll(g, a):
        attack.resolve(g, a)
