"""Domain events: what the devices and the screen report, put on the table's one queue.

Adapters (the dice tray, the NFC reader, the buttons, touches) turn hardware into these; the table
matches each to the engine's pending prompt. They carry facts, never decisions: a throw nobody asked
for is still reported, and the table decides to drop it.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec


class SettledDie(msgspec.Struct, frozen=True):
    die_id: str
    kind: str
    face: str | None
    cocked: bool = False


class DiceThrown(msgspec.Struct, frozen=True, tag="dice-thrown"):
    """Every die of one throw, once all of them have settled (or been found cocked)."""

    source: str
    dice: list[SettledDie]
    throw_id: int = 0


class DiceRolling(msgspec.Struct, frozen=True, tag="dice-rolling"):
    source: str


class TagSeen(msgspec.Struct, frozen=True, tag="tag-seen"):
    """A tag placed on the reader (one event per tap, however long it lies there).

    `token` is the parsed token (game, kind and its fields) when the tag is ours and intact; otherwise
    `problem` says why not (blank, foreign, corrupt...).
    """

    uid: str
    token: dict[str, str | int] | None = None
    problem: str | None = None


class ButtonPressed(msgspec.Struct, frozen=True, tag="button"):
    name: str


class DeviceState(StrEnum):
    CONNECTED = "connected"
    DISCONNECTED = "disconnected"
    SIMULATED = "simulated"
    FAULT = "fault"


class DeviceStatus(msgspec.Struct, frozen=True, tag="device-status"):
    device: str
    state: DeviceState
    detail: str = ""


DomainEvent = DiceThrown | DiceRolling | TagSeen | ButtonPressed | DeviceStatus
