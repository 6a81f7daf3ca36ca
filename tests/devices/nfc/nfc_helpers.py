"""Helpers for the NFC tests (a module of its own, so its name cannot clash with another folder's conftest)."""

from __future__ import annotations

import queue

from companion.core.events import DomainEvent, TagSeen
from companion.devices.nfc.emulated import EmulatedField

Events = queue.Queue[DomainEvent]


def next_event(events: Events, timeout: float = 5.0) -> DomainEvent:
    return events.get(timeout=timeout)


def next_tag(events: Events, timeout: float = 5.0) -> TagSeen:
    event = next_event(events, timeout)
    assert isinstance(event, TagSeen), event
    return event


def lift_and_wait(field: EmulatedField) -> None:
    """Lift the tag and wait until the reader polls the empty field again (it noticed the lift)."""
    field.lift()
    assert field.wait_polled(timeout=5.0)
