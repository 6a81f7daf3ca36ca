"""Heroes, the end of the game and the scores (sheet, "Heroes", "End of the game", "Treasures"; rulings
R-DR-10, 11, 12)."""

from __future__ import annotations

from dr_game import Game

from companion.core.flow import ThrowPrompt
from companion.games.dungeon_roll import scoring
from companion.games.dungeon_roll.data import default
from companion.games.dungeon_roll.state import Player

FIGHTERS = "fighter fighter fighter fighter fighter fighter fighter"


def test_the_knights_scrolls_become_champions_when_the_party_is_formed() -> None:
    """§Heroes: KNIGHT — scrolls become champions (novice specialty); R-DR-12."""
    g = Game("knight")
    g.throw("scroll scroll fighter cleric mage thief champion")
    assert [g.s.dice[f"p{n}"].face for n in (1, 2)] == ["champion", "champion"]


def test_the_knights_ultimate_turns_every_monster_into_a_dragon_once_per_delve() -> None:
    """§Heroes: KNIGHT — transform all monsters to dragons (ultimate), once per delve."""
    g = Game("knight")
    g.throw(FIGHTERS)
    g.throw("goblin")
    g.do("ultimate")
    assert g.s.at("lair") == ["d1"] and g.s.ultimate_used
    g.do("seek")
    g.throw("ooze chest")
    assert "ultimate" not in g.actions()
    assert g.refused(g.act("ultimate")) == "no-ultimate"


def test_the_spellsword_acts_as_a_fighter_or_mage_once() -> None:
    """§Heroes: SPELLSWORD — used as a fighter or mage (novice ultimate); R-DR-12: the hero is a unit."""
    g = Game("spellsword")
    g.throw("cleric cleric cleric cleric cleric cleric cleric")
    g.throw("ooze")
    assert g.refused(g.act("ultimate")) == "no-ultimate"
    g.do("fight", "hero", monsters="d1")
    assert g.s.ultimate_used
    g.do("seek")
    g.throw("goblin goblin")
    assert g.refused(g.act("fight", "hero", monsters="d1 d2")) == "not-a-unit"


def test_the_enchantress_turns_a_monster_into_a_potion_and_her_scrolls_act_as_anyone() -> None:
    """§Heroes: ENCHANTRESS — scrolls used as any companion; transform a monster to a potion (novice)."""
    g = Game("enchantress")
    g.throw("scroll cleric cleric cleric cleric cleric cleric")
    g.throw("goblin")
    assert g.refused(g.act("ultimate", monsters="d1 d2")) == "wrong-die"
    g.do("fight", "p1", monsters="d1")
    g.do("seek")
    g.throw("goblin goblin")
    g.do("ultimate", monsters="d1")
    assert g.s.dice["d1"].face == "potion" and g.s.phase == "monsters"


def test_the_minstrel_discards_the_lair() -> None:
    """§Heroes: MINSTREL — discard all dragons (ultimate)."""
    g = Game("minstrel")
    g.throw("champion champion fighter fighter fighter fighter fighter")
    g.throw("dragon")
    g.do("seek")
    g.throw("dragon goblin")
    assert sorted(g.s.at("lair")) == ["d1", "d2"]
    g.do("ultimate")
    assert g.s.at("lair") == [] and g.s.phase == "monsters"


def test_the_lair_is_discarded_in_the_loot_and_regroup_phases_too_and_offered_where_it_acts() -> None:
    """R-DR-12: every other ultimate is used in the phase it acts in, "discarding the Lair while dice are
    there": the Minstrel's (and the Battlemage's) discard in the loot phase and the regroup phase too,
    offered exactly then; not once the Lair is empty."""
    for hero, master in (("minstrel", False), ("spellsword", True)):
        g = Game(hero)
        g.s.players[0].master = master
        g.throw("champion champion fighter fighter fighter fighter fighter")
        g.throw("dragon")
        assert g.s.phase == "regroup" and "ultimate" in g.actions(), hero
        g.do("ultimate")
        assert g.s.at("lair") == [] and g.s.phase == "regroup" and "ultimate" not in g.actions()
        g = Game(hero)
        g.s.players[0].master = master
        g.throw("champion champion fighter fighter fighter fighter fighter")
        g.throw("dragon")
        g.do("seek")
        g.throw("dragon chest")
        assert g.s.phase == "loot" and "ultimate" in g.actions(), hero
        g.do("ultimate")
        assert g.s.at("lair") == [] and g.s.phase == "loot"
        g.do("done")
        assert g.s.phase == "regroup" and "ultimate" not in g.actions(), "once per delve"


