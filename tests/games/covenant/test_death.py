"""Falling, reviving, dying and coming back — rulebook "Falling and death", "Loot and treasure" (When a hero
dies), "Upgrades"; rulings R-DEATH-1 to R-DEATH-3, R-LOOT-5, R-UPG-1, R-UPG-2, R-TURN-2."""

from __future__ import annotations

from typing import Any

from covenant_game import Game, monster

from companion.core.flow import Act, ChoicePrompt, Choose, Draw, Layer, Roll
from companion.games.covenant import death, traits
from companion.games.covenant.engine import CovenantRules
from companion.games.covenant.play import Play

DATA = CovenantRules().data
FALLEN = {"hp": 0, "fallen": True, "dies_after_round": 1}


def game(heroes: dict[str, dict[str, Any]], **position: Any) -> Game:
    return Game(list(heroes), {"heroes": heroes, "pending": [], "next_uid": 50, **position})


def end_turns(g: Game) -> None:
    start = g.s.round
    while g.s.round == start and not g.s.pending and not g.s.outcome:
        g.act(g.s.active, "end", "turn")


def test_a_hero_at_zero_hp_falls_adds_a_fall_token_and_loses_their_turns() -> None:
    """§Falling and death: at 0 HP a hero falls and cannot act; a token goes on the fall counter."""
    g = game({"knight": {"space": "m1"}, "rogue": {"space": "m4", "hp": 1}}, monsters=[monster("m1", "goblin", "m4")])
    end_turns(g)
    rogue = g.s.heroes["rogue"]
    assert (rogue.fallen, rogue.hp, g.s.falls) == (True, 0, 1)
    assert "Shadow Rogue falls! Fall counter: 1 of 6." in g.texts()[g.kinds().index("fall")]
    turns = len([e for e in g.events if e.kind == "turn"])
    g.act("knight", "end", "turn")
    assert "Shadow Rogue is fallen and cannot act." in g.texts()
    assert len([e for e in g.events if e.kind == "turn"]) == turns + 1  # the Knight's next turn only
    assert (g.s.round, g.s.active) == (3, "knight")


def test_an_adjacent_hero_revives_for_two_actions_to_five_hp() -> None:
    """§Falling and death, R-DEATH-3: an adjacent hero spends 2 actions; the fallen hero stands at 5 HP."""
    g = game({"knight": {"space": "m2"}, "rogue": {"space": "m3", **FALLEN}}, falls=1)
    g.act("knight", "revive", "rogue")
    rogue = g.s.heroes["rogue"]
    assert (rogue.fallen, rogue.hp, g.s.actions, g.s.falls) == (False, 5, 2, 1)


def test_reviving_for_six_gold_costs_no_action() -> None:
    """§Falling and death, R-DEATH-3: 6 gold instead of the 2 actions."""
    g = game({"knight": {"space": "m3", "gold": 7}, "rogue": {"space": "m3", **FALLEN}}, falls=1)
    g.act("knight", "revive", "rogue", pay="gold")
    assert (g.s.heroes["rogue"].hp, g.s.heroes["knight"].gold, g.s.actions) == (5, 1, 4)
    poor = game({"knight": {"space": "m3", "gold": 5}, "rogue": {"space": "m3", **FALLEN}}, falls=1)
    assert poor.refused(Act(actor="knight", action="revive", target="rogue", args={"pay": "gold"})).code == \
        "not-enough-gold"


def test_only_an_adjacent_hero_may_revive() -> None:
    """§Falling and death: the reviver must be adjacent to the fallen hero."""
    g = game({"knight": {"space": "m1"}, "rogue": {"space": "m3", **FALLEN}}, falls=1)
    assert g.refused(Act(actor="knight", action="revive", target="rogue")).layer == Layer.ILLEGAL
    assert not g.s.heroes["rogue"].hp


def test_the_sixth_fall_loses_the_game_at_once() -> None:
    """§Falling and death: at 6 tokens on the fall counter the team loses at once."""
    g = game({"knight": {"space": "b1"}, "rogue": {"space": "m4", "hp": 1}}, falls=5,
             monsters=[monster("m1", "goblin", "m4"), monster("m2", "goblin", "m4")])
    end_turns(g)
    assert g.s.outcome == "defeat:falls" and g.s.falls == 6
    assert g.kinds().count("monster-attack") == 1
    assert CovenantRules().prompt(g.s) is None
    assert g.refused(Act(actor="knight", action="end", target="turn")).code == "game-over"


