"""Bots that play Dungeon Roll legally, in two styles: `cautious` retires once the party thins or the
levels grow, `greedy` seeks glory while it has companions left. Both fight with the companion that wastes
least, open and quaff what they can, slay a dragon when they can field different companions, and use a
Ring, a Town Portal or flee when they cannot. Dice and treasures are left to the app's generator, so a
game is fixed by its seed. The bots only propose: every input still goes through the engine.
"""

from __future__ import annotations

from typing import Literal

from companion.core.flow import Act, ActionPrompt, CardPrompt, Draw, Input, Prompt, Throw, ThrowPrompt
from companion.games.dungeon_roll import units
from companion.games.dungeon_roll.data import GameData
from companion.games.dungeon_roll.moves import candidates
from companion.games.dungeon_roll.play import Play
from companion.games.dungeon_roll.state import GameState

Style = Literal["cautious", "greedy"]
STYLES: tuple[Style, ...] = ("cautious", "greedy")
KEEP = {"thief": 2, "champion": 3, "scroll": 1}
"""How much a bot would rather keep a die of this face for later (chests, many monsters, rerolls)."""


class Bot:
    def __init__(self, data: GameData, style: Style = "cautious") -> None:
        self.data = data
        self.style = style

    def decide(self, state: GameState, prompt: Prompt) -> Input:
        if isinstance(prompt, ThrowPrompt):
            return Throw()
        if isinstance(prompt, CardPrompt):
            return Draw(deck=prompt.deck)
        assert isinstance(prompt, ActionPrompt)
        g = Play(state, self.data)
        moves = candidates(g)
        by = {a: [m for m in moves if m.action == a] for a in {m.action for m in moves}}
        phase = state.phase
        if "discard" in by:
            return by["discard"][0]
        if phase == "scout":
            return by["assign"][-1]
        if phase == "form":
            return self._first(by, "reroll", "keep")
        if phase == "monsters":
            return self._monsters(g, by)
        if phase == "loot":
            return self._loot(g, by)
        if phase == "dragon":
            return self._first(by, "slay", "ring", "portal", "ultimate", "flee")
        return by["retire"][0] if "retire" in by and (self._retire(g) or "seek" not in by) else by["seek"][0]

    def _cost(self, g: Play, unit: str) -> int:
        if unit == units.HERO:
            return 1
        die = g.s.dice.get(unit)
        return KEEP.get(die.face, 0) if die is not None else 6

    def _monsters(self, g: Play, by: dict[str, list[Act]]) -> Act:
        fights = by.get("fight", [])
        if fights:
            return max(fights, key=lambda m: (len(str(m.args.get("monsters", "")).split()),
                                              -self._cost(g, m.target or "")))
        if "ultimate" in by:
            return by["ultimate"][0]
        if "scroll" in by:
            return by["scroll"][0]
        return self._first(by, "portal", "flee")

    def _loot(self, g: Play, by: dict[str, list[Act]]) -> Act:
        opens = by.get("open", [])
        if opens:
            return max(opens, key=lambda m: (len(str(m.args.get("chests", "")).split()),
                                             -self._cost(g, m.target or "")))
        quaffs = [m for m in by.get("quaff", []) if m.args.get("revive")]
        if quaffs:
            return min(quaffs, key=lambda m: self._cost(g, m.target or ""))
        return by["done"][0]

    def _retire(self, g: Play) -> bool:
        s = g.s
        party = len(units.units(s, g.d))
        nxt = min(s.level + 1, 7 - len(s.at("lair")))
        if self.style == "greedy":
            return party < 2 or party < nxt // 2
        return party < nxt or s.level >= 5

    @staticmethod
    def _first(by: dict[str, list[Act]], *actions: str) -> Act:
        return next(by[a][0] for a in actions if a in by)
