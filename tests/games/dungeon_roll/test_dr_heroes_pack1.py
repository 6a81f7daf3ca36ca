"""Hero Pack 1's Archaeologist, Dwarf, Leprechaun and Scout, and the promo Guild Leader: each specialty,
ultimate and master side, and the refusals of their illegal uses (sheet, "DR §Heroes"; rulings R-DR-19
to R-DR-23)."""

from __future__ import annotations

import pytest
from dr_game import RULES, Game

from companion.core.flow import CardPrompt, ThrowPrompt
from companion.games.dungeon_roll import scoring
from companion.games.dungeon_roll.play import Play

FIVE = "fighter fighter fighter fighter fighter"
SEVEN = "fighter fighter fighter fighter fighter fighter fighter"


def next_level(g: Game, faces: str) -> None:
    g.do("seek")
    g.throw(faces)


@pytest.mark.parametrize(("hero", "master"), [("archaeologist", "Tomb Raider"), ("dwarf", "Berserker"),
                                              ("leprechaun", "Clurichaun"), ("scout", "Dungeoneer"),
                                              ("guild-leader", "Guild Master")])
def test_each_hero_of_pack_1_and_the_promo_levels_up_at_5_experience(hero: str, master: str) -> None:
    """DR §Heroes: novice side flipped to the master side at 5 experience; R-DR-10."""
    g = Game(hero)
    play = Play(g.s, RULES.data)
    play.gain(4, "R-DR-6")
    assert not g.s.player.master
    play.gain(1, "R-DR-6")
    assert g.s.player.master and play.hero_name()["en"] == master
    assert any("becomes " + master in e.msg.text("en") for e in play.events)


# ---- Archaeologist / Tomb Raider (R-DR-19) --------------------------------------------------------------


def test_the_archaeologist_draws_two_treasures_before_each_party_is_thrown() -> None:
    """DR §Heroes: ARCHAEOLOGIST — draw 2 treasure when forming the party (specialty); R-DR-19."""
    g = Game("archaeologist")
    assert isinstance(g.session.prompt(), CardPrompt)
    g.draw("scroll")
    g.draw("elixir")
    assert g.s.player.treasures == ["scroll-1", "elixir-1"]
    g.throw(SEVEN)
    g.throw("goblin")
    g.do("flee")
    assert isinstance(g.session.prompt(), CardPrompt), "the second delve draws again"
    assert any("R-DR-19" in t for t in g.texts())


def test_the_archaeologist_discards_the_six_treasures_that_cost_least_at_the_end() -> None:
    """DR §Heroes: ARCHAEOLOGIST — discard 6 treasures in the end; R-DR-19: the engine keeps the most
    points (a pair of Dragon Scales, 4, over a Town Portal and another token, 3)."""
    tokens = ["dragon-scales-1", "town-portal-1", "scroll-1", "dragon-scales-2", "talisman-1", "elixir-1",
              "scroll-2", "vorpal-sword-1"]
    dropped = scoring.end_discards(RULES.data, tokens, 6)
    assert sorted(set(tokens) - set(dropped)) == ["dragon-scales-1", "dragon-scales-2"]
    assert scoring.end_discards(RULES.data, tokens[:4], 6) == tokens[:4]
    g = Game("archaeologist")
    g.draw("town-portal")
    g.draw("dragon-scales")
    g.give("scroll-1", "talisman-1", "elixir-1", "scroll-2", "dragon-scales-2", "vorpal-sword-1")
    g.s.player.delves = ["retired", "retired"]
    g.throw(SEVEN)
    g.throw("goblin")
    g.do("flee")
    assert g.s.outcome == "over"
    assert sorted(g.s.player.treasures) == ["dragon-scales-1", "dragon-scales-2"]
    assert g.s.standings[0].treasure_points == 4 and "town-portal-1" in g.s.spent


