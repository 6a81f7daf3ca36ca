"""`companion bench` figures for the session store: a durable append, and resuming a long session."""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path
from typing import Any

from companion.benchmarks import Figure, median, percentile, timings
from companion.core.flow import Accepted
from companion.core.rules import Session, find
from companion.store import drive
from companion.store.export import import_inputs
from companion.store.session import Store, StoredSession

APPENDS = 300
LONG = 5_000


def bench() -> list[Figure]:
    with tempfile.TemporaryDirectory(prefix="companion-store-bench-") as folder:
        path = Path(folder) / "sessions.sqlite3"
        return _append(path) + _resume(path)


def _append(path: Path) -> list[Figure]:
    with Store(path) as store:
        session = store.start("covenant", drive.long_setup(7))
        assert isinstance(session, StoredSession)
        rnd = random.Random(7)
        times: list[float] = []
        while len(times) < APPENDS:
            prompt = session.prompt()
            assert prompt is not None
            inp = drive.pick(prompt, rnd)
            start = time.perf_counter()
            result = session.submit(inp)
            if isinstance(result, Accepted):
                times.append(time.perf_counter() - start)
    return [Figure("store: submit one input, committed with fsync (median)", median(times) * 1000, "ms"),
            Figure("store: submit one input, committed with fsync (p99)", percentile(times, 99) * 1000, "ms")]


def _resume(path: Path) -> list[Figure]:
    game: Session[Any] = Session(find("covenant"), drive.long_setup(1))
    rnd = random.Random(1)
    while game.log.last_seq < LONG and drive.step(game, rnd) is not None:
        pass
    with Store(path) as store:
        imported = import_inputs(store, "covenant", drive.long_setup(1), game.log.inputs())
        assert isinstance(imported, tuple)
        sid = imported[0].id

    def resume() -> None:
        with Store(path) as store:
            session = store.resume(sid)
            assert isinstance(session, StoredSession) and session.head == game.log.last_seq

    times = timings(resume, 10)
    with Store(path) as store:
        session = store.resume(sid)
        assert isinstance(session, StoredSession)
        undo = timings(lambda: session.undo(), 1)[0]
    return [Figure(f"store: open and resume a session of {game.log.last_seq} inputs (median)", median(times), "s",
                   "< 0.5 s"),
            Figure(f"store: open and resume a session of {game.log.last_seq} inputs (worst of 10)", max(times), "s",
                   "< 0.5 s"),
            Figure("store: undo one decision in that session", undo * 1000, "ms")]

