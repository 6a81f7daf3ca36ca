"""The shape of every data file of The Last Covenant, as msgspec structs.

Every entry carries its provenance (GAPS.md): `rulebook` (stated in the text), `derived` (follows from it
by arithmetic or a worked example) or `provisional` (a designed value that a table owner may correct).
A named entry gives its name in English and Arabic, and in Belarusian (`be`) where it has it (`Naming`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import msgspec

from companion.core.dice import DieKind
from companion.core.messages import Named, Naming

Provenance = Literal["rulebook", "derived", "provisional"]
RoomType = Literal["combat", "elite", "treasure", "event", "trap"]
SpaceKind = Literal["step", "room", "marked", "hall", "footprint", "exit"]


class Entry(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    provenance: Provenance
    source: str = ""


class Names(msgspec.Struct, Naming, frozen=True, forbid_unknown_fields=True):
    en: str
    ar: str
    be: str = ""


class Space(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    kind: SpaceKind
    x: float
    y: float
    links: list[str]


class Entrance(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    x: float
    y: float
    start: str


class BoardSpec(Entry, Naming, frozen=True):
    zone: int
    id: str
    en: str
    ar: str
    hall: Names
    entrance: Entrance
    spaces: list[Space]
    be: str = ""


Gender = Literal["masculine", "feminine"]
"""The grammatical gender of a name: the messages about it agree (the catalogues' msgctxt)."""


class HeroSpec(Entry, Naming, frozen=True):
    id: str
    en: str
    ar: str
    gender: Gender
    flavour: Names
    hp: int
    movement: int
    attack: int
    defense: int
    range: int
    ability: Literal["shield", "fireball", "backstab", "hawk_eye", "none"]
    be: str = ""

    def named(self) -> Named:
        return {**super().named(), "gender": self.gender}


class MonsterSpec(Entry, Naming, frozen=True):
    id: str
    en: str
    ar: str
    strength: int
    hp: int
    damage: int
    range: int
    zone: int
    abilities: list[str]
    count: int
    be: str = ""


class AbilityEffect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: Literal["curse", "brutality"]
    actions_lost: int = 0
    minimum_damage: int = 0


class AbilitySpec(Entry, Naming, frozen=True):
    id: str
    en: str
    ar: str
    effect: AbilityEffect
    text: Names
    be: str = ""


class Bonus(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    attack: int = 0
    defense: int = 0


class ShardSpec(msgspec.Struct, Naming, frozen=True, forbid_unknown_fields=True):
    id: str
    en: str
    ar: str
    bonus: Bonus
    be: str = ""


class Phase(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    strength: int
    damage: int
    defense: int
    attacks: int
    at_hp: int | None = None


class Summon(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    at_hp: int
    monster: str
    count: int


class GuardianSpec(Entry, Naming, frozen=True):
    id: str
    zone: int
    en: str
    ar: str
    gender: Gender
    hp: int
    range: int
    ability: Literal["crown_strike", "fire_aura", "none"]
    shard: ShardSpec
    phases: list[Phase]
    summons: list[Summon]
    weakened_by_shards: bool
    be: str = ""

    def named(self) -> Named:
        return {**super().named(), "gender": self.gender}


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    count: int
    value: int = 0
    kind: str = ""


class DeckSpec(Entry, frozen=True):
    cards: list[Card]

    def ids(self) -> list[str]:
        return [card.id for card in self.cards for _ in range(card.count)]


class Decks(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    combat: DeckSpec
    loot: DeckSpec


class PotionEffect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    heal: int = 0
    attack: int = 0
    movement: int = 0


class PotionSpec(Entry, Naming, frozen=True):
    id: str
    en: str
    ar: str
    effect: PotionEffect
    in_deck: int
    starting: int
    be: str = ""


class EquipmentSpec(Entry, Naming, frozen=True):
    id: str
    slot: Literal["weapon", "armour", "accessory"]
    en: str
    ar: str
    be: str = ""
    attack: int = 0
    defense: int = 0
    movement: int = 0
    range: int = 0
    min_damage: int = 0
    hero: str | None = None


class EventEffect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    damage: int = 0
    heal: int = 0
    monsters: int = 0
    movement: int = 0
    merchant: bool = False
    curse: int = 0


class EventSpec(Entry, Naming, frozen=True):
    id: str
    en: str
    ar: str
    count: int
    effect: EventEffect
    text: Names
    be: str = ""


class TrapSpec(Entry, Naming, frozen=True):
    id: str
    faces: list[int]
    en: str
    ar: str
    damage: int
    be: str = ""
    poison: int = 0
    teleport: bool = False


class ChestRow(Entry, frozen=True):
    face: str
    values: list[int]
    reward: Literal["gold", "potion", "equipment"]
    amount: int


class GoldUse(Entry, Naming, frozen=True):
    id: str
    cost: int
    en: str
    ar: str
    be: str = ""
    heal: int = 0


class UpgradeEffect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    attack: int = 0
    movement: int = 0
    hp: int = 0
    damage: int = 0
    defense: int = 0


class UpgradeSpec(Entry, Naming, frozen=True):
    id: str
    en: str
    ar: str
    effect: UpgradeEffect
    be: str = ""


class RoomCard(Entry, Naming, frozen=True):
    id: str
    zone: int
    room: RoomType
    en: str
    ar: str
    monsters: int
    be: str = ""


class Section(msgspec.Struct, Naming, frozen=True, forbid_unknown_fields=True):
    """A section of the rulebook as the referee cites it ("§Combat"), titled in every language, with its
    text (the Arabic original's and the English rendering's) for the screen's rule window."""

    id: str
    en: str
    ar: str
    be: str = ""
    text: Names | None = None


class MarkerSpec(Entry, frozen=True):
    id: str
    zone: int
    room: RoomType
    serial: int


@dataclass(frozen=True, eq=False)
class GameData:
    """All of the game's data; compared and hashed by identity, so caches can key on it."""

    boards: dict[int, BoardSpec]
    heroes: dict[str, HeroSpec]
    monsters: dict[str, MonsterSpec]
    abilities: dict[str, AbilitySpec]
    guardians: dict[int, GuardianSpec]
    decks: Decks
    potions: dict[str, PotionSpec]
    equipment: dict[str, EquipmentSpec]
    events: dict[str, EventSpec]
    traps: list[TrapSpec]
    chests: list[ChestRow]
    gold: dict[str, GoldUse]
    upgrades: dict[str, UpgradeSpec]
    rooms: dict[str, RoomCard]
    markers: dict[str, MarkerSpec]
    dice: dict[str, DieKind]
    sections: dict[str, Section]

    def provisional(self) -> list[str]:
        """Every entry whose values are designed, not read from the rulebook (for the about screen)."""
        groups: list[tuple[str, dict[Any, Any]]] = [
            ("boards", self.boards), ("heroes", self.heroes), ("monsters", self.monsters),
            ("guardians", self.guardians), ("equipment", self.equipment), ("events", self.events),
            ("upgrades", self.upgrades), ("rooms", self.rooms), ("potions", self.potions),
        ]
        return [f"{name}:{getattr(e, 'id', key)}" for name, table in groups
                for key, e in table.items() if e.provenance == "provisional"]
