"""Laying a board and moving to the next one (rulebook "Setup" step 7 and "Moving to the next board")."""

from __future__ import annotations

from companion.core.deck import DealMode, Deck
from companion.games.covenant.data import GameData
from companion.games.covenant.monsters import remove_monster
from companion.games.covenant.play import Play, board_for
from companion.games.covenant.state import BoardState, GameState, Guardian

ROOM_TYPES = ("combat", "elite", "treasure", "event", "trap")


def room_deck_id(zone: int, room: str) -> str:
    return f"rooms-z{zone}-{room}"


def marker_deck_id(zone: int) -> str:
    return f"markers-z{zone}"


def lay_board(s: GameState, d: GameData, zone: int, modes: dict[str, DealMode]) -> None:
    """Guardian on its hall, the zone's markers face down on its 7 slots, its room piles by type."""
    board = board_for(d, zone)
    s.board = BoardState(zone=zone, unrevealed=list(board.slots))
    s.guardian = Guardian(id=d.guardians[zone].id)
    lay_zone_decks(s, d, zone, modes)


def lay_zone_decks(s: GameState, d: GameData, zone: int, modes: dict[str, DealMode]) -> None:
    """The zone's marker deck and its five room piles, shuffled; a deck the zone has already is kept
    (a scenario position may lay a later zone's board without them)."""
    decks = {marker_deck_id(zone): ([m.id for m in d.markers.values() if m.zone == zone], "markers")}
    for room in ROOM_TYPES:
        decks[room_deck_id(zone, room)] = ([c.id for c in d.rooms.values() if c.zone == zone and c.room == room],
                                           "rooms")
    for did, (cards, kind) in decks.items():
        if did not in s.decks:
            s.decks[did] = Deck.shuffled(did, cards, modes.get(kind, DealMode.APP), s.rng)


def deal_modes(s: GameState) -> dict[str, DealMode]:
    """Who deals the markers and the room cards, as the setup said (zone 1's decks always exist)."""
    return {"markers": s.decks[marker_deck_id(1)].mode, "rooms": s.decks[room_deck_id(1, "combat")].mode}


def next_board(g: Play) -> None:
    s = g.s
    zone = s.board.zone + 1
    modes = deal_modes(s)
    for m in list(s.monsters):
        remove_monster(g, m)
    for pile in s.piles:
        # Only shards travel: gold, potions and equipment left on the floor go with the board (R-BOARD-2).
        s.decks["equipment"].discard.extend(pile.equipment)
        s.decks["potions"].discard.extend(pile.potions)
        pile.gold, pile.equipment, pile.potions = 0, [], []
    s.piles = [p for p in s.piles if p.shards or p.covenant]
    lay_board(s, g.d, zone, modes)
    start = g.board.start
    for hero in s.heroes.values():
        hero.space = start
        if hero.fallen:
            hero.dies_after_round = s.round
    for pile in s.piles:
        pile.space = start
    spec = g.d.boards[zone]
    g.say("board-change", "§Moving to the next board", "The {board} is laid. Everyone moves to its entrance "
          "with all they carry; room markers go face down on its 7 slots.", {"zone": zone},
          board=spec.named())
