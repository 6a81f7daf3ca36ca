"""Loot, dragons and treasures (sheet, "Loot phase", "Dragon phase", "Treasures"; rulings R-DR-3, 4, 5,
8, 13, 14)."""

from __future__ import annotations

from dr_game import Game

from companion.core.flow import CardPrompt, Draw, Source


def at_loot(*hero: str, party: str, dungeon: str, level: int = 3) -> Game:
    """A delve that has reached `level` with these dice, the party thrown fresh (chests on the way)."""
    g = Game(*(hero or ("spellsword",)))
    g.throw(party)
    for n in range(1, level):
        g.throw(" ".join(["potion"] * n))
        g.do("done")
        g.do("seek")
    g.throw(dungeon)
    return g


def test_a_thief_or_champion_opens_every_chest_any_other_companion_one() -> None:
    """§Loot phase; §Party dice: the scroll opens no chest."""
    g = at_loot(party="thief fighter scroll champion mage mage mage", dungeon="chest chest chest")
    assert g.refused(g.act("open", "p2", chests="d1 d2")) == "cannot-open"
    assert g.refused(g.act("open", "p3", chests="d1")) == "cannot-open"
    g.do("open", "p2", chests="d1")
    g.draw("talisman")
    g.do("open", "p1", chests="d2 d3")
    prompt = g.session.prompt()
    assert isinstance(prompt, CardPrompt) and prompt.deck == "treasure"
    g.draw("scroll")
    g.draw("scroll")
    assert g.s.player.treasures == ["talisman-1", "scroll-1", "scroll-2"]
    assert g.s.phase == "regroup"


def test_a_named_treasure_must_be_in_the_bag() -> None:
    """R-DR-14: the table names the kind; the lowest-numbered token of it leaves the bag."""
    g = at_loot(party="thief fighter fighter fighter fighter fighter fighter", dungeon="chest chest chest")
    g.give("town-portal-1")
    g.do("open", "p1", chests="d1 d2 d3")
    g.draw("town-portal")
    g.draw("town-portal")
    g.draw("elixir")
    assert g.s.player.treasures == ["town-portal-1", "town-portal-2", "town-portal-3", "elixir-1"]
    g2 = at_loot(party="thief fighter fighter fighter fighter fighter fighter", dungeon="chest chest potion")
    g2.s.supply = [t for t in g2.s.supply if not t.startswith("elixir")]
    g2.do("open", "p1", chests="d1 d2")
    assert g2.refused(Draw(deck="treasure", card="elixir", source=Source.TABLE)) == "not-in-bag"


def test_an_empty_bag_gives_experience_for_a_chest() -> None:
    """§Treasures: all tokens taken, opening a chest gives 1 experience; R-DR-8."""
    g = at_loot(party="thief fighter fighter fighter fighter fighter fighter", dungeon="chest chest goblin")
    g.s.supply = ["scroll-1"]
    g.do("fight", "p2", monsters="d3")
    g.do("open", "p1", chests="d1 d2")
    g.draw("scroll")
    assert g.s.player.xp == 1 and g.s.supply == []
    assert "The bag is empty: 1 experience instead of a treasure (ruling R-DR-8)." in g.texts()


def test_potions_revive_one_die_each_with_a_chosen_face() -> None:
    """§Loot phase: potions revive companions of your choice; R-DR-3: one per potion, the quaffer may be
    one of them."""
    g = at_loot(party="fighter fighter cleric mage thief champion scroll", dungeon="goblin potion potion")
    g.do("fight", "p1", monsters="d1")
    assert g.refused(g.act("quaff", "p2", potions="d2 d3", revive="p1=mage p2=thief p3=cleric")) == "cannot-revive"
    assert g.refused(g.act("quaff", "p2", potions="d2", revive="p1=goblin")) == "malformed-args"
    assert g.refused(g.act("quaff", "p2", potions="d2", revive="p3=mage")) == "cannot-revive"
    g.do("quaff", "p7", potions="d2 d3", revive="p1=mage p7=champion")
    assert g.s.dice["p1"].place == "party" and g.s.dice["p1"].face == "mage"
    assert g.s.dice["p7"].place == "party" and g.s.dice["p7"].face == "champion"
    assert g.s.dice["d2"].place == "box"


