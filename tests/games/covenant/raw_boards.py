"""The boards read straight from their data files, not through the engine, and distances counted along
their links: the independent readings (`test_movement_oracle`, `test_paths_property`) start from here."""

from __future__ import annotations

from pathlib import Path

import yaml

DATA = Path(__file__).resolve().parents[3] / "data/covenant"
BOARDS = {1: "castle", 2: "cathedral", 3: "throne"}
SPACES = {z: yaml.safe_load((DATA / f"boards/{name}.yaml").read_text())["spaces"] for z, name in BOARDS.items()}
LINKS = {z: {s["id"]: s["links"] for s in spaces} for z, spaces in SPACES.items()}
KINDS = {z: {s["id"]: s["kind"] for s in spaces} for z, spaces in SPACES.items()}


def bfs(zone: int, start: str, blocked: set[str]) -> dict[str, int]:
    """Each space reachable from `start` without entering `blocked`, with its distance in spaces."""
    seen, todo = {start: 0}, [start]
    for here in todo:
        for nxt in LINKS[zone][here]:
            if nxt not in seen and nxt not in blocked:
                seen[nxt] = seen[here] + 1
                todo.append(nxt)
    return seen
