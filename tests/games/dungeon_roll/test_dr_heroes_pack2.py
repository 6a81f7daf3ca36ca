"""Hero Pack 2's eight heroes: each specialty and ultimate, exhausted and refresh, and the refusals of their
illegal uses (sheet, "DR §Heroes"; rulings R-DR-18, R-DR-24 to R-DR-27). They never level up."""

from __future__ import annotations

import pytest
from dr_game import RULES, Game

from companion.core.flow import CardPrompt, ThrowPrompt
from companion.games.dungeon_roll.play import Play

SEVEN = "fighter fighter fighter fighter fighter fighter fighter"
PACK2 = ("alexandra", "amar-suen", "cassandra", "lord-yllavyre", "marpesia", "szopin", "tou-lak", "tristan")


def next_level(g: Game, faces: str) -> None:
    g.do("seek")
    g.throw(faces)


def past_level_one(hero: str, party: str = SEVEN) -> Game:
    g = Game(hero)
    g.throw(party)
    g.throw("goblin")
    g.do("fight", g.s.at("party", "party")[-1], monsters="d1")
    return g


@pytest.mark.parametrize("hero", PACK2)
def test_hero_pack_2_never_levels_up(hero: str) -> None:
    """DR §Heroes: "all heroes (except Hero Pack 2)" level up; R-DR-18."""
    g = Game(hero)
    play = Play(g.s, RULES.data)
    play.gain(9, "R-DR-6")
    assert not g.s.player.master and RULES.data.heroes[hero].master is None
    assert not any(e.kind == "level-up" for e in play.events)


def test_alexandra_uses_scrolls_as_champions_and_companions_as_scrolls() -> None:
    """DR §Heroes: ALEXANDRA — scrolls used as champions and any companion used as scrolls (specialty)."""
    g = Game("alexandra")
    g.throw("scroll fighter fighter fighter fighter fighter fighter")
    g.throw("goblin")
    g.do("fight", "p2", monsters="d1")
    next_level(g, "ooze ooze")
    g.do("fight", "p1", monsters="d1 d2")
    next_level(g, "skeleton skeleton skeleton")
    g.do("scroll", "p3", dice="d1 d2")
    assert g.s.throw == ["d1", "d2"] and g.s.dice["p3"].place == "graveyard"


def test_alexandra_pays_a_scroll_to_slay_the_dragon_then_is_exhausted() -> None:
    """DR §Heroes: ALEXANDRA — discard 1 scroll to defeat all dragons in the lair (ultimate); R-DR-27."""
    g = past_level_one("alexandra")
    next_level(g, "dragon dragon")
    next_level(g, "dragon goblin goblin")
    assert g.refused(g.act("ultimate", treasure="p1")) == "no-ultimate", "only once the dragon attacks"
    g.do("fight", "p1", monsters="d4 d5")
    g.give("dragon-scales-1")
    assert g.s.phase == "dragon"
    assert g.refused(g.act("ultimate", treasure="dragon-scales-1")) == "no-scroll"
    g.do("ultimate", treasure="p2")
    g.draw("scroll")
    assert g.s.at("lair") == [] and g.s.players[0].xp == 1 and g.s.dice["p2"].place == "graveyard"
    assert g.s.ultimate_used and "ultimate" not in g.actions()


def test_amar_suens_thieves_defeat_one_more_monster() -> None:
    """DR §Heroes: AMAR-SUEN — thieves defeat 1 additional monster (specialty)."""
    for hero, accepted in (("amar-suen", True), ("spellsword", False)):
        g = past_level_one(hero, "thief fighter fighter fighter fighter fighter fighter")
        next_level(g, "goblin skeleton")
        result = g.send(g.act("fight", "p1", monsters="d1 d2"))
        assert (getattr(result, "code", None) is None) == accepted, hero


def test_amar_suen_discards_a_whole_type_and_draws_a_treasure_for_each() -> None:
    """DR §Heroes: AMAR-SUEN — discard all monsters of 1 type and draw 1 treasure per discarded monster
    (ultimate); R-DR-27; R-DR-24 on a nearly empty bag."""
    g = past_level_one("amar-suen")
    next_level(g, "goblin goblin")
    g.do("fight", "p1", monsters="d1 d2")
    next_level(g, "goblin goblin skeleton")
    assert g.refused(g.act("ultimate", monsters="d1")) == "one-whole-type"
    assert g.refused(g.act("ultimate", monsters="d1 d2 d3")) == "one-whole-type"
    g.s.supply = ["scroll-1"]
    g.do("ultimate", monsters="d1 d2")
    assert isinstance(g.session.prompt(), CardPrompt)
    g.draw("scroll")
    assert g.s.player.treasures == ["scroll-1"] and not g.s.draws
    assert any("R-DR-24" in t for t in g.texts())


