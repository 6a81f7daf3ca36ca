"""A draw that comes back empty — rulebook "Components" («عند نفاد أي رزمة … اخلط مهملاتها لتكوين رزمة
جديدة واستمروا») and "Exploration" (the reveal ambush); ruling R-EXPLORE-7.

When a deck and its discard are both empty nothing is drawn, and whatever the draw was for finishes with
what there is: play goes on, with no half-finished step left in the state."""

from __future__ import annotations

from typing import Any

import pytest
from covenant_game import Game, monster

from companion.core.flow import ActionPrompt, Draw
from companion.games.covenant import prompts

EMPTY: dict[str, Any] = {"draw_pile": [], "discard": []}


def _reveal_guardroom(monsters: dict[str, list[str]]) -> Game:
    """The Knight on m2 opens room1: a combat marker and the Guardroom, which calls for 2 monsters."""
    g = Game(["knight", "rogue"], {"heroes": {"knight": {"space": "m2"}}, "decks": {"monsters": monsters}},
             deal={"markers": "table", "rooms": "table"})
    g.act("knight", "reveal", "room1")
    g.ok(Draw(deck="markers-z1", card="z1-combat-1"), Draw(deck="rooms-z1-combat", card="z1-guardroom"))
    return g


def test_a_room_filled_from_a_dry_monster_deck_keeps_what_came_and_ambushes() -> None:
    """§Components, §Exploration: the reshuffled discard gives one Goblin, then both piles are empty.
    The room keeps that Goblin, the Goblin ambushes the revealer, and the turn goes on (R-EXPLORE-7)."""
    g = _reveal_guardroom({"draw_pile": [], "discard": ["goblin"]})
    assert [(m.kind, m.space) for m in g.s.monsters] == [("goblin", "room1")]
    assert g.kinds().count("ambush") == 1
    assert g.kinds().count("monster-attack") == 1
    assert "The Guardroom keeps the 1 monster that came." in " ".join(g.texts())
    assert g.s.reveal is None and g.s.pending == []
    assert isinstance(g.session.prompt(), ActionPrompt) and g.s.active == "knight" and g.s.actions == 3


def test_a_room_with_no_monster_left_at_all_is_revealed_empty() -> None:
    """§Components: nothing to draw and nothing to reshuffle: the room is revealed with no monster."""
    g = _reveal_guardroom({"draw_pile": [], "discard": []})
    assert g.s.monsters == [] and "ambush" not in g.kinds()
    assert g.s.reveal is None and g.s.pending == []
    assert g.s.board.revealed == {"room1": "z1-combat-1"} and g.s.heroes["knight"].space == "room1"


def test_a_room_whose_card_pile_is_empty_is_what_its_marker_says() -> None:
    """§Exploration, R-EXPLORE-7: with no combat room card left, the combat marker still opens a combat
    room; it brings as few monsters as any zone-1 combat card calls for (the Kennels' 1), who ambush."""
    g = Game(["knight"], {"heroes": {"knight": {"space": "m2"}}, "decks": {"rooms-z1-combat": EMPTY}},
             deal={"markers": "table"})
    g.act("knight", "reveal", "room1")
    g.ok(Draw(deck="markers-z1", card="z1-combat-1"))
    assert g.s.board.revealed == {"room1": "z1-combat-1"} and "room1" not in g.s.board.room_cards
    assert "no-room-card" in g.kinds() and [m.space for m in g.s.monsters] == ["room1"]
    assert g.kinds().count("ambush") == 1 and g.s.reveal is None and g.s.pending == []


# Each purpose a card is drawn for, with the half-done state the draw belongs to (R-EXPLORE-7).
MIDWAY: dict[str, tuple[str, dict[str, Any]]] = {
    "attack": ("combat", {"attack": {"attacker": "knight", "target": "m1"},
                          "monsters": [monster("m1", "goblin", "m3")],
                          "pending": [{"step": "roll", "die": "d6", "purpose": "attack", "who": "knight"}]}),
    "loot": ("loot", {}),
    "potion": ("potions", {}),
    "equipment": ("equipment", {}),
    "marker": ("markers-z1", {"reveal": {"hero": "knight", "slot": "room1"}}),
    "room": ("rooms-z1-combat", {"reveal": {"hero": "knight", "slot": "room1", "marker": "z1-combat-1"}}),
    "room-monster": ("monsters", {"reveal": {"hero": "knight", "slot": "room1", "marker": "z1-combat-1",
                                             "room": "z1-guardroom", "monsters_left": 2},
                                  "board": {"unrevealed": ["room2", "room3", "room4", "room5", "room6", "t8"],
                                            "revealed": {"room1": "z1-combat-1"},
                                            "room_cards": {"room1": "z1-guardroom"}},
                                  "heroes": {"knight": {"space": "room1"}}}),
    "event-monster": ("monsters", {}),
    "room-event": ("events", {}),
    "escape-event": ("events", {}),
}


@pytest.mark.parametrize("purpose", sorted(prompts.card_purposes()))
def test_every_draw_that_comes_back_empty_finishes_what_it_was_for(purpose: str) -> None:
    """§Components, R-EXPLORE-7: for every purpose a card is drawn for, an empty deck (and discard)
    leaves no half-done attack or reveal and no step waiting on it: the hero's turn goes on."""
    deck, midway = MIDWAY[purpose]
    draw = {"step": "draw", "deck": deck, "purpose": purpose, "who": "knight"}
    position = {**midway, "actions": 3, "turn_open": True, "pending": [draw, *midway.get("pending", [])],
                "decks": {deck: EMPTY}, "heroes": {"knight": {"space": "m2"}, **midway.get("heroes", {})}}
    g = Game(["knight"], position)
    assert g.s.attack is None and g.s.reveal is None and g.s.pending == []
    prompt = g.session.prompt()
    assert isinstance(prompt, ActionPrompt) and prompt.actor == "knight"
    # A door that could not be opened costs nothing; everything else spent its action when it began.
    assert g.s.actions == (4 if purpose == "marker" else 3)
