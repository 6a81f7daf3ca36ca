"""Helpers for rule tests: a game from a setup and a position, and inputs that must be accepted.

A module of its own (not `conftest`), so that its name cannot clash with another folder's conftest."""

from __future__ import annotations

from typing import Any

from companion.core.flow import Accepted, Act, Choose, Draw, Event, Input, Rejection, Roll
from companion.core.rules import Session
from companion.games.covenant.engine import CovenantRules
from companion.games.covenant.state import GameState

RULES = CovenantRules()


class Game:
    """A session with short ways to act and to read what happened."""

    def __init__(self, heroes: list[str], position: dict[str, Any] | None = None, **setup: Any) -> None:
        self.session: Session[GameState] = Session(RULES, {"heroes": heroes, "position": position or {}, **setup})
        self.events: list[Event] = []

    @property
    def s(self) -> GameState:
        return self.session.state

    def send(self, inp: Input) -> Accepted | Rejection:
        result = self.session.submit(inp)
        if isinstance(result, Accepted):
            self.events += result.events
        return result

    def ok(self, *inputs: Input) -> list[Event]:
        events: list[Event] = []
        for inp in inputs:
            result = self.send(inp)
            assert isinstance(result, Accepted), f"{inp} refused: {result}"
            events += result.events
        return events

    def refused(self, inp: Input) -> Rejection:
        before = RULES.encode(self.s)
        result = self.send(inp)
        assert isinstance(result, Rejection), f"{inp} was accepted"
        assert RULES.encode(self.s) == before, "a rejected input changed the state"
        return result

    def act(self, actor: str, action: str, target: str | None = None, **args: Any) -> list[Event]:
        return self.ok(Act(actor=actor, action=action, target=target, args=args))

    def attack(self, actor: str, target: str, card: str, die: str, keep: bool = True) -> list[Event]:
        events = self.act(actor, "attack", target)
        events += self.ok(Draw(deck="combat", card=card), Roll(die="d6", face=die))
        if keep and self.s.pending and self.s.pending[0].purpose == "reroll":  # type: ignore[union-attr]
            events += self.ok(Choose(option="keep"))
        return events

    def texts(self, events: list[Event] | None = None) -> list[str]:
        return [e.msg.text("en") for e in (self.events if events is None else events)]

    def kinds(self, events: list[Event] | None = None) -> list[str]:
        return [e.kind for e in (self.events if events is None else events)]


def monster(uid: str, kind: str, space: str, **extra: Any) -> dict[str, Any]:
    return {"uid": uid, "kind": kind, "space": space, **extra}


TABLE = {"combat": "table", "loot": "table", "potions": "table", "equipment": "table", "events": "table",
         "monsters": "table", "markers": "table", "rooms": "table"}
