"""What the new-game screen offers on top of the table's `Lobby` (the one model of a game being set up):
the names of its choices, and changes that answer with a message for the screen, never an exception.
Heroes join by a tap on the screen or by their card on the reader; the engine counts heroes, not
people (R-SETUP-1), so the heroes chosen are the player count."""

from __future__ import annotations

from companion.core.messages import Msg, Named
from companion.table import Lobby
from companion.ui.i18n import N_

# The rulebook's escape: 3 rounds; 4 to make it easier, 2 to make it harder.
DIFFICULTIES = {"easier": N_("4 rounds (easier)"), "normal": N_("3 rounds (standard)"),
                "harder": N_("2 rounds (harder)")}
# The card decks (rulebook "Components"); which of them the app deals is one choice for all. The room
# markers always lie on the table, to be tapped on the reader.
DECKS = ("events", "loot", "equipment", "combat", "monsters", "potions")
DECK_MODES = {"app": N_("The app draws the cards"), "table": N_("We draw from the table's decks")}


def toggle_hero(lobby: Lobby, hero: str, names: dict[str, Named]) -> Msg:
    """A tap on a hero's button: joins the hero, or takes a joined one back out."""
    if hero in lobby.heroes:
        lobby.leave(hero)
        return Msg("{hero} left the table.", {"hero": names[hero]})
    refused = lobby.join(hero)
    return refused.msg if refused else Msg("{hero} joins the table.", {"hero": names[hero]})


def deck_mode(lobby: Lobby) -> str:
    return "table" if any(lobby.deal.get(d) == "table" for d in DECKS) else "app"


def set_deck_mode(lobby: Lobby, mode: str) -> None:
    for deck in DECKS:
        lobby.deal[deck] = mode


def missing(lobby: Lobby) -> Msg | None:
    """Why the game cannot start yet, or None when it can."""
    return None if lobby.heroes else Msg("Choose at least one hero, or lay a hero card on the reader.")
