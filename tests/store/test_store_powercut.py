"""The power-cut test: a child process plays (submit, undo, redo) into the store and is killed with
SIGKILL at random moments; after each kill the store must resume at a state equal to the one rebuilt
from the inputs the child had acknowledged, with no acknowledged input lost.

The child writes `ack <session> <head> <digest>` to a pipe after each commit returns; a line is short
enough to be written atomically. At most one operation may be committed but not yet acknowledged, and
none of the three operations rewrites the log at or before the acknowledged head, so the inputs up
to that head must rebuild the acknowledged state exactly. SIGKILL tests the process dying at any
instruction; a power cut also loses the OS's unsynced pages, which `synchronous=FULL` covers (see
docs/store.md). The short run does 40 kills; `SOAK=1` (`make soak`) does 2,000. The run is bounded by
its count of kills, not by a clock, so a loaded machine makes it slower, never weaker.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import random
import select
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from companion.core.flow import Rejection
from companion.core.rules import RuleSystem, find, replay
from companion.store import Store, StoredSession, drive

SOAK = os.environ.get("SOAK") == "1"
KILLS = 2000 if SOAK else 40
SETUP = {"heroes": drive.HEROES, "seed": 5}


def _digest(rules: RuleSystem[Any], state: Any) -> str:
    return hashlib.sha256(rules.encode(state)).hexdigest()[:16]


def _child(path: str, fd: int, seed: int) -> None:
    rules = find("covenant")
    rnd = random.Random(seed)
    store = Store(path)
    unfinished = store.unfinished()
    session = store.resume(unfinished[0].id) if unfinished else store.start("covenant", SETUP)
    assert isinstance(session, StoredSession)
    while True:
        if session.prompt() is None:
            fresh = store.start("covenant", SETUP)
            assert isinstance(fresh, StoredSession)
            session = fresh
        roll = rnd.random()
        if roll < 0.07:
            done: object = session.undo()
        elif roll < 0.12:
            done = session.redo()
        else:
            kept = session.kept_result()
            done = session.submit(kept) if kept is not None else drive.step(session, rnd)
        if done is not None and not isinstance(done, Rejection):
            os.write(fd, f"ack {session.id} {session.head} {_digest(rules, session.state)}\n".encode())


def test_power_cut_soak(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = find("covenant")
    path = str(tmp_path / "sessions.sqlite3")
    context = multiprocessing.get_context("fork")
    rnd = random.Random(2026)
    kills = acknowledged = lost = 0
    started = time.monotonic()
    while kills < KILLS:
        read, write = os.pipe()
        child = context.Process(target=_child, args=(path, write, rnd.randrange(1 << 30)))
        child.start()
        os.close(write)
        # Wait for the first acknowledgement, so that on a loaded machine the kill still falls during play.
        select.select([read], [], [], 60.0)
        time.sleep(rnd.uniform(0.0, 0.1))
        os.kill(child.pid or 0, signal.SIGKILL)
        child.join()
        assert child.exitcode == -signal.SIGKILL, "the child stopped by itself: it failed"
        kills += 1
        with os.fdopen(read, "rb") as pipe:
            acks = [line.split() for line in pipe.read().decode().splitlines()]
        acknowledged += len(acks)
        with Store(path) as store:
            assert store.problems == []
            if not acks:
                continue
            _, sid, head, digest = acks[-1]
            session = store.resume(int(sid))
            assert isinstance(session, StoredSession), session
            lost += max(0, int(head) - len(session.inputs))
            if len(session.inputs) >= int(head):
                lost += _digest(rules, replay(rules, SETUP, session.inputs[:int(head)]).state) != digest
            assert rules.encode(session.state) == replay(rules, SETUP, session.accepted()).snapshot()
    elapsed = time.monotonic() - started
    with capsys.disabled():
        print(f"\npower cut: {kills} kills in {elapsed:.1f} s, {acknowledged} operations acknowledged, "
              f"{lost} acknowledged inputs lost")
    assert lost == 0
    assert acknowledged > kills  # the kills fell while the child was playing, not only while it started