def test_the_fall_counter_keeps_every_fall_even_when_revived() -> None:
    """§Falling and death: a token for each fall, even if the hero is revived later."""
    g = game({"knight": {"space": "m2"}, "rogue": {"space": "m4", "hp": 1}}, monsters=[monster("m1", "goblin", "m4")])
    end_turns(g)
    assert g.s.falls == 1
    g.act("knight", "move", "m3")
    g.act("knight", "revive", "rogue")
    end_turns(g)
    assert g.s.falls == 1
    assert not g.s.heroes["rogue"].fallen


def test_a_hero_fallen_in_the_heroes_turns_dies_at_the_end_of_that_rounds_monster_phase() -> None:
    """R-DEATH-1: a fall during the heroes' turns (here poison at the start of a turn, R-TURN-2) is
    fatal at the end of the same round's monster phase."""
    g = game({"knight": {"space": "m1"}, "rogue": {"space": "b8", "hp": 1, "poison": 1}})
    g.act("knight", "end", "turn")
    rogue = g.s.heroes["rogue"]
    assert g.s.round == 2 and rogue.deaths == 1
    kinds = g.kinds()
    assert kinds.index("fall") < kinds.index("monster-phase") < kinds.index("death")


def test_a_hero_fallen_in_a_monster_phase_has_until_the_end_of_the_next_one() -> None:
    """R-DEATH-1 / §Falling and death: not rescued before the end of the next monster phase, they die."""
    g = game({"knight": {"space": "m1"}, "rogue": {"space": "m4", "hp": 1}}, monsters=[monster("m1", "goblin", "m4")])
    end_turns(g)
    assert g.s.heroes["rogue"].fallen and g.s.heroes["rogue"].dies_after_round == 2
    assert "death" not in g.kinds()
    g.act("knight", "end", "turn")
    assert g.s.heroes["rogue"].deaths == 1 and not g.s.heroes["rogue"].fallen


def test_revived_in_time_the_hero_does_not_die() -> None:
    """§Falling and death: revived before the end of the next monster phase, the hero lives."""
    g = game({"knight": {"space": "b1"}, "rogue": {"space": "m2", "hp": 1}}, monsters=[monster("m1", "goblin", "m2")])
    end_turns(g)
    assert g.s.heroes["rogue"].fallen
    g.act("knight", "move", "m1")
    g.act("knight", "revive", "rogue")
    g.act("knight", "end", "turn")
    assert g.s.heroes["rogue"].deaths == 0


def _dead_rogue() -> Game:
    rogue = {"space": "m4", "hp": 1, "gold": 5, "potions": ["health", "speed"], "weapon": "twin_daggers",
             "armour": "leather_armour", "shards": ["fist"], "upgrades": {"strength": 2, "vitality": 1},
             "poison": 2}
    g = game({"knight": {"space": "m1"}, "rogue": rogue}, guardians_defeated=1, shards_won=["fist"],
             board={"zone": 2, "unrevealed": [], "revealed": {}}, guardian={"id": "black_saint"})
    g.ok(Act(actor="knight", action="end", target="turn"))
    return g


def test_a_dead_hero_leaves_everything_and_comes_back_at_the_entrance() -> None:
    """§Falling and death, R-DEATH-2: everything stays where they died; they return at this board's
    entrance with full HP, their basic weapon, no gold, no equipment, no potions, no shards."""
    g = _dead_rogue()
    rogue = g.s.heroes["rogue"]
    assert (rogue.space, rogue.gold, rogue.potions, rogue.shards) == ("m1", 0, [], [])
    assert (rogue.weapon, rogue.armour, rogue.accessory) == (None, None, None)
    assert rogue.hp == traits.max_hp(DATA, rogue) == 11
    assert (rogue.poison, rogue.curse) == (0, 0)
    [pile] = g.s.piles
    assert (pile.space, pile.gold, pile.potions, pile.shards) == ("m4", 5, ["health", "speed"], ["fist"])
    assert pile.equipment == ["twin_daggers", "leather_armour"]