def test_the_dragon_is_offered_only_to_a_party_that_can_field_different_companions() -> None:
    """§Dragon phase; R-DR-4: a party with no three different kinds is not offered the fight it would be
    refused; it may flee."""
    g = Game("minstrel")
    g.throw("fighter fighter fighter fighter fighter scroll scroll")
    g.throw("dragon")
    g.do("seek")
    g.throw("dragon dragon")
    assert g.s.phase == "dragon" and "slay" not in g.actions() and "flee" in g.actions()


def bard(master: bool) -> Game:
    g = Game("minstrel")
    g.s.players[0].master = master
    g.throw("champion champion fighter fighter fighter fighter fighter")
    g.throw("goblin")
    g.do("fight", "p3", monsters="d1")
    g.do("seek")
    g.throw("goblin ooze")
    return g


def test_the_bards_champions_defeat_one_extra_monster() -> None:
    """§Heroes: BARD — champions defeat 1 extra monster (master specialty); §Party dice: the champion."""
    novice = bard(master=False)
    assert novice.refused(novice.act("fight", "p1", monsters="d1 d2")) == "cannot-defeat"
    g = bard(master=True)
    g.do("fight", "p1", monsters="d1 d2")
    g.do("seek")
    g.throw("goblin goblin ooze")
    g.do("fight", "p2", monsters="d1 d2 d3")
    assert g.s.phase == "regroup"


def test_a_hero_levels_up_at_five_experience() -> None:
    """§Heroes: flipped to the master side when 5 experience points are gained; R-DR-10."""
    g = Game("spellsword")
    g.throw(FIGHTERS)
    for level in range(1, 6):
        g.throw(" ".join(["chest"] * level))
        g.do("done")
        if level < 5:
            g.do("seek")
    assert not g.s.players[0].master
    g.do("retire")
    assert g.s.players[0].master and g.s.players[0].xp == 5
    assert "Spellsword levels up and becomes Battlemage (ruling R-DR-10)." in g.texts()


def test_players_delve_in_seat_order_three_times_then_the_game_ends() -> None:
    """§End of the game: after each player has had 3 delves."""
    g = Game("knight", "minstrel")
    order = []
    while not g.s.outcome:
        order.append(g.hero)
        g.throw(FIGHTERS)
        g.throw("potion")
        g.do("done")
        g.do("retire")
    assert order == ["knight", "minstrel"] * 3
    assert g.session.prompt() is None
    assert g.refused(g.act("flee")) == "game-over"
    assert [line.total for line in g.s.standings] == [3, 3]
    assert [line.place for line in g.s.standings] == [1, 1]
    assert any("A shared victory" in t for t in g.texts())


def test_treasures_score_one_each_a_portal_two_and_scales_by_pairs() -> None:
    """§Treasures: unused tokens 1 each, Town Portal 2, each pair of Dragon Scales 2 more."""
    d = default()
    assert scoring.treasure_points(d, ["dragon-scales-1", "dragon-scales-2", "dragon-scales-3"]) == 5
    assert scoring.treasure_points(d, ["town-portal-1", "elixir-2"]) == 3
    assert scoring.treasure_points(d, []) == 0


def test_a_tie_goes_to_the_fewest_treasure_tokens_then_is_shared() -> None:
    """§End of the game: highest total; tie: fewest treasure tokens; still tied: a shared victory."""
    d = default()
    lines = scoring.standings(d, [
        Player(hero="knight", xp=10, treasures=["town-portal-1"]),
        Player(hero="minstrel", xp=9, treasures=["talisman-1", "elixir-1", "scroll-1"]),
        Player(hero="spellsword", xp=11, treasures=[]),
        Player(hero="enchantress", xp=12),
    ])
    assert [(line.total, line.tokens, line.place) for line in lines] == [(12, 1, 2), (12, 3, 3), (11, 0, 4), (12, 0, 1)]


