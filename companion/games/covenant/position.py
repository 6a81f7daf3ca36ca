"""A laid position checked against the game data before the engine sees it (issue 14, finding 4).

A scenario's or an imported session's `setup.position` may set any part of the state, so a crafted one
could name a weapon, a monster kind, a space or a deck card that does not exist, and the engine would
meet it later as a `KeyError` (or offer "drink nosuch" at the table). Every id in the state is checked
here against the data, every count against its range; each problem names its field.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.covenant import prompts, traits
from companion.games.covenant.data import GameData
from companion.games.covenant.play import board_for
from companion.games.covenant.state import ChooseStep, DrawStep, GameState, Hero, RollStep
from companion.games.covenant.zones import ROOM_TYPES, marker_deck_id, room_deck_id

SLOTS = ("weapon", "armour", "accessory")
MAX_ACTIONS = 4
MAX_UPGRADE = 2
# The purposes the engine can prompt for are those its prompts have a text for.
PURPOSES: dict[type, frozenset[str]] = {
    DrawStep: frozenset(prompts._CARDS), RollStep: frozenset(prompts._DICE), ChooseStep: frozenset(prompts._CHOICES),
}
REROLL_OPTIONS = frozenset({"keep", "hawk_eye", "gold"})


class _Problems:
    def __init__(self) -> None:
        self.found: list[str] = []

    def unless(self, ok: bool, where: str, what: str) -> None:
        if not ok:
            self.found.append(f"{where}: {what}")

    def known(self, where: str, value: object, known: Iterable[object], kind: str) -> None:
        self.unless(value in set(known), where, f"no {kind} named {value!r}")

    def each(self, where: str, values: Iterable[object], known: Iterable[object], kind: str) -> None:
        allowed = set(known)
        for i, value in enumerate(values):
            self.unless(value in allowed, f"{where}.{i}", f"no {kind} named {value!r}")

    def within(self, where: str, value: int, low: int, high: int | None = None) -> None:
        top = "" if high is None else f" to {high}"
        self.unless(low <= value and (high is None or value <= high), where, f"{value} is not in {low}{top}")


def problems(s: GameState, d: GameData) -> list[str]:
    """Every way `s` does not fit the data, each `field: reason`; empty when the engine can take it."""
    p = _Problems()
    p.known("board.zone", s.board.zone, d.boards, "zone")
    if p.found:
        return p.found
    spaces = set(board_for(d, s.board.zone).links)
    shards = {g.shard.id for g in d.guardians.values()}
    _heroes(p, s, d, spaces, shards)
    _board(p, s, d, spaces)
    for i, m in enumerate(s.monsters):
        where = f"monsters.{i}"
        p.unless(sum(1 for o in s.monsters if o.uid == m.uid) == 1, f"{where}.uid", f"{m.uid!r} is used twice")
        p.known(f"{where}.kind", m.kind, d.monsters, "monster kind")
        p.known(f"{where}.space", m.space, spaces, f"space on board {s.board.zone}")
        if m.kind in d.monsters:
            p.within(f"{where}.damage", m.damage, 0, traits.monster_hp(d, m) - 1)
    guardian = d.guardians.get(s.board.zone)
    if guardian is not None:
        # The engine finds the guardian by zone, not by this id (a position may lay a later board only).
        p.known("guardian.id", s.guardian.id, {g.id for g in d.guardians.values()}, "guardian")
        p.within("guardian.phase", s.guardian.phase, 0, len(guardian.phases) - 1)
        p.within("guardian.damage", s.guardian.damage, 0, guardian.hp)
    for i, pile in enumerate(s.piles):
        p.known(f"piles.{i}.space", pile.space, spaces, f"space on board {s.board.zone}")
        p.within(f"piles.{i}.gold", pile.gold, 0)
        p.each(f"piles.{i}.equipment", pile.equipment, d.equipment, "equipment")
        p.each(f"piles.{i}.potions", pile.potions, d.potions, "potion")
        p.each(f"piles.{i}.shards", pile.shards, shards, "shard")
    p.each("shards_won", s.shards_won, shards, "shard")
    p.each("acting", s.acting, s.heroes, "hero")
    if s.escape is not None:
        p.unless(s.escape.bearer is None or s.escape.bearer in s.heroes, "escape.bearer",
                 f"no hero named {s.escape.bearer!r}")
        p.within("escape.rounds", s.escape.rounds, 0)
        p.within("escape.round", s.escape.round, 0)
        p.unless(s.escape.dropped_at is None or s.escape.dropped_at in spaces, "escape.dropped_at",
                 f"no space named {s.escape.dropped_at!r}")
    _decks(p, s, d)
    _steps(p, s, d)
    for name, value, low, high in (("turn", s.turn, 0, len(s.order) - 1), ("actions", s.actions, 0, MAX_ACTIONS),
                                   ("round", s.round, 1, None),
                                   ("next_uid", s.next_uid, 1, None), ("escape_rounds", s.escape_rounds, 0, None),
                                   ("guardians_defeated", s.guardians_defeated, 0, len(d.guardians))):
        p.within(name, value, low, high)
    return p.found


def _heroes(p: _Problems, s: GameState, d: GameData, spaces: set[str], shards: set[str]) -> None:
    p.unless(sorted(s.order) == sorted(s.heroes) and len(set(s.order)) == len(s.order), "order",
             f"must name each hero of the game once: {sorted(s.heroes)}")
    p.unless(s.players == len(s.heroes), "players", f"is {s.players} for {len(s.heroes)} heroes")
    for hid, h in s.heroes.items():
        where = f"heroes.{hid}"
        p.known(where, hid, d.heroes, "hero")
        if hid not in d.heroes:
            continue
        p.unless(h.id == hid, f"{where}.id", f"is {h.id!r} under {hid!r}")
        p.within(f"{where}.seat", h.seat, 0, len(s.heroes) - 1)
        p.known(f"{where}.space", h.space, spaces, f"space on board {s.board.zone}")
        p.each(f"{where}.potions", h.potions, d.potions, "potion")
        p.each(f"{where}.shards", h.shards, shards, "shard")
        for slot in SLOTS:
            _equipped(p, d, h, slot, f"{where}.{slot}")
        for field in ("upgrades", "upgrades_chosen"):
            for upgrade, count in getattr(h, field).items():
                p.known(f"{where}.{field}", upgrade, d.upgrades, "upgrade")
                p.within(f"{where}.{field}.{upgrade}", count, 0, MAX_UPGRADE)
        for field in ("hp", "gold", "curse", "poison", "moved", "dies_after_round", "turn_attack", "turn_movement",
                      "shield_round", "damage_dealt", "damage_taken", "deaths"):
            p.within(f"{where}.{field}", getattr(h, field), 0)


def _equipped(p: _Problems, d: GameData, h: Hero, slot: str, where: str) -> None:
    item = getattr(h, slot)
    if item is None:
        return
    p.known(where, item, d.equipment, "equipment")
    if item in d.equipment:
        p.unless(d.equipment[item].slot == slot, where, f"{item!r} goes in the {d.equipment[item].slot} slot")


def _board(p: _Problems, s: GameState, d: GameData, spaces: set[str]) -> None:
    slots = board_for(d, s.board.zone).slots
    p.each("board.unrevealed", s.board.unrevealed, slots, f"room slot on board {s.board.zone}")
    # A revealed slot's marker is only counted (the hall opens at 4), so a position may name any marker.
    p.each("board.revealed", s.board.revealed, slots, f"room slot on board {s.board.zone}")
    for slot, card in s.board.room_cards.items():
        p.known("board.room_cards", slot, slots, f"room slot on board {s.board.zone}")
        p.known(f"board.room_cards.{slot}", card, d.rooms, "room card")
    for space, count in s.board.chests.items():
        p.known("board.chests", space, spaces, f"space on board {s.board.zone}")
        p.within(f"board.chests.{space}", count, 0)
    p.unless(s.board.merchant is None or s.board.merchant in spaces, "board.merchant",
             f"no space named {s.board.merchant!r}")


def _decks(p: _Problems, s: GameState, d: GameData) -> None:
    cards: dict[str, set[str]] = {
        "events": set(d.events), "loot": set(d.decks.loot.ids()), "equipment": set(d.equipment),
        "combat": set(d.decks.combat.ids()), "monsters": set(d.monsters), "potions": set(d.potions),
    }
    for zone in d.boards:
        cards[marker_deck_id(zone)] = {m.id for m in d.markers.values() if m.zone == zone}
        for room in ROOM_TYPES:
            cards[room_deck_id(zone, room)] = {c.id for c in d.rooms.values() if c.zone == zone and c.room == room}
    for name, deck in s.decks.items():
        p.known("decks", name, cards, "deck")
        p.unless(deck.id == name, f"decks.{name}.id", f"is {deck.id!r}")
        if name in cards:
            p.each(f"decks.{name}.draw_pile", deck.draw_pile, cards[name], f"card of {name}")
            p.each(f"decks.{name}.discard", deck.discard, cards[name], f"card of {name}")


def _steps(p: _Problems, s: GameState, d: GameData) -> None:
    for i, step in enumerate(s.pending):
        where = f"pending.{i}"
        p.known(f"{where}.purpose", step.purpose, PURPOSES[type(step)], f"{type(step).__name__} purpose")
        if isinstance(step, DrawStep):
            p.known(f"{where}.deck", step.deck, s.decks, "deck")
            p.known(f"{where}.who", step.who, s.heroes, "hero")
        elif isinstance(step, RollStep):
            p.known(f"{where}.die", step.die, d.dice, "die")
            p.known(f"{where}.who", step.who, s.heroes, "hero")
        else:
            p.known(f"{where}.chooser", step.chooser, s.heroes, "hero")
            known = {"reroll": REROLL_OPTIONS, "equip": {"equip", "discard"}, "upgrade": set(d.upgrades)}
            p.each(f"{where}.options", step.options, known.get(step.purpose, set(s.heroes)), "option")
            if step.purpose == "equip":
                p.known(f"{where}.subject", step.subject, d.equipment, "equipment")
        if step.purpose == "attack":
            p.unless(s.attack is not None, where, "an attack step needs an attack")
        if step.purpose in ("marker", "room"):
            p.unless(s.reveal is not None, where, "a reveal step needs a reveal")
    if s.attack is not None:
        p.known("attack.attacker", s.attack.attacker, s.heroes, "hero")
        p.unless(s.attack.target == "guardian" or s.monster(s.attack.target) is not None, "attack.target",
                 f"no monster named {s.attack.target!r}")
    if s.reveal is not None:
        p.known("reveal.hero", s.reveal.hero, s.heroes, "hero")
        p.known("reveal.slot", s.reveal.slot, board_for(d, s.board.zone).slots, "room slot")
        p.unless(s.reveal.marker is None or s.reveal.marker in d.markers, "reveal.marker",
                 f"no room marker named {s.reveal.marker!r}")
        p.unless(s.reveal.room is None or s.reveal.room in d.rooms, "reveal.room",
                 f"no room card named {s.reveal.room!r}")
