"""The `soak` mark: a test's longer runs (a whole-game scenario in its other languages) that `make test` skips and
`make soak` (SOAK=1, `-k soak`) runs."""

from __future__ import annotations

import os

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if os.environ.get("SOAK") == "1":
        return
    later = pytest.mark.skip(reason="a longer run: `make soak` (SOAK=1) runs it")
    for item in items:
        if item.get_closest_marker("soak") is not None:
            item.add_marker(later)
