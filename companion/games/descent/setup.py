"""A new referee session from a setup: a sample map by name or a whole map inline (so a scenario
carries its own map), figures added or replaced by id, the seed, the overlord's base hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

import msgspec
from msgspec import Meta

from companion.core import gamedata, text
from companion.core.rng import Rng
from companion.core.rules import SetupError
from companion.games.descent.data import DescentData, read_map
from companion.games.descent.grid import MAX_FIGURES, Figure, Id
from companion.games.descent.state import GameState
from companion.games.descent.treachery import MAX_HAND

MAX_SEED = 2**63 - 1


class Setup(msgspec.Struct, forbid_unknown_fields=True):
    """A setup as a scenario or the store gives it: `map` a sample map's id or a whole map (checked as a map
    file is), `figures` added to it or replacing those of the same id, the seed of the game's generator,
    and the overlord's hand before treachery (R-DW-14)."""

    map: Id | dict[str, Any]
    figures: Annotated[list[Figure], Meta(max_length=MAX_FIGURES)] = []
    seed: Annotated[int, Meta(ge=0, le=MAX_SEED)] = 0
    overlord_hand: Annotated[int, Meta(ge=0, le=MAX_HAND)] = 3


def new_game(d: DescentData, raw: Mapping[str, Any]) -> GameState:
    try:
        setup = msgspec.convert(dict(raw), Setup)
    except msgspec.ValidationError as exc:
        raise SetupError(_one_line([f"setup: {gamedata.field_message(exc)}"])) from None
    if isinstance(setup.map, str):
        if setup.map not in d.maps:
            raise SetupError(f"setup: field map: no map {setup.map!r}; known: {', '.join(sorted(d.maps))}")
        base: dict[str, Any] = msgspec.to_builtins(d.maps[setup.map])
        name = f"map {setup.map}"
    else:
        base, name = dict(setup.map), "setup map"
    ids = {f.id for f in setup.figures}
    placed = base.get("figures") or []
    if isinstance(placed, list):
        kept = [f for f in placed if not (isinstance(f, dict) and isinstance(f.get("id"), str) and f["id"] in ids)]
        base["figures"] = kept + msgspec.to_builtins(setup.figures)
    _, built, errors = read_map(base, name, set(d.dice))
    if built is None:
        raise SetupError(_one_line(errors))
    m, figures = built
    return GameState(map=m, figures=figures, rng=Rng(seed=setup.seed), overlord_hand=setup.overlord_hand)


def _one_line(errors: list[str]) -> str:
    """A refusal is one line, however many problems it names (the first ones, and how many more)."""
    return "; ".join(text.clipped(errors))
