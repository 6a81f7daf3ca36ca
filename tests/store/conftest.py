"""Fixtures of the store tests: the real Covenant engine, and a store in a temporary folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.core.rules import RuleSystem, find
from companion.store import Store


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
