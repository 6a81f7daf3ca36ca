"""The end-to-end latency benchmark's chains run through the whole app (the figures are `make bench`'s;
here only that each stamp is taken, in the order the chain passes them)."""

from __future__ import annotations

from companion.latency import runs


def test_a_die_at_rest_reaches_the_screen_through_every_stage() -> None:
    [run] = runs("dice", 1)
    order = ["start", "rest", "decision", "event", "taken", "ruled", "redrawn", "frame"]
    assert [run[k] for k in order] == sorted(run[k] for k in order), run


def test_a_placed_tag_reaches_the_screen_through_every_stage() -> None:
    [run] = runs("tags", 1)
    order = ["start", "event", "taken", "ruled", "redrawn", "frame"]
    assert [run[k] for k in order] == sorted(run[k] for k in order), run
