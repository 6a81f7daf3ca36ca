"""Loading and checking The Last Covenant's data files (`data/covenant/`).

Each file is read entry by entry, so that one bad value is reported with its file, its entry and its
field while every other entry is still checked. Then the cross-checks: references between files, and
every fact the rulebook fixes (GAPS.md), so that an edited value that breaks the rules is caught.
`companion data check` prints the same list.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from companion.core import gamedata
from companion.core.dice import DieKind
from companion.games.covenant.checks import cross_check
from companion.games.covenant.schema import (
    AbilitySpec,
    BoardSpec,
    ChestRow,
    Decks,
    EquipmentSpec,
    EventSpec,
    GoldUse,
    GuardianSpec,
    HeroSpec,
    MarkerSpec,
    MonsterSpec,
    PotionSpec,
    RoomCard,
    Section,
    TrapSpec,
    UpgradeSpec,
)
from companion.games.covenant.schema import (
    GameData as GameData,  # re-exported: the data's shape lives beside its specs (no import cycle with checks)
)

T = TypeVar("T")



def data_dir() -> Path:
    return gamedata.data_dir("covenant")


class _Reader:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.errors: list[str] = []

    def raw(self, name: str) -> Any:
        return gamedata.read_yaml(self.root / name, name, self.errors)

    def entries(self, name: str, kind: type[T], raw: Any = None) -> list[T]:
        return gamedata.entries(self.raw(name) if raw is None else raw, kind, name, self.errors)

    def one(self, name: str, kind: type[T]) -> T | None:
        raw = self.raw(name)
        if raw is None:
            return None
        try:
            return msgspec.convert(raw, kind)
        except msgspec.ValidationError as exc:
            self.errors.append(f"{name}: {gamedata.field_message(exc)}")
            return None


def _by_id(items: list[T], key: Callable[[T], Any], file: str, errors: list[str]) -> dict[Any, T]:
    out: dict[Any, T] = {}
    for item in items:
        k = key(item)
        if k in out:
            errors.append(f"{file}: entry {k}: duplicate id")
        out[k] = item
    return out


def read(root: Path | None = None) -> tuple[GameData | None, list[str]]:
    """The game data and the list of problems found (empty when the data is sound)."""
    r = _Reader(root or data_dir())
    e = r.errors
    boards = [b for b in (r.one(f"boards/{n}.yaml", BoardSpec) for n in ("castle", "cathedral", "throne")) if b]
    tables: dict[str, Any] = {
        "boards": _by_id(boards, lambda b: b.zone, "boards", e),
        "heroes": _by_id(r.entries("heroes.yaml", HeroSpec), lambda h: h.id, "heroes.yaml", e),
        "monsters": _by_id(r.entries("monsters.yaml", MonsterSpec), lambda m: m.id, "monsters.yaml", e),
        "abilities": _by_id(r.entries("abilities.yaml", AbilitySpec), lambda a: a.id, "abilities.yaml", e),
        "guardians": _by_id(r.entries("guardians.yaml", GuardianSpec), lambda g: g.zone, "guardians.yaml", e),
        "potions": _by_id(r.entries("potions.yaml", PotionSpec), lambda p: p.id, "potions.yaml", e),
        "equipment": _by_id(r.entries("equipment.yaml", EquipmentSpec), lambda q: q.id, "equipment.yaml", e),
        "events": _by_id(r.entries("events.yaml", EventSpec), lambda v: v.id, "events.yaml", e),
        "traps": r.entries("traps.yaml", TrapSpec),
        "chests": r.entries("chests.yaml", ChestRow),
        "gold": _by_id(r.entries("gold.yaml", GoldUse), lambda g: g.id, "gold.yaml", e),
        "upgrades": _by_id(r.entries("upgrades.yaml", UpgradeSpec), lambda u: u.id, "upgrades.yaml", e),
        "rooms": _by_id(r.entries("rooms.yaml", RoomCard), lambda c: c.id, "rooms.yaml", e),
        "markers": _by_id(r.entries("markers.yaml", MarkerSpec), lambda m: m.id, "markers.yaml", e),
        "dice": _by_id(r.entries("dice.yaml", DieKind), lambda d: d.id, "dice.yaml", e),
        "sections": _by_id(r.entries("sections.yaml", Section), lambda c: c.id, "sections.yaml", e),
    }
    decks = r.one("decks.yaml", Decks)
    if r.errors or decks is None:
        return None, r.errors
    data = GameData(decks=decks, **tables)
    problems = cross_check(data)
    return (None, problems) if problems else (data, [])


def check_all(root: Path | None = None) -> list[str]:
    return read(root)[1]


def load(root: Path | None = None) -> GameData:
    return gamedata.loaded(read(root))


@cache
def default() -> GameData:
    """The data in use, read once per process (the engine's rules read it; it never changes in a game)."""
    return load()
