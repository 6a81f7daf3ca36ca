"""Names, in every language, of what a prompt offers: the targets of actions and the cards of a deck,
so the screen never shows a raw id."""

from __future__ import annotations

from functools import cache, lru_cache

from companion.core.messages import Msg, Named, Plural, named, named_in, verbatim
from companion.games.covenant import traits
from companion.games.covenant.data import GameData
from companion.games.covenant.play import Play, guardian_names, hero_names, monster_names

PILES: dict[str, Named] = {
    "gold": named("the gold"), "equipment": named("the equipment"), "potions": named("the potions"),
    "covenant": named("the Covenant"),
}


def shard_name(g: Play, shard: str) -> Named:
    return _shard_name(g.d, shard)


def _shard_name(d: GameData, shard: str) -> Named:
    return next(gd.shard for gd in d.guardians.values() if gd.shard.id == shard).named()


def _name(name: Named) -> Msg:
    return Msg("{name}", {"name": name})


GOLD = Plural("{n} gold", "{n} gold")

_END_TURN = _name(named("End the turn"))

NAMED_TARGETS = frozenset({"attack", "fireball", "trade", "revive", "drink", "buy", "pickup", "end"})
"""Actions whose targets have names; the others' targets are board spaces."""


def target(g: Play, action: str, item: str) -> Msg | None:
    """The name of one target of an action, or None for a board space. Each label is made once for what it
    reads (issue 26: every prompt of a hero's turn names every target, and a bot or a replay reads none)."""
    s, d = g.s, g.d
    if action in ("attack", "fireball"):
        if item == "guardian":
            return _guardian(d, s.board.zone, traits.guardian_hp(d, s))
        m = s.monster(item)
        if m is not None:
            return _monster(d, m.kind, m.elite, traits.monster_hp(d, m) - m.damage)
    if action in ("trade", "revive") and item in d.heroes:
        return _hero(d, item)
    if action in ("drink", "buy", "pickup"):
        return _item(d, action, item)
    if action == "end":
        return _END_TURN
    return None


@lru_cache(maxsize=256)
def _guardian(d: GameData, zone: int, hp: int) -> Msg:
    return Msg("{name} ({hp} HP)", {"name": guardian_names(d)[zone], "hp": hp})


@lru_cache(maxsize=1024)
def _monster(d: GameData, kind: str, elite: bool, hp: int) -> Msg:
    return Msg("{name} ({hp} HP)", {"name": monster_names(d, elite)[kind], "hp": hp})


@cache
def _hero(d: GameData, hero: str) -> Msg:
    return Msg("{name}", {"name": hero_names(d)[hero]})


@lru_cache(maxsize=256)
def _item(d: GameData, action: str, item: str) -> Msg | None:
    """A potion to drink, a purchase, a pile or shard to pick up, by its name; None for an id the data lacks."""
    if action == "drink" and item in d.potions:
        return _name(d.potions[item].named())
    if action == "buy" and item in d.gold:
        return _name(d.gold[item].named())
    if action == "pickup":
        name = _shard_name(d, item[6:]) if item.startswith("shard:") else PILES.get(item)
        return Msg("{name}", {"name": name}) if name else None
    return None


def card(g: Play, deck: str, item: str) -> Msg:
    return Msg("{name}", {"name": card_name(g.d, deck, item)})


def card_name(d: GameData, deck: str, item: str) -> Named:
    """A card of `deck` by the name the table reads on it, its id where the data names none."""
    name: Named | None = None
    if deck == "loot":
        spec = next(c for c in d.decks.loot.cards if c.id == item)
        name = (named(GOLD, n=spec.value) if spec.kind == "gold" else
                named("a potion") if spec.kind == "potion" else named_in("loot card", "equipment"))
    elif deck == "potions" and item in d.potions:
        name = d.potions[item].named()
    elif deck == "equipment" and item in d.equipment:
        name = d.equipment[item].named()
    elif deck == "events" and item in d.events:
        name = d.events[item].named()
    elif deck == "monsters" and item in d.monsters:
        name = d.monsters[item].named()
    elif deck.startswith("rooms-") and item in d.rooms:
        name = d.rooms[item].named()
    elif deck.startswith("markers-") and item in d.markers:
        marker = d.markers[item]
        # Short, as a button beside the board holds it: the type and the number printed on the marker.
        name = named("{room} #{serial}", room=named_in("room kind", marker.room), serial=marker.serial)
    return name or verbatim(item)


_DECKS: dict[str, Named] = {
    "combat": named("combat"), "loot": named("loot"), "potions": named("potion"),
    "equipment": named("equipment"), "events": named("event"), "monsters": named("monster"),
}
_OUTCOMES: dict[str, Named] = {
    "victory": named("victory"), "defeat:falls": named("defeat: six falls"),
    "defeat:escape": named("defeat: the escape ran out of rounds"),
}
INPUT_KINDS: dict[str, Named] = {
    "action": named("action"), "die": named("die"), "card": named("card"), "choice": named("choice"),
}


def deck_name(deck: str) -> Named:
    """A deck's name in every language: the room markers and room piles by their kind."""
    if deck.startswith("markers-"):
        return named_in("deck", "room marker")
    if deck.startswith("rooms-"):
        return named_in("deck", "room card")
    return _DECKS.get(deck, verbatim(deck))


def die_name(g: Play, die: str) -> Named:
    kind = g.d.dice.get(die)
    return kind.named() if kind else verbatim(die)


def outcome_name(outcome: str) -> Named:
    return _OUTCOMES.get(outcome, verbatim(outcome))
