"""A new game (rulebook "Setup", steps 1–9), and scenario positions laid over it.

The engine counts heroes, not people (ruling R-SETUP-1): 1 to 4 heroes, a person may run several, and
the 3-player rules apply when 3 heroes play. Each deck is dealt by the app or by the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from companion.core import files
from companion.core.deck import DealMode, Deck
from companion.core.rng import Rng
from companion.core.rules import SetupError
from companion.games.covenant import death, position
from companion.games.covenant.data import GameData
from companion.games.covenant.play import Play, board_for
from companion.games.covenant.state import BoardState, GameState, Guardian, Hero
from companion.games.covenant.zones import lay_board, lay_zone_decks

STARTING_GOLD = 3
ESCAPE_ROUNDS = {"easier": 4, "normal": 3, "harder": 2}
DECKS = ("events", "loot", "equipment", "combat", "monsters", "potions")


class Setup(msgspec.Struct, forbid_unknown_fields=True):
    heroes: list[str]
    seed: int = 1
    difficulty: str = "normal"
    deal: dict[str, DealMode] = {}
    position: dict[str, Any] = {}


def parse(raw: Mapping[str, Any], d: GameData) -> Setup:
    try:
        setup = msgspec.convert(dict(raw), Setup)
    except msgspec.ValidationError as exc:
        raise SetupError(f"setup: {exc}") from exc
    unknown = [h for h in setup.heroes if h not in d.heroes]
    if unknown or not 1 <= len(setup.heroes) <= 4 or len(set(setup.heroes)) != len(setup.heroes):
        raise SetupError(f"setup: heroes must be 1 to 4 different heroes of {sorted(d.heroes)}; got {setup.heroes}")
    if setup.difficulty not in ESCAPE_ROUNDS:
        raise SetupError(f"setup: difficulty must be one of {sorted(ESCAPE_ROUNDS)}")
    return setup


def _deck_cards(d: GameData) -> dict[str, list[str]]:
    return {
        "events": [e.id for e in d.events.values() for _ in range(e.count)],
        "loot": d.decks.loot.ids(),
        "equipment": list(d.equipment),
        "combat": d.decks.combat.ids(),
        "monsters": [m.id for m in d.monsters.values() for _ in range(m.count)],
        "potions": [p.id for p in d.potions.values() for _ in range(p.in_deck)],
    }


def new_game(d: GameData, raw: Mapping[str, Any]) -> GameState:
    setup = parse(raw, d)
    rng = Rng(seed=setup.seed)
    start = board_for(d, 1).start
    starting_potion = next(p.id for p in d.potions.values() if p.starting)
    # Seat order is the order the heroes are given (R-SETUP-2); everyone starts beside the entrance (R-BOARD-0).
    heroes = {hid: Hero(id=hid, seat=i, hp=d.heroes[hid].hp, space=start, gold=STARTING_GOLD,
                        potions=[starting_potion]) for i, hid in enumerate(setup.heroes)}
    decks: dict[str, Deck] = {}
    for name, cards in _deck_cards(d).items():
        decks[name] = Deck.shuffled(name, cards, setup.deal.get(name, DealMode.APP), rng)
    decks["potions"].reshuffles = False
    s = GameState(seed=setup.seed, rng=rng, players=len(heroes), order=list(setup.heroes), heroes=heroes,
                  board=BoardState(zone=1, unrevealed=[]), guardian=Guardian(id=""), decks=decks,
                  escape_rounds=ESCAPE_ROUNDS[setup.difficulty])
    lay_board(s, d, 1, setup.deal)
    if s.players == 3:
        g = Play(s, d)
        for hero in s.heroes.values():
            death.offer_upgrades(g, hero, 1)
    if setup.position:
        s = _lay_position(s, setup.position, d)
        lay_zone_decks(s, d, s.board.zone, setup.deal)
        _refuse(position.problems(s, d))
    return s


def _merge(base: Any, over: Any) -> Any:
    if isinstance(base, dict) and isinstance(over, dict):
        return {**base, **{k: _merge(base.get(k), v) for k, v in over.items()}}
    return over


def _lay_position(s: GameState, laid: dict[str, Any], d: GameData) -> GameState:
    """A scenario's position: any part of the state, laid over the fresh setup (dicts merge by key)."""
    _refuse([f"{key}: no such field" for key in files.unknown_keys(laid, GameState)])
    try:
        s = msgspec.convert(_merge(msgspec.to_builtins(s), laid), GameState)
    except msgspec.ValidationError as exc:
        raise SetupError(f"setup: position: {exc}") from exc
    _refuse([] if s.board.zone in d.boards else [f"board.zone: no zone named {s.board.zone}"])
    return s


def _refuse(problems: list[str], shown: int = 3) -> None:
    """A position the data does not allow, refused with its first problems (one line, each naming its field)."""
    if problems:
        more = f"; and {len(problems) - shown} more" if len(problems) > shown else ""
        raise SetupError("setup: position: " + "; ".join(problems[:shown]) + more)
