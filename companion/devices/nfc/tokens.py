"""The token sets: every token a game's stickers can carry, as flat dicts (see hw/nfc/tag-format.md).

A token is what a tag names once parsed: `game`, `kind`, `serial` and the kind's own fields. The
parser accepts a token only if it is one of its game's set, so a tag that is intact but names a zone 4
or a hero nobody knows reads as `unknown-token` instead of reaching the table.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from companion.core import files
from companion.core.messages import LANGS, Msg, Named

Token = dict[str, str | int]

DATA_DIR = Path(__file__).resolve().parents[3] / "data"


def _covenant_data(name: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = files.read_yaml(DATA_DIR / "covenant" / name)
    return data


@cache
def covenant_hero_names() -> dict[str, Named]:
    """Hero id -> its name in every language, from data/covenant/heroes.yaml (in the file's order)."""
    return {str(h["id"]): {lang: str(h.get(lang) or h["en"]) for lang in LANGS} for h in _covenant_data("heroes.yaml")}


@cache
def covenant_tokens() -> tuple[Token, ...]:
    """The 21 room markers of data/covenant/markers.yaml, then the 4 hero cards of heroes.yaml."""
    markers: list[Token] = [
        {
            "game": "covenant",
            "kind": "room-marker",
            "serial": int(m["serial"]),
            "zone": int(m["zone"]),
            "room": str(m["room"]),
            "marker": str(m["id"]),
        }
        for m in _covenant_data("markers.yaml")
    ]
    heroes: list[Token] = [
        {"game": "covenant", "kind": "hero-card", "serial": n, "hero": hero}
        for n, hero in enumerate(covenant_hero_names(), start=1)
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


# One message per room type, so the whole line is translated in nfc.po.
_MARKER_LABELS = {
    "combat": "room marker {marker}: zone {zone}, combat room",
    "elite": "room marker {marker}: zone {zone}, elite room",
    "treasure": "room marker {marker}: zone {zone}, treasure room",
    "event": "room marker {marker}: zone {zone}, event room",
    "trap": "room marker {marker}: zone {zone}, trap room",
}


def label(token: Token) -> Msg:
    """What a person writing or reading stickers is told a token is."""
    if token["kind"] == "room-marker" and token["room"] in _MARKER_LABELS:
        return Msg(_MARKER_LABELS[str(token["room"])], {"marker": token["marker"], "zone": token["zone"]})
    if token["kind"] == "hero-card":
        hero = str(token["hero"])
        return Msg("hero card of {hero}", {"hero": covenant_hero_names().get(hero, {"en": hero})})
    return Msg("token {id}", {"id": token_id(token)})
