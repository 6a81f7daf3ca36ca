"""On-screen hands for the simulated hardware (`make run` with no tray or reader attached): "tap" a room
marker, a hero card or a player token on the emulated reader, "throw" dice in the simulated tray. They act on the
devices' own simulators, so a tap or a throw travels the real path (nfcpy's UDP driver; the tray's
serial protocol over a pseudo-terminal) and comes back through the table like a real one. The screens
never touch a device otherwise: `companion run` builds a `Simulated` from the simulators it opened."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from companion.core.messages import Msg, named, verbatim
from companion.table.lobby import seating

Token = dict[str, str | int]
TOKENS_PER_ROW = 3
TOKEN_ROW_PX = 90  # two lines of Arabic: "Hero card: Spellsword" is wider than a third of the row
RANDOM_PX = 110  # the "random" throw's button: one word, never broken


@dataclass(frozen=True)
class Simulated:
    """`tap` lays a token on the emulated reader for a moment (None: a real reader is attached);
    `throw` throws the simulated tray's dice named, together as one throw, each on the face given or a
    random one (None: a real tray); `dice` are the simulated tray's (die id, kind id), paired with the
    kinds of every game; `tokens` every sticker of every game."""

    tokens: tuple[Token, ...]
    dice: tuple[tuple[str, str], ...]
    tap: Callable[[Token], object] | None
    throw: Callable[[Mapping[str, str | None]], object] | None


def token_text(token: Token) -> Msg:
    if token.get("kind") == "hero-card":
        hero = str(token["hero"])
        return Msg("Hero card: {hero}", {"hero": seating(str(token["game"])).heroes.get(hero, verbatim(hero))})
    if token.get("kind") == "player-token":
        return Msg("Player token {number}", {"number": int(token["serial"])})
    from companion.ui.board import ROOM_NAMES  # the Covenant's board view, loaded when its tokens are shown

    room = str(token.get("room", ""))
    return Msg("{room} marker {number}", {"room": named(ROOM_NAMES.get(room, room)), "number": int(token["serial"])})
