"""A new referee session from a setup: a sample map by name or a whole map inline (so a scenario
carries its own map), figures added or replaced by id, the seed, the overlord's base hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from companion.core.rng import Rng
from companion.core.rules import SetupError
from companion.games.descent.data import DescentData, read_map
from companion.games.descent.state import GameState
from companion.games.descent.treachery import MAX_HAND

KEYS = {"map", "figures", "seed", "overlord_hand"}


def new_game(d: DescentData, raw: Mapping[str, Any]) -> GameState:
    unknown = sorted(set(raw) - KEYS)
    if unknown:
        raise SetupError(f"setup: unknown field(s) {', '.join(unknown)} (known: {', '.join(sorted(KEYS))})")
    chosen = raw.get("map")
    if isinstance(chosen, str):
        if chosen not in d.maps:
            raise SetupError(f"setup: field map: no map {chosen!r}; known: {', '.join(sorted(d.maps))}")
        base: dict[str, Any] = msgspec.to_builtins(d.maps[chosen])
        name = f"map {chosen}"
    elif isinstance(chosen, dict):
        base, name = dict(chosen), "setup map"
    else:
        raise SetupError("setup: field map: a sample map's name or a whole map is needed")
    extra = raw.get("figures") or []
    if not isinstance(extra, list) or not all(isinstance(f, dict) for f in extra):
        raise SetupError("setup: field figures: expected a list of figures")
    ids = {f.get("id") for f in extra}
    base["figures"] = [f for f in base.get("figures") or [] if f.get("id") not in ids] + extra
    _, built, errors = read_map(base, name, set(d.dice))
    if built is None:
        raise SetupError("\n".join(errors))
    hand = raw.get("overlord_hand", 3)
    if not isinstance(hand, int) or not 0 <= hand <= MAX_HAND:
        raise SetupError(f"setup: field overlord_hand: {hand!r} is not a hand of 0 to {MAX_HAND} cards (R-DW-14)")
    seed = raw.get("seed", 0)
    if not isinstance(seed, int):
        raise SetupError(f"setup: field seed: {seed!r} is not a whole number")
    m, figures = built
    return GameState(map=m, figures=figures, rng=Rng(seed=seed), overlord_hand=hand)
