"""The games the touchscreen plays. Each rule system with screens names the screen that starts a game of it
and the one that plays it; the home screen offers every game here and resumes each one's stored sessions on
its own table screen. A rule system with no entry (one only `companion replay` serves) keeps its sessions in
the store, where the home screen does not offer them."""

from __future__ import annotations

from typing import NamedTuple

from companion.ui.i18n import N_


class TableGame(NamedTuple):
    name: str
    """The game's name, a catalogue id."""
    newgame: str
    """The screen that sets up a new game."""
    table: str
    """The screen that plays one."""


TABLE_GAMES: dict[str, TableGame] = {
    "covenant": TableGame(N_("The Last Covenant"), "newgame", "table"),
    "descent": TableGame(N_("Descent"), "descent-new", "descent-table"),
}
"""By the store's game id (`companion.core.rules.find`), in the order the home screen offers them."""
