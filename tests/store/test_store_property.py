"""Property: whatever mix of inputs, undos, redos and restarts a table goes through, the session stands
at the state its accepted inputs rebuild, every snapshot matches its place in the log, and a restart
changes nothing. `FUZZ_EXAMPLES` sets how many mixes are tried (25 in the normal run)."""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.flow import Accepted, CardPrompt, DiePrompt, Draw, Roll, Source
from companion.core.rules import find, replay
from companion.store import Store, StoredSession, drive

SETUP = {"heroes": ["knight", "sorceress"], "seed": 3, "deal": {"combat": "table", "loot": "table"}}
Op = tuple[str, int]
OPS = st.lists(st.one_of(st.tuples(st.just("play"), st.integers(1, 12)), st.tuples(st.just("undo"), st.integers(1, 4)),
                         st.tuples(st.just("redo"), st.integers(1, 3)), st.tuples(st.just("restart"), st.just(0))),
               min_size=1, max_size=25)


def _check(session: StoredSession, store: Store) -> None:
    rules = session.rules
    assert rules.encode(session.state) == replay(rules, SETUP, session.accepted()).snapshot()
    for seq, data in store.conn.execute("SELECT seq, state FROM snapshots WHERE session = ?", (session.id,)):
        assert seq <= len(session.inputs)
        assert data == replay(rules, SETUP, session.inputs[:seq]).snapshot()
    assert all(isinstance(k, (Roll, Draw)) and (k.face if isinstance(k, Roll) else k.card) for k in session.kept)


def _play_one(session: StoredSession, rnd: random.Random) -> None:
    """One accepted input; cards and d6 faces are often named, as a table that draws and rolls itself."""
    for _ in range(50):
        prompt = session.prompt()
        if prompt is None:
            return
        inp = drive.pick(prompt, rnd)
        if isinstance(prompt, CardPrompt) and prompt.candidates and rnd.random() < 0.7:
            inp = Draw(deck=prompt.deck, card=rnd.choice(prompt.candidates), source=Source.TABLE)
        elif isinstance(prompt, DiePrompt) and prompt.die == "d6" and rnd.random() < 0.5:
            inp = Roll(die="d6", face=str(rnd.randint(1, 6)), source=Source.TRAY)
        if isinstance(session.submit(inp), Accepted):
            return


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "25")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(ops=OPS, seed=st.integers(0, 10_000))
def test_property_any_mix_of_play_undo_redo_and_restart_stays_consistent(ops: list[Op], seed: int) -> None:
    rnd = random.Random(seed)
    rules: Any = find("covenant")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sessions.sqlite3"
        store = Store(path, snapshot_every=5)
        started = store.start("covenant", SETUP)
        assert isinstance(started, StoredSession)
        session = started
        for op, count in ops:
            for _ in range(count):
                if op == "play":
                    kept = session.kept_result()
                    if kept is not None:
                        session.submit(kept)
                    else:
                        _play_one(session, rnd)
                elif op == "undo":
                    session.undo()
                elif op == "redo":
                    session.redo()
            if op == "restart":
                at, head, kept_before = rules.encode(session.state), session.head, session.kept
                store.close()
                store = Store(path, snapshot_every=5)
                resumed = store.resume(session.id)
                assert isinstance(resumed, StoredSession)
                assert (rules.encode(resumed.state), resumed.head, resumed.kept) == (at, head, kept_before)
                session = resumed
            _check(session, store)
        store.close()
