"""A shortened write-ahead log: an SD card that drops the tail of the `-wal` after fsync (cut to its
header, by its last byte, inside any frame). SQLite takes a partial last frame for a torn write that was
never acknowledged and drops it without a word; the store's record of what it acknowledged (kept apart
from the log) must name every session that lost an acknowledged input, and the input, and nothing else
may be lost.

The log of a store holding three sessions whose commits interleave is cut at every frame boundary and at
three places inside every frame (in the frame's header, in its page, by its last byte)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from store_helpers import play, start

from companion import cli
from companion.core.messages import Msg
from companion.store import Store, StoredSession, wal
from companion.store.drive import long_setup

NAME = "sessions.sqlite3"
SUFFIXES = ("", "-wal", "-acked")
TURNS = 6  # inputs, round robin over the three sessions: 9 commits, every frame cut (a few seconds)


def _written(folder: Path) -> tuple[Path, dict[int, int]]:
    """A store whose log holds three new games and their inputs, round robin (never checkpointed), copied
    as the card holds it while the app runs; and each session's acknowledged head."""
    path = folder / "live" / NAME
    path.parent.mkdir()
    Store(path).close()
    store = Store(path, snapshot_every=4, checkpoint_every=1_000_000)
    sessions = [start(store, long_setup(seed)) for seed in (1, 2, 3)]
    for turn in range(TURNS):
        assert play(sessions[turn % 3], 1, seed=turn) == 1
    acknowledged = {s.id: s.head for s in sessions}
    copy = folder / "copy"
    copy.mkdir()
    for suffix in SUFFIXES:
        if Path(f"{path}{suffix}").exists():
            shutil.copy2(f"{path}{suffix}", copy / f"{NAME}{suffix}")
    store.close()
    return copy / NAME, acknowledged


def _cuts(log: wal.Log) -> list[int]:
    """Every frame boundary, and inside each frame: one byte into its header, half its page, its last byte."""
    size = wal.FRAME_HEADER + log.page_size
    out = [0, wal.HEADER // 2]
    for frame in log.frames:
        start = frame.offset - wal.FRAME_HEADER
        out += [start, start + 1, start + wal.FRAME_HEADER + log.page_size // 2, start + size - 1]
    return [*out, len(log.data)]


def _found(path: Path) -> tuple[list[dict[str, object]], dict[int, int]]:
    """The problems of a shortened log (their fields) and each session's head, as the store finds them."""
    with Store(path) as store:
        shortened = [dict(p.msg.fields) for p in store.problems if p.code == "log-shortened"]
        heads = {}
        for info in store.sessions():
            resumed = store.resume(info.id)
            assert isinstance(resumed, StoredSession), resumed
            heads[info.id] = resumed.head
    return shortened, heads


def test_every_acknowledged_input_lost_with_the_end_of_the_log_is_reported_by_session_and_input(
        tmp_path: Path) -> None:
    source, acknowledged = _written(tmp_path)
    log = wal.read(Path(f"{source}-wal").read_bytes(), wal.page_size_of(source))
    assert len(log.commits_after(0)) == 3 + TURNS and log.recoverable == len(log.frames)
    silent, losses = [], 0
    for n, cut in enumerate(_cuts(log)):
        folder = tmp_path / f"cut{n}"
        folder.mkdir()
        for suffix in SUFFIXES:
            if Path(f"{source}{suffix}").exists():
                shutil.copy2(f"{source}{suffix}", folder / f"{NAME}{suffix}")
        path = folder / NAME
        os.truncate(f"{path}-wal", cut)
        shortened, heads = _found(path)
        lost = {sid: head for sid, head in acknowledged.items() if heads.get(sid, -1) != head}
        losses += len(lost)
        reported = {int(str(p["session"])): int(str(p["input"])) for p in shortened}
        if reported != lost:
            silent.append(f"cut at byte {cut}: lost {lost} (session: last acknowledged input), reported {reported}")
        for sid, head in heads.items():  # nothing beyond what is reported: each session at a head it had
            assert 0 <= head <= acknowledged[sid]
        assert _found(path)[0] == [], "reported again at the next opening"
        shutil.rmtree(folder)
    assert losses > 0
    assert silent == [], f"{len(silent)} of {len(_cuts(log))} cuts misreported:\n" + "\n".join(silent[:10])


def test_doctor_and_the_sessions_list_name_the_lost_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`companion doctor` (which only looks) names them before the app opens the store; `sessions list`
    (which opens it) says it in the table's language."""
    source, acknowledged = _written(tmp_path)
    os.truncate(f"{source}-wal", wal.HEADER // 2)
    settings = tmp_path / "config.toml"
    settings.write_text(f'[store]\npath = "{source}"\n', encoding="utf-8")
    assert cli.main(["doctor", "--config", str(settings)]) == 1
    (line,) = [line for line in capsys.readouterr().out.splitlines() if "session store" in line]
    assert "PROBLEM" in line and all(f"session {s}, input {h}" in line for s, h in acknowledged.items())
    assert cli.main(["sessions", "--store", str(source), "--lang", "ar", "list"]) == 0
    out = capsys.readouterr().out
    for sid, head in acknowledged.items():
        said = Msg("Session {session}, saved up to input {input} and shown as done, is missing from the store: the "
                   "card dropped the end of the store's log. Start that game again.", {"session": sid, "input": head})
        assert said.text("ar") in out
