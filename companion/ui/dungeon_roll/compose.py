"""An action put together by taps: the engine offers an action (`ActionPrompt`), the players tap the
companion that acts and the dice it acts on, and the `Act` is built from what they tapped. No Kivy here.

Each action asks for its slots in order (`slots`): the unit that acts (`target`), the monsters, chests or
potions it takes, the dice a scroll throws again, the companions that face the dragon, the graveyard dice
a potion revives and the face each comes back on. A tap on a die goes to the first slot that can take it
and still has room, so "the fighter, then the two goblins" is three taps whatever the order. The engine
still judges the whole action when it is given.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.core.flow import Act, Arg, Option
from companion.games.dungeon_roll import units
from companion.games.dungeon_roll.data import GameData
from companion.games.dungeon_roll.delve import MONSTER_FACES
from companion.games.dungeon_roll.state import GameState

MULTI = ("monsters", "chests", "potions", "dice", "units", "revive")
PREFILLED = ("chests", "potions")  # every one there, unless the players untap some


@dataclass
class Composer:
    state: GameState
    data: GameData
    option: Option
    actor: str
    values: dict[str, list[str]] = field(default_factory=dict)
    revive_face: str = "champion"
    faces: dict[str, str] = field(default_factory=dict)
    """The face each revived die comes back on."""

    def __post_init__(self) -> None:
        for slot in self.slots:
            shown = self.candidates(slot)
            self.values[slot] = list(shown) if slot in PREFILLED else []
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
        if action == "slay":
            return ("units",)
        if action in ("reroll", "track"):
            return ("dice",)
        if action in ("bait", "portal", "ring"):
            return ("target",)
        if action == "ultimate":
            effect = units.side(s, self.data).ultimate.effect
            return {"transform": ("monsters",), "hero-defeats": ("monsters",), "recruit": ("monsters",),
                    "one-of-each": ("monsters",), "per-dragon": ("monsters",), "types-per-dragon": ("monsters",),
                    "reroll": ("dice",), "crusade": ("treasure", "revive"), "dragon-price": ("treasure",),
                    "revive": ("revive",)}.get(effect, ())
        return ()

    def candidates(self, slot: str) -> list[str]:
        """What a slot may take now: unit ids (dice, treasure tokens, `hero`) or dice ids."""
        s, d = self.state, self.data
        if slot == "target":
            return list(self.option.targets)
        if slot == "monsters":
            ult = units.side(s, d).ultimate
            wanted = (ult.monster,) if self.action == "ultimate" and ult.monster else MONSTER_FACES
            return s.showing("dungeon", wanted)
        if slot in ("chests", "potions"):
            return s.showing("dungeon", (slot[:-1],))
        if slot == "dice":
            if self.action in ("reroll", "track"):
                return list(self.option.targets)
            chosen = self.values.get("target", [])
            return [u for u in (*s.at("party", "party"), *s.at("dungeon")) if u not in chosen]
        if slot == "units":
            return [u for u in units.units(s, d) if units.companions(s, d, u)]
        if slot == "treasure":
            scrolls = s.showing("party", ("scroll",)) if units.side(s, d).ultimate.or_scroll else []
            return [*s.player.treasures, *scrolls]
        if slot == "revive":
            drinker = [u for u in self.values.get("target", []) if u in s.at("party", "party")]
            return [*s.at("graveyard", "party"), *drinker]
        return []

    def tap(self, item: str) -> None:
        """A die or a unit tapped: taken out of the slot that holds it, else put in the first that takes it
        and has room (a slot of one: its value replaced when no other slot takes it)."""
        for slot in self.slots:
            if item in self.values[slot]:
                self.values[slot].remove(item)
                self.faces.pop(item, None)
                return
        taking = [slot for slot in self.slots if item in self.candidates(slot)]
        room = [slot for slot in taking if slot in MULTI or not self.values[slot]]
        if room:
            self.values[room[0]].append(item)
        elif taking:
            self.values[taking[0]] = [item]
        else:
            return
        if item in self.values.get("revive", []):
            self.faces[item] = self.revive_face

    def chosen(self) -> set[str]:
        return {item for slot in self.slots for item in self.values[slot]}

    @property
    def ready(self) -> bool:
        """Every slot the action needs has something (the revivals may be none)."""
        return all(self.values[slot] or slot == "revive" for slot in self.slots)

    def act(self) -> Act:
        target = self.values.get("target", [None])[0] if self.values.get("target") else None
        args: dict[str, Arg]
        if self.action == "ultimate" and "treasure" in self.values:
            args = {"treasure": " ".join(self.values["treasure"])}
        else:
            args = {slot: " ".join(self.values[slot]) for slot in self.slots if slot not in ("target", "revive")}
        if "revive" in self.slots:
            args["revive"] = " ".join(f"{die}={self.faces[die]}" for die in self.values["revive"])
        return Act(self.actor, self.action, target, args)
