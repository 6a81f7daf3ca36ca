"""Revealing rooms — rulebook "Exploration", "Loot and treasure", "Events and traps"; rulings
R-EXPLORE-1..5."""

from __future__ import annotations

from covenant_game import TABLE, Game, monster

from companion.core.flow import Act, CardPrompt, Choose, DiePrompt, Draw, Roll

FOUR_OPEN = {"unrevealed": ["room5", "room6", "t8"],
             "revealed": {"room1": "z1-event-1", "room2": "z1-event-2", "room3": "z1-combat-1", "room4": "z1-trap-1"}}


def test_a_reveal_turns_the_marker_draws_the_room_card_and_moves_the_hero_in() -> None:
    """§Exploration: 1 interact from an adjacent space; room card of that type; door token; free move."""
    g = Game(["knight"], {"heroes": {"knight": {"space": "m2"}}}, deal=TABLE)
    g.act("knight", "reveal", "room1")
    prompt = g.session.prompt()
    assert isinstance(prompt, CardPrompt) and prompt.deck == "markers-z1" and len(prompt.candidates) == 7
    g.ok(Draw(deck="markers-z1", card="z1-treasure-1"))
    prompt = g.session.prompt()
    assert isinstance(prompt, CardPrompt) and prompt.deck == "rooms-z1-treasure"
    g.ok(Draw(deck="rooms-z1-treasure", card="z1-vault"))
    s = g.s
    assert s.board.revealed == {"room1": "z1-treasure-1"} and "room1" not in s.board.unrevealed
    assert s.heroes["knight"].space == "room1" and s.heroes["knight"].moved == 0 and s.actions == 3
    assert s.board.chests == {"room1": 2}


def test_a_marker_of_another_zone_or_already_revealed_is_refused() -> None:
    g = Game(["knight"], {"heroes": {"knight": {"space": "m2"}}}, deal=TABLE)
    g.act("knight", "reveal", "room1")
    assert g.refused(Draw(deck="markers-z1", card="z2-trap-1")).code == "card-not-in-deck"
    assert g.refused(Draw(deck="markers-z2", card="z2-trap-1")).code == "expected-card"


def test_reveals_need_an_adjacent_space() -> None:
    g = Game(["knight"])
    rejection = g.refused(Act(actor="knight", action="reveal", target="room2"))
    assert rejection.code == "not-adjacent" and rejection.rule == "§Exploration"


def test_no_reveal_while_more_than_two_monsters_are_on_the_board() -> None:
    """§Exploration, monster board capacity; summoned monsters do not count (R-EXPLORE-5)."""
    three = [monster(f"m{i}", "goblin", "b5") for i in (1, 2, 3)]
    g = Game(["knight"], {"heroes": {"knight": {"space": "m2"}}, "monsters": three})
    assert g.refused(Act(actor="knight", action="reveal", target="room1")).code == "too-many-monsters"
    summoned = [*three[:2], monster("m3", "goblin", "b5", origin="summon")]
    ok = Game(["knight"], {"heroes": {"knight": {"space": "m2"}}, "monsters": summoned})
    ok.act("knight", "reveal", "room1")


def test_the_guardian_hall_is_locked_until_four_rooms_are_revealed() -> None:
    """§The boards / §Exploration: neither entered nor attacked before 4 rooms of this board are revealed."""
    three = {"unrevealed": ["room4", "room5", "room6", "t8"],
             "revealed": {"room1": "z1-event-1", "room2": "z1-event-2", "room3": "z1-trap-1"}}
    g = Game(["knight"], {"heroes": {"knight": {"space": "m8"}}, "board": three})
    assert g.refused(Act(actor="knight", action="move", target="hall")).code == "hall-locked"
    assert g.refused(Act(actor="knight", action="attack", target="guardian")).code == "hall-locked"
    opened = Game(["knight"], {"heroes": {"knight": {"space": "m8"}}, "board": FOUR_OPEN})
    opened.act("knight", "move", "hall")
    assert opened.s.guardian.provoked


def test_a_combat_room_brings_its_monsters_and_they_ambush_the_revealer() -> None:
    """§Exploration: monsters from the monster deck; the reveal ambush (each attacks the revealer once)."""
    g = Game(["knight"], {"heroes": {"knight": {"space": "m2"}}}, deal=TABLE)
    g.act("knight", "reveal", "room1")
    g.ok(Draw(deck="markers-z1", card="z1-combat-1"), Draw(deck="rooms-z1-combat", card="z1-guardroom"))
    g.ok(Draw(deck="monsters", card="goblin"), Draw(deck="monsters", card="goblin"))
    assert [m.space for m in g.s.monsters] == ["room1", "room1"]
    assert g.kinds().count("ambush") == 2
    assert g.s.heroes["knight"].hp == 14 - 2 * max(1, 2 - 2)


