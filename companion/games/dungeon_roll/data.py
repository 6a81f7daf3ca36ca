"""Loading and checking Dungeon Roll's data files (`data/dungeon-roll/`).

Each file is read entry by entry, so one bad value is reported with its file, its entry and its field
while every other entry is still checked; then the facts the sheet fixes (six faces per die, one of each
kind; what an ultimate needs) are cross-checked. `companion data check --game dungeon-roll` prints them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TypeVar

import msgspec

from companion.core import gamedata
from companion.core.dice import DieKind
from companion.games.dungeon_roll.schema import (
    COMPANIONS,
    DUNGEON_FACES,
    MONSTERS,
    PARTY_FACES,
    HeroSpec,
    Section,
    TreasureSpec,
)

T = TypeVar("T", bound=gamedata.HasId)

PARTY_DICE = 7
DUNGEON_DICE = 7
SHEET_TREASURES = {"vorpal-sword": (3, 1), "talisman": (3, 1), "scepter-of-power": (3, 1), "thieves-tools": (3, 1),
                   "scroll": (3, 1), "ring-of-invisibility": (4, 1), "dragon-scales": (6, 1), "elixir": (3, 1),
                   "dragon-bait": (4, 1), "town-portal": (4, 2)}
"""Each treasure of the sheet's list: how many tokens, and what one scores unused at the end."""


def data_dir() -> Path:
    return gamedata.data_dir("dungeon-roll")


@dataclass(frozen=True, eq=False)
class GameData:
    dice: dict[str, DieKind]
    heroes: dict[str, HeroSpec]
    treasures: dict[str, TreasureSpec]
    sections: dict[str, Section]

    def tokens(self) -> list[str]:
        """Every treasure token of the bag, each with its own id (`scroll-2`), in data order."""
        return [f"{t.id}-{n}" for t in self.treasures.values() for n in range(1, t.count + 1)]


def _entries(root: Path, name: str, kind: type[T], errors: list[str]) -> dict[str, T]:
    known = len(errors)
    raw = gamedata.read_yaml(root / name, name, errors)
    if raw is None and len(errors) == known:  # every file of the sheet lists something
        errors.append(f"{name}: expected a list of entries, found an empty file")
    return gamedata.by_id(gamedata.entries(raw, kind, name, errors), name, errors)


