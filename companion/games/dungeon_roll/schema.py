"""The shape of Dungeon Roll's data files (`data/dungeon-roll/`), as msgspec structs."""

from __future__ import annotations

from typing import Literal

import msgspec

from companion.core.messages import Naming

COMPANIONS = ("fighter", "cleric", "mage", "thief", "champion")
MONSTERS = ("goblin", "skeleton", "ooze")
PARTY_FACES = (*COMPANIONS, "scroll")
DUNGEON_FACES = (*MONSTERS, "chest", "potion", "dragon")

Companion = Literal["fighter", "cleric", "mage", "thief", "champion"]
PartyFace = Literal["fighter", "cleric", "mage", "thief", "champion", "scroll"]
TreasureUse = Literal["companion", "scroll", "ring", "bait", "portal", "scales"]
Effect = Literal["hero-as", "hero-defeats", "transform", "recruit", "bait", "discard-lair", "reroll", "crusade",
                 "dragon-price", "revive", "one-of-each", "per-dragon", "types-per-dragon"]


class TreasureSpec(msgspec.Struct, Naming, frozen=True, forbid_unknown_fields=True):
    id: str
    en: str
    ar: str
    count: int
    use: TreasureUse
    end: int
    be: str = ""
    acts_as: list[Companion] = []
    pair_bonus: int = 0


class Section(msgspec.Struct, Naming, frozen=True, forbid_unknown_fields=True):
    """A section of the sheet as the referee cites it, titled in each language."""

    id: str
    en: str
    ar: str
    be: str


class Ultimate(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    effect: Effect
    kinds: list[Companion] = []
    count: int = 1
    monster: str = ""
    or_scroll: bool = False


class Side(msgspec.Struct, Naming, frozen=True, forbid_unknown_fields=True):
    en: str
    ar: str
    ultimate: Ultimate
    be: str = ""
    acts_as: dict[str, list[Companion]] = {}
    on_form: dict[str, PartyFace] = {}
    extra: dict[str, int] = {}
    dragon_kinds: int = 3
    form_reroll: bool = False
    loot_anytime: bool = False
    fixed_party: list[PartyFace] = []
    track: str = ""
    lair_limit: int = 0
    on_dungeon: dict[str, str] = {}


class HeroSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    novice: Side
    master: Side
    level_up: int = 5