def test_the_returning_hero_chooses_as_many_upgrades_as_guardians_defeated() -> None:
    """§Falling and death, §Upgrades, R-UPG-1: the old tokens are gone; one upgrade per guardian
    defeated, and an upgrade whose boxes were full may be chosen again."""
    g = _dead_rogue()
    rogue = g.s.heroes["rogue"]
    assert rogue.upgrades == {}
    prompt = CovenantRules().prompt(g.s)
    assert isinstance(prompt, ChoicePrompt) and prompt.chooser == "rogue"
    assert "strength" in [o.id for o in prompt.options]
    g.ok(Choose(option="strength"))
    assert rogue.upgrades == {"strength": 1}
    assert not g.s.pending


def test_with_three_heroes_the_returning_hero_gets_one_more_upgrade() -> None:
    """§Upgrades (3-player game): (guardians defeated + 1) upgrades when coming back after death."""
    g = game({"knight": {"space": "m1"}, "ranger": {"space": "m1"}, "rogue": {"space": "b8", "hp": 1, "poison": 1}},
             guardians_defeated=1)
    g.act("knight", "end", "turn")
    g.act("ranger", "end", "turn")
    assert g.s.heroes["rogue"].deaths == 1
    assert [p.purpose for p in g.s.pending] == ["upgrade", "upgrade"]  # type: ignore[union-attr]


def test_each_pile_and_each_shard_takes_one_interact() -> None:
    """§Loot and treasure (When a hero dies), R-LOOT-5: one interact action per pile, one per shard; the
    equipment pile equips what fits an empty slot and leaves the rest."""
    g = _dead_rogue()
    g.ok(Choose(option="strength"))
    g.act("knight", "move", "m4")
    options = {o.id: o.targets for o in CovenantRules().prompt(g.s).options}  # type: ignore[union-attr]
    assert options["pickup"] == ["equipment", "gold", "potions", "shard:fist"]
    g.act("knight", "pickup", "gold")
    g.act("knight", "pickup", "shard:fist")
    assert g.s.actions == 1
    g.act("knight", "pickup", "equipment")
    knight = g.s.heroes["knight"]
    assert (knight.gold, knight.shards, knight.armour) == (3 + 5, ["fist"], "leather_armour")
    assert g.s.active == "rogue"  # three pickups and the move: the Knight's four actions
    [pile] = g.s.piles
    assert (pile.equipment, pile.potions, pile.gold, pile.shards) == (["twin_daggers"], ["health", "speed"], 0, [])


def test_an_upgrade_with_both_boxes_full_is_not_offered() -> None:
    """§Upgrades, R-UPG-1: the same upgrade at most twice."""
    g = game({"knight": {"space": "m1", "upgrades": {"protection": 2, "vitality": 1}}})
    assert death.upgrade_options(Play(g.s, DATA), g.s.heroes["knight"]) == ["strength", "agility", "vitality",
                                                                              "skill"]


def test_vitality_raises_hp_with_the_maximum_and_protection_keeps_the_cap() -> None:
    """R-UPG-2: Vitality raises current HP with the maximum; §Upgrades: the defense cap of 4 stays."""
    g = game({"knight": {"space": "m1", "hp": 10, "armour": "plate_armour"}})
    play = Play(g.s, DATA)
    knight = g.s.heroes["knight"]
    death.take_upgrade(play, knight, "vitality")
    assert (knight.hp, traits.max_hp(DATA, knight)) == (13, 17)
    death.take_upgrade(play, knight, "protection")
    assert traits.defense(DATA, knight) == 4


def test_a_hero_who_falls_in_their_own_turn_cannot_act_on() -> None:
    """§Falling and death: a fallen hero cannot take actions — a trap that fells the revealer ends the
    turn at once (no moving on, no drinking, no reviving oneself for gold)."""
    g = Game(["knight", "rogue"], {"heroes": {"knight": {"space": "m2", "hp": 1, "gold": 9}}, "pending": []},
             deal={"markers": "table", "rooms": "table"})
    g.ok(Act(actor="knight", action="reveal", target="room1"), Draw(deck="markers-z1", card="z1-trap-1"),
         Draw(deck="rooms-z1-trap", card="z1-pit"), Roll(die="trap", face="spikes"))
    assert g.s.heroes["knight"].fallen
    assert "turn-lost" in g.kinds()
    assert g.s.active == "rogue" and g.s.actions == 4
    assert g.refused(Act(actor="knight", action="revive", target="knight", args={"pay": "gold"})).code == \
        "not-your-turn"
