"""An action put together by taps: the engine offers an action (`ActionPrompt`), the players tap the
companion that acts and the dice it acts on, and the `Act` is built from what they tapped. No Kivy here.

Each action asks for its slots in order (`slots`): the unit that acts (`target`), the monsters, chests or
potions it takes, the dice a scroll throws again, the companions that face the dragon, the graveyard dice
a potion revives and the face each comes back on, the dice an ultimate sets to a face, the scouted dice
of each of the first levels, the treasures a dig discards. A tap on a die goes to the first slot that can
take it and still has room, so "the fighter, then the two goblins" is three taps whatever the order. The
engine still judges the whole action when it is given.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.core.flow import Act, Arg, Option
from companion.games.dungeon_roll import units
from companion.games.dungeon_roll.data import GameData
from companion.games.dungeon_roll.delve import LOOT_FACES, MONSTER_FACES
from companion.games.dungeon_roll.state import GameState

MULTI = ("monsters", "chests", "potions", "dice", "units", "revive", "set", "dungeon", "treasures")
FACED = ("revive", "set")
"""Slots whose dice each take the face chosen when they are tapped."""
ARG = {"set": "dice", "loot": "dice", "dungeon": "dice", "revive": "revive"}
"""The engine's argument a slot fills, where it is not the slot's own name."""
ULTIMATE_SLOTS: dict[str, tuple[str, ...]] = {
    "transform": ("monsters",), "hero-defeats": ("monsters",), "recruit": ("monsters",),
    "one-of-each": ("monsters",), "per-dragon": ("monsters",), "types-per-dragon": ("monsters",),
    "champions": ("monsters",), "type-for-treasure": ("monsters",), "reroll": ("dice",),
    "crusade": ("treasure", "revive"), "dragon-price": ("treasure",), "revive": ("revive",), "set-face": ("set",),
    "discard-loot": ("loot",), "discard-dice": ("dungeon",), "reroll-dungeon": ("dungeon",)}


@dataclass
class Composer:
    state: GameState
    data: GameData
    option: Option
    actor: str
    values: dict[str, list[str]] = field(default_factory=dict)
    face: str = "champion"
    """The face the next die tapped for a revival or a set face comes back on or is set to."""
    faces: dict[str, str] = field(default_factory=dict)
    """The face each revived or set die shows."""

    def __post_init__(self) -> None:
        prefilled = self.action in ("open", "quaff")  # every chest or potion there, unless the players untap some
        for slot in self.slots:
            self.values[slot] = list(self.candidates(slot)) if prefilled and slot in ("chests", "potions") else []
        if "target" in self.values and len(self.candidates("target")) == 1:
            self.values["target"] = list(self.candidates("target"))

    @property
    def action(self) -> str:
        return self.option.id

    @property
    def slots(self) -> tuple[str, ...]:
        action, s = self.option.id, self.state
        if action == "fight":
            return "target", "monsters"
        if action == "open":
            return "target", "chests"
        if action == "quaff":
            return "target", "potions", "revive"
        if action == "scroll":
            return "target", "dice"
        if action == "summon":
            return "target", "monsters"
        if action == "slay":
            return ("units",)
        if action in ("reroll", "track"):
            return ("dice",)
        if action in ("bait", "portal", "ring", "refresh"):
            return ("target",)
        if action == "discard":
            return ("treasures",)
        if action == "assign":
            return tuple(f"level{n}" for n in range(1, len(units.side(s, self.data).scout) + 1))
        if action == "ultimate":
            effect = units.side(s, self.data).ultimate.effect
            if effect == "dragons-serve":
                return ("monsters",) if s.phase == "monsters" else ("chests",)
            return ULTIMATE_SLOTS.get(effect, ())
        return ()

    def room(self, slot: str) -> int | None:
        """How many a slot holds: a scouted level its count (R-DR-22), a dig's discards theirs (R-DR-19), the
        others one or any number."""
        if slot.startswith("level"):
            return units.side(self.state, self.data).scout[int(slot[5:]) - 1]
        if slot == "treasures":
            return self.state.discards
        return None if slot in MULTI else 1

    def candidates(self, slot: str) -> list[str]:
        """What a slot may take now: unit ids (dice, treasure tokens, `hero`) or dice ids."""
        s, d = self.state, self.data
        ult = units.side(s, d).ultimate
        if slot in ("target", "treasures") or slot.startswith("level"):
            return list(self.option.targets)
        if slot == "monsters":
            wanted = (ult.monster,) if self.action == "ultimate" and ult.monster else MONSTER_FACES
            return s.showing("dungeon", wanted)
        if slot in ("chests", "potions"):
            return s.showing("dungeon", (slot[:-1],))
        if slot == "dice":
            if self.action in ("reroll", "track"):
                return list(self.option.targets)
            chosen = self.values.get("target", [])
            return [u for u in (*s.at("party", "party"), *s.at("dungeon")) if u not in chosen]
        if slot == "set":
            return [u for u in (*s.at("party", "party"), *s.at("dungeon"))
                    if d.dice[s.dice[u].kind].face(self.face) is not None]
        if slot == "loot":
            return s.showing("dungeon", LOOT_FACES)
        if slot == "dungeon":
            lair = s.at("lair") if ult.effect == "discard-dice" else []
            return [*s.at("dungeon"), *lair]
        if slot == "units":
            return [u for u in units.units(s, d) if units.companions(s, d, u)]
        if slot == "treasure":
            return self._payments()
        if slot == "revive":
            drinker = [u for u in self.values.get("target", []) if u in s.at("party", "party")]
            return [*s.at("graveyard", "party"), *drinker]
        return []

    def _payments(self) -> list[str]:
        """What an ultimate that costs a treasure may be paid with: a treasure of the hand, or a scroll of the
        party where the side allows it, or only a unit that acts as a scroll (R-DR-27)."""
        s, d = self.state, self.data
        ult = units.side(s, d).ultimate
        if ult.pay == "scroll":
            return [u for u in units.units(s, d) if u != units.HERO and "scroll" in units.kinds(s, d, u)]
        scrolls = s.showing("party", ("scroll",)) if ult.or_scroll else []
        return [*s.player.treasures, *scrolls]

    def tap(self, item: str) -> None:
        """A die or a unit tapped: taken out of the slot that holds it, else put in the first that takes it
        and has room (a slot of one: its value replaced when no other slot takes it; a full larger slot
        takes nothing more). The companion that quaffs, tapped again, is also revived by its own potions
        (R-DR-3); a third tap takes the revival back, a fourth the companion."""
        holding = [slot for slot in self.slots if item in self.values[slot]]
        revived = "revive" in self.slots and item in self.candidates("revive")
        if holding == ["target"] and revived:
            self.values["revive"].append(item)
            self.faces[item] = self.face
            return
        if holding:
            self.values[holding[-1]].remove(item)
            if holding[-1] in FACED:
                self.faces.pop(item, None)
            return
        taking = [slot for slot in self.slots if item in self.candidates(slot)]
        room = [slot for slot in taking if (r := self.room(slot)) is None or len(self.values[slot]) < r]
        if room:
            self.values[room[0]].append(item)
        elif taking and self.room(taking[0]) == 1:
            self.values[taking[0]] = [item]
        else:
            return
        if any(item in self.values.get(slot, []) for slot in FACED):
            self.faces[item] = self.face

    def chosen(self) -> set[str]:
        return {item for slot in self.slots for item in self.values[slot]}

    def revivals(self) -> range:
        """How many dice the revivals may name. A quaff: one a potion, as many as the graveyard and the drinker
        can give (R-DR-3): fewer would spend a potion on nothing. The revive ultimate: one at least, its
        count at most (R-DR-12). A crusade quaffs whatever potions lie there: any number up to theirs."""
        s = self.state
        available = len(self.candidates("revive"))
        if self.action == "quaff":
            wanted = min(len(self.values.get("potions", [])), available)
            return range(wanted, wanted + 1)
        ult = units.side(s, self.data).ultimate
        if ult.effect == "revive":
            return range(min(1, available), min(ult.count, available) + 1)
        return range(len(s.showing("dungeon", ("potion",))) + 1)

    @property
    def ready(self) -> bool:
        """Every slot the action needs has something, a slot of a set size all of it, the revivals as many as
        `revivals` allows."""
        return all((self.values[slot] if slot != "revive" else len(self.values[slot]) in self.revivals())
                   and self.room(slot) in (None, 1, len(self.values[slot])) for slot in self.slots)

    def act(self) -> Act:
        target = self.values["target"][0] if self.values.get("target") else None
        args: dict[str, Arg] = {}
        for slot in self.slots:
            if slot == "target":
                continue
            words = [f"{die}={self.faces[die]}" if slot in FACED else die for die in self.values[slot]]
            args[ARG.get(slot, slot)] = " ".join(words)
        return Act(self.actor, self.action, target, args)
