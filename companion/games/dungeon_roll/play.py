"""A game being changed by one input: the state, the data, and the events said so far.

The phases' rules (`delve`, `phases`) change the state only through this, so every change comes with
the event the table sees, and names are taken from the data in every language.
"""

from __future__ import annotations

from companion.core.flow import Event, event
from companion.core.messages import Field, Named, verbatim
from companion.games.dungeon_roll.data import GameData
from companion.games.dungeon_roll.schema import Side
from companion.games.dungeon_roll.state import GameState, Place


class Play:
    def __init__(self, state: GameState, data: GameData) -> None:
        self.s = state
        self.d = data
        self.events: list[Event] = []

    def say(self, kind: str, rule: str, text: str, /, **fields: Field) -> None:
        self.events.append(event(kind, rule, text, None, **fields))

    def side(self) -> Side:
        hero = self.d.heroes[self.s.player.hero]
        return hero.master if self.s.player.master else hero.novice

    def hero_name(self, index: int | None = None) -> Named:
        player = self.s.players[self.s.turn if index is None else index]
        hero = self.d.heroes[player.hero]
        sd = hero.master if player.master else hero.novice
        return sd.named()

    def face_name(self, die: str) -> Named:
        d = self.s.dice[die]
        face = self.d.dice[d.kind].face(d.face)
        return face.named() if face else verbatim(d.face)

    def treasure_name(self, token: str) -> Named:
        spec = self.d.treasures[token.rsplit("-", 1)[0]]
        return spec.named()

    def unit_name(self, unit: str) -> Named:
        if unit in self.s.dice:
            return self.face_name(unit)
        if unit == "hero":
            return self.hero_name()
        return self.treasure_name(unit)

    def move(self, dice: list[str], place: Place) -> None:
        for die in dice:
            self.s.dice[die].place = place

    def gain(self, xp: int, rule: str) -> None:
        """Experience banked for good (ruling R-DR-6), and the hero's level-up at its mark (R-DR-10)."""
        player = self.s.player
        player.xp += xp
        self.say("xp", rule, "{hero} gains {xp} experience ({total} in all).", hero=self.hero_name(), xp=xp,
                 total=player.xp)
        hero = self.d.heroes[player.hero]
        if not player.master and player.xp >= hero.level_up:
            novice = self.hero_name()
            player.master = True
            self.say("level-up", "R-DR-10", "{novice} levels up and becomes {master} (ruling R-DR-10).",
                     novice=novice, master=self.hero_name())
