"""The shape of Dungeon Roll's data files (`data/dungeon-roll/`), as msgspec structs."""

from __future__ import annotations

from typing import Literal

import msgspec

from companion.core.messages import Named, Naming

COMPANIONS = ("fighter", "cleric", "mage", "thief", "champion")
MONSTERS = ("goblin", "skeleton", "ooze")
PARTY_FACES = (*COMPANIONS, "scroll")
DUNGEON_FACES = (*MONSTERS, "chest", "potion", "dragon")

Companion = Literal["fighter", "cleric", "mage", "thief", "champion"]
PartyFace = Literal["fighter", "cleric", "mage", "thief", "champion", "scroll"]
TreasureUse = Literal["companion", "scroll", "ring", "bait", "portal", "scales"]
Effect = Literal["hero-as", "hero-defeats", "transform", "recruit", "bait", "discard-lair", "reroll", "crusade",
                 "dragon-price", "revive", "one-of-each", "per-dragon", "types-per-dragon", "dig", "champions",
                 "escape", "set-face", "type-for-treasure", "discard-loot", "dragons-serve", "graveyard",
                 "discard-dice", "all-monsters", "reroll-dungeon"]
Gender = Literal["masculine", "feminine"]
"""A hero's grammatical gender: the sentences about the hero agree with it (the catalogues' msgctxt "feminine")."""
Refresh = Literal["quaff", "three-types", "multi-kill", "treasure"]
"""What makes an exhausted hero's ultimate usable again (ruling R-DR-18)."""


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


class Texts(msgspec.Struct, Naming, frozen=True, forbid_unknown_fields=True):
    en: str
    ar: str
    be: str


class Section(msgspec.Struct, Naming, frozen=True, forbid_unknown_fields=True):
    """A section of the sheet as the referee cites it, titled in each language, with its text for the
    screen's rule window (the sheet's own words, its English rendering, in Arabic)."""

    id: str
    en: str
    ar: str
    be: str
    text: Texts


class Ultimate(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    effect: Effect
    kinds: list[Companion] = []
    count: int = 1
    monster: str = ""
    or_scroll: bool = False
    pay: Literal["treasure", "scroll"] = "treasure"
    into: str = "potion"
    discard: int = 0
    less: int = 0
    one_each: bool = False
    no_retire: bool = False


class Side(msgspec.Struct, Naming, frozen=True, forbid_unknown_fields=True):
    en: str
    ar: str
    ultimate: Ultimate
    be: str = ""
    acts_as: dict[str, list[PartyFace]] = {}
    on_form: dict[str, PartyFace] = {}
    extra: dict[str, int] = {}
    dragon_kinds: int = 3
    form_reroll: bool = False
    loot_anytime: bool = False
    fixed_party: list[PartyFace] = []
    track: str = ""
    lair_limit: int = 0
    on_dungeon: dict[str, str] = {}
    party_dice: int = 7
    preset: list[PartyFace] = []
    form_draws: int = 0
    end_discard: int = 0
    drop_treasures: bool = False
    champion_rethrow: bool = False
    scout: list[int] = []
    weak: list[Companion] = []
    dragon_at: int = 3
    start_exhausted: bool = False
    exhausted_extra: int = 0
    refresh: list[Refresh] = []
    multi_draw: int = 0
    summon: bool = False
    gender: Gender = "masculine"
    """The hero's, copied onto each side by the loader (`data.read`): not written in the file."""

    def named(self) -> Named:
        return {**super().named(), "gender": self.gender}


class HeroSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A hero; one of Hero Pack 2 has no master side and never levels up. Both sides share the hero's
    grammatical gender (the Enchantress and the Beguiler, the Time Traveller and the Time Lady)."""

    id: str
    gender: Gender
    novice: Side
    master: Side | None = None
    level_up: int = 5

    def side(self, master: bool) -> Side:
        return self.master if master and self.master is not None else self.novice

    def sides(self) -> list[tuple[str, Side]]:
        return [("novice", self.novice), *([("master", self.master)] if self.master is not None else [])]
