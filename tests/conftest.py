"""The `soak` mark: a test's longer runs (a whole-game scenario in its other languages) that `make test` skips and
`make soak` (SOAK=1, `-k soak`) runs.

The order of the test files: the longest first, by the seconds each took when last measured (durations.json), so
that with one file a worker (`make test`: `--dist loadfile --no-loadscope-reorder`) no long file starts while the
other core runs out of work (issue 26). RECORD_DURATIONS=1 writes the seconds each file of this run took into
durations.json (those of 1 s or more; files not listed run last, in the order pytest collects them).

The fuzzer's figures (tests/fuzz/), printed at the end of any run that fuzzed: per target, the inputs
tried, tracebacks, hangs and memory blow-ups, refusals over their bound and the peak memory of one input.
Each fuzz test records its figures on its report (`record_property("fuzz", …)`), which pytest-xdist brings
to the controller, so the sum is right with `-n auto` too."""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

# No test serves the phones' web view unless it asks (issue 27: `web.enabled` is on at the table, off in tests):
# a test that wants it sets COMPANION_WEB=on for the app it starts, or starts a `WebServer` itself.
os.environ.setdefault("COMPANION_WEB", "off")

# Kivy makes its home folder when first imported, and several workers importing it at once on a machine where
# ~/.kivy does not yet exist race to make it (FileExistsError on a fresh machine's first `make test`). Each test
# process has a home of its own, which also keeps the tests' logs and config out of the user's.
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-home-"))

DURATIONS = Path(__file__).with_name("durations.json")
RECORD = os.environ.get("RECORD_DURATIONS") == "1"
spent: Counter[str] = Counter()  # seconds per test file in this run, its fixtures included


def file_of(nodeid: str) -> str:
    return nodeid.split("::")[0]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    seconds = json.loads(DURATIONS.read_text(encoding="utf-8"))
    items.sort(key=lambda item: -seconds.get(file_of(item.nodeid), 0))  # stable: a file's tests keep their order
    if os.environ.get("SOAK") == "1":
        return
    later = pytest.mark.skip(reason="a longer run: `make soak` (SOAK=1) runs it")
    for item in items:
        if item.get_closest_marker("soak") is not None:
            item.add_marker(later)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    spent[file_of(report.nodeid)] += report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    if not RECORD or hasattr(session.config, "workerinput"):  # the controller writes, having every worker's reports
        return
    seconds = json.loads(DURATIONS.read_text(encoding="utf-8"))
    seconds.update((name, round(spent[name], 1)) for name in spent)
    kept = {name: s for name, s in sorted(seconds.items(), key=lambda entry: -entry[1]) if s >= 1}
    DURATIONS.write_text(json.dumps(kept, indent=0) + "\n", encoding="utf-8")


COLUMNS = ("tried", "tracebacks", "hangs", "blowups", "unbounded")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    merged: dict[str, dict[str, int]] = {}
    for reports in terminalreporter.stats.values():
        for report in reports:
            if getattr(report, "when", "") != "call":
                continue
            for name, value in getattr(report, "user_properties", ()):
                if name != "fuzz":
                    continue
                for target, counts in json.loads(value).items():
                    mine = merged.setdefault(target, dict.fromkeys(counts, 0))
                    for key, n in counts.items():
                        mine[key] = max(mine[key], n) if key == "peak" else mine[key] + n
    if not merged:
        return
    write = terminalreporter.write_line
    write("fuzzer (issue 24): inputs tried, tracebacks, hangs, memory "
          "blow-ups, refusals over their bound, peak memory of one input")
    for target, c in [*sorted(merged.items()), ("all", {k: sum(c[k] for c in merged.values()) for k in COLUMNS})]:
        peak = f"  peak {c['peak'] / 2**20:6.1f} MiB" if "peak" in c else ""
        write(f"  {target:<32} {c['tried']:>7} tried {c['tracebacks']:>4} tracebacks "
              f"{c['hangs']:>3} hangs "
              f"{c['blowups']:>3} blow-ups {c['unbounded']:>3} unbounded{peak}")