def test_the_archaeologists_ultimate_draws_two_then_discards_two_first() -> None:
    """DR §Heroes: ARCHAEOLOGIST — draw and discard 2 treasures (novice ultimate); R-DR-19."""
    g = Game("archaeologist")
    g.draw("scroll")
    g.draw("talisman")
    g.throw(SEVEN)
    g.throw("goblin")
    g.do("ultimate")
    g.draw("town-portal")
    g.draw("elixir")
    assert g.actions() == ["discard"]
    assert g.refused(g.act("fight", "p1", monsters="d1")) == "not-now"
    assert g.refused(g.act("discard", treasures="scroll-1")) == "discard-count"
    assert g.refused(g.act("discard", treasures="scroll-1 scroll-1")) == "discard-count"
    assert g.refused(g.act("discard", treasures="scroll-1 vorpal-sword-1")) == "discard-count"
    g.do("discard", treasures="scroll-1 talisman-1")
    assert g.s.player.treasures == ["town-portal-1", "elixir-1"] and g.s.spent == ["scroll-1", "talisman-1"]
    assert g.actions() == ["fight", "portal", "flee"]


def test_the_tomb_raiders_ultimate_draws_two_and_discards_one() -> None:
    """DR §Heroes: TOMB RAIDER — draw 2 treasures and discard 1 (master ultimate); R-DR-19."""
    g = Game("archaeologist")
    g.s.player.master = True
    g.draw("scroll")
    g.draw("talisman")
    g.throw(SEVEN)
    g.throw("goblin")
    g.do("ultimate")
    g.draw("elixir")
    g.draw("elixir")
    g.do("discard", treasures="talisman-1")
    assert g.s.player.treasures == ["scroll-1", "elixir-1", "elixir-2"]
    assert g.refused(g.act("ultimate")) == "no-ultimate"


# ---- Dwarf / Berserker (R-DR-20) ------------------------------------------------------------------------


def test_the_dwarf_throws_five_dice_and_his_champion_returns_after_two_monsters() -> None:
    """DR §Heroes: DWARF — start with 5 dice and reroll when champion defeats 2+ monsters; R-DR-20."""
    g = Game("dwarf")
    prompt = g.session.prompt()
    assert isinstance(prompt, ThrowPrompt) and sorted(prompt.dice) == ["p1", "p2", "p3", "p4", "p5"]
    g.throw("champion champion fighter cleric mage")
    g.throw("goblin")
    g.do("fight", "p2", monsters="d1")
    assert g.s.dice["p2"].place == "graveyard", "one monster: the champion stays in the graveyard"
    next_level(g, "ooze ooze")
    g.do("fight", "p1", monsters="d1 d2")
    prompt = g.session.prompt()
    assert isinstance(prompt, ThrowPrompt) and list(prompt.dice) == ["p1"] and prompt.rule == "R-DR-20"
    g.throw("thief")
    assert (g.s.dice["p1"].place, g.s.dice["p1"].face) == ("party", "thief")


def test_the_dwarfs_ultimate_discards_a_monster_per_champion_and_rethrows_them() -> None:
    """DR §Heroes: DWARF — discard 1 monster for each champion and reroll all champions (novice
    ultimate); R-DR-20."""
    g = Game("dwarf")
    g.throw("champion fighter fighter fighter fighter")
    g.throw("goblin")
    g.do("fight", "p2", monsters="d1")
    next_level(g, "skeleton ooze")
    assert g.refused(g.act("ultimate", monsters="d1 d2")) == "too-many"
    g.do("ultimate", monsters="d2")
    assert g.s.dice["d2"].place == "box"
    g.throw("mage")
    assert g.s.dice["p1"].face == "mage" and g.s.ultimate_used