def test_cassandra_begins_exhausted_and_then_every_companion_defeats_one_more() -> None:
    """DR §Heroes: CASSANDRA — begin each delve exhausted and all companions defeat 1 extra monster when
    exhausted; when quaffing potions, refresh (specialty); R-DR-18."""
    g = past_level_one("cassandra")
    assert g.s.ultimate_used
    next_level(g, "skeleton ooze")
    g.do("fight", "p1", monsters="d1 d2")
    next_level(g, "potion chest goblin")
    g.do("fight", "p2", monsters="d3")
    assert g.refused(g.act("ultimate", dice="d2")) == "no-ultimate"
    g.do("quaff", "p3", potions="d1", revive="p3=cleric")
    assert not g.s.ultimate_used, "quaffing refreshes"
    assert g.refused(g.act("ultimate", dice="d1 d2")) in ("wrong-die", "too-many")
    g.do("ultimate", dice="d2")
    assert g.s.dice["d2"].place == "box" and g.s.ultimate_used and g.s.phase == "regroup"


def test_cassandra_fresh_loses_the_extra_monster() -> None:
    """DR §Heroes: CASSANDRA — the extra monster only "when exhausted"; R-DR-18."""
    g = past_level_one("cassandra")
    g.s.ultimate_used = False
    next_level(g, "skeleton ooze")
    assert g.refused(g.act("fight", "p1", monsters="d1 d2")) == "cannot-defeat"


def test_lord_yllavyre_sets_two_scrolls_and_spends_a_scroll_to_make_a_dragon() -> None:
    """DR §Heroes: LORD YLLAVYRE — set 2 dice to scrolls and discard a scroll to turn a monster to dragon
    (specialty); R-DR-25."""
    g = Game("lord-yllavyre")
    prompt = g.session.prompt()
    assert isinstance(prompt, ThrowPrompt) and sorted(prompt.dice) == ["p3", "p4", "p5", "p6", "p7"]
    assert [g.s.dice[p].face for p in ("p1", "p2")] == ["scroll", "scroll"]
    g.throw("fighter fighter fighter fighter fighter")
    g.throw("goblin")
    assert g.refused(g.act("summon", "p3", monsters="d1")) == "not-a-scroll"
    g.do("summon", "p1", monsters="d1")
    assert g.s.at("lair") == ["d1"] and g.s.dice["p1"].place == "graveyard" and g.s.phase == "regroup"
    knight = past_level_one("knight")
    next_level(knight, "goblin goblin")
    assert knight.refused(knight.act("summon", "p1", monsters="d1")) == "not-now"


def test_lord_yllavyres_dragons_serve_him_and_three_types_refresh_him() -> None:
    """DR §Heroes: LORD YLLAVYRE — all dragons become companions and defeat 1 monster or open 1 chest
    (ultimate); refresh when facing 3 types (specialty); R-DR-25, R-DR-18."""
    g = Game("lord-yllavyre")
    g.throw("fighter fighter fighter fighter fighter")
    g.throw("goblin")
    g.do("summon", "p1", monsters="d1")
    next_level(g, "goblin skeleton")
    assert g.refused(g.act("ultimate", monsters="d2 d3")) == "too-many"
    g.do("ultimate", monsters="d2")
    assert g.s.at("lair") == [] and g.s.dice["d2"].place == "box" and g.s.ultimate_used
    g.do("fight", "p3", monsters="d3")
    next_level(g, "goblin skeleton ooze")
    assert not g.s.ultimate_used and any("R-DR-18" in t for t in g.texts())


def test_marpesia_calls_the_dragon_only_with_four_dice() -> None:
    """DR §Heroes: MARPESIA — requires 4 dices to summon the dragon (specialty); R-DR-26."""
    g = past_level_one("marpesia")
    next_level(g, "dragon dragon")
    next_level(g, "dragon goblin goblin")
    g.do("fight", "p1", monsters="d4 d5")
    assert g.s.phase == "regroup" and len(g.s.at("lair")) == 3
    assert any("R-DR-26" in t for t in g.texts())
    next_level(g, "dragon chest potion potion")
    assert g.s.phase == "loot"
    g.do("done")
    assert g.s.phase == "dragon" and len(g.s.at("lair")) == 4


