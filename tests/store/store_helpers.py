"""Helpers of the store tests: start a session, play it from its own prompts, and a position from the
rulebook's worked turn (the Knight beside a Goblin's room)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from companion.core import scenario
from companion.store import Store, StoredSession, drive

WORKED_TURN = Path(__file__).resolve().parents[1] / "games" / "covenant" / "scenarios" / "worked-turn.yaml"


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
