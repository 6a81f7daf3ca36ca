"""An action being aimed on the map before it is given to the referee: which figure acts, then its target,
the square it moves to, the door, or where a template lies (anchor, quarter turns, mirror). No Kivy here.

`tap` turns a finger on a square into the next step, or the finished input; a template is shown before
it is confirmed, with the squares its attack would reach and the figures it would affect, asked of the
rule system itself (`DescentRules.coverage`), so the screen and the referee never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.core.flow import Act, Rejection
from companion.core.messages import Msg
from companion.games.descent.engine import DescentRules
from companion.games.descent.grid import Cell, Side, edge
from companion.games.descent.state import GameState
from companion.games.descent.templates import TURNS, Placement, against, squares
from companion.ui.i18n import N_

TABLE = "table"
"""The actor of what the referee is told rather than asked (R-DW-15): a door, the overlord's turn."""
AIMED = ("attack", "breath", "lightning", "move", "start_turn", "door")
"""The actions that need the map: the others are one tap."""
ASK = {
    ("attack", 0): N_("Tap the attacker."), ("attack", 1): N_("Tap the figure attacked."),
    ("breath", 0): N_("Tap the figure breathing."), ("breath", 1): N_("Tap the square where the template's tip lies."),
    ("lightning", 0): N_("Tap the figure casting the lightning."),
    ("lightning", 1): N_("Tap the square where the template's base begins."),
    ("move", 0): N_("Tap the figure to move."), ("move", 1): N_("Tap the square it moves to."),
    ("start_turn", 0): N_("Tap the figure whose turn begins."),
    ("door", 0): N_("Tap the door, near its edge."),
}


@dataclass
class Coverage:
    """A template as it lies now: its squares, those its attack reaches and whom it affects, or why it
    cannot lie there."""

    squares: list[Cell]
    reached: list[Cell] = field(default_factory=list)
    affected: list[str] = field(default_factory=list)
    refused: Rejection | None = None


