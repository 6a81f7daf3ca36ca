"""The names a table can see for the spaces of a board: the labels the board view draws on them, so a
sentence never carries a space's id. The rooms and the marked circle (the spaces a room marker lies on)
are lettered A, B, C… and the other spaces numbered 1, 2, 3… in the data's order; the guardian hall is
called by its name."""

from __future__ import annotations

from companion.core.messages import Named, named, verbatim
from companion.games.covenant.data import GameData
from companion.games.covenant.schema import BoardSpec

LETTERED = frozenset({"room", "marked"})
LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: they read as 1 and 0 at a glance


def _labels(spec: BoardSpec) -> dict[str, str]:
    # The rooms first: room 1 of the data is room A.
    lettered = sorted((s for s in spec.spaces if s.kind in LETTERED), key=lambda s: s.kind != "room")
    labels = {s.id: LETTERS[n % len(LETTERS)] for n, s in enumerate(lettered)}
    numbered = [s for s in spec.spaces if s.kind not in LETTERED and s.kind != "hall"]
    labels.update({s.id: str(n) for n, s in enumerate(numbered, start=1)})
    return labels


def space_labels(spec: BoardSpec) -> dict[str, str]:
    """The label drawn on each space of `spec` (the hall has none: its name is drawn)."""
    return _labels(spec)


def space_name(data: GameData, zone: int, space: str) -> Named:
    """A space as a sentence names it: "room C", "space 12", or the hall's name; an id no board of the
    zone has stays as given (a refusal names what was sent)."""
    spec = data.boards.get(zone)
    if spec is None:
        return verbatim(space)
    if any(s.id == space and s.kind == "hall" for s in spec.spaces):
        return spec.hall.named()
    label = _labels(spec).get(space)
    if label is None:
        return verbatim(space)
    kind = next(s.kind for s in spec.spaces if s.id == space)
    if kind in LETTERED:
        return named("room {label}", label=label)
    return named("space {label}", label=label)
