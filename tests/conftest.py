"""The `soak` mark: a test's longer runs (a whole-game scenario in its other languages) that `make test` skips and
`make soak` (SOAK=1, `-k soak`) runs.

The fuzzer's figures (tests/fuzz/), printed at the end of any run that fuzzed: per target, the inputs
tried, tracebacks, hangs and memory blow-ups, refusals over their bound and the peak memory of one input.
Each fuzz test records its figures on its report (`record_property("fuzz", …)`), which pytest-xdist brings
to the controller, so the sum is right with `-n auto` too."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

# No test serves the phones' web view unless it asks (issue 27: `web.enabled` is on at the table, off in tests):
# a test that wants it sets COMPANION_WEB=on for the app it starts, or starts a `WebServer` itself.
os.environ.setdefault("COMPANION_WEB", "off")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if os.environ.get("SOAK") == "1":
        return
    later = pytest.mark.skip(reason="a longer run: `make soak` (SOAK=1) runs it")
    for item in items:
        if item.get_closest_marker("soak") is not None:
            item.add_marker(later)


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
