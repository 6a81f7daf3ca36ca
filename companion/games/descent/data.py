"""Loading and checking Descent's data files (`data/descent/`): the dice (`dice.yaml`, shared with the
tray, and their values in `attack-dice.yaml`), the templates (`templates.yaml`), the maps (`maps/`) and the
rules' sections as the referee cites them (`sections.yaml`).

Every problem names its file, its entry and its field, and every entry is checked even after one fails,
so `companion data check --game descent` lists them all. A map given inline in a scenario is checked
the same way, its "file" being the scenario's setup.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from companion.core import gamedata
from companion.core.dice import DieKind
from companion.games.descent.grid import Board, Boulder, Cell, Door, Figure, MapState, Wall
from companion.games.descent.schema import TERRAIN, DieValues, FaceValue, MapFile, Section, TemplateSpec

T = TypeVar("T")
ATTACK_DICE = ("red", "blue", "white")
POWER_DICE = ("green", "yellow", "black")
FACE_ID = re.compile(r"r([0-9])-d([0-9])-s([0-9])")


def data_dir() -> Path:
    return gamedata.data_dir("descent")


@dataclass(frozen=True, eq=False)
class DescentData:
    dice: dict[str, DieKind]
    values: dict[str, DieValues]
    templates: dict[str, TemplateSpec]
    maps: dict[str, MapFile]
    sections: dict[str, Section]

    def value(self, die: str, face: str) -> FaceValue:
        return self.values[die].faces[face]


def _check_values(dice: dict[str, DieKind], values: dict[str, DieValues], errors: list[str]) -> None:
    for die in (*ATTACK_DICE, *POWER_DICE):
        if die not in dice:
            errors.append(f"dice.yaml: entry {die}: missing (the base game's dice)")
        if die not in values:
            errors.append(f"attack-dice.yaml: entry {die}: missing")
    for die, v in values.items():
        where = f"attack-dice.yaml: entry {die}"
        if die not in dice:
            errors.append(f"{where}: not a die of dice.yaml")
            continue
        if v.power != (die in POWER_DICE):
            errors.append(f"{where}: field power: {die} {'is' if die in POWER_DICE else 'is not'} a power die")
        for face in {f.id for f in dice[die].faces}:
            fv = v.faces.get(face)
            if fv is None:
                errors.append(f"{where}: field faces.{face}: the face of dice.yaml has no value")
                continue
            numbers = FACE_ID.fullmatch(face)
            if numbers and (fv.range, fv.damage, fv.surges) != tuple(int(n) for n in numbers.groups()):
                errors.append(f"{where}: field faces.{face}: the id reads range-damage-surges "
                              f"{'-'.join(numbers.groups())}, the value says {fv.range}-{fv.damage}-{fv.surges}")
            if fv.miss and die not in ATTACK_DICE:
                errors.append(f"{where}: field faces.{face}: only red, blue and white have a miss face")
        for face in v.faces:
            if dice[die].face(face) is None:
                errors.append(f"{where}: field faces.{face}: no such face in dice.yaml")


def _check_templates(templates: dict[str, TemplateSpec], errors: list[str]) -> None:
    for tid in ("breath", "lightning"):
        t = templates.get(tid)
        if t is None:
            errors.append(f"templates.yaml: entry {tid}: missing")
            continue
        if not t.start or not set(t.start) <= set(t.cells):
            errors.append(f"templates.yaml: entry {tid}: field start: must be squares of the template")
        if len(set(t.cells)) != len(t.cells):
            errors.append(f"templates.yaml: entry {tid}: field cells: a square is listed twice")
    lightning = templates.get("lightning")
    if lightning is not None and sorted(lightning.start) != [(0, 0), (1, 0)]:
        errors.append("templates.yaml: entry lightning: field start: the base is two squares wide, (0,0) and (1,0) "
                      "(p. 6)")


def _check_sections(sections: dict[str, Section], errors: list[str]) -> None:
    for s in sections.values():
        for lang, value in (*s.named().items(), *(("text." + k, v) for k, v in s.text.named().items())):
            if not str(value).strip():
                errors.append(f"sections.yaml: entry {s.id}: field {lang}: empty")


def build_map(f: MapFile, name: str, colours: set[str], errors: list[str]) -> tuple[MapState, list[Figure]] | None:
    """The map's state and its figures, or None with every problem added to `errors`. `f` is within the
    schema's bounds (its size, its squares' letters, its figures'), so what is checked here is how its
    parts fit together."""
    before = len(errors)
    width = max(len(row) for row in f.floor)
    if width == 0:
        errors.append(f"{name}: field floor: no squares")
        return None
    terrain: dict[str, list[Cell]] = {k: [] for k in TERRAIN.values()}
    for y, row in enumerate(f.floor):
        if len(row) != width:
            errors.append(f"{name}: field floor[{y}]: {len(row)} squares, the widest row has {width}")
        for x, ch in enumerate(row):
            terrain[TERRAIN[ch]].append((x, y))
    m = MapState(id=f.id, width=width, height=len(f.floor), rock=sorted(terrain["rock"]),
                 rubble=terrain["rubble"], pits=terrain["pit"], stairs=terrain["stairs"],
                 walls=list(f.walls), doors=list(f.doors), boulders=list(f.boulders), en=f.en, ar=f.ar, be=f.be)
    board = Board(m)
    _check_edges(board, f.walls, "walls", name, errors)
    _check_edges(board, f.doors, "doors", name, errors)
    seen: dict[Cell, str] = {}
    for i, b in enumerate(f.boulders):
        where = f"{name}: entry boulders {b.id or '#' + str(i + 1)}"
        if not board.floor(b.at):
            errors.append(f"{where}: field at: {list(b.at)} is not a floor square of the map")
        elif b.at in seen:
            errors.append(f"{where}: field at: {list(b.at)} already holds {seen[b.at]}")
        seen[b.at] = b.id
    ids = [b.id for b in f.boulders]
    for fig in f.figures:
        where = f"{name}: entry figures {fig.id}"
        if fig.id in ids:
            errors.append(f"{where}: field id: duplicate id")
        ids.append(fig.id)
        for die in fig.dice:
            if die not in colours:
                errors.append(f"{where}: field dice: unknown die colour {die!r} (one of {', '.join(sorted(colours))})")
        for sq in fig.squares():
            if not board.floor(sq):
                errors.append(f"{where}: field at: square {list(sq)} is off the map or rock")
            elif sq in seen:
                errors.append(f"{where}: field at: square {list(sq)} already holds {seen[sq]}")
            seen[sq] = fig.id
    return None if len(errors) > before else (m, list(f.figures))


def _check_edges(board: Board, items: Sequence[Wall | Door], field: str, name: str, errors: list[str]) -> None:
    for i, item in enumerate(items):
        if not board.on_grid(item.at):
            errors.append(f"{name}: entry {field} #{i + 1}: field at: {list(item.at)} is off the map "
                          f"({board.m.width}×{board.m.height})")


def read_map(raw: Any, name: str, colours: set[str]) -> tuple[MapFile | None, tuple[MapState, list[Figure]] | None,
                                                                 list[str]]:
    errors: list[str] = []
    if not isinstance(raw, dict):
        return None, None, [f"{name}: expected a map (id, en, ar, floor...), found {type(raw).__name__}"]
    lists = {k: raw.get(k) for k in ("walls", "doors", "boulders", "figures")}
    kinds: dict[str, type[Any]] = {"walls": Wall, "doors": Door, "boulders": Boulder, "figures": Figure}
    for k, v in lists.items():
        gamedata.entries(v, kinds[k], name, errors, k)
    try:
        f = msgspec.convert({k: v for k, v in raw.items() if k not in lists}, MapFile)
        if not errors:
            # Each entry fits on its own: now the lists as a whole, within their bounds (how many figures...).
            f = msgspec.convert({k: v for k, v in raw.items() if v is not None or k not in lists}, MapFile)
    except msgspec.ValidationError as exc:
        errors.append(f"{name}: {gamedata.field_message(exc)}")
    if errors:
        return None, None, errors
    built = build_map(f, name, colours, errors)
    return (f if built else None), built, errors


def read(root: Path | None = None) -> tuple[DescentData | None, list[str]]:
    folder = root or data_dir()
    errors: list[str] = []

    def listed(name: str, kind: type[T]) -> list[T]:
        return gamedata.entries(gamedata.read_yaml(folder / name, name, errors), kind, name, errors)

    dice = gamedata.by_id(listed("dice.yaml", DieKind), "dice.yaml", errors)
    values = gamedata.by_id(listed("attack-dice.yaml", DieValues), "attack-dice.yaml", errors)
    templates = gamedata.by_id(listed("templates.yaml", TemplateSpec), "templates.yaml", errors)
    section_list = listed("sections.yaml", Section)
    if errors:
        return None, errors
    _check_values(dice, values, errors)
    _check_templates(templates, errors)
    sections = gamedata.by_id(section_list, "sections.yaml", errors)
    _check_sections(sections, errors)
    maps: dict[str, MapFile] = {}
    for path in sorted((folder / "maps").glob("*.yaml")):
        name = f"maps/{path.name}"
        f, _, problems = read_map(gamedata.read_yaml(path, name, errors), name, set(dice))
        errors += problems
        if f is not None:
            if f.id != path.stem:
                errors.append(f"{name}: field id: {f.id!r} differs from the file's name")
            maps[f.id] = f
    return (None, errors) if errors else (DescentData(dice, values, templates, maps, sections), [])


def load(root: Path | None = None) -> DescentData:
    return gamedata.loaded(read(root))


@cache
def default() -> DescentData:
    return load()