@dataclass
class Aim:
    action: str
    actor: str | None = None
    anchor: Cell | None = None
    turn: int = 0
    flip: bool = False
    refused: Cell | None = None
    """The square whose tap the engine refused last, marked on the map."""
    offered: tuple[Cell, ...] = ()
    """Once the same square is refused twice: every square whose tap the engine would take, marked on the map
    (a finger that insists must see something happen, and what to tap instead)."""

    @property
    def template(self) -> bool:
        return self.action in ("breath", "lightning")

    def ask(self) -> Msg:
        if self.template and self.anchor is not None:
            return Msg("Turn or flip the template (a tap on its square turns it too), tap another square to move "
                       "it, then confirm.")
        return Msg(ASK[(self.action, 0 if self.actor is None else 1)])

    def tap(self, rules: DescentRules, state: GameState, cell: Cell, side: Side) -> Act | Msg | Rejection | None:
        """The finished input, a reason the tap chose nothing, or None when the aim goes on. An input is
        tried on a copy of the game first: one the engine refuses comes back as its refusal, never sent
        (issue 21: a figure tapped as its own target, out of reach, a move onto another figure)."""
        found = self._tapped(rules, state, cell, side)
        if isinstance(found, Act):
            found = refusal(rules, state, found) or found
        if isinstance(found, Rejection):
            self.offered = self.answers(rules, state) if self.refused == cell else self.offered
            self.refused = cell
        else:
            self.refused, self.offered = None, ()
        return found

    def answers(self, rules: DescentRules, state: GameState) -> tuple[Cell, ...]:
        """The squares whose tap the engine would take now, asked of it on a copy: the figures an attacker can
        attack or that can attack at all, a template's figures, the squares a figure can move to."""
        alive = [f for f in state.figures if f.alive]
        if self.action == "attack":
            if self.actor is not None:
                return tuple(c for f in alive if refusal(rules, state, Act(self.actor, "attack", f.id)) is None
                             for c in f.squares())
            return tuple(c for a in alive if any(refusal(rules, state, Act(a.id, "attack", f.id)) is None
                                                 for f in alive) for c in a.squares())
        if self.template and self.actor is None:  # the figures it can lie against somewhere
            return tuple(c for f in alive if self._nowhere(rules, state, f.id) is None for c in f.squares())
        if self.action == "move" and self.actor is not None:
            return tuple((x, y) for x in range(state.map.width) for y in range(state.map.height)
                         if refusal(rules, state, Act(self.actor, "move", f"{x},{y}")) is None)
        return ()

    def _tapped(self, rules: DescentRules, state: GameState, cell: Cell, side: Side) -> Act | Msg | Rejection | None:
        who = _figure_at(state, cell)
        if self.action == "door":
            door = next((d for d in state.map.doors if edge(d.at, d.side) == edge(cell, side)), None)
            if door is None:
                return Msg("No door there: tap close to the door's edge.")
            return Act(TABLE, "door", f"{door.at[0]},{door.at[1]}", {"side": door.side, "open": 0 if door.open else 1})
        if self.actor is None:
            if who is None:
                return Msg("No figure stands there.")
            if self.action == "start_turn":
                return Act(who, "start_turn")
            if self.template:  # a figure the template can lie against somewhere, or the aim had no way on
                unlaid = self._nowhere(rules, state, who)
                if unlaid is not None:
                    return unlaid
            if self.action == "attack":  # an attacker only if the engine would take one of its attacks
                tried = [refusal(rules, state, Act(who, "attack", f.id)) for f in state.figures if f.alive]
                if all(tried):
                    return next((r for r in tried if r is not None and r.code != "self-target"), tried[0])
            self.actor = who
            return None
        if self.action == "attack":
            return Act(self.actor, "attack", who) if who is not None else Msg("No figure stands there.")
        if self.action == "move":
            return Act(self.actor, "move", f"{cell[0]},{cell[1]}")
        if cell == self.anchor:  # the square it lies on, tapped again: turned, not left as it was
            self.turn_once()
        self.anchor = cell
        return None

    def _nowhere(self, rules: DescentRules, state: GameState, who: str) -> Rejection | None:
        """Why the template can lie against `who` nowhere (R-DW-9), as the engine says it of the first place
        tried; None once it lies somewhere and the engine would take that attack (the explorer, issue 21: a
        hero on the map's top row chosen to cast the lightning left every square refused, and no way on)."""
        figure = state.figure(who)
        first: Rejection | None = None
        for p in against(rules.data.templates[self.action], figure) if figure is not None else ():
            act = Act(who, self.action, None, {"x": p.anchor[0], "y": p.anchor[1], "turn": p.turn, "flip": int(p.flip)})
            laid = rules.coverage(state, act)
            if not isinstance(laid, Rejection):
                return refusal(rules, state, act)
            first = first or laid
        return first

    def turn_once(self) -> None:
        self.turn = TURNS[(TURNS.index(self.turn) + 1) % len(TURNS)]

    def placed(self) -> Act | None:
        """The template's act as it lies now, once the attacker and the anchor are chosen."""
        if not self.template or self.actor is None or self.anchor is None:
            return None
        x, y = self.anchor
        return Act(self.actor, self.action, None, {"x": x, "y": y, "turn": self.turn, "flip": int(self.flip)})

    def coverage(self, rules: DescentRules, state: GameState) -> Coverage | None:
        act = self.placed()
        if act is None or self.anchor is None:
            return None
        spec = rules.data.templates[self.action]
        laid = squares(spec, Placement(self.anchor, self.turn, self.flip))
        found = rules.coverage(state, act)
        if isinstance(found, Rejection):
            return Coverage(laid, refused=found)
        return Coverage(laid, *found)


def refusal(rules: DescentRules, state: GameState, act: Act) -> Rejection | None:
    """The engine's answer to an input tried on a copy of the game (the game itself left as it was)."""
    result = rules.apply(rules.decode(rules.encode(state)), act)
    return result if isinstance(result, Rejection) else None


def _figure_at(state: GameState, cell: Cell) -> str | None:
    return next((f.id for f in state.figures if f.alive and cell in f.squares()), None)

