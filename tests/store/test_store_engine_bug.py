"""A bug in the engine met while a stored session is replayed (resume) does not stop the app: the session
is reported as one that cannot be resumed, and its data stays in the store for `sessions export`.

The bug is a deliberate one: the real engine with `apply` broken for one input, as in the table's test.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import msgspec
import pytest
import yaml

from companion import cli
from companion.core import scenario
from companion.core.flow import Act, Event, Input, Rejection
from companion.games.covenant.engine import CovenantRules
from companion.games.covenant.state import GameState
from companion.store import Store, StoredSession, export
from companion.store import session as stored
from companion.store.db import Problem

MOVE = Act(actor="knight", action="move", target="m2")


class MoveRaises(CovenantRules):
    def apply(self, state: GameState, inp: Input) -> list[Event] | Rejection:
        if inp == MOVE:
            raise KeyError("m2")
        return super().apply(state, inp)


def test_an_engine_bug_while_resuming_is_a_session_that_cannot_resume(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "sessions.sqlite3"
    with Store(path) as store:
        session = store.start("covenant", {"heroes": ["knight"], "seed": 4})
        assert isinstance(session, StoredSession)
        assert not isinstance(session.submit(MOVE), Rejection)
        sid = session.id
    monkeypatch.setattr(stored, "find", lambda game: MoveRaises())
    with Store(path) as store:
        problem = store.resume(sid)
        assert isinstance(problem, Problem) and problem.code == "cannot-resume"
        assert "input 1" in problem.msg.text("en")
        [row] = store.conn.execute("SELECT COUNT(*) FROM inputs WHERE session = ?", (sid,)).fetchall()
        assert row == (1,)


# ---- import and replay are guarded like the table (issue 24, finding 6) ------------------------------------

SETUP = {"heroes": ["knight"], "seed": 4}
END = Act(actor="knight", action="end")


def _scenario(tmp_path: Path, inputs: list[Input]) -> Path:
    file = tmp_path / "bug.yaml"
    file.write_text(yaml.safe_dump({"game": "covenant", "setup": SETUP,
                                    "inputs": [msgspec.to_builtins(i) for i in inputs]}), encoding="utf-8")
    return file


def _move_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rule system itself broken for one input, after it has begun to change the state."""
    apply = CovenantRules.apply

    def broken(self: CovenantRules, state: GameState, inp: Input) -> list[Event] | Rejection:
        if inp == MOVE:
            state.round += 7
            raise KeyError("m2")
        return apply(self, state, inp)

    monkeypatch.setattr(CovenantRules, "apply", broken)


def test_an_engine_exception_during_import_refuses_it_and_stores_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        capsys: pytest.CaptureFixture[str]) -> None:
    file = _scenario(tmp_path, [END, MOVE, END])
    path = tmp_path / "sessions.sqlite3"
    _move_raises(monkeypatch)
    with Store(path) as store, caplog.at_level(logging.ERROR):
        problem = export.import_file(store, file)
        assert isinstance(problem, Problem) and problem.code == "engine-bug"
        assert problem.msg.fields["number"] == 2
        ref = problem.msg.fields["ref"]
        assert all(f"{ref}" in problem.msg.text(lang) and problem.msg.text(lang) != problem.msg.text("en")
                   for lang in ("ar", "be"))
        assert store.sessions() == []
    [record] = caplog.records
    assert f"engine bug {ref}" in record.getMessage() and "input 2 of bug.yaml" in record.getMessage()
    assert msgspec.json.encode(MOVE).decode() in record.getMessage()
    assert record.exc_info is not None and record.exc_info[0] is KeyError
    assert cli.main(["sessions", "--store", str(path), "import", str(file)]) == 2
    out, err = capsys.readouterr()
    assert f"(bug {ref})" in err and "Traceback" not in out + err


def test_an_engine_exception_in_a_new_game_refuses_the_import(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: CovenantRules, setup: Any) -> GameState:
        raise AttributeError("'str' object has no attribute 'get'")

    monkeypatch.setattr(CovenantRules, "new_game", broken)
    with Store(tmp_path / "sessions.sqlite3") as store:
        problem = export.import_file(store, _scenario(tmp_path, [END]))
        assert isinstance(problem, Problem) and problem.code == "engine-bug" and "setup" in problem.msg.text("en")
        assert store.sessions() == []


def test_an_engine_exception_during_replay_is_the_input_refused_and_a_failure(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    without = scenario.play(scenario.load(_scenario(tmp_path, [END, END])))
    file = _scenario(tmp_path, [END, MOVE, END])
    _move_raises(monkeypatch)
    played = scenario.play(scenario.load(file))
    assert played.rejections.count("engine-bug") == 1
    assert played.session.snapshot() == without.session.snapshot()  # the state put back, the game went on
    assert next(f for f in played.failures if "bug" in f).startswith("input 2: ")
    assert cli.main(["replay", str(file)]) == 1
    out, _ = capsys.readouterr()
    assert "engine-bug" in out and "Traceback" not in out


def test_an_engine_exception_in_a_replayed_setup_is_reported(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def broken(self: CovenantRules, setup: Any) -> GameState:
        raise AttributeError("'str' object has no attribute 'get'")

    monkeypatch.setattr(CovenantRules, "new_game", broken)
    assert cli.main(["replay", str(_scenario(tmp_path, [END]))]) == 2
    out, err = capsys.readouterr()
    assert "engine-bug" in err and "Traceback" not in out + err
