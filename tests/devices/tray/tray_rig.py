"""The rig the tray tests share: a simulated tray and the real driver, and ways to wait for events."""

from __future__ import annotations

import queue
import time
from dataclasses import dataclass, field

from companion.core.events import DeviceStatus, DiceThrown, DomainEvent
from companion.devices.tray.driver import TrayDriver
from companion.devices.tray.sim import SimulatedTray

# Tray time runs this many times faster than the wall clock, to keep the tests short.
TIME_SCALE = 5.0


@dataclass
class Rig:
    sim: SimulatedTray
    driver: TrayDriver
    events: queue.Queue[DomainEvent]
    seen: list[DomainEvent] = field(default_factory=list)

    def wait_for(self, kind: type, timeout: float = 5.0, count: int = 1) -> list[DomainEvent]:
        """Collects events until `count` of type `kind` arrived since the last call; all are kept in `seen`."""
        deadline = time.monotonic() + timeout
        found: list[DomainEvent] = []
        while len(found) < count:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {kind.__name__} in {timeout} s; saw {self.seen}")
            try:
                event = self.events.get(timeout=left)
            except queue.Empty:
                continue
            self.seen.append(event)
            if isinstance(event, kind):
                found.append(event)
        return found

    def quiet(self, seconds: float) -> list[DomainEvent]:
        """Everything that arrives in the next `seconds`."""
        deadline = time.monotonic() + seconds
        got: list[DomainEvent] = []
        while (left := deadline - time.monotonic()) > 0:
            try:
                got.append(self.events.get(timeout=left))
            except queue.Empty:
                break
        self.seen += got
        return got

    def throws(self) -> list[DiceThrown]:
        return [e for e in self.seen if isinstance(e, DiceThrown)]

    def statuses(self) -> list[DeviceStatus]:
        return [e for e in self.seen if isinstance(e, DeviceStatus)]


