"""A damaged SD card: the write-ahead log of a killed writer, one byte flipped in its middle or its header
zeroed. SQLite's recovery would drop every commit after the damage without a word and delete the log;
the store must say what was lost, keep the damaged files aside, and lose nothing silently."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import signal
from pathlib import Path

import pytest
from store_helpers import play, start

from companion.store import Store, StoredSession, acked, wal
from companion.store.db import quarantine
from companion.store.drive import long_setup


def _writer(path: str, fd: int, checkpoint_every: int) -> None:
    store = Store(path, snapshot_every=10, checkpoint_every=checkpoint_every)
    heads = []
    for seed in (1, 2, 3):
        session = start(store, long_setup(seed))
        play(session, 30, seed=seed)
        heads.append(f"{session.id}:{session.head}")
    os.write(fd, (" ".join(heads) + "\n").encode())
    signal.pause()


def _killed_writer(path: Path, checkpoint_every: int = 1_000_000) -> dict[int, int]:
    """Three sessions of 30 inputs written by a process killed before it closed the store: {id: head}."""
    read, write = os.pipe()
    child = multiprocessing.get_context("fork").Process(target=_writer, args=(str(path), write, checkpoint_every))
    child.start()
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        line = pipe.readline().decode()
    os.kill(child.pid or 0, signal.SIGKILL)
    child.join()
    return {int(i): int(h) for i, h in (part.split(":") for part in line.split())}


def _heads(path: Path) -> dict[int, int]:
    with Store(path) as store:
        out = {}
        for info in store.sessions():
            session = store.resume(info.id)
            out[info.id] = session.head if isinstance(session, StoredSession) else -1
        return out


def _flip_middle(data: bytes) -> bytes:
    at = len(data) // 2
    return data[:at] + bytes([data[at] ^ 0x10]) + data[at + 1:]


def _zero_header(data: bytes) -> bytes:
    return bytes(wal.HEADER) + data[wal.HEADER:]


@pytest.mark.parametrize("damage", [_flip_middle, _zero_header])
def test_a_damaged_log_is_reported_kept_aside_and_nothing_is_deleted(path: Path, damage) -> None:
    acknowledged = _killed_writer(path)
    log_path = Path(f"{path}-wal")
    damaged = damage(log_path.read_bytes())
    log_path.write_bytes(damaged)
    with Store(path) as store:
        problems = [p for p in store.problems if p.code == "wal-damaged"]
        assert len(problems) == 1, store.problems
        msg = problems[0].msg
    now = _heads(path)
    shorter = sorted(i for i, head in acknowledged.items() if now.get(i, 0) < head)
    assert shorter, "the damage lost nothing: it did not hit the log"
    assert msg.fields["sessions"] == ", ".join(map(str, shorter))
    assert int(msg.fields["count"]) > 0
    assert msg.text("ar") != msg.text("en") and str(msg.fields["folder"]) in msg.text("ar")
    kept = path.parent / str(msg.fields["folder"])
    assert kept.parent == quarantine(path)
    assert (kept / f"{path.name}-wal").read_bytes() == damaged
    assert (kept / path.name).exists() and (kept / f"{path.name}.salvaged").exists()
    with Store(path) as again:  # reported once: the next boot finds a sound store
        assert again.problems == []


def test_the_salvaged_copy_holds_every_acknowledged_input_when_only_a_checksum_was_hit(path: Path) -> None:
    """A flip in a frame's stored checksum leaves every page intact: the salvage holds the whole game."""
    acknowledged = _killed_writer(path)
    log_path = Path(f"{path}-wal")
    data = bytearray(log_path.read_bytes())
    log = wal.read(bytes(data), wal.page_size_of(path))
    middle = log.frames[len(log.frames) // 2]
    data[middle.offset - 1] ^= 0x01  # the last byte of its checksum
    log_path.write_bytes(bytes(data))
    with Store(path) as store:
        (problem,) = [p for p in store.problems if p.code == "wal-damaged"]
    salvaged = path.parent / str(problem.msg.fields["folder"]) / f"{path.name}.salvaged"
    assert _heads(salvaged) == acknowledged


def test_an_intact_log_after_a_kill_reports_nothing_and_keeps_nothing(path: Path) -> None:
    acknowledged = _killed_writer(path)
    with Store(path) as store:
        assert store.problems == []
    assert _heads(path) == acknowledged
    assert not quarantine(path).exists()


def test_the_checkpoint_policy_bounds_what_a_damaged_log_can_cost(path: Path) -> None:
    """With a checkpoint every 20 commits the log never holds more, however long the game: zeroing its
    header costs at most those (not the whole game, as with SQLite's default of 1,000 pages)."""
    acknowledged = _killed_writer(path, checkpoint_every=20)
    data = Path(f"{path}-wal").read_bytes()
    log = wal.read(data, wal.page_size_of(path))
    assert 0 < len(log.commits_after(0)) <= 20
    Path(f"{path}-wal").write_bytes(_zero_header(data))
    with Store(path) as store:
        (problem,) = [p for p in store.problems if p.code == "wal-damaged"]
    assert int(problem.msg.fields["count"]) <= 20
    lost = sum(acknowledged[i] - head for i, head in _heads(path).items())
    assert 0 < lost <= 20


def test_the_log_reader_agrees_with_sqlite_on_a_sound_log(path: Path) -> None:
    """Every commit of a sound log passes the hand-made checksum, as SQLite's recovery finds it."""
    _killed_writer(path)
    log = wal.read(Path(f"{path}-wal").read_bytes(), wal.page_size_of(path))
    commits = log.commits_after(0)
    assert len(commits) >= 90 and log.recoverable == commits[-1].index == len(log.frames)


def _in_flight(path: Path, session: int, head: int) -> None:
    """The record of acknowledged inputs as a power cut during the session's last commit leaves it: that
    commit was never acknowledged, so the record still vouches for the input before it."""
    copy = path.parent / "copy" / path.name
    copy.parent.mkdir()
    for suffix in ("", "-wal"):
        shutil.copy2(f"{path}{suffix}", f"{copy}{suffix}")
    with Store(copy) as store:
        (data,) = store.conn.execute("SELECT input FROM inputs WHERE session = ? AND seq = ?",
                                     (session, head - 1)).fetchone()
    acked.Record(path).rewrite([acked.Acked(session, head - 1, acked.digest(data))])


def test_a_torn_last_commit_is_told_softly_and_kept(path: Path) -> None:
    """A power cut during a commit, with the disk writing its pages out of order, leaves the last commit's
    frame whole and an earlier frame of the same commit unwritten; a damaged card can leave the same. One
    change, never acknowledged or damaged: the table is told which session, and the log is kept."""
    acknowledged = _killed_writer(path)
    _in_flight(path, max(acknowledged), acknowledged[max(acknowledged)])
    log_path = Path(f"{path}-wal")
    data = bytearray(log_path.read_bytes())
    log = wal.read(bytes(data), wal.page_size_of(path))
    before = log.commits_after(0)[-2]  # the commit before the last one
    torn = log.frames[before.index]  # the first frame of the last commit
    data[torn.offset:torn.offset + log.page_size] = bytes(log.page_size)
    log_path.write_bytes(bytes(data))
    with Store(path) as store:
        (problem,) = store.problems
    assert problem.code == "wal-last-change"
    last_session = max(acknowledged)
    assert problem.msg.fields["sessions"] == str(last_session)
    assert problem.msg.text("ar") != problem.msg.text("en")
    assert (path.parent / str(problem.msg.fields["folder"]) / f"{path.name}-wal").read_bytes() == bytes(data)
    now = _heads(path)
    assert now[last_session] == acknowledged[last_session] - 1
    assert {i: h for i, h in now.items() if i != last_session} == {
        i: h for i, h in acknowledged.items() if i != last_session}


def test_a_torn_last_commit_that_was_acknowledged_is_told_as_lost(path: Path) -> None:
    """The same damage to a commit the table had been shown as done (the record vouches for it): the
    session and the input are named, not softened into a power cut."""
    acknowledged = _killed_writer(path)
    log_path = Path(f"{path}-wal")
    data = bytearray(log_path.read_bytes())
    log = wal.read(bytes(data), wal.page_size_of(path))
    torn = log.frames[log.commits_after(0)[-2].index]
    data[torn.offset:torn.offset + log.page_size] = bytes(log.page_size)
    log_path.write_bytes(bytes(data))
    with Store(path) as store:
        codes = sorted(p.code for p in store.problems)
        (lost,) = [p.msg for p in store.problems if p.code == "log-shortened"]
    last = max(acknowledged)
    assert codes == ["log-shortened", "wal-last-change"]
    assert lost.fields == {"session": last, "input": acknowledged[last], "head": acknowledged[last] - 1}
    assert f"{acknowledged[last]}" in lost.text("ar") and lost.text("be") != lost.text("en")
