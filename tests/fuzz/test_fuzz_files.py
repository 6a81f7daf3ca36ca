"""The fuzzer on the files from outside (issue 24): scenario files of every rule system (`companion replay`),
exported sessions (`companion sessions import`), every data file of The Last Covenant and Dungeon Roll
and Descent's map files (`companion data check`), through the schema each is read with. Each input is a
real file with the edges of its schema's bounds planted in it, or data drawn from the schema itself, run
under a time and memory cap (fuzz_schema.run_case): a refusal is one bounded message naming the file, never
a traceback, a hang or a blow-up."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fuzz_schema import FUZZ, TIMEOUT, as_yaml, bounded, edges, finish, mutated, plain, run_case
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import cli
from companion.core import files, scenario
from companion.core.dice import DieKind
from companion.games.covenant import data as covenant
from companion.games.covenant import schema as cs
from companion.games.descent import data as descent
from companion.games.descent.schema import MapFile
from companion.games.dungeon_roll import data as dungeon_roll
from companion.games.dungeon_roll import schema as ds

Record = Callable[[str, object], None]
pytestmark = pytest.mark.timeout(TIMEOUT)
GAMES = Path(__file__).resolve().parents[1] / "games"
SEEDS = {game: sorted((GAMES / folder / "scenarios").glob("*.yaml"))
         for game, folder in (("covenant", "covenant"), ("dungeon-roll", "dungeon_roll"), ("descent", "descent"))}
SCENARIO_EDGES = edges(scenario.Scenario)
# Reading a whole game's data or playing a scenario takes seconds: fewer of them in the default run.
FUZZ_FILES = settings(FUZZ, max_examples=int(os.environ.get("FUZZ_EXAMPLES", "6")))


def _cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(args)
    return code, out.getvalue(), err.getvalue()


@st.composite
def scenarios(draw: st.DrawFn, game: str) -> bytes:
    """A seed scenario of `game` with bounds' edges planted in it, or one drawn from the Scenario schema."""
    if draw(st.integers(0, 4)):
        return as_yaml(draw(mutated(files.read_yaml(draw(st.sampled_from(SEEDS[game]))), SCENARIO_EDGES)))
    drawn = draw(plain(scenario.Scenario))
    return as_yaml({**drawn, "game": game} if isinstance(drawn, dict) else drawn)


@pytest.fixture(scope="module")
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


@pytest.mark.parametrize("game", sorted(SEEDS))
def test_fuzz_scenario_files(record_property: Record, folder: Path, game: str) -> None:
    target = f"replay: {game} scenarios"
    path = folder / f"{game}.yaml"
    _cli(["replay", str(SEEDS[game][0])])  # the first play loads the game's data: not under the cap

    @FUZZ_FILES
    @given(scenarios(game))
    def one(text: bytes) -> None:
        path.write_bytes(text)
        result = run_case(target, text[:300].decode(errors="replace"), lambda: _cli(["replay", str(path)]))
        if result is not None and result[0] == 2:
            assert result[2].startswith("cannot play "), result[2][:300]
            bounded(target, text[:200].decode(errors="replace"), result[2])

    one()
    finish(record_property, target)


@pytest.mark.parametrize("game", sorted(SEEDS))
def test_fuzz_session_imports(record_property: Record, folder: Path, game: str) -> None:
    target = f"sessions import: {game}"
    path, store = folder / f"import-{game}.yaml", folder / f"{game}.sqlite3"
    _cli(["sessions", "--store", str(store), "import", str(SEEDS[game][0])])

    @FUZZ_FILES
    @given(scenarios(game))
    def one(text: bytes) -> None:
        path.write_bytes(text)
        result = run_case(target, text[:300].decode(errors="replace"),
                          lambda: _cli(["sessions", "--store", str(store), "import", str(path)]))
        if result is not None and result[0] != 0:
            bounded(target, text[:200].decode(errors="replace"), result[2])

    one()
    finish(record_property, target)


# Every data file and the schema its entries are read with (each file a list of entries, but the two read as one).
COVENANT_FILES: dict[str, Any] = {
    "boards/castle.yaml": cs.BoardSpec, "decks.yaml": cs.Decks,
    **{f"{name}.yaml": list[kind] for name, kind in (  # type: ignore[valid-type]
        ("heroes", cs.HeroSpec), ("monsters", cs.MonsterSpec), ("abilities", cs.AbilitySpec),
        ("guardians", cs.GuardianSpec), ("potions", cs.PotionSpec), ("equipment", cs.EquipmentSpec),
        ("events", cs.EventSpec), ("traps", cs.TrapSpec), ("chests", cs.ChestRow), ("gold", cs.GoldUse),
        ("upgrades", cs.UpgradeSpec), ("rooms", cs.RoomCard), ("markers", cs.MarkerSpec), ("dice", DieKind),
        ("sections", cs.Section))}}
DUNGEON_ROLL_FILES: dict[str, Any] = {"dice.yaml": list[DieKind], "heroes.yaml": list[ds.HeroSpec],
                                      "treasures.yaml": list[ds.TreasureSpec], "sections.yaml": list[ds.Section]}
# Descent's maps through MapFile as it stands, so that the bounds its schema gets apply here once declared.
DESCENT_FILES: dict[str, Any] = {f"maps/{p.name}": MapFile
                                 for p in sorted((descent.data_dir() / "maps").glob("*.yaml"))}
DATA: dict[str, tuple[Path, dict[str, Any]]] = {
    "covenant": (covenant.data_dir(), COVENANT_FILES),
    "dungeon-roll": (dungeon_roll.data_dir(), DUNGEON_ROLL_FILES),
    "descent": (descent.data_dir(), DESCENT_FILES),
}


@st.composite
def data_files(draw: st.DrawFn, root: Path, schemas: dict[str, Any]) -> tuple[str, bytes]:
    """One file of the game's data: the real one with its schema's edges planted, or drawn from the schema."""
    name = draw(st.sampled_from(sorted(schemas)))
    if draw(st.integers(0, 3)):
        return name, as_yaml(draw(mutated(files.read_yaml(root / name), edges(schemas[name]))))
    return name, as_yaml(draw(plain(schemas[name])))


@pytest.mark.parametrize("game", sorted(DATA))
def test_fuzz_data_files(record_property: Record, folder: Path, game: str) -> None:
    target = f"data check: {game}"
    original, schemas = DATA[game]
    root = folder / game
    shutil.copytree(original, root)
    _cli(["data", "check", "--game", game, "--dir", str(root)])

    @FUZZ_FILES
    @given(data_files(original, schemas))
    def one(changed: tuple[str, bytes]) -> None:
        name, text = changed
        (root / name).write_bytes(text)
        what = f"{name}: {text[:300].decode(errors='replace')}"
        try:
            result = run_case(target, what, lambda: _cli(["data", "check", "--game", game, "--dir", str(root)]))
        finally:
            shutil.copy(original / name, root / name)
        if result is not None and result[0]:
            bounded(target, what, result[1])

    one()
    finish(record_property, target)
