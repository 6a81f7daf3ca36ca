"""The games the touchscreen plays. Each rule system with screens names the screen that starts a game of it
and the one that plays it; the home screen offers every game here and resumes each one's stored sessions on
its own table screen. A rule system with no entry (one only `companion replay` serves) keeps its sessions in
the store, where the home screen does not offer them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import NamedTuple

from companion.core.dice import DieKind
from companion.core.messages import Named
from companion.core.rules import TableRules, find
from companion.ui.dungeon_roll.heroes import hero_names
from companion.ui.dungeon_roll.referee import DelveReferee
from companion.ui.i18n import N_
from companion.ui.referee import Referee


class TableGame(NamedTuple):
    name: str
    """The game's name, a catalogue id."""
    newgame: str
    """The screen that sets up a new game."""
    table: str
    """The screen that plays one."""
    begin: str = ""
    """The screen a new game opens on (the table screen unless named)."""
    referee: type[Referee] = Referee
    """What keeps the referee's moment for the table screen."""
    heroes: Callable[[], Mapping[str, Named]] | None = None
    """The heroes' names by the setup's ids, for "Resume: …" (None: the app's own, The Last Covenant's)."""


TABLE_GAMES: dict[str, TableGame] = {
    "covenant": TableGame(N_("The Last Covenant"), "newgame", "table", begin="setup"),
    "descent": TableGame(N_("Descent"), "descent-new", "descent-table"),
    "dungeon-roll": TableGame(N_("Dungeon Roll"), "dr-newgame", "dr-table", referee=DelveReferee, heroes=hero_names),
}
"""By the store's game id (`companion.core.rules.find`), in the order the home screen offers them."""


@cache
def seats_by_tag(game: str) -> bool:
    """Whether `game`'s rule system seats its players from the reader (it serves a table)."""
    return isinstance(find(game), TableRules)


@cache
def dice_of(game: str) -> Mapping[str, DieKind]:
    """The die kinds `game` throws (none for a rule system that serves no table)."""
    rules = find(game)
    return rules.dice_kinds() if isinstance(rules, TableRules) else {}
