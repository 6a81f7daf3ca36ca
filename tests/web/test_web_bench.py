"""The phones' load test (companion/web/bench.py, printed by `companion bench`): its count of views lost or out of
order, and a short run of it (eight phones in a process of their own, 40 inputs) in which every phone gets every
view, in order."""

from __future__ import annotations

from companion.web.bench import PHONES, Phone, load, measured


def test_a_view_missed_or_come_late_is_counted() -> None:
    committed = {1: 10.0, 2: 11.0, 3: 12.0}
    whole = Phone("u", "en", [(0, 9.0), (1, 10.01), (2, 11.02), (3, 12.03)])
    missed = Phone("u", "ar", [(0, 9.0), (1, 10.01), (3, 12.05)])
    swapped = Phone("u", "be", [(0, 9.0), (2, 11.1), (1, 11.2), (3, 12.1)])
    result = measured([whole, missed, swapped], committed)
    assert (result.phones, result.inputs, result.lost, result.out_of_order) == (3, 3, 1, 1)
    assert round(max(result.latencies), 3) == 1.2  # the view of 1, come after the view of 2


def test_eight_phones_get_every_view_in_order() -> None:
    result = load(PHONES, 40)
    assert (result.phones, result.inputs, result.lost, result.out_of_order) == (PHONES, 40, 0, 0)
    assert len(result.latencies) == PHONES * 40 and len(result.commits) == 40
