"""The names a table can see for the spaces of a board: the labels the board view draws on them, so a
sentence never carries a space's id. The rooms and the marked circle (the spaces a room marker lies on)
are lettered A, B, C… and the other spaces numbered 1, 2, 3… in the data's order; the guardian hall is
called by its name."""

from __future__ import annotations

from functools import cache

from companion.core.messages import Named, named, verbatim
from companion.games.covenant.data import GameData
from companion.games.covenant.schema import BoardSpec

LETTERED = frozenset({"room", "marked"})
LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: they read as 1 and 0 at a glance


def space_labels(spec: BoardSpec) -> dict[str, str]:
    """The label drawn on each space of `spec` (the hall has none: its name is drawn)."""
    # The rooms first: room 1 of the data is room A.
    lettered = sorted((s for s in spec.spaces if s.kind in LETTERED), key=lambda s: s.kind != "room")
    labels = {s.id: LETTERS[n % len(LETTERS)] for n, s in enumerate(lettered)}
    numbered = [s for s in spec.spaces if s.kind not in LETTERED and s.kind != "hall"]
    labels.update({s.id: str(n) for n, s in enumerate(numbered, start=1)})
    return labels


@cache
def board_labels(data: GameData, zone: int) -> dict[str, str]:
    """`space_labels` of a zone's board, made once per game data (every sentence that names a space reads
    them; the data never changes in a game)."""
    return space_labels(data.boards[zone])


@cache
def _space_names(data: GameData, zone: int) -> dict[str, Named]:
    spec = data.boards[zone]
    labels = board_labels(data, zone)
    names: dict[str, Named] = {}
    for s in spec.spaces:
        if s.kind == "hall":
            names[s.id] = spec.hall.named()
        elif s.kind in LETTERED:
            names[s.id] = named("room {label}", label=labels[s.id])
        else:
            names[s.id] = named("space {label}", label=labels[s.id])
    return names


def space_name(data: GameData, zone: int, space: str) -> Named:
    """A space as a sentence names it: "room C", "space 12", or the hall's name; an id no board of the
    zone has stays as given (a refusal names what was sent)."""
    if zone not in data.boards:
        return verbatim(space)
    name = _space_names(data, zone).get(space)
    return dict(name) if name is not None else verbatim(space)