def test_a_monster_of_a_later_zone_goes_to_the_bottom_and_is_drawn_again() -> None:
    """§Monster guide: a card that does not fit the current zone or an earlier one is redrawn."""
    g = Game(["knight"], {"heroes": {"knight": {"space": "m2"}},
                          "decks": {"monsters": {"draw_pile": ["wraith", "goblin", "troll"], "discard": []}}},
             deal={"markers": "table", "rooms": "table"})
    g.act("knight", "reveal", "room1")
    g.ok(Draw(deck="markers-z1", card="z1-combat-2"), Draw(deck="rooms-z1-combat", card="z1-kennels"))
    assert [m.kind for m in g.s.monsters] == ["goblin"]
    assert g.s.decks["monsters"].draw_pile == ["troll", "wraith"]
    assert "redraw" in g.kinds()


def test_an_elite_rooms_monsters_are_elites() -> None:
    """§Monster guide: elite = +4 HP, +1 strength, +1 damage (R-EXPLORE-4)."""
    g = Game(["knight"], {"heroes": {"knight": {"space": "m2", "armour": "plate_armour"}}}, deal=TABLE)
    g.act("knight", "reveal", "room1")
    g.ok(Draw(deck="markers-z1", card="z1-elite-1"), Draw(deck="rooms-z1-elite", card="z1-armoury"),
         Draw(deck="monsters", card="goblin"))
    goblin = g.s.monsters[0]
    assert goblin.elite
    assert "Reveal ambush: elite Goblin attacks Exiled Knight at once." in g.texts()
    assert "Elite Goblin attacks Exiled Knight: damage 3 − defense 4 = -1, raised to the minimum of 1 → 1 damage." \
        in g.texts()


def test_the_treasure_rooms_chests_open_for_one_action_and_a_treasure_roll() -> None:
    """§Loot and treasure: 2 chests, 1 action each, the treasure die (gold x3, potion x2, equipment)."""
    g = Game(["knight"], {"heroes": {"knight": {"space": "room1"}},
                          "board": {"unrevealed": ["room2", "room3", "room4", "room5", "room6", "t8"],
                                    "revealed": {"room1": "z1-treasure-1"}, "chests": {"room1": 2}}},
             deal={"potions": "table"})
    g.act("knight", "open_chest", "room1")
    assert isinstance(g.session.prompt(), DiePrompt)
    g.ok(Roll(die="treasure", face="gold"))
    assert g.s.heroes["knight"].gold == 6
    g.act("knight", "open_chest", "room1")
    g.ok(Roll(die="d6", face="4"), Draw(deck="potions", card="speed"))
    assert g.s.heroes["knight"].potions == ["health", "speed"] and g.s.board.chests["room1"] == 0
    assert "open_chest" not in [o.id for o in g.session.prompt().options]  # type: ignore[union-attr]


def test_an_event_applies_to_every_hero_in_the_room_and_ignores_defense() -> None:
    """§Exploration / §Events and traps: the event deck (R-EXPLORE-2), damage without defense."""
    g = Game(["knight"], {"heroes": {"knight": {"space": "m2", "armour": "plate_armour"}}}, deal=TABLE)
    g.act("knight", "reveal", "room1")
    g.ok(Draw(deck="markers-z1", card="z1-event-1"), Draw(deck="rooms-z1-event", card="z1-chapel"),
         Draw(deck="events", card="collapse"))
    assert g.s.heroes["knight"].hp == 12


def test_the_merchant_sells_without_an_action_until_the_end_of_the_round() -> None:
    """§Events and traps: the Merchant stays until the end of the round; buying costs no action."""
    g = Game(["knight"], {"heroes": {"knight": {"space": "m2", "hp": 5, "gold": 9}}}, deal=TABLE)
    g.act("knight", "reveal", "room1")
    g.ok(Draw(deck="markers-z1", card="z1-event-2"), Draw(deck="rooms-z1-event", card="z1-chapel"),
         Draw(deck="events", card="merchant"))
    assert g.s.board.merchant == "room1"
    g.act("knight", "buy", "merchant_heal")
    assert (g.s.heroes["knight"].hp, g.s.heroes["knight"].gold, g.s.actions) == (8, 6, 3)
    g.act("knight", "end", "turn")
    assert g.s.board.merchant is None


