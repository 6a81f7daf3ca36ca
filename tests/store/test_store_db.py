"""The store file: durability settings, schema migrations, and bad files or disks, which never crash."""

from __future__ import annotations

import os
import random
import sqlite3
from pathlib import Path
from typing import Any

import msgspec
import pytest
from store_helpers import play, start

from companion.core.flow import Rejection
from companion.core.rules import RuleSystem, replay
from companion.store import Store, StoredSession
from companion.store.db import MIGRATIONS, SCHEMA_VERSION, quarantine
from companion.store.drive import long_setup, pick


def test_write_ahead_log_with_a_sync_at_every_commit(store: Store) -> None:
    assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert store.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def _version_1_store(path: Path, rules: RuleSystem[Any]) -> tuple[list[Any], bytes]:
    """A store as version 1 of the schema wrote it, holding one session of 30 inputs."""
    game = replay(rules, long_setup(8), [])
    play(game, 30, seed=8)
    conn = sqlite3.connect(path, isolation_level=None)
    for statement in MIGRATIONS[1]:
        conn.execute(statement)
    conn.execute("PRAGMA user_version=1")
    conn.execute("INSERT INTO sessions (id, game, setup, created, updated) VALUES (1, 'covenant', ?, 0, 0)",
                 (msgspec.json.encode(long_setup(8)),))
    conn.executemany("INSERT INTO inputs VALUES (1, ?, ?, 0)",
                     [(e.seq, msgspec.json.encode(e.input)) for e in game.log.entries])
    conn.close()
    return game.log.inputs(), game.snapshot()


def test_a_version_1_store_is_migrated_and_its_session_resumes_at_its_last_input(
        path: Path, rules: RuleSystem[Any]) -> None:
    inputs, state = _version_1_store(path, rules)
    with Store(path) as store:
        assert store.problems == []
        assert store.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        session = store.resume(1)
        assert isinstance(session, StoredSession)
        assert session.head == 30 and session.accepted() == inputs
        assert rules.encode(session.state) == state
        assert not isinstance(session.undo(), Rejection)


def test_a_store_from_a_newer_version_is_set_aside_untouched(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE future (x)")
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    original = path.read_bytes()
    with Store(path) as store:
        assert [p.code for p in store.problems] == ["newer-schema"] and store.durable
        kept = [p for p in quarantine(path).iterdir() if p.name.startswith(f"{path.name}.schema{SCHEMA_VERSION + 1}-")]
        assert len(kept) == 1 and kept[0].read_bytes() == original
        assert kept[0].name in store.problems[0].msg.text("ar")
        assert store.sessions() == []


def _store_with_a_session(path: Path) -> None:
    with Store(path) as store:
        play(start(store, long_setup(9)), 60, seed=9)
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


@pytest.mark.parametrize("damage", ["garbage", "truncated", "zeroed-page"])
def test_a_damaged_file_is_kept_aside_and_a_new_store_starts(path: Path, damage: str) -> None:
    _store_with_a_session(path)
    data = path.read_bytes()
    if damage == "garbage":
        data = os.urandom(len(data))
    elif damage == "truncated":
        data = data[:len(data) // 2 + 100]
    else:
        data = data[:4096] + bytes(4096) + data[8192:]
    path.write_bytes(data)
    for boot in range(2):  # the next boot finds a sound store: no loop
        with Store(path) as store:
            codes = [p.code for p in store.problems]
            assert codes == (["corrupt"] if boot == 0 else [])
            assert store.durable and store.sessions() == []
    aside = [p for p in quarantine(path).iterdir()
             if ".corrupt-" in p.name and not p.name.endswith(("-wal", "-shm", "-acked"))]
    assert len(aside) == 1 and aside[0].read_bytes() == data


def test_an_empty_store_file_is_reported_and_kept_aside_not_taken_for_a_new_store(path: Path) -> None:
    """A store file cut to nothing (a card or a copy that lost it) held sessions: the table is told."""
    _store_with_a_session(path)
    path.write_bytes(b"")
    Path(f"{path}-wal").unlink(missing_ok=True)
    for boot in range(2):
        with Store(path) as store:
            assert [p.code for p in store.problems] == (["empty-file"] if boot == 0 else [])
            assert store.durable and store.sessions() == []
            if boot == 0:
                msg = store.problems[0].msg
                assert "empty file" in msg.text("en") and msg.text("ar") != msg.text("en")
    (kept,) = [p for p in quarantine(path).iterdir() if not p.name.endswith("-acked")]
    assert kept.name.startswith(f"{path.name}.empty-") and kept.stat().st_size == 0
    assert str(kept.relative_to(path.parent)) in msg.text("ar")


def test_a_new_store_is_never_an_empty_file_at_its_path(path: Path) -> None:
    """A new store is built aside and renamed into place, so an empty file is never one being created."""
    with Store(path) as store:
        assert store.problems == [] and path.stat().st_size > 0
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_a_folder_that_cannot_be_written_gives_a_store_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    with Store(blocker / "sessions.sqlite3") as store:
        assert not store.durable and [p.code for p in store.problems] == ["not-saved"]
        session = start(store, long_setup(1))
        assert play(session, 5) == 5


def test_a_full_disk_refuses_the_input_and_leaves_the_game_as_it_was(path: Path, store: Store,
                                                                      rules: RuleSystem[Any]) -> None:
    session = start(store, long_setup(10))
    play(session, 40, seed=10)
    pages = store.conn.execute("PRAGMA page_count").fetchone()[0]
    store.conn.execute(f"PRAGMA max_page_count={pages}")
    full: Rejection | None = None
    for _ in range(400):  # fill the last free pages until SQLite answers SQLITE_FULL
        before, head = rules.encode(session.state), session.head
        prompt = session.prompt()
        assert prompt is not None
        result = session.submit(pick(prompt, random.Random(session.head)))
        if isinstance(result, Rejection) and result.code == "store-full":
            full = result
            break
    assert full is not None, "the database never filled up"
    assert session.head == head and rules.encode(session.state) == before
    assert "disk is full" in full.msg.text("en") and full.msg.text("ar") != full.msg.text("en")
    store.conn.execute("PRAGMA max_page_count=1073741823")
    play(session, 5, seed=11)
    stored_head = session.head
    store.close()
    with Store(path) as again:
        resumed = again.resume(session.id)
        assert isinstance(resumed, StoredSession) and resumed.head == stored_head
        assert rules.encode(resumed.state) == replay(rules, long_setup(10), resumed.accepted()).snapshot()


def test_a_store_damaged_after_it_was_opened_lists_no_sessions_and_says_why(store: Store) -> None:
    start(store, long_setup(1))
    store.conn.execute("DROP TABLE sessions")
    assert store.sessions() == []
    assert [p.code for p in store.problems] == ["store-failed"]
