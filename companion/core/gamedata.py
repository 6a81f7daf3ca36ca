"""A rule system's data files: where they live, how each is read (through the one reader of outside files)
and converted entry by entry, and the one error for data that cannot be used."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Protocol, TypeVar

import msgspec

from companion.core import files, text

REPO_DATA = Path(__file__).resolve().parents[2] / "data"
T = TypeVar("T")
MAX_LABEL = 40


def data_dir(game: str) -> Path:
    """The folder of `game`'s data: under `$COMPANION_DATA` if set (a table owner's edited copy), else under
    the repository's `data/`."""
    return Path(os.environ.get("COMPANION_DATA", REPO_DATA)) / game


class DataError(ValueError):
    """The data files cannot be used; `errors` lists every problem, each naming file, entry and field."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__("\n".join(text.clipped(errors)))
        self.errors = errors


def loaded(read: tuple[T | None, list[str]]) -> T:
    """The data a game's `read` gave, or DataError with every problem it found."""
    data, errors = read
    if data is None:
        raise DataError(errors)
    return data


def read_yaml(path: Path, name: str, errors: list[str]) -> Any:
    """The file's YAML, or None with its problem (`name`, place, reason) added to `errors`."""
    try:
        return files.read_yaml(path)
    except files.FileError as exc:
        errors.append(": ".join(p for p in (name, exc.place, exc.reason) if p))
    return None


def entries(raw: Any, kind: type[T], name: str, errors: list[str], field: str = "") -> list[T]:
    """Each entry of a list converted to `kind`; an entry that does not fit is named in `errors` by its id
    (or its position) and its field, and left out. `field` names the list within the file, if it is one."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        where = f"field {field}: " if field else ""
        errors.append(f"{name}: {where}expected a list of entries, found {type(raw).__name__}")
        return []
    out = []
    entry = f"entry {field} " if field else "entry "
    for index, item in enumerate(raw):
        label = _label(item, index)
        try:
            out.append(msgspec.convert(item, kind))
        except msgspec.ValidationError as exc:
            errors.append(f"{name}: {entry}{label}: {field_message(exc)}")
    return out


def _label(item: Any, index: int) -> str:
    """An entry's id as its name when it is a short line of text, else its position."""
    key = item.get("id") if isinstance(item, dict) else None
    if isinstance(key, str) and 0 < len(key) <= MAX_LABEL and key.isprintable() and key == key.strip():
        return key
    return f"#{index + 1}"


class HasId(Protocol):
    @property
    def id(self) -> str: ...


Keyed = TypeVar("Keyed", bound=HasId)


def by_id(items: list[Keyed], name: str, errors: list[str]) -> dict[str, Keyed]:
    """Entries by their id, in the file's order; an id given twice is named in `errors` (the later entry
    stands)."""
    out: dict[str, Keyed] = {}
    for item in items:
        if item.id in out:
            errors.append(f"{name}: entry {item.id}: duplicate id")
        out[item.id] = item
    return out


def field_message(exc: msgspec.ValidationError) -> str:
    """msgspec's "… - at `$.faces.blank`" read as "field faces.blank: …"."""
    text = str(exc)
    if " - at `$." in text:
        what, where = text.split(" - at `$.", 1)
        return f"field {where.rstrip('`')}: {what}"
    return text
