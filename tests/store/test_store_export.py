"""Export and import: a session as a scenario that `companion replay` plays to the same game, a
transcript people can read, and the `companion sessions` command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest
import yaml
from store_helpers import play, start, worked_turn

from companion import cli
from companion.core import scenario
from companion.core.flow import Rejection
from companion.core.rules import RuleSystem, parse_input
from companion.store import Problem, Store, StoredSession, export
from companion.store.drive import long_setup


def test_an_exported_session_replays_to_the_same_state_byte_for_byte(tmp_path: Path, store: Store,
                                                                     rules: RuleSystem[Any]) -> None:
    session = start(store, long_setup(12))
    play(session, 150, seed=12)
    session.undo()
    file = tmp_path / "bug-report.yaml"
    file.write_text(export.dump(session), encoding="utf-8")
    raw = yaml.safe_load(file.read_text(encoding="utf-8"))
    assert raw["game"] == "covenant" and raw["setup"] == long_setup(12) and len(raw["inputs"]) == session.head
    played = scenario.play(scenario.load(file))
    assert played.rejections == [] and played.failures == []
    assert played.session.snapshot() == rules.encode(session.state)


def test_a_finished_game_exports_its_outcome_as_an_expectation(tmp_path: Path, store: Store) -> None:
    session = start(store, {"heroes": ["knight"], "seed": 7})
    play(session, 5000, seed=7)
    assert session.prompt() is None
    file = tmp_path / "game.yaml"
    file.write_text(export.dump(session), encoding="utf-8")
    assert scenario.load(file).expect.outcome == session.state.outcome
    assert cli.main(["replay", str(file)]) == 0


def test_the_transcript_reads_input_by_input_in_either_language(store: Store) -> None:
    worked = worked_turn()
    session = start(store, worked.setup)
    for raw in worked.inputs:
        inp = parse_input(raw)
        assert not isinstance(inp, Rejection)
        session.submit(inp)
    english = export.transcript(session, "en")
    assert english.startswith(f"Session {session.id}: covenant with knight, 12 inputs.")
    assert "#1 knight: move t3" in english
    assert "Exiled Knight drinks a Health potion and heals 5 HP (now 11)." in english
    arabic = export.transcript(session, "ar")
    assert arabic.startswith(f"الجلسة {session.id}:") and "الفارس المنفي" in arabic


def test_an_imported_scenario_becomes_a_session_that_resumes(path: Path, store: Store,
                                                             rules: RuleSystem[Any]) -> None:
    worked = worked_turn()
    raw = msgspec.to_builtins(worked)
    raw["inputs"].insert(3, {"type": "act", "actor": "knight", "action": "fly"})
    file = path.parent / "with-a-bad-input.yaml"
    file.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    imported = export.import_file(store, file)
    assert isinstance(imported, tuple)
    session, refused = imported
    assert refused == ["input 4: expected-die"] and session.head == 12
    expected = scenario.play(worked).session.snapshot()
    resumed = store.resume(session.id)
    assert isinstance(resumed, StoredSession) and rules.encode(resumed.state) == expected


def test_a_file_that_is_not_a_scenario_is_refused_with_a_message(tmp_path: Path, store: Store) -> None:
    file = tmp_path / "notes.yaml"
    file.write_text("- just\n- a list\n", encoding="utf-8")
    result = export.import_file(store, file)
    assert isinstance(result, Problem) and result.code == "bad-import" and "notes.yaml" in result.msg.text("ar")
    assert store.sessions() == []


def test_the_sessions_command_lists_exports_and_imports(path: Path, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    with Store(path) as store:
        session = start(store, long_setup(13))
        play(session, 30, seed=13)
        sid = session.id
    assert cli.main(["sessions", "--store", str(path), "list", "--unfinished"]) == 0
    listed = capsys.readouterr().out
    assert f"{sid:>5}" in listed and "30 inputs" in listed and "knight, rogue, ranger, sorceress" in listed
    out = tmp_path / "export.yaml"
    assert cli.main(["sessions", "--store", str(path), "export", str(sid), "-o", str(out)]) == 0
    assert cli.main(["sessions", "--store", str(path), "import", str(out)]) == 0
    assert "30 inputs stored" in capsys.readouterr().out
    assert cli.main(["sessions", "--store", str(path), "export", "99"]) == 2
    assert "There is no session 99." in capsys.readouterr().out
    with Store(path) as store:
        first, second = (store.resume(s.id) for s in sorted(store.sessions(), key=lambda s: s.id))
        assert isinstance(first, StoredSession) and isinstance(second, StoredSession)
        assert first.accepted() == second.accepted()


def test_a_session_that_cannot_resume_is_still_exported_as_its_stored_log(
        path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The advice of `cannot-resume` works: export writes the setup and the raw log up to the head, and
    `companion replay` of that file names the input this engine refuses."""
    with Store(path) as store:
        session = start(store, long_setup(14))
        play(session, 30, seed=14)
        session.undo()
        sid, head, accepted = session.id, session.head, session.accepted()
        bad = {"type": "act", "actor": "knight", "action": "fly"}
        store.conn.execute("UPDATE inputs SET input = ? WHERE session = ? AND seq = 3",
                           (msgspec.json.encode(bad), sid))
        store.conn.execute("DELETE FROM snapshots")
        assert isinstance(store.resume(sid), Problem)
    out = tmp_path / "stored.yaml"
    assert cli.main(["sessions", "--store", str(path), "export", str(sid), "-o", str(out)]) == 0
    assert f"Session {sid} cannot be resumed" in capsys.readouterr().err
    raw = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert raw["game"] == "covenant" and raw["setup"] == long_setup(14) and len(raw["inputs"]) == head
    expected = [msgspec.to_builtins(i) for i in accepted]
    expected[2] = bad
    assert [parse_input(i) for i in raw["inputs"]] == [parse_input(i) for i in expected]
    played = scenario.play(scenario.load(out))
    assert played.rejections[0] == "unknown-action"  # the bug report shows what this engine refuses
