"""Every die kind the tray may meet: the union of the games' `data/<game>/dice.yaml` files."""

from __future__ import annotations

from pathlib import Path

from companion.core import files
from companion.core.dice import DieKind, load_dice

DATA_DIR = Path(__file__).resolve().parents[3] / "data"


class DiceDataError(ValueError):
    """A dice file that cannot be read, or two games defining one kind id differently."""


def load_kinds(data_dir: Path = DATA_DIR) -> dict[str, DieKind]:
    kinds: dict[str, DieKind] = {}
    for path in sorted(data_dir.glob("*/dice.yaml")):
        try:
            raw = files.read_yaml(path)
        except files.FileError as exc:
            raise DiceDataError(str(exc)) from exc
        for kind_id, kind in load_dice(raw).items():
            if kinds.get(kind_id, kind) != kind:
                raise DiceDataError(f"{path}: die kind {kind_id!r} is already defined differently")
            kinds[kind_id] = kind
    return kinds
