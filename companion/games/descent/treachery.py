"""Treachery (p. 4): before the game the overlord spends event, trap and monster treachery on cards with a
treachery cost, each paid with its own kind; what is left, of any kind, becomes extra starting cards, one
per 2 points (an odd point is lost, R-DW-14), to at most 8 starting cards in all."""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("event", "trap", "monster")
MAX_HAND = 8
MAX_POINTS = 99
"""Treachery of one kind an overlord is said to have or spend: more than any scenario gives."""
POINTS_PER_CARD = 2


@dataclass(frozen=True)
class Plan:
    left: dict[str, int]
    total_left: int
    extra: int
    hand: int
    capped: bool


def overspent(have: dict[str, int], spend: dict[str, int]) -> str | None:
    """The first kind spent beyond what the overlord has (or spent negatively), if any."""
    return next((k for k in KINDS if spend.get(k, 0) < 0 or spend.get(k, 0) > have.get(k, 0)), None)


def plan(have: dict[str, int], spend: dict[str, int], base_hand: int) -> Plan:
    left = {k: have.get(k, 0) - spend.get(k, 0) for k in KINDS}
    total = sum(left.values())
    extra = total // POINTS_PER_CARD
    hand = min(base_hand + extra, MAX_HAND)
    return Plan(left=left, total_left=total, extra=hand - base_hand, hand=hand, capped=base_hand + extra > MAX_HAND)
