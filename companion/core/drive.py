"""Random legal inputs, drawn from a rule system's own prompts: the workload of benchmarks, property
tests and store tests. Not a player (see each game's bots): it picks any option a prompt offers (an
action may still be refused by the rules; the caller skips it and asks again), and leaves dice and cards
to the engine's seeded generator (`face` and `card` None). `refused_offers` is the check that an engine
offers nothing it then refuses."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

from companion.core.flow import (
    Act,
    ActionPrompt,
    CardPrompt,
    Choose,
    DiePrompt,
    Draw,
    Input,
    Option,
    Prompt,
    Rejection,
    Roll,
    Throw,
    ThrowPrompt,
)
from companion.core.rules import RuleSystem

S = TypeVar("S")


def pick(prompt: Prompt, rnd: random.Random, weights: Mapping[str, float] | None = None) -> Input:
    """One input answering `prompt`; `weights` make some actions likelier (1 for those not named)."""
    if isinstance(prompt, ActionPrompt):
        option = rnd.choices(prompt.options, [(weights or {}).get(o.id, 1.0) for o in prompt.options])[0]
        target = rnd.choice(option.targets) if option.targets else None
        return Act(actor=prompt.actor, action=option.id, target=target,
                   args={"gold": 1} if option.id == "trade" else {})
    if isinstance(prompt, DiePrompt):
        return Roll(die=prompt.die)
    if isinstance(prompt, CardPrompt):
        return Draw(deck=prompt.deck)
    if isinstance(prompt, ThrowPrompt):
        return Throw()
    return Choose(option=rnd.choice(prompt.options).id)


def refused_offers(rules: RuleSystem[S], state: S, probes: Callable[[S, Option], Iterable[Input]]) -> list[str]:
    """The actions the prompt of `state` offers for which none of `probes` (the inputs a table could give
    for that option: each target, the arguments it needs) is accepted; each is tried on a copy of the state,
    and the first accepted one settles its action. An engine that never offers what it refuses gives []."""
    prompt = rules.prompt(state)
    if not isinstance(prompt, ActionPrompt):
        return []
    blob = rules.encode(state)
    return [option.id for option in prompt.options
            if all(isinstance(rules.apply(rules.decode(blob), inp), Rejection) for inp in probes(state, option))]
