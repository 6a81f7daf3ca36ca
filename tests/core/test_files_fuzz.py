"""The file fuzzer (issue 14): random and mutated scenario, import and map files are refused with a
message or played, never a traceback. `FUZZ_EXAMPLES` sets how many of each (a few dozen in `make
test`, thousands under `make fuzz`). Time and memory stay bounded because every file goes through the
reader's limits (size, nesting, count of values, no aliases); the generated files stay small.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core import files, scenario
from companion.games.covenant import data
from companion.store import Problem, Store, export

ROOT = Path(__file__).resolve().parents[1]
SEEDS = sorted((ROOT / "games" / "covenant" / "scenarios").glob("*.yaml"))
BOARDS = sorted((data.data_dir() / "boards").glob("*.yaml"))
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "30"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
# Bytes that matter to YAML, to UTF-8 and to the reader's limits, spliced into otherwise good files.
SPLICES = [b"&a ", b"*a", b"[" * 60, b"{", b": ", b"- ", b"\t", b"\x00", b"\x01", b"\xe9", b"\xff\xfe",
           b"!!python/object:os.system", b"\n  ", b"'", b'"', b"null", b"-1", b"99999999999999999999999", b".nan",
           b"? ", b"|", b"%YAML 1.1\n---\n"]


@pytest.fixture(scope="module")
def workdir() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder)


def mutated(draw: st.DrawFn, original: bytes) -> bytes:
    out = bytearray(original)
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(out)))
        how = draw(st.sampled_from(["flip", "splice", "delete", "repeat"]))
        if how == "flip" and out:
            out[min(at, len(out) - 1)] ^= 1 << draw(st.integers(0, 7))
        elif how == "splice":
            out[at:at] = draw(st.sampled_from(SPLICES))
        elif how == "delete":
            del out[at:at + draw(st.integers(1, 40))]
        else:
            out[at:at] = out[at:at + draw(st.integers(1, 80))] * draw(st.integers(1, 5))
    return bytes(out)


@st.composite
def mutated_scenarios(draw: st.DrawFn) -> bytes:
    return mutated(draw, draw(st.sampled_from(SEEDS)).read_bytes())


SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 50), st.text(max_size=12),
                    st.sampled_from(["knight", "rogue", "m1", "troll", "health", "war_axe", "act", "die", "card",
                                     "choose", "tray", "table", "app", "d6", "combat", "covenant"]))
KEYS = st.sampled_from(["game", "setup", "inputs", "expect", "heroes", "position", "seed", "deal", "type",
                        "actor", "action", "target", "die", "face", "deck", "card", "source", "option", "space",
                        "monsters", "kind", "uid", "state", "transcript", "rejections", "checks", "after", "path",
                        "len", "input", "board", "zone", "potions", "weapon", "hp", "gold"])
TREES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(KEYS, inner, max_size=5)), max_leaves=40)


@st.composite
def random_scenarios(draw: st.DrawFn) -> bytes:
    doc: dict[str, Any] = {"game": "covenant", "setup": {"heroes": ["knight"], "position": draw(TREES)},
                           "inputs": draw(st.lists(st.dictionaries(KEYS, SCALARS, max_size=5), max_size=6)),
                           "expect": draw(st.dictionaries(KEYS, TREES, max_size=3))}
    for key in draw(st.lists(st.sampled_from(list(doc)), max_size=2)):
        doc[key] = draw(TREES)
    return yaml.safe_dump(doc, allow_unicode=True).encode("utf-8")


def replay_or_refuse(path: Path) -> None:
    """What `companion replay` does with the file: only a ScenarioError (a one-line message) may come out."""
    try:
        scenario.play(scenario.load(path))
    except scenario.ScenarioError as exc:
        assert str(exc) and "\n" not in str(exc)


def import_or_refuse(path: Path, store: Store) -> None:
    imported = export.import_file(store, path)
    if isinstance(imported, Problem):
        assert imported.code == "bad-import" and imported.msg.text("ar")


@FUZZ
@given(text=st.one_of(mutated_scenarios(), random_scenarios(), st.binary(max_size=600)))
def test_fuzz_scenario_and_import_files(workdir: Path, text: bytes) -> None:
    path = workdir / "fuzzed.yaml"
    path.write_bytes(text)
    replay_or_refuse(path)
    with Store(workdir / "sessions.sqlite3") as store:
        import_or_refuse(path, store)


@FUZZ
@given(board=st.sampled_from(BOARDS), data_=st.data())
def test_fuzz_map_files_are_reported_not_raised(workdir: Path, board: Path, data_: st.DataObject) -> None:
    root = workdir / "covenant"
    if not root.exists():
        shutil.copytree(data.data_dir(), root)
    target = root / "boards" / board.name
    target.write_bytes(data_.draw(st.composite(lambda draw: mutated(draw, board.read_bytes()))()))
    try:
        problems = data.check_all(root)
        assert all(isinstance(p, str) and p for p in problems)
    finally:
        shutil.copy(board, target)


def test_the_seed_files_themselves_play(workdir: Path) -> None:
    """The mutations start from files that play cleanly, so what they find is the mutation's doing."""
    for seed in SEEDS:
        assert scenario.play(scenario.load(seed)).failures == []
    assert files.read_yaml(BOARDS[0])["zone"] == 1
