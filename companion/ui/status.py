"""The hardware status the home screen shows: for the tray, the reader and the buttons, whether each is
connected, when it was last heard from and what went wrong. Built from domain events alone, so it
knows nothing of the devices themselves. No Kivy here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.core.events import (
    DeviceState,
    DeviceStatus,
    DiceRolling,
    DiceThrown,
    DomainEvent,
    TagSeen,
)
from companion.core.messages import Msg, named
from companion.ui.i18n import N_

DEVICES = ("tray", "reader", "buttons")
# Names a backend may report under; anything else gets a row of its own.
ALIASES = {"dice-tray": "tray", "nfc": "reader", "gpio": "buttons"}
NAMES = {"tray": N_("Dice tray"), "reader": N_("Tag reader"), "buttons": N_("Buttons")}
STATES = {
    None: N_("not heard from"),
    DeviceState.CONNECTED: N_("connected"),
    DeviceState.DISCONNECTED: N_("disconnected"),
    DeviceState.SIMULATED: N_("simulated"),
    DeviceState.FAULT: N_("fault"),
}


@dataclass
class DeviceRow:
    device: str
    state: DeviceState | None = None
    detail: str = ""
    last_seen: float | None = None
    faults: int = 0
    last_fault: str = ""

    def name(self) -> Msg:
        return Msg(NAMES.get(self.device, self.device))

    def state_text(self) -> Msg:
        return Msg(STATES[self.state])

    def seen_text(self, now: float) -> Msg:
        if self.last_seen is None:
            return Msg("never")
        seconds = max(0, int(now - self.last_seen))
        if seconds < 5:
            return Msg("just now")
        if seconds < 60:
            return Msg("{seconds} s ago", {"seconds": seconds})
        return Msg("{minutes} min ago", {"minutes": seconds // 60})

    def faults_text(self) -> Msg:
        """How many times the device went wrong (what went wrong last is its `detail` while it lasts)."""
        if not self.faults:
            return Msg("no faults")
        return Msg("Faults: {count}", {"count": self.faults})


def device_of(event: DomainEvent) -> str:
    """Which device an event proves alive: a throw is the tray's, a tag the reader's, a press the buttons'."""
    if isinstance(event, DeviceStatus):
        return ALIASES.get(event.device, event.device)
    if isinstance(event, DiceThrown | DiceRolling):
        return "tray"
    if isinstance(event, TagSeen):
        return "reader"
    return "buttons"


class StatusBoard:
    def __init__(self) -> None:
        self.rows: dict[str, DeviceRow] = {d: DeviceRow(d) for d in DEVICES}
        self._synced: dict[str, float] = {}

    def sync(self, devices: Mapping[str, tuple[DeviceStatus, float]]) -> list[DeviceRow]:
        """Takes in the statuses the table has seen since the last call (`Table.devices`): the rows changed."""
        changed = []
        for device, (status, at) in devices.items():
            if self._synced.get(device) != at:
                self._synced[device] = at
                self.apply(status, at)
                changed.append(self.rows[device_of(status)])
        return changed

    def lost(self, rows: list[DeviceRow]) -> Msg | None:
        """What the table is told when a device stops working: the screen stands in for it."""
        down = [r for r in rows if r.state in (DeviceState.FAULT, DeviceState.DISCONNECTED)]
        if not down:
            return None
        return Msg("{device}: {state}. Use the screen meanwhile.", {"device": named(NAMES.get(down[0].device,
                   down[0].device)), "state": named(STATES[down[0].state])})

    def apply(self, event: DomainEvent, now: float) -> None:
        device = device_of(event)
        row = self.rows.setdefault(device, DeviceRow(device))
        row.last_seen = now
        if isinstance(event, DeviceStatus):
            new_fault = row.state is not DeviceState.FAULT or event.detail != row.detail
            if event.state is DeviceState.FAULT and new_fault:
                row.faults += 1
                row.last_fault = event.detail
            row.state = event.state
            row.detail = event.detail
