"""Loot, potions, equipment, trading and gold — rulebook "Loot and treasure", "Equipment and potions",
"When a monster attacks you" (the defense cap); rulings R-LOOT-1..4."""

from __future__ import annotations

from covenant_game import Game, monster

from companion.core.flow import Act, Choose, Draw, Roll
from companion.games.covenant import traits
from companion.games.covenant.data import default

KILL = {"heroes": {"knight": {"space": "m1", "gold": 0}}, "monsters": [monster("m1", "goblin", "m2", damage=4)]}
DEALT = {"combat": "table", "loot": "table", "potions": "table", "equipment": "table"}


def test_a_kill_draws_a_loot_card_and_gold_is_taken() -> None:
    """§Loot and treasure: killing a monster draws a loot card (gold 2 or 3, a potion, or equipment)."""
    g = Game(["knight"], KILL, deal=DEALT)
    g.attack("knight", "m1", card="5", die="3")
    assert g.s.monsters == [] and g.session.prompt().deck == "loot"  # type: ignore[union-attr]
    g.ok(Draw(deck="loot", card="gold3"))
    assert g.s.heroes["knight"].gold == 3
    assert g.s.decks["monsters"].discard == ["goblin"]


def test_a_potion_with_the_potion_deck_empty_is_three_gold() -> None:
    """§Loot and treasure: on a potion, draw from the potion deck; if it is empty, take 3 gold (R-LOOT-3)."""
    g = Game(["knight"], {**KILL, "decks": {"potions": {"draw_pile": [], "discard": ["speed"]}}}, deal=DEALT)
    g.attack("knight", "m1", card="5", die="3")
    g.ok(Draw(deck="loot", card="potion"))
    assert g.s.heroes["knight"].gold == 3 and g.s.decks["potions"].draw_pile == []


def test_equipment_fills_its_slot_and_a_full_slot_asks() -> None:
    """§Equipment and potions: one weapon, one armour, one accessory (R-LOOT-1)."""
    g = Game(["knight"], KILL, deal=DEALT)
    g.attack("knight", "m1", card="5", die="3")
    g.ok(Draw(deck="loot", card="equipment"), Draw(deck="equipment", card="short_sword"))
    assert g.s.heroes["knight"].weapon == "short_sword"
    again = Game(["knight"], {**KILL, "heroes": {"knight": {"space": "m1", "gold": 0, "weapon": "short_sword"}}},
                 deal=DEALT)
    again.attack("knight", "m1", card="5", die="3")
    again.ok(Draw(deck="loot", card="equipment"), Draw(deck="equipment", card="war_axe"))
    assert again.session.prompt().options[0].id == "equip"  # type: ignore[union-attr]
    again.ok(Choose(option="equip"))
    assert again.s.heroes["knight"].weapon == "war_axe"
    assert again.s.decks["equipment"].discard == ["short_sword"]


def test_another_heros_weapon_cannot_be_carried() -> None:
    """§The four heroes: a weapon specific to one hero cannot be carried by another."""
    g = Game(["knight"], KILL, deal=DEALT)
    g.attack("knight", "m1", card="5", die="3")
    g.ok(Draw(deck="loot", card="equipment"), Draw(deck="equipment", card="twin_daggers"))
    assert g.s.heroes["knight"].weapon is None and g.s.decks["equipment"].discard == ["twin_daggers"]


def test_total_defense_never_exceeds_four() -> None:
    """§When a monster attacks you: however many sources add defense, no hero's total exceeds 4."""
    g = Game(["knight"], {"heroes": {"knight": {"armour": "plate_armour", "accessory": "warding_amulet",
                                                "upgrades": {"protection": 2}}}})
    assert traits.defense(default(), g.s.heroes["knight"]) == 4


def test_drinking_a_health_potion_heals_five_but_not_past_full() -> None:
    """§A full turn, worked: the health potion, +5 HP (never above the hero's HP)."""
    g = Game(["knight"], {"heroes": {"knight": {"hp": 12}}})
    g.act("knight", "drink", "health")
    assert g.s.heroes["knight"].hp == 14 and g.s.heroes["knight"].potions == [] and g.s.actions == 3


def test_a_trade_gives_any_amount_for_one_action() -> None:
    """§Loot and treasure: gold, a potion or a shard to a hero in the same or an adjacent space, 1 action."""
    g = Game(["knight", "rogue"], {"heroes": {"knight": {"gold": 7}, "rogue": {"space": "m2"}}})
    g.act("knight", "trade", "rogue", gold=7, potion="health")
    rogue = g.s.heroes["rogue"]
    assert (rogue.gold, rogue.potions, g.s.actions) == (10, ["health", "health"], 3)
    assert g.refused(Act(actor="knight", action="trade", target="rogue", args={"gold": 1})).code == "bad-trade"
    assert g.refused(Act(actor="knight", action="trade", target="rogue", args={})).code == "empty-trade"


def test_equipment_trades_into_an_empty_slot_only() -> None:
    """R-LOOT-4: equipment is loot; it goes into the receiver's empty slot, a hero's own weapon to that hero."""
    g = Game(["knight", "rogue"], {"heroes": {"knight": {"weapon": "twin_daggers", "armour": "leather_armour"},
                                              "rogue": {"space": "m1", "armour": "chain_mail"}}})
    g.act("knight", "trade", "rogue", equipment="weapon")
    assert g.s.heroes["rogue"].weapon == "twin_daggers"
    assert g.refused(Act(actor="knight", action="trade", target="rogue",
                         args={"equipment": "armour"})).code == "bad-trade"


def test_a_fourth_potion_cannot_be_carried() -> None:
    """R-LOOT-2: the hero board's three potion slots."""
    g = Game(["knight", "rogue"], {"heroes": {"knight": {"potions": ["health"]},
                                              "rogue": {"space": "m1", "potions": ["speed", "strength", "health"]}}})
    assert g.refused(Act(actor="knight", action="trade", target="rogue",
                         args={"potion": "health"})).code == "potion-slots-full"


def test_gold_pays_a_reroll() -> None:
    """§Loot and treasure, using gold: a reroll for 2 gold (provisional price, gold.yaml)."""
    g = Game(["knight"], {**KILL, "heroes": {"knight": {"space": "m1", "gold": 2}}}, deal=DEALT)
    g.act("knight", "attack", "m1")
    g.ok(Draw(deck="combat", card="1"), Roll(die="d6", face="1"))
    g.ok(Choose(option="gold"))
    assert g.s.heroes["knight"].gold == 0


def test_a_revive_without_two_actions_is_paid_in_gold_by_default() -> None:
    """§Falling and death: 2 actions or 6 gold; with one action left, the gold is what can pay."""
    g = Game(["knight", "rogue"], {"heroes": {"knight": {"gold": 6}, "rogue": {"space": "m2", "hp": 0,
                                                                               "fallen": True}}})
    g.act("knight", "move", "m3")
    g.act("knight", "move", "m4")
    g.act("knight", "move", "m3")
    g.act("knight", "revive", "rogue")
    assert (g.s.heroes["rogue"].hp, g.s.heroes["knight"].gold) == (5, 0)
