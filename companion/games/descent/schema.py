"""The shapes of Descent's data files (`data/descent/`): the attack dice's values, the templates and the
maps. The dice's faces themselves (ids, numbers, names) are `dice.yaml`, shared with the dice tray."""

from __future__ import annotations

from typing import Literal

import msgspec

from companion.core.messages import Naming
from companion.games.descent.grid import Boulder, Cell, Door, Figure, Wall


class FaceValue(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a face counts for in an attack; `miss` fails the whole attack (red, blue, white)."""

    range: int = 0
    damage: int = 0
    surges: int = 0
    miss: bool = False


class DieValues(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A die's values, and how many of it the base set has (`in_set`): a throw asks for no more (R-DW-17)."""

    id: str
    power: bool
    in_set: int
    provenance: str
    faces: dict[str, FaceValue]


class TemplateSpec(msgspec.Struct, Naming, frozen=True, forbid_unknown_fields=True):
    """A template's squares in its own frame: x across, y away from the attacker; `start` is where the
    attack flows from (the breath's tip, the lightning's base)."""

    id: Literal["breath", "lightning"]
    en: str
    ar: str
    provenance: str
    cells: list[Cell]
    start: list[Cell]
    be: str = ""


class MapFile(msgspec.Struct, Naming, forbid_unknown_fields=True):
    """A map as drawn in YAML: `floor` rows of `.` floor, `#` rock, `r` rubble, `o` pit, `s` stairs."""

    id: str
    en: str
    ar: str
    floor: list[str]
    be: str = ""
    walls: list[Wall] = []
    doors: list[Door] = []
    boulders: list[Boulder] = []
    figures: list[Figure] = []
    note: str = ""


class Texts(msgspec.Struct, Naming, frozen=True, forbid_unknown_fields=True):
    en: str
    ar: str
    be: str


class Section(msgspec.Struct, Naming, frozen=True, forbid_unknown_fields=True):
    """A rule of the excerpt as the referee cites it ("p. 5"), titled in every language, with its text for
    the screen's rule window (the Arabic original's own words, its English rendering, in Belarusian)."""

    id: str
    en: str
    ar: str
    be: str
    text: Texts


TERRAIN = {".": "floor", "#": "rock", "r": "rubble", "o": "pit", "s": "stairs"}
