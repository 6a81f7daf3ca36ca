"""The delve: the party thrown, the dungeon dice of each level, the phases and how a delve ends (sheet,
"A player's turn", "Monster phase", "Loot phase", "Dragon phase", "Regroup phase"; rulings R-DR-1, 2, 6,
7, 9)."""

from __future__ import annotations

from dr_game import Game

from companion.core.flow import Source, Throw, ThrowPrompt

PARTY = "fighter cleric mage thief champion scroll fighter"


def test_a_delve_throws_seven_named_party_dice_then_one_dungeon_die() -> None:
    """§A player's turn: 7 party dice; level 1 throws one dungeon die."""
    g = Game("spellsword")
    prompt = g.session.prompt()
    assert isinstance(prompt, ThrowPrompt)
    assert prompt.dice == {f"p{n}": "party" for n in range(1, 8)}
    g.throw(PARTY)
    assert sorted(g.s.at("party")) == [f"p{n}" for n in range(1, 8)]
    prompt = g.session.prompt()
    assert isinstance(prompt, ThrowPrompt) and prompt.dice == {"d1": "dungeon"}


def test_a_throw_must_show_exactly_the_dice_asked_for_with_real_faces() -> None:
    g = Game("spellsword")
    faces = dict(zip([f"p{n}" for n in range(1, 8)], PARTY.split(), strict=True))
    assert g.refused(Throw(faces={k: v for k, v in faces.items() if k != "p7"}, source=Source.TRAY)) == "wrong-dice"
    assert g.refused(Throw(faces={**faces, "p7": "goblin"}, source=Source.TRAY)) == "unknown-face"
    assert g.refused(g.act("flee")) == "expected-throw"


def test_dragons_go_to_the_lair_and_the_lair_shrinks_the_next_throw() -> None:
    """§Monster phase: dragons go to the Lair and stay; R-DR-1: a level throws min(level, 7 − Lair)."""
    g = Game("spellsword")
    g.throw(PARTY)
    g.throw("dragon")
    assert g.s.at("lair") == ["d1"]
    g.do("seek")
    g.throw("dragon chest")
    assert sorted(g.s.at("lair")) == ["d1", "d2"]
    g.do("done")
    g.do("seek")
    prompt = g.session.prompt()
    assert isinstance(prompt, ThrowPrompt) and sorted(prompt.dice) == ["d3", "d4", "d5"]
    for _ in range(3):
        g.throw(" ".join(["chest"] * len(g.s.throw)))
        g.do("done")
        g.do("seek")
    prompt = g.session.prompt()
    assert g.s.level == 6 and isinstance(prompt, ThrowPrompt) and len(prompt.dice) == 5


def test_companions_defeat_monsters_by_their_powers() -> None:
    """§Party dice: a fighter defeats any number of goblins, a thief a single monster, a champion any
    number of one type; each companion used goes to the graveyard (§Monster phase)."""
    g = Game("knight")
    g.throw("fighter thief champion cleric mage mage mage")
    assert g.s.level == 1
    g.throw("goblin")
    g.do("fight", "p1", monsters="d1")
    assert g.s.dice["p1"].place == "graveyard"
    g.do("seek")
    g.throw("goblin goblin")
    assert g.refused(g.act("fight", "p2", monsters="d1 d2")) == "cannot-defeat"
    g.do("fight", "p3", monsters="d1 d2")
    g.do("seek")
    g.throw("ooze skeleton goblin")
    assert g.refused(g.act("fight", "p5", monsters="d1 d3")) == "cannot-defeat"
    assert g.refused(g.act("fight", "p5", monsters="d1 d1")) == "die-twice"
    assert g.refused(g.act("fight", "p9", monsters="d1")) == "not-a-unit"
    assert g.refused(g.act("fight", "p5", monsters="d9")) == "wrong-die"
    g.do("fight", "p5", monsters="d1")
    g.do("fight", "p4", monsters="d2")
    g.do("fight", "p2", monsters="d3")
    assert g.s.phase == "regroup"


def test_a_scroll_rerolls_chosen_dice_as_one_throw_never_the_lair() -> None:
    """R-DR-2: party and dungeon dice outside the Lair, in one throw naming exactly them."""
    g = Game("spellsword")
    g.throw("scroll fighter fighter fighter fighter fighter fighter")
    g.throw("dragon")
    g.do("seek")
    g.throw("ooze chest")
    assert g.refused(g.act("scroll", "p1", dice="d1")) == "wrong-die"
    assert g.refused(g.act("scroll", "p1", dice="p1 d2")) == "scroll-itself"
    assert g.refused(g.act("scroll", "p2", dice="d2")) == "not-a-scroll"
    g.do("scroll", "p1", dice="d2 d3 p2")
    prompt = g.session.prompt()
    assert isinstance(prompt, ThrowPrompt) and prompt.dice == {"d2": "dungeon", "d3": "dungeon", "p2": "party"}
    assert g.s.dice["p1"].place == "graveyard"
    g.throw("dragon potion mage")
    assert sorted(g.s.at("lair")) == ["d1", "d2"]
    assert g.s.dice["p2"].face == "mage"
    assert g.s.phase == "loot"


def test_fleeing_loses_the_level_but_keeps_treasure_and_the_dragons_experience() -> None:
    """§Monster phase: fleeing earns no experience but keeps treasure; R-DR-6: a dragon's 1 XP stays."""
    g = Game("spellsword")
    g.throw(PARTY)
    g.throw("chest")
    g.do("open", "p4", chests="d1")
    g.draw("talisman")
    g.do("seek")
    g.throw("dragon dragon")
    g.do("seek")
    g.throw("dragon goblin goblin")
    assert g.s.phase == "monsters"
    g.do("fight", "p1", monsters="d4 d5")
    assert g.s.phase == "dragon"
    g.do("slay", units="p2 p3 p5")
    assert g.s.player.xp == 1
    g.draw("scroll")
    assert g.s.phase == "regroup"
    g.do("seek")
    g.throw("goblin goblin goblin skeleton")
    g.do("flee")
    player = g.s.players[0]
    assert player.xp == 1 and player.delves == ["fled"]
    assert sorted(player.treasures) == ["scroll-1", "talisman-1"]


def test_retiring_gains_the_level_and_level_ten_ends_the_delve() -> None:
    """§Regroup phase: retire for the last level completed; after level 10 the delve is over."""
    g = Game("spellsword")
    g.throw(PARTY)
    g.throw("chest")
    g.do("done")
    g.do("seek")
    g.throw("potion potion")
    g.do("done")
    g.do("retire")
    assert g.s.players[0].xp == 2 and g.s.players[0].delves == ["retired"]
    g.throw(PARTY)
    for level in range(1, 11):
        g.throw(" ".join(["chest"] * min(level, 7)))
        if g.s.phase == "loot":
            g.do("done")
        if level < 10:
            g.do("seek")
    assert g.s.players[0].delves == ["retired", "level-10"]
    assert g.s.players[0].xp == 2 + 10
    assert "Level 10 is cleared: the delve is complete." in g.texts()


def test_the_town_portal_gives_the_current_level_instead_of_fleeing() -> None:
    """§Treasures (Town Portal); R-DR-7: the level being played."""
    g = Game("spellsword")
    g.give("town-portal-1")
    g.throw(PARTY)
    g.throw("chest")
    g.do("done")
    g.do("seek")
    g.throw("goblin ooze")
    assert "portal" in g.actions()
    g.do("portal", "town-portal-1")
    assert g.s.players[0].xp == 2 and g.s.players[0].delves == ["portal"]
    assert g.s.spent == ["town-portal-1"]
