"""Fixtures for the NFC tests: an emulated field on loopback and a reader polling it through nfcpy's
own UDP driver, with a helper to wait for the next domain event."""

from __future__ import annotations

import queue
from collections.abc import Iterator

import pytest
from nfc_helpers import Events, next_event

from companion.core.events import DeviceStatus
from companion.devices.nfc.emulated import EmulatedField
from companion.devices.nfc.reader import NfcReader


@pytest.fixture
def field() -> Iterator[EmulatedField]:
    with EmulatedField() as emulated:
        yield emulated


@pytest.fixture
def events() -> Events:
    return queue.Queue()


@pytest.fixture
def reader(field: EmulatedField, events: Events) -> Iterator[NfcReader]:
    nfc_reader = NfcReader(field.device, events, emulated=field, backoff=(0.05, 0.4)).start()
    assert isinstance(next_event(events), DeviceStatus)  # polling the empty field
    yield nfc_reader
    nfc_reader.stop()
