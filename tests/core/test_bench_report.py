"""`companion bench` shows each figure beside its goal and beside the previous release's figure, as a ratio
(issue 26), from docs/bench-baseline.json; a key there that no benchmark reports any more would compare
nothing, so each must be one a benchmark module gives."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from companion.benchmarks import BASELINE, Figure, baseline
from companion.commands.bench import BENCH_MODULES


def test_a_figure_shows_its_goal_and_its_ratio_to_the_previous_release() -> None:
    replay = Figure("replay", 30_000.0, "inputs/CPU s", ">= 40,000", "covenant.replay")
    line = replay.line({"covenant.replay": 12_000.0})
    assert "(goal: >= 40,000)" in line
    assert "[2.50× the previous release's 12,000.000]" in line
    assert "previous release" not in replay.line({})
    assert "previous release" not in Figure("replay", 1.0, "s").line({"": 2.0})


def test_the_baseline_is_read_by_key(tmp_path: Path) -> None:
    path = tmp_path / "bench-baseline.json"
    path.write_text(json.dumps({"commit": "0fc898e", "figures": {"covenant.replay": 12000}}), encoding="utf-8")
    assert baseline(path) == {"covenant.replay": 12000.0}
    assert baseline(tmp_path / "missing.json") == {}


def test_every_key_of_the_baseline_is_reported_by_a_benchmark() -> None:
    sources = ""
    for name in BENCH_MODULES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, name
        sources += Path(spec.origin).read_text(encoding="utf-8")
    keys = baseline(BASELINE)
    assert keys, "docs/bench-baseline.json holds no figures"
    assert [k for k in keys if f'"{k}"' not in sources] == []