def test_the_trap_roll_hits_the_revealer() -> None:
    """§Events and traps: 1–2 spikes, 3–4 poison, 5 rockfall, 6 teleport to this board's entrance."""
    outcomes = {}
    for face in ("1", "3", "5", "6"):
        g = Game(["knight"], {"heroes": {"knight": {"space": "m2", "armour": "plate_armour"}}}, deal=TABLE)
        g.act("knight", "reveal", "room1")
        g.ok(Draw(deck="markers-z1", card="z1-trap-1"), Draw(deck="rooms-z1-trap", card="z1-pit"),
             Roll(die="d6", face=face))
        k = g.s.heroes["knight"]
        outcomes[face] = (k.hp, k.poison, k.space)
    assert outcomes == {"1": (11, 0, "room1"), "3": (12, 1, "room1"), "5": (10, 0, "room1"), "6": (14, 0, "m1")}


def test_a_trap_roll_refuses_the_treasure_die() -> None:
    g = Game(["knight"], {"heroes": {"knight": {"space": "m2"}}}, deal=TABLE)
    g.act("knight", "reveal", "room1")
    g.ok(Draw(deck="markers-z1", card="z1-trap-1"), Draw(deck="rooms-z1-trap", card="z1-pit"))
    assert g.refused(Roll(die="treasure", face="gold")).code == "wrong-die"
    assert g.refused(Roll(die="trap", face="7")).code == "unknown-face"
    assert g.refused(Choose(option="keep")).code == "expected-die"


def test_a_deck_of_later_zone_monsters_is_refilled_from_the_discard_or_brings_none() -> None:
    """§Monster guide redraw with only later-zone cards left to draw (R-EXPLORE-6): no endless redraw."""
    refill = Game(["knight"], {"heroes": {"knight": {"space": "m2"}},
                               "decks": {"monsters": {"draw_pile": ["wraith", "troll"], "discard": ["goblin"]}}},
                  deal={"markers": "table", "rooms": "table"})
    refill.act("knight", "reveal", "room1")
    refill.ok(Draw(deck="markers-z1", card="z1-combat-2"), Draw(deck="rooms-z1-combat", card="z1-kennels"))
    assert [m.kind for m in refill.s.monsters] == ["goblin"] and "reshuffle" in refill.kinds()
    none = Game(["knight"], {"heroes": {"knight": {"space": "m2"}},
                             "decks": {"monsters": {"draw_pile": ["wraith", "troll"], "discard": []}}},
                deal={"markers": "table", "rooms": "table"})
    none.act("knight", "reveal", "room1")
    none.ok(Draw(deck="markers-z1", card="z1-combat-2"), Draw(deck="rooms-z1-combat", card="z1-kennels"))
    assert none.s.monsters == [] and "no-monster" in none.kinds() and none.s.reveal is None


def test_a_scenario_may_start_on_a_later_board_with_its_decks() -> None:
    g = Game(["knight"], {"board": {"zone": 2, "unrevealed": ["room1", "t7"]}, "heroes": {"knight": {"space": "t1"}},
                          "guardian": {"id": "black_saint"}}, deal=TABLE)
    g.act("knight", "reveal", "room1")
    g.ok(Draw(deck="markers-z2", card="z2-trap-1"))
    assert g.s.reveal is not None and g.s.reveal.marker == "z2-trap-1"


def test_the_teleport_trap_reads_no_damage() -> None:
    """§Events and traps, 6: the teleport moves the hero and deals nothing (issue 22: «ضرر 0 …، دون خصم الدفاع»
    said a meaningless damage); a trap with damage still says it, defense ignored (R-EXPLORE-3)."""
    said = {}
    for face in ("1", "6"):
        g = Game(["knight"], {"heroes": {"knight": {"space": "m2"}}}, deal=TABLE)
        g.act("knight", "reveal", "room1")
        events = g.ok(Draw(deck="markers-z1", card="z1-trap-1"), Draw(deck="rooms-z1-trap", card="z1-pit"),
                      Roll(die="d6", face=face))
        said[face] = next(e.msg.text("ar") for e in events if e.kind == "trap")
    assert said["6"] == "فخ الانتقال! لا ضرر على الفارس المنفي."
    assert said["1"] == "فخ الأشواك! ضرر 3 على الفارس المنفي، دون خصم الدفاع."
