"""A game being changed by one input: the state, the data, and the events said so far.

The phases' rules (`delve`, `phases`) change the state only through this, so every change comes with
the event the table sees, and names are taken from the data in every language.
"""

from __future__ import annotations

from companion.core.flow import Event, event
from companion.core.messages import Field, Named, Plural, verbatim
from companion.games.dungeon_roll.data import GameData
from companion.games.dungeon_roll.schema import Side
from companion.games.dungeon_roll.state import GameState, Place


class Play:
    def __init__(self, state: GameState, data: GameData) -> None:
        self.s = state
        self.d = data
        self.events: list[Event] = []

    def say(self, kind: str, rule: str, text: str | Plural, /, **fields: Field) -> None:
        self.events.append(event(kind, rule, text, None, **fields))

    def side(self) -> Side:
        return self.d.heroes[self.s.player.hero].side(self.s.player.master)

    def hero_name(self, index: int | None = None) -> Named:
        player = self.s.players[self.s.turn if index is None else index]
        return self.d.heroes[player.hero].side(player.master).named()

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
        if hero.master is not None and not player.master and player.xp >= hero.level_up:
            novice = self.hero_name()
            player.master = True
            self.say("level-up", "R-DR-10", "{novice} levels up and becomes {master} (ruling R-DR-10).",
                     novice=novice, master=self.hero_name())

    def bonus_draws(self, count: int) -> None:
        """Treasures a hero's power draws: only while tokens are left in the bag (ruling R-DR-24; the
        experience instead of a treasure is the chests' alone, R-DR-8)."""
        s = self.s
        drawn = max(0, min(count, len(s.supply) - s.draws))
        s.draws += drawn
        if drawn < count:
            self.say("bonus-lost", "R-DR-24", Plural(
                "The bag is empty: {count} treasure is not drawn (ruling R-DR-24).",
                "The bag is empty: {count} treasures are not drawn (ruling R-DR-24).", "count"), count=count - drawn)

    def refresh(self, trigger: str) -> None:
        """An exhausted hero of Hero Pack 2 whose specialty names this trigger may use the ultimate again
        (ruling R-DR-18)."""
        if self.s.ultimate_used and trigger in self.side().refresh:
            self.s.ultimate_used = False
            self.say("refresh", "R-DR-18", "{hero} is refreshed: the ultimate can be used again (ruling R-DR-18).",
                     hero=self.hero_name())
