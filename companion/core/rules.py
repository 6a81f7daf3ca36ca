"""The contract every rule system keeps, the registry that finds one by name, and a session.

A rule system is deterministic and does no I/O but reading its game data: `apply` checks an input in
layers (malformed, not now, illegal) and changes the state only once it has accepted it, so a
rejected input leaves the state exactly as it was. States are msgspec structs: encoding one gives the
bytes that replays are compared by.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import msgspec

from companion.core.dice import DieKind
from companion.core.flow import Accepted, Event, Input, Layer, Prompt, Rejection, reject
from companion.core.log import InputLog
from companion.core.messages import Msg, Named

S = TypeVar("S")


class SetupError(ValueError):
    """A setup that a rule system cannot start a game from (an unknown hero, too many players...)."""


class RuleSystem(Protocol[S]):
    id: str

    def new_game(self, setup: Mapping[str, Any]) -> S: ...

    def prompt(self, state: S) -> Prompt | None: ...

    def apply(self, state: S, inp: Input) -> list[Event] | Rejection: ...

    def encode(self, state: S) -> bytes: ...

    def decode(self, data: bytes) -> S: ...


class Seating(msgspec.Struct, frozen=True):
    """How players sit down to a game: its heroes (id -> name, in the data's order), how many may sit,
    the tag kind that seats a player with a hero dealt by the app ("" when the game has none), the
    lobby's choices its setup takes besides heroes and seed, and what the table says when it is full or
    when a tag seats nobody."""

    heroes: dict[str, Named]
    most: int
    full: Msg
    hint: Msg
    seat_tag: str = ""
    options: tuple[str, ...] = ()


@runtime_checkable
class TableRules(RuleSystem[S], Protocol[S]):
    """What a table needs of a rule system besides the rules: its dice kinds, and who may sit and who sits."""

    def dice_kinds(self) -> Mapping[str, DieKind]: ...

    def seating(self) -> Seating: ...

    def seated(self, state: S) -> list[str]: ...


_REGISTRY: dict[str, str] = {
    "descent": "companion.games.descent.engine:DescentRules",
    "covenant": "companion.games.covenant.engine:CovenantRules",
    "dungeon-roll": "companion.games.dungeon_roll.engine:DungeonRollRules",
}


def available() -> list[str]:
    return sorted(_REGISTRY)


def find(name: str) -> RuleSystem[Any]:
    """The rule system registered under `name` (imported only when asked for)."""
    try:
        module_name, attr = _REGISTRY[name].split(":")
    except KeyError:
        raise SetupError(f"no rule system named {name!r}; known: {', '.join(available())}") from None
    factory = getattr(importlib.import_module(module_name), attr)
    rules: RuleSystem[Any] = factory()
    return rules


def parse_input(raw: object) -> Input | Rejection:
    """An input from plain data (a scenario, a store, a screen), or the reason it is malformed."""
    try:
        inp: Input = msgspec.convert(raw, Input)
        return inp
    except msgspec.ValidationError as exc:
        return reject("malformed-input", Layer.MALFORMED, "core.inputs",
                      "This input is malformed: {detail}", detail=str(exc))


class Session(Generic[S]):
    """A game in progress: its rule system, its state, and the log of every accepted input."""

    def __init__(self, rules: RuleSystem[S], setup: Mapping[str, Any]) -> None:
        self.rules = rules
        self.setup = dict(setup)
        self.state = rules.new_game(setup)
        self.log = InputLog()

    def prompt(self) -> Prompt | None:
        return self.rules.prompt(self.state)

    def submit(self, inp: Input) -> Accepted | Rejection:
        result = self.rules.apply(self.state, inp)
        if isinstance(result, Rejection):
            return result
        entry = self.log.append(inp)
        return Accepted(seq=entry.seq, events=result)

    def snapshot(self) -> bytes:
        return self.rules.encode(self.state)


def replay(rules: RuleSystem[S], setup: Mapping[str, Any], inputs: list[Input]) -> Session[S]:
    """The same inputs through the same engine from the same setup: the same game, byte for byte."""
    session = Session(rules, setup)
    for inp in inputs:
        session.submit(inp)
    return session
