"""A seeded random generator whose whole state is two integers kept in the game state.

Counter-based (BLAKE2b of seed and counter) rather than `random.Random`: the state is tiny to store in
every snapshot, and the sequence is fixed by this file alone, not by the Python version's algorithms,
so a replay file gives the same game on any machine.
"""

from __future__ import annotations

import hashlib
from typing import TypeVar

import msgspec

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


class Rng(msgspec.Struct):
    seed: int
    counter: int = 0

    def next_u64(self) -> int:
        data = b"%d:%d" % (self.seed, self.counter)  # the bytes of f"{seed}:{counter}", without a str between
        self.counter += 1
        return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little")

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = _MASK64 - (_MASK64 + 1) % n
        while True:
            value = self.next_u64()
            if value <= limit:
                return value % n

    def shuffle(self, items: list[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