def test_the_solo_ranking() -> None:
    """§End of the game, solo mode; R-DR-11: the published bands."""
    ranks = {n: scoring.solo_rank(n)["en"] for n in (0, 15, 16, 23, 24, 29, 30, 34, 35, 60)}
    assert ranks == {0: "Dragon Fodder", 15: "Dragon Fodder", 16: "Village Hero", 23: "Village Hero",
                     24: "Seasoned Explorer", 29: "Seasoned Explorer", 30: "Champion", 34: "Champion",
                     35: "Hero of Ages", 60: "Hero of Ages"}
    g = Game("knight")
    while not g.s.outcome:
        g.throw(FIGHTERS)
        g.throw("potion")
        g.do("done")
        g.do("retire")
    assert "Solo rank: Dragon Fodder (ruling R-DR-11)." in g.texts()


def test_the_mercenary_rethrows_chosen_party_dice_once_when_forming_the_party() -> None:
    """§Heroes: MERCENARY — reroll any number of dice when forming the party (novice specialty)."""
    g = Game("mercenary")
    g.throw("scroll scroll scroll fighter cleric mage thief")
    assert g.actions() == ["reroll", "keep"]
    assert g.refused(g.act("reroll", dice="d1")) == "wrong-die"
    g.do("reroll", dice="p1 p2")
    prompt = g.session.prompt()
    assert isinstance(prompt, ThrowPrompt) and prompt.dice == {"p1": "party", "p2": "party"}
    g.throw("champion fighter")
    prompt = g.session.prompt()
    assert isinstance(prompt, ThrowPrompt) and prompt.dice == {"d1": "dungeon"}
    assert g.s.dice["p1"].face == "champion"


def test_the_mercenary_defeats_two_monsters_and_the_commander_rerolls_outside_the_lair() -> None:
    """§Heroes: MERCENARY — defeat up to 2 monsters (novice ultimate); COMMANDER — fighters defeat 1
    extra monster (master specialty), reroll any number of party and dungeon dice (master ultimate)."""
    g = Game("mercenary")
    g.throw(FIGHTERS)
    g.do("keep")
    g.throw("dragon")
    g.do("seek")
    g.throw("ooze skeleton")
    assert g.refused(g.act("ultimate", monsters="d1 d2 d3")) == "wrong-die"
    g.do("ultimate", monsters="d2 d3")
    assert g.s.phase == "regroup" and g.s.ultimate_used
    commander = Game("mercenary")
    commander.s.players[0].master = True
    commander.throw(FIGHTERS)
    commander.throw("dragon")
    commander.do("seek")
    commander.throw("goblin ooze")
    assert commander.refused(commander.act("ultimate", dice="d1 d2")) == "wrong-die"
    commander.do("ultimate", dice="d2 d3 p1")
    prompt = commander.session.prompt()
    assert isinstance(prompt, ThrowPrompt) and sorted(prompt.dice) == ["d2", "d3", "p1"]
    commander.throw("goblin skeleton fighter")
    commander.do("fight", "p1", monsters="d2 d3")
    assert commander.s.phase == "regroup"


