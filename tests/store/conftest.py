"""Shared pieces of the store tests: a store in a temporary folder, the real Covenant engine, and a
position from the rulebook's worked turn (the Knight beside a Goblin's room)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.core import scenario
from companion.core.rules import RuleSystem, find
from companion.store import Store, StoredSession, drive

WORKED_TURN = Path(__file__).resolve().parents[1] / "games" / "covenant" / "scenarios" / "worked-turn.yaml"


@pytest.fixture
def rules() -> RuleSystem[Any]:
    return find("covenant")


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "sessions.sqlite3"


@pytest.fixture
def store(path: Path) -> Iterator[Store]:
    with Store(path, snapshot_every=10) as opened:
        assert opened.problems == [] and opened.durable
        yield opened


def worked_turn() -> scenario.Scenario:
    return scenario.load(WORKED_TURN)


def start(store: Store, setup: dict[str, Any]) -> StoredSession:
    session = store.start("covenant", setup)
    assert isinstance(session, StoredSession)
    return session


def play(session: drive.Playable, count: int, seed: int = 1) -> int:
    """Submit up to `count` accepted inputs chosen from the engine's prompts; how many were accepted."""
    rnd = random.Random(seed)
    done = 0
    while done < count and drive.step(session, rnd) is not None:
        done += 1
    return done
