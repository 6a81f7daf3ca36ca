"""The harness's wait for a screen to stop moving (harness.py `Driver.settle`) counts the time the app spent
drawing, not the seconds it held the loop doing its work behind the busy veil: a resume replayed for more
than 10 s on a loaded machine had been taken for a screen that never settled (the explorer's bounded run,
en 1920×1080, 'the dr-table screen never settled', a run ended after one tap)."""

from __future__ import annotations

from typing import Any

import harness
import pytest


class Widget:
    def __init__(self, x: float) -> None:
        self.pos, self.size = (x, 0.0), (10.0, 10.0)

    def to_window(self, x: float, y: float) -> tuple[float, float]:
        return x, y


class Screen(harness.Driver):
    def __init__(self, layouts: list[list[Widget]]) -> None:  # no app: only the layouts the polls see
        self.layouts = layouts

    def widgets(self, kind: type) -> list[Any]:
        return self.layouts[0] if len(self.layouts) == 1 else self.layouts.pop(0)

    def screen(self) -> str:
        return "dr-table"


def waited(screen: Screen, seconds: list[float], monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs `settle`, each of its polls taking the next of `seconds` (the clock moved by hand)."""
    now = [0.0]
    monkeypatch.setattr(harness.time, "monotonic", lambda: now[0])
    for _ in screen.settle():
        now[0] += seconds.pop(0) if seconds else 0.05


def test_a_screen_held_behind_its_veil_for_long_then_still_is_settled(monkeypatch: pytest.MonkeyPatch) -> None:
    veiled, table = [Widget(0)], [Widget(0), Widget(20)]
    waited(Screen([veiled, table, table]), [12.0], monkeypatch)  # the first poll waited on the work, then still


def test_a_screen_that_keeps_moving_never_settles(monkeypatch: pytest.MonkeyPatch) -> None:
    moving = Screen([[Widget(x)] for x in range(1000)])
    with pytest.raises(AssertionError, match="never settled"):
        waited(moving, [], monkeypatch)