def test_the_occultist_turns_a_skeleton_into_a_fighter_that_leaves_when_used() -> None:
    """§Heroes: OCCULTIST — clerics and mages used as each other, transform a skeleton to fighter (novice
    ultimate); R-DR-15: the die joins the party, and leaves the delve when used."""
    g = Game("occultist")
    g.throw("cleric cleric thief thief thief thief thief")
    g.throw("goblin")
    assert "ultimate" not in g.actions()
    g.do("fight", "p3", monsters="d1")
    g.do("seek")
    g.throw("skeleton ooze")
    assert g.refused(g.act("ultimate", monsters="d2")) == "wrong-die"
    g.do("ultimate", monsters="d1")
    assert g.s.dice["d1"].place == "party" and g.s.dice["d1"].face == "fighter"
    g.do("fight", "p1", monsters="d2")
    g.do("seek")
    prompt = g.session.prompt()
    assert isinstance(prompt, ThrowPrompt) and sorted(prompt.dice) == ["d2", "d3", "d4"]
    g.throw("goblin goblin chest")
    g.do("fight", "d1", monsters="d2 d3")
    assert g.s.dice["d1"].place == "box"
    assert g.s.phase == "loot" and "d1" not in g.s.at("graveyard")


def test_the_half_goblin_loots_during_the_monster_phase_and_recruits_a_goblin() -> None:
    """§Heroes: HALF-GOBLIN — open chests and quaff potions at any time (specialty), transform a goblin to
    thief (novice ultimate)."""
    g = Game("half-goblin")
    g.throw("fighter fighter cleric cleric mage mage mage")
    g.throw("chest")
    g.do("open", "p1", chests="d1")
    g.draw("elixir")
    g.do("seek")
    g.throw("goblin chest")
    assert g.s.phase == "monsters" and "open" in g.actions()
    g.do("open", "p3", chests="d2")
    g.draw("scroll")
    g.do("ultimate", monsters="d1")
    assert g.s.dice["d1"].face == "thief" and g.s.phase == "regroup"
    plain = Game("spellsword")
    plain.throw("fighter fighter cleric cleric mage mage mage")
    plain.throw("goblin")
    assert "open" not in plain.actions()


def test_the_paladin_spends_a_treasure_to_clear_the_level() -> None:
    """§Heroes: PALADIN — discard a treasure to defeat all monsters, open all chests, quaff all potions and
    discard all dragons (master ultimate); CRUSADER — fighters and clerics used as each other."""
    g = Game("crusader")
    g.s.players[0].master = True
    g.give("talisman-1")
    g.throw("fighter fighter mage mage thief thief thief")
    g.throw("dragon")
    g.do("seek")
    g.throw("dragon goblin")
    g.do("fight", "p5", monsters="d3")
    g.do("seek")
    g.throw("goblin chest potion")
    assert g.refused(g.act("ultimate", treasure="elixir-1")) == "no-such-treasure"
    assert g.refused(g.act("ultimate", treasure="talisman-1", revive="p1=mage p5=mage")) == "cannot-revive"
    g.do("ultimate", treasure="talisman-1", revive="p5=champion")
    assert g.s.at("lair") == [] and g.s.at("dungeon") == [] and g.s.dice["p5"].place == "party"
    assert g.s.draws == 1 and g.s.spent == ["talisman-1"]


def test_the_viking_takes_five_champions_and_the_undead_viking_turns_skeletons_to_potions() -> None:
    """§Heroes: VIKING — take 5 champions instead of rolling; UNDEAD VIKING — all skeletons become potions."""
    g = Game("viking")
    prompt = g.session.prompt()
    assert isinstance(prompt, ThrowPrompt) and prompt.dice == {"d1": "dungeon"}
    assert [g.s.dice[f"p{n}"].face for n in range(1, 6)] == ["champion"] * 5 and len(g.s.at("party")) == 5
    undead = Game("viking")
    undead.s.players[0].master = True
    undead.throw("skeleton")
    assert undead.s.dice["d1"].face == "potion" and undead.s.phase == "loot"


def test_the_time_traveller_forms_a_set_party_and_buys_off_the_dragon() -> None:
    """§Heroes: TIME TRAVELLER — start with a cleric, fighter, mage, thief, scroll and 2 champions;
    discard 1 treasure to defeat a dragon (novice ultimate)."""
    g = Game("time-traveller")
    g.give("scroll-1")
    assert [g.s.dice[f"p{n}"].face for n in range(1, 8)] == ["cleric", "fighter", "mage", "thief", "scroll",
                                                              "champion", "champion"]
    g.throw("dragon")
    g.do("seek")
    g.throw("dragon dragon")
    assert g.refused(g.act("ultimate", treasure="p5")) == "no-such-treasure"
    g.do("ultimate", treasure="scroll-1")
    assert g.s.player.xp == 1 and g.s.at("lair") == [] and g.s.draws == 1


