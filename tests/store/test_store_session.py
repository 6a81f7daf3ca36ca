"""Sessions: durable append, snapshots, resume exactly at the last accepted input, finished games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
from store_helpers import play, start, worked_turn

from companion.core.flow import Accepted, Act, CardPrompt, Draw, Rejection, Source
from companion.core.rules import RuleSystem, parse_input, replay
from companion.store import Problem, Store, StoredSession
from companion.store.drive import long_setup


def test_every_accepted_input_is_in_the_file_when_submit_returns(path: Path, store: Store) -> None:
    session = start(store, long_setup(3))
    assert play(session, 25, seed=3) == 25
    # A second connection sees only what was committed.
    with Store(path) as other:
        seen = other.resume(session.id)
        assert isinstance(seen, StoredSession)
        assert seen.accepted() == session.accepted()


def test_a_rejected_input_is_not_stored(store: Store) -> None:
    session = start(store, long_setup(1))
    before = session.rules.encode(session.state)
    result = session.submit(Act(actor="knight", action="fly"))
    assert isinstance(result, Rejection)
    assert session.head == 0 and session.rules.encode(session.state) == before
    assert store.conn.execute("SELECT COUNT(*) FROM inputs").fetchone()[0] == 0


def test_resume_rebuilds_the_same_state_as_a_replay_across_snapshots(path: Path, store: Store,
                                                                      rules: RuleSystem[Any]) -> None:
    session = start(store, long_setup(2))
    play(session, 137, seed=2)
    snapshots = [seq for (seq,) in store.conn.execute("SELECT seq FROM snapshots ORDER BY seq")]
    assert snapshots == list(range(10, 137, 10))
    store.close()
    with Store(path, snapshot_every=10) as again:
        resumed = again.resume(session.id)
        assert isinstance(resumed, StoredSession)
        assert resumed.head == 137
        expected = replay(rules, long_setup(2), resumed.accepted())
        assert rules.encode(resumed.state) == expected.snapshot() == rules.encode(session.state)
        assert resumed.prompt() == session.prompt()


def test_resume_stops_at_the_pending_prompt_and_play_goes_on(path: Path, store: Store) -> None:
    worked = worked_turn()
    session = start(store, worked.setup)
    for raw in worked.inputs[:2]:  # move, then attack: the engine waits for a combat card from the table
        inp = parse_input(raw)
        assert not isinstance(inp, Rejection)
        assert isinstance(session.submit(inp), Accepted)
    store.close()
    with Store(path) as again:
        resumed = again.resume(session.id)
        assert isinstance(resumed, StoredSession)
        prompt = resumed.prompt()
        assert isinstance(prompt, CardPrompt) and prompt.deck == "combat"
        assert isinstance(resumed.submit(Draw(deck="combat", card="5", source=Source.TABLE)), Accepted)


def test_a_damaged_snapshot_falls_back_to_replaying_the_log(store: Store, rules: RuleSystem[Any]) -> None:
    session = start(store, long_setup(4))
    play(session, 35, seed=4)
    store.conn.execute("UPDATE snapshots SET state = x'7b7d' WHERE seq = 30")
    resumed = store.resume(session.id)
    assert isinstance(resumed, StoredSession)
    assert rules.encode(resumed.state) == rules.encode(session.state)


def test_a_snapshot_that_does_not_decode_gives_way_to_the_one_before_it(store: Store,
                                                                        rules: RuleSystem[Any]) -> None:
    """docs/store.md: a snapshot that does not decode is skipped for an older one, then for the setup. Input 5
    is made one this engine refuses, so only the snapshot at 20 (not a replay from the setup) can resume."""
    session = start(store, long_setup(4))
    play(session, 35, seed=4)
    store.conn.execute("UPDATE snapshots SET state = x'7b7d' WHERE seq = 30")
    store.conn.execute("UPDATE inputs SET input = ? WHERE seq = 5",
                       (msgspec.json.encode(Act(actor="knight", action="fly")),))
    resumed = store.resume(session.id)
    assert isinstance(resumed, StoredSession), resumed
    assert rules.encode(resumed.state) == rules.encode(session.state)
    store.conn.execute("UPDATE snapshots SET state = x'7b7d'")
    from_setup = store.resume(session.id)
    assert isinstance(from_setup, Problem) and "input 5 is refused" in from_setup.msg.text("en")


def test_a_log_the_engine_refuses_is_reported_not_raised(store: Store) -> None:
    session = start(store, long_setup(5))
    play(session, 12, seed=5)
    bad = msgspec.json.encode(Act(actor="knight", action="fly"))
    store.conn.execute("UPDATE inputs SET input = ? WHERE seq = 3", (bad,))
    store.conn.execute("DELETE FROM snapshots")
    result = store.resume(session.id)
    assert isinstance(result, Problem) and result.code == "cannot-resume"
    assert "input 3" in result.msg.text("en")
    assert result.msg.text("ar") != result.msg.text("en")
    assert store.conn.execute("SELECT COUNT(*) FROM inputs WHERE session = ?", (session.id,)).fetchone()[0] == 12


def test_unfinished_lists_games_not_over(store: Store) -> None:
    short = start(store, {"heroes": ["knight"], "seed": 7})
    long = start(store, long_setup(6))
    play(long, 20, seed=6)
    play(short, 5000, seed=7)
    assert short.prompt() is None
    infos = {s.id: s for s in store.sessions()}
    assert infos[short.id].outcome == short.state.outcome and infos[short.id].outcome
    assert [s.id for s in store.unfinished()] == [long.id]
    assert infos[long.id].head == 20


def test_resuming_an_unknown_session_says_so(store: Store) -> None:
    result = store.resume(99)
    assert isinstance(result, Problem) and result.code == "no-session"
