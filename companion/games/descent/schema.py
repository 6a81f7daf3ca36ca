"""The shapes of Descent's data files (`data/descent/`): the attack dice's values, the templates and the
maps. The dice's faces themselves (ids, numbers, names) are `dice.yaml`, shared with the dice tray."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from companion.core.messages import Naming
from companion.core.text import MaybeName, Name
from companion.games.descent.grid import (
    MAX_BOULDERS,
    MAX_DOORS,
    MAX_EDGES,
    MAX_FIGURES,
    MAX_SIDE,
    Boulder,
    Door,
    Figure,
    Id,
    Wall,
)

TERRAIN = {".": "floor", "#": "rock", "r": "rubble", "o": "pit", "s": "stairs"}
FaceNumber = Annotated[int, Meta(ge=0, le=9)]
Row = Annotated[str, Meta(max_length=MAX_SIDE, pattern=f"^[{''.join(TERRAIN)}]*$")]
"""A row of squares, each one of TERRAIN's letters (none of them special in a character class)."""
TemplateCell = tuple[Annotated[int, Meta(ge=-8, le=8)], Annotated[int, Meta(ge=-8, le=8)]]


class FaceValue(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a face counts for in an attack; `miss` fails the whole attack (red, blue, white)."""

    range: FaceNumber = 0
    damage: FaceNumber = 0
    surges: FaceNumber = 0
    miss: bool = False


class DieValues(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A die's values, and how many of it the base set has (`in_set`, one at least): a throw asks for no more
    (R-DW-17)."""

    id: Id
    power: bool
    in_set: Annotated[int, Meta(ge=1, le=12)]
    provenance: str
    faces: Annotated[dict[Id, FaceValue], Meta(max_length=12)]


class TemplateSpec(msgspec.Struct, Naming, frozen=True, forbid_unknown_fields=True):
    """A template's squares in its own frame: x across, y away from the attacker; `start` is where the
    attack flows from (the breath's tip, the lightning's base)."""

    id: Literal["breath", "lightning"]
    en: str
    ar: str
    provenance: str
    cells: Annotated[list[TemplateCell], Meta(min_length=1, max_length=32)]
    start: Annotated[list[TemplateCell], Meta(max_length=32)]
    be: str = ""


class MapFile(msgspec.Struct, Naming, forbid_unknown_fields=True):
    """A map as drawn in YAML: `floor` rows of `.` floor, `#` rock, `r` rubble, `o` pit, `s` stairs."""

    id: Id
    en: Name
    ar: Name
    floor: Annotated[list[Row], Meta(min_length=1, max_length=MAX_SIDE)]
    be: MaybeName = ""
    walls: Annotated[list[Wall], Meta(max_length=MAX_EDGES)] = []
    doors: Annotated[list[Door], Meta(max_length=MAX_DOORS)] = []
    boulders: Annotated[list[Boulder], Meta(max_length=MAX_BOULDERS)] = []
    figures: Annotated[list[Figure], Meta(max_length=MAX_FIGURES)] = []
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

