"""The games the touchscreen plays. Each rule system with screens names the screen that starts a game of it
and the one that plays it; the home screen offers every game here and resumes each one's stored sessions on
its own table screen. A rule system with no entry (one only `companion replay` serves) keeps its sessions in
the store, where the home screen does not offer them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, NamedTuple

from companion.core.dice import DieKind
from companion.core.messages import Msg, Named
from companion.core.rules import TableRules, find
from companion.games.covenant.data import default as covenant_data
from companion.games.dungeon_roll.data import default as delve_data
from companion.ui.dungeon_roll.referee import DelveReferee
from companion.ui.i18n import N_
from companion.ui.referee import Referee, ResultsReferee

About = tuple[list[Named], Msg | None]


def covenant_about(state: Any) -> About:
    heroes = covenant_data().heroes
    return [heroes[h].named() for h in state.order], Msg("round {round}", {"round": state.round})


def delve_about(state: Any) -> About:
    """Each player's hero by the side up (Dragonslayer once the Knight is a master), and the delve being played."""
    heroes = delve_data().heroes
    delve = min(len(p.delves) + 1 for p in state.players) if state.players else 1
    return [heroes[p.hero].side(p.master).named() for p in state.players], Msg("delve {delve}", {"delve": delve})


def descent_about(state: Any) -> About:
    """The heroes on the map (Descent counts no rounds)."""
    return [f.named() for f in state.figures if f.kind == "hero"], None


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
    about: Callable[[Any], About] = lambda _state: ([], None)
    """What the home screen says of a stored game from its state: its heroes as they stand now (a Dungeon
    Roll hero by the side face up) and where it stands (its round), if the game counts one."""


TABLE_GAMES: dict[str, TableGame] = {
    "covenant": TableGame(N_("The Last Covenant"), "newgame", "table", begin="setup", about=covenant_about),
    "descent": TableGame(N_("Descent"), "descent-new", "descent-table", referee=ResultsReferee,
                          about=descent_about),
    "dungeon-roll": TableGame(N_("Dungeon Roll"), "dr-newgame", "dr-table", referee=DelveReferee, about=delve_about),
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
