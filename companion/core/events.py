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


class PhoneChoice(msgspec.Struct, frozen=True, tag="phone-choice"):
    """A choice tapped on a phone seated at the table (issue 27): `seat` is the seat its token joins (a hero,
    a Dungeon Roll player, a Descent hero), `choice` the id of a button of the prompt view the phone was
    sent, and `seq` the revision of the table that view showed, so that a tap on a view gone stale is
    refused rather than taken as an answer to the prompt that replaced it; `phone` is the connection it came
    by, which alone is told of a refusal."""

    seat: str
    choice: str
    seq: int
    phone: int = 0


DomainEvent = DiceThrown | DiceRolling | TagSeen | ButtonPressed | DeviceStatus | PhoneChoice
