"""`Play`: one input's worth of work on a game — the state, the data, the board, and what happened.

Every rule module takes a `Play` so that each can say what it did (an event citing its rule) and
schedule what must come next (a card to draw, a die to roll, a choice to make) in one way.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache

from companion.core.flow import Event
from companion.core.messages import Field, Lang, Later, Msg, Named, Plural, listed, named, verbatim
from companion.games.covenant.board import Board
from companion.games.covenant.data import GameData
from companion.games.covenant.spaces import board_labels, space_name
from companion.games.covenant.state import GameState, Hero, Monster, Pending


@cache
def board_for(data: GameData, zone: int) -> Board:
    return Board(data.boards[zone])


@cache
def boards(data: GameData) -> dict[int, Board]:
    """Every zone's board, made once per game data: a rule asks for the board many times an input."""
    return {zone: board_for(data, zone) for zone in data.boards}


@lru_cache(maxsize=256)
def _blocked(board: Board, unrevealed: tuple[str, ...], hall_open: bool) -> frozenset[str]:
    return frozenset(unrevealed) if hall_open else frozenset((*unrevealed, board.hall))


@cache
def hero_names(data: GameData) -> dict[str, Named]:
    """Every hero's name, made once per game data: nearly every sentence names a hero."""
    return {h: spec.named() for h, spec in data.heroes.items()}


@cache
def monster_names(data: GameData, elite: bool) -> dict[str, Named]:
    """Every monster's name, plain or elite ("elite Goblin"), made once per game data."""
    if elite:
        return {k: named("elite {monster}", monster=spec.named()) for k, spec in data.monsters.items()}
    return {k: spec.named() for k, spec in data.monsters.items()}


@cache
def guardian_names(data: GameData) -> dict[int, Named]:
    """Every zone's guardian's name, made once per game data: every attack on it and its label name it."""
    return {zone: spec.named() for zone, spec in data.guardians.items()}


class Way(Later, frozen=True):
    """The names of a path's spaces, listed only when its sentence is read (issue 26)."""

    names: list[Named]

    def text(self, lang: Lang) -> str:
        return listed(self.names, separator=" → ")[lang]


class Play:
    def __init__(self, state: GameState, data: GameData) -> None:
        self.s = state
        self.d = data
        self.events: list[Event] = []
        self._boards = boards(data)
        self._hero_names = hero_names(data)

    @property
    def board(self) -> Board:
        return self._boards[self.s.board.zone]

    def say(self, kind: str, rule: str, text: str | Plural, data: Mapping[str, Field | list[str]] | None = None,
            /, **fields: Field) -> None:
        self.events.append(Event(kind, Msg.of(text, fields), rule, dict(data) if data else {}))

    def next(self, *steps: Pending) -> None:
        """Schedule steps to come before anything already waiting, in the order given."""
        self.s.pending[0:0] = list(steps)

    def later(self, *steps: Pending) -> None:
        self.s.pending.extend(steps)

    # ---- names for messages, in every language --------------------------------------------------

    def hero_name(self, hero: Hero | str) -> Named:
        return self._hero_names[hero if isinstance(hero, str) else hero.id]

    def monster_name(self, m: Monster) -> Named:
        return monster_names(self.d, m.elite)[m.kind]

    def guardian_name(self) -> Named:
        return guardian_names(self.d)[self.s.board.zone]

    def target_name(self, target: str) -> Named:
        if target == "guardian":
            return self.guardian_name()
        m = self.s.monster(target)
        return self.monster_name(m) if m else verbatim(target)

    def space_name(self, space: str) -> Named:
        """A space as the board view labels it ("room C", "space 12"): never its id."""
        return space_name(self.d, self.s.board.zone, space)

    def path_name(self, spaces: list[str]) -> Way:
        """The spaces of a path by the labels the board draws on them, the hall by its name (its id, "hall",
        stood in Arabic and Belarusian sentences), each step an arrow in the reading direction."""
        labels = board_labels(self.d, self.s.board.zone)
        return Way([verbatim(labels[s]) if s in labels else self.space_name(s) for s in spaces])

    # ---- where things are ----------------------------------------------------------------------

    def blocked(self) -> frozenset[str]:
        """Spaces nobody may enter now: face-down room slots, and the guardian hall while locked (one set
        for each board, slots and lock, so the board's caches of distances find it at once)."""
        return _blocked(self.board, tuple(self.s.board.unrevealed), self.hall_open())

    def hall_open(self) -> bool:
        """The hall opens once at least 4 rooms of this board are revealed (rulebook "Guardian hall")."""
        return len(self.s.board.revealed) >= 4

    def standing(self) -> list[Hero]:
        return [h for h in self.s.heroes.values() if not h.fallen]

    def heroes_at(self, space: str) -> list[Hero]:
        return [h for h in self.s.heroes.values() if h.space == space]

    def counted_monsters(self) -> int:
        """Monsters on the monster board: summoned ones are on the guardian board (rulebook)."""
        return sum(1 for m in self.s.monsters if m.origin != "summon")
