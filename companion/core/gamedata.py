"""Where a rule system's data files live, and the one error for data that cannot be used."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TypeVar

REPO_DATA = Path(__file__).resolve().parents[2] / "data"
T = TypeVar("T")


def data_dir(game: str) -> Path:
    """The folder of `game`'s data: under `$COMPANION_DATA` if set (a table owner's edited copy), else under
    the repository's `data/`."""
    return Path(os.environ.get("COMPANION_DATA", REPO_DATA)) / game


class DataError(ValueError):
    """The data files cannot be used; `errors` lists every problem, each naming file, entry and field."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__("\n".join(errors))
        self.errors = errors


def loaded(read: tuple[T | None, list[str]]) -> T:
    """The data a game's `read` gave, or DataError with every problem it found."""
    data, errors = read
    if data is None:
        raise DataError(errors)
    return data
