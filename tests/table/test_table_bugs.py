"""The table never dies on an engine exception (issue 14): should a bug slip past the checks, the input is
refused with a bug code in both languages, the game stays exactly as it was (on screen and in the
store), and the log holds the input, where the session stood and the state it met, to reproduce it.

The bug is a deliberate one: the real engine, with `apply` broken for one input after it has already
changed part of the state, which is the worst case for "the game is as it was".
"""

from __future__ import annotations

import logging
import queue
from pathlib import Path
from typing import Any

import msgspec
import pytest

from companion.core.flow import Act, Event, Input, Rejection
from companion.games.covenant.engine import CovenantRules
from companion.games.covenant.state import GameState
from companion.store import Store, StoredSession
from companion.table import Table

DRINK = Act(actor="knight", action="drink", target="health")
MOVE = Act(actor="knight", action="move", target="m2")


class DrinkRaises(CovenantRules):
    def apply(self, state: GameState, inp: Input) -> list[Event] | Rejection:
        if inp == DRINK:
            state.heroes["knight"].gold += 100
            raise KeyError("health")
        return super().apply(state, inp)


@pytest.fixture
def table(tmp_path: Path) -> tuple[Table, Store, StoredSession]:
    store = Store(tmp_path / "sessions.sqlite3")
    session = store.start("covenant", {"heroes": ["knight"], "seed": 4, "position": {"heroes": {"knight": {"hp": 5}}}})
    assert isinstance(session, StoredSession)
    session.rules = DrinkRaises()
    return Table(session, queue.Queue()), store, session


def test_an_engine_exception_refuses_the_input_and_keeps_the_game(
        table: tuple[Table, Store, StoredSession], caplog: pytest.LogCaptureFixture) -> None:
    referee, store, session = table
    before = session.rules.encode(session.state)
    with caplog.at_level(logging.ERROR, logger="companion.table"):
        update = referee.submit(DRINK)
    refused = update.rejection
    assert refused is not None and refused.code == "engine-bug" and update.accepted == []
    ref = refused.msg.fields["ref"]
    assert f"(bug {ref})" in refused.msg.text("en") and f"(الخلل {ref})" in refused.msg.text("ar")
    assert session.rules.encode(session.state) == before and session.head == 0
    resumed = store.resume(session.id)
    assert isinstance(resumed, StoredSession) and resumed.head == 0
    [record] = caplog.records
    text = record.getMessage()
    assert f"engine bug {ref}" in text and f"session {session.id} at input 0" in text
    assert msgspec.json.encode(DRINK).decode() in text and before.decode() in text
    assert record.exc_info is not None and record.exc_info[0] is KeyError


def test_the_game_goes_on_after_the_bug(table: tuple[Table, Store, StoredSession]) -> None:
    referee, store, session = table
    referee.submit(DRINK)
    update = referee.submit(MOVE)
    assert update.rejection is None and [a.seq for a in update.accepted] == [1]
    assert session.state.heroes["knight"].space == "m2" and session.state.heroes["knight"].gold == 3
    resumed: Any = store.resume(session.id)
    assert resumed.head == 1 and resumed.state.heroes["knight"].space == "m2"


class SetupRaises(CovenantRules):
    broken = False

    def new_game(self, raw: Any) -> GameState:
        if self.broken:
            raise KeyError("knight")
        return super().new_game(raw)


def test_an_engine_exception_during_undo_keeps_the_game_too(tmp_path: Path,
                                                           caplog: pytest.LogCaptureFixture) -> None:
    store = Store(tmp_path / "sessions.sqlite3")
    session = store.start("covenant", {"heroes": ["knight"], "seed": 4})
    assert isinstance(session, StoredSession)
    rules = session.rules = SetupRaises()
    referee = Table(session, queue.Queue())
    assert referee.submit(MOVE).rejection is None
    rules.broken = True
    with caplog.at_level(logging.ERROR, logger="companion.table"):
        update = referee.undo()
    assert update.rejection is not None and update.rejection.code == "engine-bug" and update.put_back == []
    assert (session.head, session.state.heroes["knight"].space) == (1, "m2")
    assert '"undo"' in caplog.records[0].getMessage()
    rules.broken = False
    resumed: Any = store.resume(session.id)
    assert resumed.head == 1