def _cross_check(d: GameData) -> list[str]:
    errors: list[str] = []
    for kind, faces in (("party", PARTY_FACES), ("dungeon", DUNGEON_FACES)):
        die = d.dice.get(kind)
        if die is None:
            errors.append(f"dice.yaml: entry {kind}: missing (the sheet's {kind} die)")
        elif sorted(f.id for f in die.faces) != sorted(faces):
            errors.append(f"dice.yaml: entry {kind}: field faces: must be one of each of {', '.join(faces)}")
    errors += [f"treasures.yaml: entry {k}: missing (a treasure of the sheet)" for k in SHEET_TREASURES
               if k not in d.treasures]
    for t in d.treasures.values():
        count, end = SHEET_TREASURES.get(t.id, (t.count, t.end))
        if (t.count, t.end) != (count, end):
            field = "count" if t.count != count else "end"
            errors.append(f"treasures.yaml: entry {t.id}: field {field}: is {getattr(t, field)}, the sheet fixes "
                          f"{count if field == 'count' else end}")
        if t.count < 1:
            errors.append(f"treasures.yaml: entry {t.id}: field count: at least 1 token")
        if (t.use == "companion") != bool(t.acts_as):
            errors.append(f"treasures.yaml: entry {t.id}: field acts_as: given exactly when use is companion")
        if (t.use == "scales") != (t.pair_bonus > 0):
            errors.append(f"treasures.yaml: entry {t.id}: field pair_bonus: given exactly when use is scales")
    for h in d.heroes.values():
        for side_name, side in h.sides():
            where = f"heroes.yaml: entry {h.id}: field {side_name}"
            if (side.ultimate.effect in ("hero-as", "recruit")) != bool(side.ultimate.kinds):
                errors.append(f"{where}.ultimate.kinds: given exactly when the effect is hero-as or recruit")
            if side.track not in ("", "any", *MONSTERS):
                errors.append(f"{where}.track: not one of any, {', '.join(MONSTERS)}")
            if side.ultimate.into not in DUNGEON_FACES:
                errors.append(f"{where}.ultimate.into: not one of {', '.join(DUNGEON_FACES)}")
            if not len(side.preset) < side.party_dice <= PARTY_DICE + 1:
                errors.append(f"{where}.party_dice: more than the preset faces, at most {PARTY_DICE + 1}")
            if sum(side.scout) > DUNGEON_DICE or any(n < 1 for n in side.scout):
                errors.append(f"{where}.scout: at least 1 die a level, at most {DUNGEON_DICE} in all")
            if side.dragon_at < 1:
                errors.append(f"{where}.dragon_at: at least 1")
            if side.ultimate.monster not in ("", *MONSTERS):
                errors.append(f"{where}.ultimate.monster: not one of {', '.join(MONSTERS)}")
            if side.ultimate.count < 1:
                errors.append(f"{where}.ultimate.count: at least 1")
            for name, keys, allowed in (("acts_as", side.acts_as, PARTY_FACES), ("on_form", side.on_form, PARTY_FACES),
                                        ("on_dungeon", side.on_dungeon, DUNGEON_FACES),
                                        ("extra", side.extra, COMPANIONS)):
                errors += [f"{where}.{name}.{k}: not one of {', '.join(allowed)}" for k in keys if k not in allowed]
            errors += [f"{where}.on_dungeon.{k}: turns into {v}, not a dungeon face" for k, v in side.on_dungeon.items()
                       if v not in DUNGEON_FACES]
            if side.lair_limit < 0:
                errors.append(f"{where}.lair_limit: 0 (none) or more")
            if len(side.fixed_party) > PARTY_DICE:
                errors.append(f"{where}.fixed_party: at most {PARTY_DICE} dice")
            if not 1 <= side.dragon_kinds <= 5:
                errors.append(f"{where}.dragon_kinds: between 1 and 5")
        if h.level_up < 1:
            errors.append(f"heroes.yaml: entry {h.id}: field level_up: at least 1")
    return errors


def read(root: Path | None = None) -> tuple[GameData | None, list[str]]:
    """The game data and the list of problems found (empty when the data is sound)."""
    folder = root or data_dir()
    errors: list[str] = []
    data = GameData(dice=_entries(folder, "dice.yaml", DieKind, errors),
                    heroes=_gendered(_entries(folder, "heroes.yaml", HeroSpec, errors)),
                    treasures=_entries(folder, "treasures.yaml", TreasureSpec, errors),
                    sections=_entries(folder, "sections.yaml", Section, errors))
    errors += [f"sections.yaml: entry {s.id}: field {field}: empty" for s in data.sections.values()
               for field, value in (*s.named().items(), *((f"text.{k}", v) for k, v in s.text.named().items()))
               if not value.strip()]
    errors += [] if errors else _cross_check(data)
    return (None, errors) if errors else (data, [])


def _gendered(heroes: dict[str, HeroSpec]) -> dict[str, HeroSpec]:
    """Each hero with its gender on both sides, so that a side's name carries it into every message."""
    def both(h: HeroSpec) -> HeroSpec:
        master = None if h.master is None else msgspec.structs.replace(h.master, gender=h.gender)
        return msgspec.structs.replace(h, novice=msgspec.structs.replace(h.novice, gender=h.gender), master=master)
    return {k: both(h) for k, h in heroes.items()}


def load(root: Path | None = None) -> GameData:
    return gamedata.loaded(read(root))


@cache
def default() -> GameData:
    return load()
