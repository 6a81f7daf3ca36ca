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


def _game_data(game: str, name: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = files.read_yaml(DATA_DIR / game / name)
    return data


def _covenant_data(name: str) -> list[dict[str, Any]]:
    return _game_data("covenant", name)


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


@cache
def dungeon_roll_hero_names() -> dict[str, Named]:
    """Hero id -> the name of its card's novice side, from data/dungeon-roll/heroes.yaml (in the file's order)."""
    return {str(h["id"]): {lang: str(h["novice"].get(lang) or h["novice"]["en"]) for lang in LANGS}
            for h in _game_data("dungeon-roll", "heroes.yaml")}


DUNGEON_ROLL_PLAYERS = 4


@cache
def dungeon_roll_tokens() -> tuple[Token, ...]:
    """A hero card for each hero of data/dungeon-roll/heroes.yaml, then the 4 player tokens (ruling R-DR-40)."""
    heroes: list[Token] = [
        {"game": "dungeon-roll", "kind": "hero-card", "serial": n, "hero": hero}
        for n, hero in enumerate(dungeon_roll_hero_names(), start=1)
    ]
    players: list[Token] = [
        {"game": "dungeon-roll", "kind": "player-token", "serial": n} for n in range(1, DUNGEON_ROLL_PLAYERS + 1)
    ]
    return tuple(heroes + players)


# game -> its token set; Descent adds its own here when its tokens are defined.
TOKEN_SETS = {"covenant": covenant_tokens, "dungeon-roll": dungeon_roll_tokens}
HERO_NAMES = {"covenant": covenant_hero_names, "dungeon-roll": dungeon_roll_hero_names}


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
        names = HERO_NAMES.get(str(token.get("game", "")), covenant_hero_names)()
        return Msg("hero card of {hero}", {"hero": names.get(hero, {"en": hero})})
    if token["kind"] == "player-token":
        return Msg("player token {number}", {"number": token["serial"]})
    return Msg("token {id}", {"id": token_id(token)})
