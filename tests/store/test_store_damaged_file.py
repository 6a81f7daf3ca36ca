"""Bytes damaged inside the database file (not the log), where SQLite keeps no checksum: a flipped byte may
leave the file's structure sound and change a record — a text that is no longer UTF-8, a JSON object cut, a
number turned into text. Whatever is damaged, the store reports it (the file set aside, a session that
cannot be resumed, sessions that cannot be read) and never raises: opening it, listing, resuming, undoing,
exporting, `companion sessions` and `doctor`'s look at it.

Seeded trials, each damaging a few bytes of a copy of one store (30 in the default run; `FUZZ_EXAMPLES`
for more, `make fuzz`)."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import traceback
from pathlib import Path

import pytest
from store_helpers import play, start, worked_turn

from companion import cli
from companion.core.flow import Accepted, Choose, Rejection
from companion.core.rules import parse_input
from companion.store import Store, StoredSession, export
from companion.store.db import inspect
from companion.store.drive import long_setup

TRIALS = int(os.environ.get("FUZZ_EXAMPLES", "30"))


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _pristine(tmp_path_factory.mktemp("pristine"))


def _pristine(folder: Path) -> Path:
    """Three sessions with snapshots and undos, the last with cards kept from an abandoned stretch (the
    rulebook's worked turn, undone to "keep or reroll?" and answered otherwise), checkpointed into the file."""
    path = folder / "pristine.sqlite3"
    with Store(path, snapshot_every=5) as store:
        for seed in (1, 2):
            session = start(store, long_setup(seed))
            play(session, 12, seed=seed)
            session.undo()
            play(session, 2, seed=seed + 10)
        worked = worked_turn()
        session = start(store, worked.setup)
        for raw in worked.inputs:
            inp = parse_input(raw)
            assert not isinstance(inp, Rejection) and isinstance(session.submit(inp), Accepted)
        session.undo()
        session.undo()
        assert isinstance(session.submit(Choose(option="gold")), Accepted) and session.kept
    assert not Path(f"{path}-wal").exists()
    return path


def _damage(data: bytes, rnd: random.Random) -> bytes:
    """A few bytes of one page beyond the header page changed, starting on a byte in use (most of a small
    store's pages are empty): one run of 1-8 bytes, or up to 8 anywhere in that page."""
    out = bytearray(data)
    page = 4096
    used = [at for at in range(page, len(out) - 8) if out[at]]
    first = rnd.choice(used)
    spots = (range(first, first + rnd.randint(1, 8)) if rnd.random() < 0.5
             else [rnd.randrange(first // page * page, first // page * page + page) for _ in range(rnd.randint(1, 8))])
    for at in spots:
        out[at] = rnd.choice([out[at] ^ (1 << rnd.randrange(8)), rnd.randrange(256), 0xFF, 0x80])
    return bytes(out)


def _use(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Everything the app and its commands do with a store, as a table would."""
    inspect(path)
    with Store(path) as store:
        for problem in store.problems:
            problem.msg.text("ar")
        ids = {info.id for info in store.sessions()} | {1, 2, 3}
        for sid in sorted(ids):
            export.dump_stored(store, sid)
            resumed = store.resume(sid)
            if isinstance(resumed, StoredSession):
                export.dump(resumed)
                resumed.undo()
                resumed.redo()
            else:
                resumed.msg.text("be")
    for command in (["list"], ["export", "1"], ["export", "2", "--transcript"]):
        cli.main(["sessions", "--store", str(path), *command])
    capsys.readouterr()


def test_fuzz_damaged_bytes_in_the_database_file_never_raise(tmp_path: Path, pristine: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    data = pristine.read_bytes()
    rnd = random.Random(16)
    raised: list[str] = []
    for trial in range(TRIALS):
        folder = tmp_path / f"trial{trial}"
        folder.mkdir()
        path = folder / "sessions.sqlite3"
        path.write_bytes(_damage(data, rnd))
        try:
            _use(path, capsys)
        except Exception as exc:  # the finding itself: anything that escapes is a traceback at the table
            raised.append(f"trial {trial}: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=-3)}")
        shutil.rmtree(folder)
    assert raised == [], f"{len(raised)} of {TRIALS} damaged stores raised:\n" + "\n".join(raised[:5])


COLUMNS = [("sessions", c) for c in ("game", "setup", "created", "updated", "head", "outcome")] + [
    ("inputs", "seq"), ("inputs", "input"), ("snapshots", "seq"), ("snapshots", "state"), ("kept", "n"),
    ("kept", "input")]
WRONG = {"null": "NULL", "integer": "7", "real": "2.5", "text": "'{\"heroes\": 1}'", "list": "'[1, 2]'",
         "blob": "x'ff00fe'", "not-utf-8": "CAST(x'c328ff' AS TEXT)"}


@pytest.mark.parametrize("wrong", sorted(WRONG))
@pytest.mark.parametrize(("table", "column"), COLUMNS)
def test_a_value_of_the_wrong_kind_in_any_column_never_raises(
        tmp_path: Path, pristine: Path, capsys: pytest.CaptureFixture[str], table: str, column: str,
        wrong: str) -> None:
    """What a damaged record can hold that a flipped byte rarely gives: each column of one session's rows with a
    value of another kind (SQLite keeps the kind of each value in the record, not in the column)."""
    path = tmp_path / "sessions.sqlite3"
    shutil.copy2(pristine, path)
    conn = sqlite3.connect(path, isolation_level=None)
    key = "id" if table == "sessions" else "session"
    try:
        changed = conn.execute(f"UPDATE {table} SET {column} = {WRONG[wrong]} "
                                   f"WHERE {key} = (SELECT MAX({key}) FROM {table})").rowcount
    except sqlite3.IntegrityError:
        pytest.skip(f"{table}.{column} is NOT NULL; a damaged record may hold it, SQL may not write it")
    finally:
        conn.close()
    assert changed > 0
    _use(path, capsys)
