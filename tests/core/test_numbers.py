"""The one reader of whole numbers from outside (issue 24, finding 4): ASCII digits, a sign only where a
negative number is allowed, the range checked before `int()` sees the text."""

from __future__ import annotations

import msgspec
import pytest

from companion.core import numbers
from companion.core.scenario import Scenario, play


@pytest.mark.parametrize(("value", "low", "high", "expected"), [
    ("3", 0, 9, 3), (" 7 ", 0, 9, 7), (5, 0, 9, 5), ("-3", -9, 9, -3), ("+4", -9, 9, 4), ("09", 0, 9, 9),
    ("-3", 0, 9, None),            # no sign where no negative number is allowed
    ("+3", 0, 9, None),
    ("10", 0, 9, None), (10, 0, 9, None), (-1, 0, 9, None),
    ("²", 0, 9, None),             # str.isdigit says yes, int() says no
    ("١", 0, 9, None),             # an Arabic-Indic digit: int() would read it
    ("1" * 5000, 0, 9, None),      # beyond Python's limit on converting long digit strings
    ("9" * 19, 0, 2**62, None),
    ("", 0, 9, None), ("-", -9, 9, None), ("1.0", 0, 9, None), ("1e3", 0, 9999, None), ("3\n", 0, 9, 3),
    ("3\n4", 0, 99, None), (True, 0, 9, None), (False, 0, 9, None),
])
def test_a_whole_number_is_ascii_digits_within_its_bounds(value: str | int, low: int, high: int,
                                                          expected: int | None) -> None:
    assert numbers.whole(value, low, high) == expected


@pytest.mark.parametrize("path", ["figures.²", "figures.١", "figures." + "1" * 5000])
def test_a_scenario_s_state_path_with_strange_digits_is_a_failure_not_a_traceback(path: str) -> None:
    """The index of a list in a state path goes through the same reader (before: "²" passed `isdigit`, then
    `int()` raised ValueError)."""
    scenario = msgspec.convert({"game": "descent", "setup": {"map": "corner"}, "expect": {"state": {path: 1}}},
                               Scenario)
    assert play(scenario).failures == [f"state {path}: no such value in the state"]