def test_the_dragon_needs_three_different_companion_kinds() -> None:
    """§Dragon phase; R-DR-4: three different kinds; scrolls do not count; a treasure counts as its kind."""
    g = Game("minstrel")
    g.give("vorpal-sword-1", "elixir-1")
    g.throw("fighter fighter cleric scroll thief champion champion")
    g.throw("dragon")
    g.do("seek")
    g.throw("dragon dragon")
    assert g.s.phase == "dragon"
    assert g.refused(g.act("slay", units="p1 p2 p3")) == "not-different"
    assert g.refused(g.act("slay", units="p1 p3 p4")) == "not-different"
    assert g.refused(g.act("slay", units="p1 vorpal-sword-1 p3")) == "not-different"
    assert g.refused(g.act("slay", units="p1 p3")) == "dragon-party"
    assert g.refused(g.act("slay", units="p6 p7 elixir-1")) == "not-different"
    g.do("slay", units="p1 p6 elixir-1")
    assert g.s.at("lair") == [] and g.s.player.xp == 1
    assert g.s.spent == ["elixir-1"]
    g.draw("dragon-scales")
    assert g.s.phase == "regroup"


def test_a_specialty_lets_two_alike_dice_count_as_different() -> None:
    """§Dragon phase, the note: an ability letting one kind act as another makes two identical dice count
    as different companions (the Spellsword's fighters act as mages); R-DR-4."""
    g = Game("spellsword")
    g.throw("fighter fighter cleric scroll thief champion champion")
    g.throw("dragon")
    g.do("seek")
    g.throw("dragon dragon")
    g.do("slay", units="p1 p2 p3")
    assert sorted(g.s.at("graveyard")) == ["p1", "p2", "p3"]


def test_the_ring_evades_the_dragon_without_treasure() -> None:
    """§Treasures (Ring of Invisibility); R-DR-13."""
    g = Game("spellsword")
    g.give("ring-of-invisibility-1")
    g.throw("fighter fighter fighter fighter fighter fighter fighter")
    g.throw("dragon")
    g.do("seek")
    g.throw("dragon dragon")
    g.do("ring", "ring-of-invisibility-1")
    assert g.s.at("lair") == [] and g.s.phase == "regroup" and g.s.player.xp == 0
    assert g.s.player.treasures == [] and g.s.spent == ["ring-of-invisibility-1"]
    assert g.s.draws == 0


def test_dragon_bait_sends_every_monster_to_the_lair() -> None:
    """§Treasures (Dragon Bait); R-DR-13: in the monster phase."""
    g = Game("spellsword")
    g.give("dragon-bait-1")
    g.throw("fighter fighter fighter fighter fighter fighter fighter")
    g.throw("chest")
    g.do("done")
    g.do("seek")
    g.throw("chest goblin")
    assert g.refused(g.act("ring", "dragon-bait-1")) == "not-now"
    g.do("bait", "dragon-bait-1")
    assert g.s.at("lair") == ["d2"] and g.s.dice["d2"].face == "dragon"
    assert g.s.phase == "loot"


def test_a_used_treasure_never_returns_to_the_bag() -> None:
    """R-DR-5: a spent token leaves the game; a token is in exactly one place."""
    g = Game("spellsword")
    g.give("talisman-1")
    g.throw("fighter fighter fighter fighter fighter fighter fighter")
    g.throw("skeleton")
    g.do("fight", "talisman-1", monsters="d1")
    assert "talisman-1" in g.s.spent and "talisman-1" not in g.s.supply and g.s.player.treasures == []