def test_marpesias_champions_defeat_one_monster_and_open_one_chest() -> None:
    """DR §Heroes: MARPESIA — champions kill 1 monster or open 1 chest (specialty); R-DR-26."""
    g = past_level_one("marpesia", "champion champion fighter fighter fighter fighter fighter")
    next_level(g, "goblin goblin")
    assert g.refused(g.act("fight", "p1", monsters="d1 d2")) == "weak"
    g.do("fight", "p1", monsters="d1")
    g.do("fight", "p2", monsters="d2")
    next_level(g, "chest chest goblin")
    g.do("fight", "p3", monsters="d3")
    g.s.dice["p4"].face = "champion"
    assert g.refused(g.act("open", "p4", chests="d1 d2")) == "weak"


def test_marpesia_throws_the_graveyard_back_into_the_party_but_its_scrolls() -> None:
    """DR §Heroes: MARPESIA — roll all dice from the graveyard, discard scrolls and add the rest to your
    party (ultimate); R-DR-26."""
    g = past_level_one("marpesia")
    next_level(g, "goblin ooze")
    g.do("fight", "p1", monsters="d1")
    g.do("fight", "p2", monsters="d2")
    next_level(g, "goblin goblin goblin")
    g.do("ultimate")
    prompt = g.session.prompt()
    assert isinstance(prompt, ThrowPrompt) and sorted(prompt.dice) == ["p1", "p2", "p7"]
    g.throw("scroll mage thief")
    assert g.s.dice["p1"].place == "box" and [g.s.dice[p].place for p in ("p2", "p7")] == ["party", "party"]


def test_szopin_discards_two_dungeon_dice_and_refreshes_on_two_monsters_at_once() -> None:
    """DR §Heroes: SZOPIN — discard 2 dungeon dice (ultimate); refresh when defeating 2+ monsters with 1
    companion (specialty); R-DR-27, R-DR-18."""
    g = past_level_one("szopin")
    next_level(g, "dragon goblin")
    g.do("fight", "p1", monsters="d2")
    next_level(g, "goblin goblin chest")
    assert g.refused(g.act("ultimate", dice="d1 d2 d3")) == "too-many"
    assert g.refused(g.act("ultimate", dice="p2")) == "wrong-die"
    g.do("ultimate", dice="d1 d4")
    assert g.s.at("lair") == [] and g.s.dice["d4"].place == "box" and g.s.ultimate_used
    g.do("fight", "p2", monsters="d2 d3")
    assert not g.s.ultimate_used, "two monsters at once refresh"


def test_tou_lak_throws_any_monster_again_once_a_level_and_discards_them_all() -> None:
    """DR §Heroes: TOU-LAK — may reroll 1 monster each level (specialty); discard all monsters
    (ultimate); R-DR-27."""
    g = past_level_one("tou-lak")
    next_level(g, "skeleton ooze")
    g.do("track", dice="d2")
    g.throw("ooze")
    assert g.refused(g.act("track", dice="d1")) == "track-once"
    g.do("ultimate")
    assert g.s.showing("dungeon", ("skeleton", "ooze")) == [] and g.s.phase == "regroup"


def test_tristan_draws_for_two_monsters_at_once_and_spends_a_treasure_to_refresh() -> None:
    """DR §Heroes: TRISTAN — draw 1 treasure when defeating 2+ monsters with 1 companion, use 1 treasure
    to refresh (specialty); reroll any number of dungeon dice (ultimate); R-DR-24, R-DR-18, R-DR-27."""
    g = past_level_one("tristan")
    next_level(g, "goblin goblin")
    g.give("scroll-1")
    assert g.refused(g.act("refresh", "scroll-1")) == "cannot-refresh", "not exhausted"
    g.do("fight", "p1", monsters="d1 d2")
    g.draw("talisman")
    next_level(g, "ooze ooze dragon")
    assert g.refused(g.act("ultimate", dice="d3 p2")) == "wrong-die"
    g.do("ultimate", dice="d1 d2")
    assert g.session.prompt().rule == "R-DR-2"
    g.throw("goblin goblin")
    assert g.refused(g.act("ultimate", dice="d1")) == "no-ultimate"
    g.do("refresh", "talisman-1")
    assert not g.s.ultimate_used and g.s.spent == ["talisman-1"]
