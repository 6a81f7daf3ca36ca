"""Moving to the next board — rulebook "Moving to the next board" (its five steps), "The end", "Upgrades",
"Falling and death"; rulings R-BOARD-1, R-BOARD-2, R-DEATH-1, R-UPG-1, R-UPG-2."""

from __future__ import annotations

from covenant_game import Game, monster

from companion.core.flow import ChoicePrompt, Choose
from companion.games.covenant import traits
from companion.games.covenant.engine import CovenantRules

RULES = CovenantRules()


def _saint_falls() -> Game:
    """The Black Saint at 1 HP; the Knight strikes the last blow in round 2 of a 3-hero game, with the
    Rogue fallen this round, a Goblin in a room, the Demon summoned, and a dead hero's pile on m2."""
    position = {
        "round": 2, "falls": 3, "shards_won": ["fist"], "guardians_defeated": 1, "pending": [], "next_uid": 60,
        "heroes": {"knight": {"space": "m7", "gold": 0, "hp": 10},
                   "sorceress": {"space": "m6", "gold": 5, "armour": "leather_armour", "potions": ["health"]},
                   "rogue": {"space": "b3", "hp": 0, "fallen": True, "dies_after_round": 2}},
        "board": {"zone": 2, "unrevealed": ["t7"], "chests": {"room2": 1},
                  "revealed": {f"room{i}": "z2-combat-1" for i in range(1, 7)}},
        "guardian": {"id": "black_saint", "damage": 24, "phase": 1, "provoked": True, "awake": True,
                     "summoned": [12]},
        "monsters": [monster("m1", "goblin", "m3"), monster("m2", "demon", "b7", origin="summon")],
        "piles": [{"space": "m2", "gold": 4, "equipment": ["short_sword"], "potions": ["speed"], "shards": ["fist"]}],
    }
    g = Game(["knight", "sorceress", "rogue"], position, deal={"combat": "table"})
    assert g.s.heroes["knight"].hp == 9  # his turn began beside the Saint: Fire Aura
    g.attack("knight", "guardian", card="6", die="5")  # 12 against 12: 2 − defense 2, raised to 1
    return g


def test_the_team_chooses_the_hero_who_takes_the_shard() -> None:
    """§The end: the shard goes to a living hero the team agrees on; then the board changes at once."""
    g = _saint_falls()
    assert g.s.guardian.defeated and g.s.board.zone == 2
    prompt = RULES.prompt(g.s)
    assert isinstance(prompt, ChoicePrompt) and prompt.rule == "§The end"
    g.ok(Choose(option="sorceress"))
    assert g.s.heroes["sorceress"].shards == ["flame"]
    assert g.s.shards_won == ["fist", "flame"]
    assert traits.defense(RULES.data, g.s.heroes["sorceress"]) == 0 + 1 + 1


def test_step_1_and_2_the_old_board_is_cleared_and_the_next_laid() -> None:
    """Moving to the next board, steps 1–2: monsters, tokens and room cards go; the next board gets its
    guardian and its 7 face-down room markers."""
    g = _saint_falls()
    discard = list(g.s.decks["monsters"].discard)
    g.ok(Choose(option="sorceress"))
    b = g.s.board
    assert b.zone == 3
    assert sorted(b.unrevealed) == ["l0", "room1", "room2", "room3", "room4", "room5", "room6"]
    assert (b.revealed, b.room_cards, b.chests, b.merchant) == ({}, {}, {}, None)
    assert g.s.monsters == []
    assert g.s.decks["monsters"].discard == [*discard, "goblin"]  # the Demon has no card in the deck
    assert (g.s.guardian.id, g.s.guardian.damage, g.s.guardian.phase) == ("throne_guardian", 0, 0)
    assert not (g.s.guardian.provoked or g.s.guardian.awake or g.s.guardian.defeated)
    assert "board-change" in g.kinds()


