"""Helpers for Descent's tests: a referee session on a sample map or a map drawn in the test, and inputs
submitted one by one with their events' texts collected."""

from __future__ import annotations

from typing import Any

from companion.core.flow import Accepted, Input, Rejection, Source, Throw
from companion.core.messages import Lang
from companion.core.rules import Session
from companion.games.descent.engine import DescentRules
from companion.games.descent.grid import Figure
from companion.games.descent.state import GameState

RULES = DescentRules()


def game(map_: str | dict[str, Any], figures: list[dict[str, Any]] | None = None, **setup: Any) -> Session[GameState]:
    return Session(RULES, {"map": map_, "figures": figures or [], **setup})


def drawn(rows: list[str], figures: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
    """A map given whole, as a scenario carries it."""
    return {"id": "drawn", "en": "drawn", "ar": "مرسومة", "floor": rows, "figures": figures or [], **extra}


def throw(*faces: str, source: Source = Source.TRAY) -> Throw:
    """A throw as the tray reports it: `throw("red=miss", "black-1=enhance")`."""
    return Throw(faces=dict(f.split("=", 1) for f in faces), source=source)  # type: ignore[arg-type]


def play(session: Session[GameState], *inputs: Input, lang: Lang = "en") -> list[str]:
    """Submit every input (each must be accepted) and return the texts of the events (English unless asked)."""
    texts: list[str] = []
    for inp in inputs:
        out = session.submit(inp)
        assert isinstance(out, Accepted), f"{inp} refused: {out}"
        texts += [e.msg.text(lang) for e in out.events]
    return texts


def refused(session: Session[GameState], inp: Input) -> Rejection:
    before = session.snapshot()
    out = session.submit(inp)
    assert isinstance(out, Rejection), out
    assert session.snapshot() == before, "a refused input changed the state"
    return out


def fig(session: Session[GameState], fid: str) -> Figure:
    f = session.state.figure(fid)
    assert f is not None
    return f
