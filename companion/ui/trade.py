"""What a trade gives, chosen on the screen. The engine offers Trade with the allies in reach; a trade must give
something (§Loot and treasure: gold, a potion, a shard, R-LOOT-4: equipment into an empty slot), and the screen
had sent it empty, which the engine always refuses (issue 21, found by the explorer). After the ally, each thing
the giver holds is offered, once the engine has accepted it on a copy of the game: nothing is offered that the
engine would refuse."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import msgspec

from companion.core.flow import Act
from companion.core.messages import Named, named
from companion.games.covenant.data import GameData
from companion.games.covenant.labels import GOLD
from companion.games.covenant.state import GameState
from companion.ui.prompts import Choice, PromptView

TRADE = "trade"
SLOTS = ("weapon", "armour", "accessory")


def with_gifts(view: PromptView, state: GameState, data: GameData, rules: Any) -> PromptView:
    """The view with each ally of its Trade opening the gifts the engine would accept (an ally with none,
    and Trade with no ally left, are not offered)."""
    choices = []
    for choice in view.choices:
        if choice.key != TRADE:
            choices.append(choice)
            continue
        if choice.answer is not None:  # one ally in reach: Trade opens its gifts at once
            opened = _opened(choice, state, data, rules)
            choices += [opened] if opened is not None else []
            continue
        allies = [opened for ally in choice.children if (opened := _opened(ally, state, data, rules)) is not None]
        if allies:
            choices.append(replace(choice, children=tuple(allies)))
    return replace(view, choices=tuple(choices))


def _opened(ally: Choice, state: GameState, data: GameData, rules: Any) -> Choice | None:
    """The choice of an ally, opening the gifts the engine takes; None when it takes none."""
    gifts = tuple(gift for gift in _gifts(ally, state, data) if _accepted(rules, state, gift.answer))
    return replace(ally, answer=None, children=gifts) if gifts else None


def _gifts(ally: Choice, state: GameState, data: GameData) -> list[Choice]:
    act = ally.answer
    assert isinstance(act, Act)
    giver = state.heroes[act.actor]
    offered: list[tuple[str, Named, dict[str, str | int]]] = []
    if giver.gold:
        offered.append(("gold", named(GOLD, n=giver.gold), {"gold": giver.gold}))
    offered += [(f"potion/{p}", data.potions[p].named(), {"potion": p}) for p in dict.fromkeys(giver.potions)]
    offered += [(f"shard/{s}", _shard(data, s), {"shard": s}) for s in giver.shards]
    offered += [(f"equipment/{slot}", data.equipment[item].named(), {"equipment": slot})
                for slot in SLOTS if (item := getattr(giver, slot)) is not None]
    return [Choice(f"{ally.key}:{key}", name, msgspec.structs.replace(act, args=args))
            for key, name, args in offered]


def _shard(data: GameData, shard: str) -> Named:
    return next(g.shard for g in data.guardians.values() if g.shard.id == shard).named()


def _accepted(rules: Any, state: GameState, act: object) -> bool:
    trial = rules.decode(rules.encode(state))
    return isinstance(rules.apply(trial, act), list)
