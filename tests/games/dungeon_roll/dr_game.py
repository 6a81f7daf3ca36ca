"""Helpers for Dungeon Roll's rule tests: a game played by named throws, draws and actions.

A module of its own (not `conftest`), so that its name cannot clash with another folder's conftest."""

from __future__ import annotations

import random

from companion.core.flow import (
    Accepted,
    Act,
    ActionPrompt,
    CardPrompt,
    Draw,
    Event,
    Input,
    Rejection,
    Source,
    Throw,
    ThrowPrompt,
)
from companion.core.rules import Session
from companion.games.dungeon_roll.engine import DungeonRollRules
from companion.games.dungeon_roll.moves import candidates
from companion.games.dungeon_roll.play import Play
from companion.games.dungeon_roll.state import GameState

RULES = DungeonRollRules()


def legal(s: GameState, rnd: random.Random) -> Input:
    prompt = RULES.prompt(s)
    if isinstance(prompt, ThrowPrompt):
        if rnd.random() < 0.5:
            return Throw()
        return Throw(faces={d: rnd.choice(RULES.data.dice[k].faces).id for d, k in prompt.dice.items()},
                     source=Source.TRAY)
    if isinstance(prompt, CardPrompt):
        return Draw(deck=prompt.deck, card=rnd.choice([None, *prompt.candidates]), source=Source.TABLE)
    assert isinstance(prompt, ActionPrompt)
    moves = candidates(Play(s, RULES.data))
    return rnd.choices(moves, [0.15 if m.action in ("flee", "retire", "portal") else 1.0 for m in moves])[0]


class Game:
    def __init__(self, *heroes: str, seed: int = 1) -> None:
        self.session: Session[GameState] = Session(RULES, {"heroes": list(heroes), "seed": seed})
        self.events: list[Event] = []

    @property
    def s(self) -> GameState:
        return self.session.state

    @property
    def hero(self) -> str:
        return self.s.player.hero

    def send(self, inp: Input) -> Accepted | Rejection:
        result = self.session.submit(inp)
        if isinstance(result, Accepted):
            self.events += result.events
        return result

    def ok(self, inp: Input) -> list[Event]:
        result = self.send(inp)
        assert isinstance(result, Accepted), result.msg.text("en")
        return result.events

    def refused(self, inp: Input) -> str:
        before = RULES.encode(self.s)
        result = self.send(inp)
        assert isinstance(result, Rejection), f"accepted: {inp}"
        assert RULES.encode(self.s) == before, "a refused input changed the state"
        return result.code

    def throw(self, faces: str) -> list[Event]:
        """The dice the engine waits for, in its order, showing these faces (as the tray reports them)."""
        prompt = self.session.prompt()
        assert isinstance(prompt, ThrowPrompt), prompt
        names = faces.split()
        assert len(names) == len(prompt.dice), (list(prompt.dice), names)
        return self.ok(Throw(faces=dict(zip(prompt.dice, names, strict=True)), source=Source.TRAY))

    def draw(self, kind: str) -> list[Event]:
        return self.ok(Draw(deck="treasure", card=kind, source=Source.TABLE))

    def act(self, action: str, target: str | None = None, **args: str) -> Act:
        return Act(actor=self.hero, action=action, target=target, args=dict(args))

    def do(self, action: str, target: str | None = None, **args: str) -> list[Event]:
        return self.ok(self.act(action, target, **args))

    def actions(self) -> list[str]:
        prompt = self.session.prompt()
        assert isinstance(prompt, ActionPrompt), prompt
        return [o.id for o in prompt.options]

    def give(self, *tokens: str) -> None:
        """Treasure tokens moved from the bag to the delving player's hand, as earlier delves would."""
        for token in tokens:
            self.s.supply.remove(token)
            self.s.player.treasures.append(token)

    def texts(self) -> list[str]:
        return [e.msg.text("en") for e in self.events]