def test_the_time_traveller_s_price_is_offered_only_with_something_to_pay() -> None:
    """§Heroes: TIME TRAVELLER — "discard 1 treasure to defeat a dragon": with no treasure in hand the
    ultimate is not offered (R-DR-12), for it would be refused."""
    g = Game("time-traveller")
    g.throw("dragon")
    g.do("seek")
    g.throw("dragon dragon")
    assert g.s.phase == "dragon" and "ultimate" not in g.actions()
    assert g.refused(g.act("ultimate", treasure="scroll-1")) == "no-ultimate"


def test_the_alchemists_chests_are_potions_and_the_ultimate_revives() -> None:
    """§Heroes: ALCHEMIST — chests become potions (specialty), revive a companion (novice ultimate)."""
    g = Game("alchemist")
    g.throw("fighter fighter cleric cleric mage mage thief")
    g.throw("chest")
    assert g.s.dice["d1"].face == "potion"
    g.do("quaff", "p1", potions="d1")
    g.do("seek")
    g.throw("goblin ooze")
    g.do("fight", "p2", monsters="d1")
    assert g.refused(g.act("ultimate", revive="p1=mage p2=mage")) == "cannot-revive"
    g.do("ultimate", revive="p2=mage")
    assert g.s.dice["p2"].place == "party" and g.s.dice["p2"].face == "mage"


def test_the_tracker_rethrows_one_goblin_per_level_and_the_ranger_discards_one_of_each() -> None:
    """§Heroes: TRACKER — reroll 1 goblin once per level (specialty); RANGER — discard 1 monster of each
    type (master ultimate)."""
    g = Game("tracker")
    g.s.players[0].master = True
    g.throw("cleric cleric cleric cleric cleric cleric cleric")
    g.throw("goblin")
    g.do("track", dice="d1")
    prompt = g.session.prompt()
    assert isinstance(prompt, ThrowPrompt) and prompt.dice == {"d1": "dungeon"}
    g.throw("goblin")
    assert "track" not in g.actions()
    assert g.refused(g.act("track", dice="d1")) == "track-once"
    g.do("fight", "p1", monsters="d1")
    g.do("seek")
    g.throw("chest chest")
    g.do("done")
    g.do("seek")
    g.throw("goblin goblin ooze")
    assert "track" in g.actions()
    assert g.refused(g.act("ultimate", monsters="d1 d2")) == "one-of-each"
    g.do("ultimate", monsters="d1 d3")
    assert g.s.showing("dungeon", ("goblin", "ooze")) == ["d2"]


def test_the_sorceress_discards_a_lair_of_more_than_three_and_her_ultimate_counts_dragons() -> None:
    """§Heroes: SORCERESS — discard all dragons when more than 3 (specialty), discard 1 monster for each
    dragon (novice ultimate); DRAKE KIN — 1 type of monster for each dragon; R-DR-16."""
    g = Game("sorceress")
    g.throw(FIGHTERS)
    g.throw("dragon")
    g.do("seek")
    g.throw("dragon goblin")
    assert g.refused(g.act("ultimate", monsters="d3 d4")) == "wrong-die"
    g.do("ultimate", monsters="d3")
    assert g.s.phase == "regroup" and len(g.s.at("lair")) == 2
    g.do("seek")
    g.throw("dragon dragon chest")
    assert g.s.at("lair") == [] and "Sorceress discards the 4 dragons of the Lair (ruling R-DR-16)." in g.texts()
    kin = Game("sorceress")
    kin.s.players[0].master = True
    kin.throw(FIGHTERS)
    kin.throw("dragon")
    kin.do("seek")
    kin.throw("goblin goblin")
    assert kin.refused(kin.act("ultimate", monsters="d2")) == "whole-types"
    kin.do("ultimate", monsters="d2 d3")
    assert kin.s.phase == "regroup"
