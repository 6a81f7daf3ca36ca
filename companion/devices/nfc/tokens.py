"""The token sets: every token a game's stickers can carry, as flat dicts (see hw/nfc/tag-format.md).

A token is what a tag names once parsed: `game`, `kind`, `serial` and the kind's own fields. The
parser accepts a token only if it is one of its game's set, so a tag that is intact but names a zone 4
or a hero nobody knows reads as `unknown-token` instead of reaching the table.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

Token = dict[str, str | int]

DATA_DIR = Path(__file__).resolve().parents[3] / "data"

# The hero ids of the Last Covenant's four hero cards, in the order of their serial numbers.
COVENANT_HEROES: tuple[str, ...] = ("knight", "sorceress", "rogue", "ranger")


@cache
def covenant_tokens() -> tuple[Token, ...]:
    """The 21 room markers of data/covenant/markers.yaml, then the 4 hero cards."""
    raw = yaml.safe_load((DATA_DIR / "covenant" / "markers.yaml").read_text(encoding="utf-8"))
    markers: list[Token] = [
        {
            "game": "covenant",
            "kind": "room-marker",
            "serial": int(m["serial"]),
            "zone": int(m["zone"]),
            "room": str(m["room"]),
            "marker": str(m["id"]),
        }
        for m in raw
    ]
    heroes: list[Token] = [
        {"game": "covenant", "kind": "hero-card", "serial": n, "hero": hero}
        for n, hero in enumerate(COVENANT_HEROES, start=1)
    ]
    return tuple(markers + heroes)


# game -> its token set; Dungeon Roll and Descent add theirs here when their tokens are defined.
TOKEN_SETS = {"covenant": covenant_tokens}


def token_set(game: str) -> tuple[Token, ...]:
    loader = TOKEN_SETS.get(game)
    return loader() if loader else ()


def token_id(token: Token) -> str:
    """A short name for a token, unique within its game: the marker id, or `hero-<id>`."""
    if token["kind"] == "room-marker":
        return str(token["marker"])
    if token["kind"] == "hero-card":
        return f"hero-{token['hero']}"
    return f"{token['kind']}-{token['serial']}"


def is_known(token: Token) -> bool:
    return token in token_set(str(token.get("game", "")))
