"""Power cuts that drop every write not yet synced (`powercut.py`: an SQLite VFS through apsw), after which
the whole observable state must be what the store acknowledged: every session's log, head (undo/redo),
kept dice and cards, and state. Then three deliberately broken stores, each of which the harness must
catch: no fsync (`synchronous=OFF`), an undo whose new head is never written, a redo never committed.

The short run (in `make test`) cuts at every step's end and at 16 random writes; `make fuzz`
(FUZZ_EXAMPLES cuts) and `make soak` (SOAK=1) run many more, bounded in time.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
from powercut import Harness, Report

from companion.store import StoredSession, db

SOAK = os.environ.get("SOAK") == "1"
CUTS = int(os.environ.get("FUZZ_EXAMPLES", "0")) or (2000 if SOAK else 16)
SECONDS = 900.0 if SOAK or "FUZZ_EXAMPLES" in os.environ else 60.0
STEPS, CUTS_PER_SEED = 60, 8


def test_power_cut_fuzz_soak_loses_nothing_acknowledged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    harness = Harness(tmp_path, steps=STEPS, cuts_per_seed=CUTS_PER_SEED)
    started = time.monotonic()
    seed = 0
    while harness.report.cuts < CUTS and time.monotonic() - started < SECONDS:
        seed += 1
        report = harness.run(seed)
    elapsed = time.monotonic() - started
    with capsys.disabled():
        print(f"\npower cut (VFS): {report.cuts} cuts inside steps, half of them keeping some unsynced writes "
              f"({report.committed_in_flight} after the step's commit, before its acknowledgement; {report.torn} "
              f"torn commits told) and {report.boundaries} between steps, "
              f"{seed} workloads, operations acknowledged: {report.acknowledged}, "
              f"{len(report.lost)} states differing from the acknowledged one, in {elapsed:.1f} s")
    assert report.lost == []
    assert report.cuts >= min(CUTS, 16)
    assert all(report.acknowledged.values()), report.acknowledged


def _caught(tmp_path: Path) -> Report:
    """The harness against a broken store: the loss it reports within a few workloads."""
    harness = Harness(tmp_path, steps=STEPS, cuts_per_seed=2)
    for seed in range(1, 6):
        report = harness.run(seed)
        if report.lost:
            break
    return report


def test_the_harness_catches_a_store_that_never_syncs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(db, "SYNCHRONOUS", "OFF")
    report = _caught(tmp_path)
    assert report.lost and "lost" in report.lost[0]


def test_the_harness_catches_an_undo_whose_new_head_is_never_written(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    original = StoredSession._write_head

    def write_head(self: StoredSession, c: Any, head: int, state: Any = None) -> None:
        if head >= self.head:  # only undo moves the head back
            original(self, c, head, state)

    monkeypatch.setattr(StoredSession, "_write_head", write_head)
    report = _caught(tmp_path)
    assert report.lost and "head" in report.lost[0]


def test_the_harness_catches_a_redo_never_committed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original = StoredSession.redo

    def redo(self: StoredSession) -> Any:
        monkeypatch.setattr(self.store, "write", lambda work, acknowledged: None)
        try:
            return original(self)
        finally:
            monkeypatch.delattr(self.store, "write")

    monkeypatch.setattr(StoredSession, "redo", redo)
    report = _caught(tmp_path)
    assert report.lost and "head" in report.lost[0]
