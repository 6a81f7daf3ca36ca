"""A game being played: the state, the data, and the events an input has produced so far."""

from __future__ import annotations

from functools import lru_cache

from companion.core.flow import Event
from companion.core.messages import Field, Msg, Named, Plural, listed, verbatim
from companion.games.descent.data import DescentData
from companion.games.descent.grid import Board, Figure
from companion.games.descent.state import GameState

# Rules of the base game the excerpt leans on (cited by name: they are not in the excerpt's pages).
DICE = "Base game: dice"
DAMAGE = "Base game: damage"
RANGE = "Base game: range"
SURGES = "Base game: surges"
MAX_QUOTED = 40


def given(text: str) -> str:
    """Text of an input quoted back in a refusal, cut short: an input may be as long as its file allows,
    and a refusal stays one short line."""
    return text if len(text) <= MAX_QUOTED else f"{text[:MAX_QUOTED]}…"


@lru_cache(maxsize=1024)
def _name(fid: str, en: str, ar: str, be: str) -> Named:
    """A figure's name in every language, its English or its id where a language has none; kept, as nearly every
    sentence names a figure (issue 26). Read only."""
    return {"en": en or fid, "ar": ar or en or fid, "be": be or en or fid}


class Play:
    def __init__(self, state: GameState, data: DescentData) -> None:
        self.s = state
        self.d = data
        self.events: list[Event] = []

    def say(self, kind: str, rule: str, text: str | Plural, data: dict[str, Field | list[str]] | None = None,
            /, **fields: Field) -> None:
        self.events.append(Event(kind=kind, msg=Msg.of(text, fields), rule=rule, data=data or {}))

    def board(self) -> Board:
        return Board(self.s.map, self.s.figures)

    def fig(self, fid: str) -> Figure:
        f = self.s.figure(fid)
        if f is None:
            raise KeyError(fid)
        return f

    def name(self, fid: str) -> Named:
        f = self.s.figure(fid)
        if f is None:
            return verbatim(fid)
        return _name(f.id, f.en, f.ar, f.be)

    def names(self, fids: list[str]) -> Named:
        """Several figures' names as one field, listed in each language."""
        return listed((self.name(f) for f in fids), empty="-")

    def die(self, die: str) -> Named:
        kind = self.d.dice.get(die)
        return kind.named() if kind else verbatim(die)

    def wound(self, f: Figure, wounds: int, rule: str) -> None:
        """Wounds taken; the figure is killed when they reach its wounds, where the count stops (the state
        holds no more wounds taken than a figure has)."""
        f.damage = min(f.damage + wounds, f.wounds)
        if f.damage >= f.wounds and f.alive:
            f.alive = False
            self.say("killed", rule, "{figure} is killed.", {"figure": f.id}, figure=self.name(f.id))
