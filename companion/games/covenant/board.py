"""The board graph: which spaces are adjacent, and how far apart two spaces are.

"Adjacent" is the rulebook's: your own space or one directly connected to it. Movement counts spaces
along the connections and may not enter a blocked space (a face-down room slot, a locked hall); range
counts along the same connections through any space, with no line of sight.
"""

from __future__ import annotations

from collections import deque
from functools import cache, lru_cache

from companion.games.covenant.schema import BoardSpec


class Board:
    def __init__(self, spec: BoardSpec) -> None:
        self.spec = spec
        self.zone = spec.zone
        self.links: dict[str, tuple[str, ...]] = {s.id: tuple(s.links) for s in spec.spaces}
        self.kind: dict[str, str] = {s.id: s.kind for s in spec.spaces}
        self.start = spec.entrance.start
        self.hall = next(s.id for s in spec.spaces if s.kind == "hall")
        self.slots: tuple[str, ...] = tuple(s.id for s in spec.spaces if s.kind in ("room", "marked"))
        self.exit: str | None = next((s.id for s in spec.spaces if s.kind == "exit"), None)
        self.hall_neighbours = frozenset(self.links[self.hall])

    def adjacent(self, a: str, b: str) -> bool:
        return a == b or b in self.links[a]

    def around(self, space: str) -> tuple[str, ...]:
        """The space itself and every space connected to it: what "adjacent" covers."""
        return (space, *self.links[space])

    def distance(self, a: str, b: str, blocked: frozenset[str] = frozenset()) -> int | None:
        return self.distances(a, blocked).get(b)

    @lru_cache(maxsize=4096)  # noqa: B019 - boards live for the whole process, one per zone
    def distances(self, start: str, blocked: frozenset[str] = frozenset()) -> dict[str, int]:
        """Spaces reachable from `start` without entering a blocked one, with their distances."""
        seen = {start: 0}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for nxt in self.links[here]:
                if nxt not in seen and nxt not in blocked:
                    seen[nxt] = seen[here] + 1
                    todo.append(nxt)
        return seen

    @lru_cache(maxsize=8192)  # noqa: B019
    def within(self, start: str, blocked: frozenset[str], budget: int) -> tuple[str, ...]:
        """The spaces one can move to from `start` in 1 to `budget` spaces, sorted by id."""
        return tuple(sorted(sp for sp, n in self.distances(start, blocked).items() if 0 < n <= budget))

    @lru_cache(maxsize=4096)  # noqa: B019
    def in_reach(self, start: str, blocked: frozenset[str], moves: int, rng: int, target: str) -> bool:
        """Whether moving at most `moves` spaces from `start`, never into a blocked space, can end within
        `rng` spaces of `target` (range counted through any space)."""
        reach = self.distances(start, blocked)
        return any(far <= rng and reach.get(sp, moves + 1) <= moves for sp, far in self.distances(target).items())

    def step_toward(self, start: str, goal: str, steps: int, blocked: frozenset[str]) -> list[str]:
        """The spaces of a shortest path from `start` toward `goal`, at most `steps` long.

        Among equally short paths the one through the space listed first in the board file is taken,
        so the choice is the same at every table (ruling R-MON-2).
        """
        to_goal = self.distances(goal, blocked - {start})
        if start not in to_goal:
            return []
        path: list[str] = []
        here = start
        while len(path) < steps and to_goal[here] > 0:
            here = min((n for n in self.links[here] if n in to_goal and to_goal[n] == to_goal[here] - 1),
                       key=self._order)
            path.append(here)
        return path

    @cache  # noqa: B019
    def _order(self, space: str) -> int:
        return list(self.links).index(space)