def test_the_berserker_revives_four_but_cannot_retire_until_a_dragon_falls() -> None:
    """DR §Heroes: BERSERKER — revive 4 companions but cannot retire unless defeating a dragon (master
    ultimate); R-DR-20."""
    g = Game("dwarf")
    g.s.player.master = True
    g.throw("fighter cleric mage thief champion")
    g.throw("goblin")
    g.do("fight", "p1", monsters="d1")
    next_level(g, "goblin goblin")
    g.do("fight", "p3", monsters="d1")
    assert g.refused(g.act("ultimate", revive="p1=fighter p2=cleric")) == "cannot-revive"
    g.do("ultimate", revive="p1=fighter p3=mage")
    g.do("fight", "p2", monsters="d2")
    assert "retire" not in g.actions()
    assert g.refused(g.act("retire")) == "retire-barred"
    next_level(g, "dragon dragon dragon")
    g.do("slay", units="p1 p3 p4")
    g.draw("scroll")
    assert "retire" in g.actions()
    g.do("retire")
    assert g.s.players[0].xp == 1 + 3


# ---- Leprechaun / Clurichaun (R-DR-21) ------------------------------------------------------------------


def test_the_leprechauns_potions_become_chests_and_his_treasures_go_when_the_delve_ends() -> None:
    """DR §Heroes: LEPRECHAUN — all poisons (potions) become chests, but all treasures are discarded
    (specialty); R-DR-21."""
    g = Game("leprechaun")
    g.give("elixir-1")
    g.throw("thief fighter fighter fighter fighter fighter fighter")
    g.throw("potion")
    assert g.s.dice["d1"].face == "chest" and g.s.phase == "loot"
    g.do("open", "p1", chests="d1")
    g.draw("scroll")
    g.do("retire")
    assert g.s.players[0].treasures == [] and sorted(g.s.spent) == ["elixir-1", "scroll-1"]
    assert any("R-DR-21" in t for t in g.texts())


@pytest.mark.parametrize(("master", "count"), [(False, 1), (True, 2)])
def test_the_leprechaun_turns_monsters_into_chests(master: bool, count: int) -> None:
    """DR §Heroes: LEPRECHAUN — transform 1 monster into a chest (novice ultimate); CLURICHAUN — 2
    (master ultimate)."""
    g = Game("leprechaun")
    g.s.player.master = master
    g.throw(SEVEN)
    g.throw("goblin")
    g.do("fight", "p1", monsters="d1")
    next_level(g, "goblin ooze")
    if count == 1:
        assert g.refused(g.act("ultimate", monsters="d1 d2")) == "too-many"
    chosen = ["d1", "d2"][:count]
    g.do("ultimate", monsters=" ".join(chosen))
    assert [g.s.dice[d].face for d in chosen] == ["chest"] * count


# ---- Scout / Dungeoneer (R-DR-22) -----------------------------------------------------------------------


def scouted() -> Game:
    g = Game("scout")
    g.throw(SEVEN)
    prompt = g.session.prompt()
    assert isinstance(prompt, ThrowPrompt) and len(prompt.dice) == 6 and prompt.rule == "R-DR-22"
    g.throw("goblin chest potion skeleton ooze dragon")
    return g


def test_the_scout_assigns_six_dungeon_dice_to_the_first_three_levels() -> None:
    """DR §Heroes: SCOUT — assign dungeon dice to level 1-3 (specialty); R-DR-22: 1, 2 and 3 dice."""
    g = scouted()
    assert g.s.phase == "scout" and g.actions() == ["assign"]
    assert g.refused(g.act("assign", level1="d1 d2", level2="d3", level3="d4 d5 d6")) == "assign"
    assert g.refused(g.act("assign", level1="d7", level2="d1 d3", level3="d4 d5 d6")) == "assign"
    assert g.refused(g.act("assign", level1="d1", level2="d1 d3", level3="d4 d5 d6")) == "assign"
    g.do("assign", level1="d2", level2="d1 d3", level3="d4 d5 d6")
    assert g.s.level == 1 and g.s.at("dungeon") == ["d2"] and g.s.phase == "loot", "placed, not thrown"
    g.do("done")
    assert RULES.odds(g.s) == 1, "a scouted level is one certain throw"
    g.do("seek")
    assert sorted(g.s.at("dungeon")) == ["d1", "d3"] and g.s.dice["d1"].face == "goblin"
    g.do("fight", "p1", monsters="d1")
    g.do("done")
    g.do("seek")
    assert g.s.at("lair") == ["d6"] and sorted(g.s.at("dungeon")) == ["d4", "d5"]
    g.do("fight", "p2", monsters="d4")
    g.do("fight", "p3", monsters="d5")
    g.do("seek")
    prompt = g.session.prompt()
    assert isinstance(prompt, ThrowPrompt) and len(prompt.dice) == 4, "level 4 is thrown again (R-DR-1)"


