"""On-screen hands for the simulated hardware (`make run` with no tray or reader attached): "tap" a room
marker or a hero card on the emulated reader, "throw" a die in the simulated tray. They act on the
devices' own simulators, so a tap or a throw travels the real path (nfcpy's UDP driver; the tray's
serial protocol over a pseudo-terminal) and comes back through the table like a real one. The screens
never touch a device otherwise: `companion run` builds a `Simulated` from the simulators it opened."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.core.messages import Msg, Named, named
from companion.ui.board import ROOM_NAMES

Token = dict[str, str | int]
TOKENS_PER_ROW = 4
RANDOM_PX = 110  # the "random" throw's button: one word, never broken


@dataclass(frozen=True)
class Simulated:
    """`tap` lays a token on the emulated reader for a moment (None: a real reader is attached);
    `throw` throws one die of the simulated tray with the face given, or a random one (None: a real
    tray); `dice` are the simulated tray's (die id, kind id); `tokens` every sticker of the game."""

    tokens: tuple[Token, ...]
    dice: tuple[tuple[str, str], ...]
    tap: Callable[[Token], object] | None
    throw: Callable[[str, str | None], object] | None


def token_text(token: Token, heroes: dict[str, Named]) -> Msg:
    if token.get("kind") == "hero-card":
        return Msg("Hero card: {hero}", {"hero": heroes.get(str(token["hero"]), {"en": str(token["hero"])})})
    room = str(token.get("room", ""))
    return Msg("{room} marker {number}", {"room": named(ROOM_NAMES.get(room, room)), "number": int(token["serial"])})
