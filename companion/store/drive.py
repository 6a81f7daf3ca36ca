"""Long legal input sequences for the store's benchmark and tests, drawn from the engine's own prompts.

Not a player: it picks any option the prompt offers (an action may still be refused by the rules; the
caller skips it and asks again). App dice and app cards are left to the engine (`face`/`card` None).
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from companion.core import drive
from companion.core.flow import Accepted, Input, Prompt, Rejection

HEROES = ["knight", "rogue", "ranger", "sorceress"]
_WEIGHTS = {"end": 0.2, "attack": 3.0, "drink": 2.0, "revive": 3.0}


class Playable(Protocol):
    def prompt(self) -> Prompt | None: ...

    def submit(self, inp: Input) -> Accepted | Rejection: ...


def long_setup(seed: int) -> dict[str, Any]:
    """Four heroes whose game does not end early: the fall counter and the escape's limit are lifted."""
    return {"heroes": HEROES, "seed": seed, "difficulty": "easier",
            "position": {"falls": -1_000_000, "escape_rounds": 1_000_000}}


def pick(prompt: Prompt, rnd: random.Random) -> Input:
    return drive.pick(prompt, rnd, _WEIGHTS)


def step(game: Playable, rnd: random.Random, tries: int = 50) -> Accepted | None:
    """One accepted input (None when the game is over or nothing offered was accepted)."""
    for _ in range(tries):
        prompt = game.prompt()
        if prompt is None:
            return None
        result = game.submit(pick(prompt, rnd))
        if isinstance(result, Accepted):
            return result
    return None
