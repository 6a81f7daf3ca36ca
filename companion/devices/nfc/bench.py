"""`companion bench` figures for the NFC reader, measured on the emulated tag read through nfcpy's UDP
driver: how long from a tag's arrival in the field to its `TagSeen` on the table's queue, beside how long
one empty poll of nfcpy lasts (its polling interval on this driver) and how long a lift takes to notice."""

from __future__ import annotations

import queue
import random
import time

import nfc
from nfc.clf import RemoteTarget

from companion.benchmarks import Figure, median, percentile, timings
from companion.config import NfcSettings
from companion.core.events import DomainEvent, TagSeen
from companion.devices.nfc.emulated import EmulatedField
from companion.devices.nfc.reader import open_reader
from companion.devices.nfc.tokens import covenant_tokens

TAPS = 12


def bench() -> list[Figure]:
    arrivals, lifts = _taps()
    with EmulatedField() as field:
        clf = nfc.ContactlessFrontend(field.device)
        try:
            polls = timings(lambda: clf.sense(RemoteTarget("106A")), repeat=3)
        finally:
            clf.close()
    return [
        Figure("tag arrival -> TagSeen on the queue, median", median(arrivals) * 1000, "ms", "< 300 ms"),
        Figure(f"tag arrival -> TagSeen on the queue, p95 of {TAPS}", percentile(arrivals, 95) * 1000, "ms"),
        Figure("nfcpy polling interval: one empty poll (UDP driver)", median(polls) * 1000, "ms"),
        Figure("tag lifted -> reader polling for the next tap, median", median(lifts) * 1000, "ms"),
    ]


def _taps() -> tuple[list[float], list[float]]:
    """Tap TAPS tokens at random moments of the reader's poll cycle; time each arrival and each lift."""
    events: queue.Queue[DomainEvent] = queue.Queue()
    reader = open_reader(NfcSettings(backend="emulated"), events)
    field = reader.emulated
    assert field is not None
    tokens = covenant_tokens()
    arrivals: list[float] = []
    lifts: list[float] = []
    try:
        events.get(timeout=5)  # the reader's first poll: connected
        for n in range(TAPS):
            time.sleep(random.uniform(0, 1.1))  # anywhere in nfcpy's 1 s poll cycle
            field.present_token(tokens[n % len(tokens)])
            while not isinstance(events.get(timeout=5), TagSeen):
                pass
            arrivals.append(time.perf_counter() - field.arrived_at)
            lifted = time.perf_counter()
            field.lift()
            field.wait_polled(timeout=5)
            lifts.append(time.perf_counter() - lifted)
    finally:
        reader.stop()
    return arrivals, lifts
