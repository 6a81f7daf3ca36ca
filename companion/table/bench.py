"""Benchmarks of the table: from a device's event to the engine's ruling, stored.

Added to the tray's and the reader's own figures (last byte → event, tag → event), these give the time
from the hardware to the ruling on screen.
"""

from __future__ import annotations

import queue
import tempfile
import time
from pathlib import Path

from companion.benchmarks import Figure, median, percentile
from companion.core.events import DiceThrown, DomainEvent, SettledDie, TagSeen
from companion.core.flow import Act, Draw
from companion.store import Store, StoredSession
from companion.table import Table

FIGHT = {"heroes": {"knight": {"space": "m1", "gold": 0}},
         "monsters": [{"uid": "m1", "kind": "troll", "space": "m2"}], "next_uid": 2}


def _table(store: Store, position: dict[str, object], deal: dict[str, str]) -> Table:
    session = store.start("covenant", {"heroes": ["knight"], "seed": 1, "position": position, "deal": deal})
    assert isinstance(session, StoredSession), session
    events: queue.Queue[DomainEvent] = queue.Queue()
    return Table(session, events)


def bench() -> list[Figure]:
    throws: list[float] = []
    taps: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "bench.sqlite3")
        for _ in range(100):
            table = _table(store, FIGHT, {"combat": "table"})
            table.submit(Act(actor="knight", action="attack", target="m1"))
            table.submit(Draw(deck="combat", card="5"))
            throw = DiceThrown(source="tray", dice=[SettledDie("D1", "d6", "4")])
            start = time.perf_counter()
            update = table.handle(throw)
            throws.append(time.perf_counter() - start)
            assert update.accepted, update
            table = _table(store, {"heroes": {"knight": {"space": "t2"}}}, {"markers": "table"})
            tag = TagSeen(uid="04", token={"game": "covenant", "kind": "room-marker", "zone": 1, "room": "trap",
                                           "serial": 7, "marker": "z1-trap-1"})
            start = time.perf_counter()
            update = table.handle(tag)
            taps.append(time.perf_counter() - start)
            assert len(update.accepted) == 2, update
        store.close()
    return [
        Figure("throw event → ruling stored (attack die), median", median(throws) * 1e3, "ms"),
        Figure("throw event → ruling stored, 99th percentile", percentile(throws, 99) * 1e3, "ms"),
        Figure("marker tap event → room revealed and stored, median", median(taps) * 1e3, "ms"),
    ]