def test_step_3_every_hero_goes_to_the_new_entrance_with_all_they_carry() -> None:
    """Moving to the next board, step 3: gold, equipment, potions, shards and current HP come along."""
    g = _saint_falls()
    g.ok(Choose(option="sorceress"))
    heroes = g.s.heroes
    assert {h.space for h in heroes.values()} == {"b4"}
    assert (heroes["knight"].hp, heroes["sorceress"].gold, heroes["sorceress"].armour) == (9, 5, "leather_armour")
    assert heroes["sorceress"].potions == ["health"]
    assert g.s.falls == 3  # the fall tokens stay across board changes (§Falling and death)


def test_a_dead_heros_shards_travel_the_rest_goes_with_the_board() -> None:
    """R-BOARD-2: gold, potions and equipment on the floor are removed with the board (cards to their
    discard piles); shards are never lost and travel to the new entrance."""
    g = _saint_falls()
    g.ok(Choose(option="sorceress"))
    [pile] = g.s.piles
    assert (pile.space, pile.shards, pile.gold, pile.equipment, pile.potions) == ("b4", ["fist"], 0, [], [])
    assert "short_sword" in g.s.decks["equipment"].discard
    assert "speed" in g.s.decks["potions"].discard


def test_step_4_each_hero_chooses_upgrades_two_each_with_three_heroes() -> None:
    """Moving to the next board step 4, §Upgrades: each hero one upgrade, two in a 3-player game."""
    g = _saint_falls()
    g.ok(Choose(option="sorceress"))
    choosers = [p.chooser for p in g.s.pending]  # type: ignore[union-attr]
    assert choosers == ["knight", "knight", "sorceress", "sorceress", "rogue", "rogue"]
    for option in ("vitality", "vitality", "protection", "protection", "vitality", "strength"):
        g.ok(Choose(option=option))
    heroes = g.s.heroes
    assert (heroes["knight"].hp, traits.max_hp(RULES.data, heroes["knight"])) == (9 + 6, 14 + 6)  # R-UPG-2
    assert traits.defense(RULES.data, heroes["sorceress"]) == 4  # 0 + armour 1 + shard 1 + 2, capped
    prompt = RULES.prompt(g.s)
    assert prompt is not None and getattr(prompt, "actor", None) == "knight"


def test_the_knight_keeps_his_remaining_actions_on_the_new_board() -> None:
    """R-BOARD-1: the round goes on; the hero whose turn it is keeps their actions on the new board."""
    g = _saint_falls()
    g.ok(Choose(option="sorceress"))
    for _ in range(6):
        g.ok(Choose(option="agility"))
    assert (g.s.active, g.s.actions, g.s.round) == ("knight", 3, 2)


def test_step_5_a_fallen_hero_comes_along_and_dies_after_the_first_monster_phase() -> None:
    """Moving to the next board step 5, R-DEATH-1: the fallen hero is carried along, still fallen, and
    dies if not rescued before the end of the first monster phase on the new board."""
    g = _saint_falls()
    g.ok(Choose(option="sorceress"))
    for _ in range(6):
        g.ok(Choose(option="vitality" if len(g.s.pending) <= 2 else "agility"))
    rogue = g.s.heroes["rogue"]
    assert rogue.fallen and rogue.space == "b4"
    assert rogue.hp == 0  # Vitality does not stand a fallen hero up (R-UPG-2 raises a living hero's HP)
    g.act("knight", "end", "turn")
    g.act("sorceress", "end", "turn")
    assert rogue.deaths == 1 and not rogue.fallen and rogue.space == "b4"
    assert rogue.upgrades == {}
    # Back from the dead: one upgrade per guardian defeated (2), plus one with three heroes.
    assert [p.chooser for p in g.s.pending] == ["rogue"] * 3  # type: ignore[union-attr]


def test_a_fallen_hero_revived_on_the_new_board_lives() -> None:
    """Moving to the next board step 5: rescued before the end of the first monster phase, no death."""
    g = _saint_falls()
    g.ok(Choose(option="sorceress"))
    for _ in range(6):
        g.ok(Choose(option="agility"))
    g.act("knight", "revive", "rogue")
    for hero in ("knight", "sorceress", "rogue"):
        g.act(hero, "end", "turn")
    assert g.s.heroes["rogue"].deaths == 0
    assert g.s.round == 3