@pytest.mark.parametrize(("master", "xp"), [(False, 1), (True, 2)])
def test_the_scout_retires_at_once_a_level_less_the_dungeoneer_with_the_level(master: bool, xp: int) -> None:
    """DR §Heroes: SCOUT — reduce 1 level and retire immediately (novice ultimate); DUNGEONEER — retire
    immediately (master ultimate); R-DR-22."""
    g = scouted()
    g.s.player.master = master
    g.do("assign", level1="d1", level2="d4 d5", level3="d2 d3 d6")
    g.do("fight", "p1", monsters="d1")
    assert g.refused(g.act("ultimate")) == "no-ultimate", "the regroup phase has its own retirement (R-DR-12)"
    g.do("seek")
    g.do("ultimate")
    assert g.s.players[0].xp == xp and g.s.players[0].delves == ["retired"]
    assert not g.s.ultimate_used and not g.s.scouted, "the next delve starts fresh"


# ---- Guild Leader / Guild Master (R-DR-23) --------------------------------------------------------------


def test_the_guild_leader_forms_the_party_with_an_eighth_die_the_others_with_seven() -> None:
    """DR §Heroes: GUILD LEADER — form the party with 8 dice instead of 7 (specialty); R-DR-23."""
    assert "p8" not in Game("knight").s.dice
    g = Game("guild-leader", "knight")
    prompt = g.session.prompt()
    assert isinstance(prompt, ThrowPrompt) and len(prompt.dice) == 8
    g.throw(SEVEN + " thief")
    g.throw("goblin")
    g.do("flee")
    prompt = g.session.prompt()
    assert g.hero == "knight" and isinstance(prompt, ThrowPrompt) and len(prompt.dice) == 7


def test_the_guild_leader_sets_one_die_to_any_face() -> None:
    """DR §Heroes: GUILD LEADER — set 1 party or dungeon dice to any face (novice ultimate); R-DR-23."""
    g = Game("guild-leader")
    g.throw(SEVEN + " fighter")
    g.throw("dragon")
    next_level(g, "goblin ooze")
    assert g.refused(g.act("ultimate", dice="d2=chest p1=champion")) == "set-face-count"
    assert g.refused(g.act("ultimate", dice="d1=chest")) == "wrong-die", "never a die of the Lair"
    assert g.refused(g.act("ultimate", dice="d2=fighter")) == "unknown-face"
    assert g.refused(g.act("ultimate", dice="d2")) == "malformed-args"
    g.do("ultimate", dice="d3=dragon")
    assert sorted(g.s.at("lair")) == ["d1", "d3"] and g.s.ultimate_used


def test_the_guild_master_sets_a_party_die_and_a_dungeon_die() -> None:
    """DR §Heroes: GUILD MASTER — set 1 party and dungeon dice to any face (master ultimate); R-DR-23."""
    g = Game("guild-leader")
    g.s.player.master = True
    g.throw(SEVEN + " fighter")
    g.throw("goblin")
    g.do("fight", "p1", monsters="d1")
    next_level(g, "goblin ooze")
    assert g.refused(g.act("ultimate", dice="d1=chest d2=chest")) == "set-face-count"
    g.do("ultimate", dice="d1=chest p2=champion")
    assert (g.s.dice["d1"].face, g.s.dice["p2"].face) == ("chest", "champion")
