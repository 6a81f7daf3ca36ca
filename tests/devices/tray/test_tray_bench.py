"""The bench module runs and reports its figures (their values are for `companion bench`, not tests)."""

from __future__ import annotations

from companion.devices.tray.bench import bench


def test_bench_reports_latency_beside_the_wire_time() -> None:
    figures = {f.name: f for f in bench(repeat=5)}
    wire_time = figures["throw report: transmission time at that baud"]
    assert wire_time.value > 0 and wire_time.unit == "ms"
    latency = figures["last byte in -> DiceThrown on the queue, median"]
    assert latency.value > 0 and f"{wire_time.value:.3f}" in latency.goal
