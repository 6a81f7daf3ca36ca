"""Dice kinds as data: a die is a list of faces, each with an id, a number and names in every language.

The plain d6, The Last Covenant's trap and treasure dice, Dungeon Roll's party and dungeon dice and
Descent's coloured dice are all files under `data/`, not code.
"""

from __future__ import annotations

import msgspec

from companion.core.messages import Naming
from companion.core.rng import Rng


class Face(msgspec.Struct, Naming, frozen=True, forbid_unknown_fields=True):
    id: str
    value: int = 0
    en: str = ""
    ar: str = ""
    be: str = ""


class DieKind(msgspec.Struct, Naming, frozen=True, forbid_unknown_fields=True):
    id: str
    en: str
    ar: str
    faces: list[Face]
    be: str = ""

    def face(self, face_id: str) -> Face | None:
        return next((f for f in self.faces if f.id == face_id), None)

    def roll(self, rng: Rng) -> Face:
        return self.faces[rng.below(len(self.faces))]

    def probability(self, face_id: str) -> float:
        return sum(1 for f in self.faces if f.id == face_id) / len(self.faces)


def load_dice(raw: list[object]) -> dict[str, DieKind]:
    kinds = msgspec.convert(raw, list[DieKind])
    return {k.id: k for k in kinds}
