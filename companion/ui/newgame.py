"""What the new-game screen gathers before a game starts: the players, their heroes, the difficulty and
how cards are drawn. Heroes join by a tap on the screen or by their card on the reader. No Kivy here:
every change answers with a message for the screen, never an exception. The heroes and their names
come from the game's data (hero id -> name in both languages)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from companion.core.events import TagSeen
from companion.core.messages import Msg, Named
from companion.ui.i18n import N_

MIN_PLAYERS, MAX_PLAYERS = 1, 4
# The rulebook's escape: 3 rounds; 4 to make it easier, 2 to make it harder.
ESCAPE_ROUNDS = {4: N_("4 rounds (easier)"), 3: N_("3 rounds (standard)"), 2: N_("2 rounds (harder)")}
DIFFICULTY = {4: "easier", 3: "normal", 2: "harder"}
# The card decks (rulebook "Components"); which of them the app deals is one choice for all.
DECKS = ("events", "loot", "equipment", "combat", "monsters", "potions")
DeckMode = Literal["app", "table"]
DECK_MODES: dict[DeckMode, str] = {"app": N_("The app draws the cards"),
                                   "table": N_("We draw from the table's decks")}


@dataclass
class GameSetup:
    names: Mapping[str, Named]
    players: int = 3
    heroes: list[str] = field(default_factory=list)
    escape_rounds: int = 3
    deck_mode: DeckMode = "app"

    def set_players(self, players: int) -> Msg | None:
        """A new player count; heroes joined last leave when the table shrinks below them."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            return Msg("A game has 1 to 4 players.")
        self.players = players
        if len(self.heroes) > players:
            left = self.heroes[players:]
            del self.heroes[players:]
            return Msg("{hero} left the table.", {"hero": self.names[left[-1]]})
        return None

    def toggle_hero(self, hero: str) -> Msg:
        """A tap on a hero's button: joins the hero, or takes a joined one back out."""
        if hero not in self.names:
            return Msg("There is no hero called {hero}.", {"hero": hero})
        if hero in self.heroes:
            self.heroes.remove(hero)
            return Msg("{hero} left the table.", {"hero": self.names[hero]})
        return self._join(hero)

    def hero_card(self, event: TagSeen) -> Msg:
        """A tag laid on the reader while this screen is open: a hero card joins its hero."""
        token = event.token
        if token is None:
            return Msg("This tag cannot be read; choose the hero on the screen.")
        if token.get("kind") != "hero-card":
            return Msg("This tag is not a hero card.")
        hero = str(token.get("hero", ""))
        if hero not in self.names:
            return Msg("There is no hero called {hero}.", {"hero": hero})
        if hero in self.heroes:
            return Msg("{hero} has already joined.", {"hero": self.names[hero]})
        return self._join(hero)

    def _join(self, hero: str) -> Msg:
        self.heroes.append(hero)
        self.players = max(self.players, len(self.heroes))
        return Msg("{hero} joins the table.", {"hero": self.names[hero]})

    def set_escape_rounds(self, rounds: int) -> Msg | None:
        if rounds not in ESCAPE_ROUNDS:
            return Msg("The escape lasts 2, 3 or 4 rounds.")
        self.escape_rounds = rounds
        return None

    def set_deck_mode(self, mode: str) -> Msg | None:
        if mode not in DECK_MODES:
            return Msg("Cards are drawn by the app or from the table's decks.")
        self.deck_mode = "app" if mode == "app" else "table"
        return None

    def missing(self) -> Msg | None:
        """Why the game cannot start yet, or None when it can."""
        short = self.players - len(self.heroes)
        if short > 0:
            return Msg("Heroes still to choose: {count}", {"count": short})
        return None

    def as_setup(self, seed: int) -> dict[str, object]:
        """The setup handed to the rule system's `new_game` (`companion.games.covenant.setup`): the
        heroes in seat order, the difficulty by its escape rounds, and who deals each deck. The room
        markers always lie on the table, to be tapped on the reader."""
        deal: dict[str, str] = dict.fromkeys(DECKS, self.deck_mode)
        deal["markers"] = "table"
        return {"heroes": list(self.heroes), "seed": seed, "difficulty": DIFFICULTY[self.escape_rounds],
                "deal": deal}
