"""Shard guardians — rulebook "Shard guardians", "Combat" (against guardians), "Tracking boards", "The end";
rulings R-GUARD-1 to R-GUARD-5, R-MON-1, R-MON-4, R-HERO-3.

Halls: the Fallen Castle's hall links m8 and b8; the Sunken Cathedral's m7, b7 and t6; the Last
Throne's t6, t7 and e1 (the first footprint of the escape route).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml
from covenant_game import Game, monster
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from companion.core.flow import ChoicePrompt, Choose
from companion.games.covenant import traits
from companion.games.covenant.engine import CovenantRules
from companion.games.covenant.play import Play

GUARDIANS = {1: "hollow_king", 2: "black_saint", 3: "throne_guardian"}


def board(zone: int) -> dict[str, Any]:
    """Every room of the zone revealed, so the hall is open."""
    return {"zone": zone, "unrevealed": [], "revealed": {f"room{i}": f"z{zone}-combat-1" for i in range(1, 7)}}


def game(heroes: dict[str, dict[str, Any]], zone: int = 1, guardian: dict[str, Any] | None = None,
         **position: Any) -> Game:
    return Game(list(heroes), {"heroes": heroes, "board": board(zone), "pending": [], "next_uid": 50,
                               "guardian": {"id": GUARDIANS[zone], **(guardian or {})}, **position},
                deal={"combat": "table", "loot": "table", "potions": "table"})


AWAKE = {"provoked": True, "awake": True}


def end_turns(g: Game) -> None:
    """Every hero still to play this round ends their turn; the monster phase follows."""
    start = g.s.round
    while g.s.round == start and not g.s.pending and not g.s.outcome:
        g.act(g.s.active, "end", "turn")


def _of(g: Game, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in g.events if e.kind == kind]


def test_a_dormant_guardian_does_not_act() -> None:
    """§Shard guardians: dormant until the first attack on it or the first hero entering its hall."""
    g = game({"knight": {"space": "m8"}})
    end_turns(g)
    assert _of(g, "monster-target") == []
    assert "guardian-wakes" not in g.kinds()
    assert g.s.heroes["knight"].hp == 14


def test_entering_the_hall_provokes_it_and_it_acts_in_the_next_monster_phase() -> None:
    """§Shard guardians, R-GUARD-1: provoked by the first hero entering its hall, it wakes at the start of
    the next monster phase and attacks in it."""
    g = game({"knight": {"space": "m8"}})
    g.act("knight", "move", "hall")
    assert g.s.guardian.provoked and not g.s.guardian.awake
    assert "guardian-provoked" in g.kinds()
    g.act("knight", "end", "turn")
    kinds = g.kinds()
    assert kinds.index("monster-phase") < kinds.index("guardian-wakes") < kinds.index("monster-target")
    # The Hollow King: damage 4 − defense 2 = 2, + 1 Crown Strike in the hall itself.
    assert g.s.heroes["knight"].hp == 14 - 3


def test_the_first_attack_provokes_it() -> None:
    """§Shard guardians: the first attack on the guardian provokes it, hit or miss."""
    g = game({"knight": {"space": "m8", "gold": 0}})
    g.attack("knight", "guardian", card="1", die="1")
    assert g.s.guardian.provoked
    g.act("knight", "end", "turn")
    assert _of(g, "monster-target")[0]["hero"] == "knight"


def test_it_never_moves_and_reaches_four_spaces_from_its_hall() -> None:
    """§Shard guardians, R-GUARD-2: it stays in its hall; its range is 4 spaces from the hall."""
    g = game({"knight": {"space": "m4"}, "rogue": {"space": "m5"}}, guardian=AWAKE)
    end_turns(g)
    assert _of(g, "monster-target")[0]["hero"] == "rogue"  # m5 is 4 spaces from the hall, m4 is 5
    assert "Hollow King can reach: Shadow Rogue 11 HP, 4 spaces from the hall." in g.texts()
    assert _of(g, "monster-move") == []
    far = game({"knight": {"space": "m4"}}, guardian=AWAKE)
    end_turns(far)
    assert "guardian-idle" in far.kinds() and _of(far, "monster-target") == []


def test_it_attacks_the_lowest_hp_once_per_monster_phase() -> None:
    """§Shard guardians: once per monster phase, the standing hero with the lowest HP in range."""
    g = game({"knight": {"space": "m8", "hp": 5}, "rogue": {"space": "b8"}}, guardian=AWAKE)
    end_turns(g)
    assert [t["hero"] for t in _of(g, "monster-target")] == ["knight"]
    assert g.s.heroes["rogue"].hp == 11


def test_a_tie_for_the_guardian_is_the_first_players_choice() -> None:
    """§Shard guardians (ties as for monsters), R-MON-4: the first player chooses."""
    g = game({"knight": {"space": "m8", "hp": 9}, "rogue": {"space": "b8", "hp": 9}}, guardian=AWAKE)
    end_turns(g)
    prompt = CovenantRules().prompt(g.s)
    assert isinstance(prompt, ChoicePrompt) and prompt.chooser == "knight"
    assert [o.id for o in prompt.options] == ["knight", "rogue"]
    assert "tie" in g.kinds()
    g.ok(Choose(option="rogue"))
    assert _of(g, "monster-target")[0]["hero"] == "rogue"


def test_it_acts_after_every_monster() -> None:
    """R-MON-1: the guardian acts last in the monster phase."""
    g = game({"knight": {"space": "m8"}}, guardian=AWAKE,
             monsters=[monster("m1", "goblin", "b8", origin="summon"), monster("m2", "goblin", "m7")])
    end_turns(g)
    assert [t["monster"] for t in _of(g, "monster-target")] == ["m2", "m1", "guardian"]


def test_its_defense_is_subtracted_from_every_hit_at_least_one() -> None:
    """§Combat (Against guardians): the guardian's defense comes off the damage, minimum 1."""
    g = game({"knight": {"space": "m8", "gold": 0}})
    events = g.attack("knight", "guardian", card="7", die="5")  # 13 against 10: 13 − 10 + 2 = 5, − 1 defense
    assert g.s.guardian.damage == 4
    assert "Hollow King has 14 HP left." in g.texts(events)
    g.attack("knight", "guardian", card="6", die="3")  # 10 against 10: 2 − 1 = 1
    assert g.s.guardian.damage == 5
    g.attack("knight", "guardian", card="1", die="6")  # golden six: 1 − 1, raised to 1
    assert g.s.guardian.damage == 6


def test_crown_strike_adds_one_next_to_the_king_only() -> None:
    """§Shard guardians (Crown Strike): +1 damage when the target is adjacent to the Hollow King."""
    near = game({"rogue": {"space": "m8"}}, guardian=AWAKE)
    end_turns(near)
    assert "Hollow King attacks Shadow Rogue: damage 4 − defense 1 = 3 + 1 (Crown Strike) → 4 damage." in near.texts()
    far = game({"rogue": {"space": "m7"}}, guardian=AWAKE)
    end_turns(far)
    assert "Hollow King attacks Shadow Rogue: damage 4 − defense 1 = 3 → 3 damage." in far.texts()


def test_the_shield_takes_a_crown_strike_blow_after_the_plus_one() -> None:
    """R-HERO-3: the original damage is after the ally's defense and Crown Strike's +1; the Knight still
    takes at most 2."""
    g = game({"knight": {"space": "m7"}, "rogue": {"space": "m8"}}, guardian=AWAKE)
    end_turns(g)
    assert "Hollow King attacks Shadow Rogue: damage 4 − defense 1 = 3 + 1 (Crown Strike) → 4 damage." in g.texts()
    assert (g.s.heroes["knight"].hp, g.s.heroes["rogue"].hp) == (12, 11)


def test_the_hollow_king_summons_two_goblins_from_the_deck_beside_its_hall() -> None:
    """§Shard guardians, R-GUARD-3/4/5: summons searched for in the monster deck, adjacent to the hall,
    tracked on the guardian board (they do not count for the reveal limit)."""
    g = game({"knight": {"space": "m8", "gold": 0}}, guardian={"damage": 7})
    goblins = g.s.decks["monsters"].draw_pile.count("goblin")
    g.attack("knight", "guardian", card="6", die="4")  # 11 against 10: 3 − 1 = 2 → 9 HP
    summoned = [m for m in g.s.monsters if m.origin == "summon"]
    assert [(m.kind, m.space) for m in summoned] == [("goblin", "m8"), ("goblin", "b8")]
    assert g.s.decks["monsters"].draw_pile.count("goblin") == goblins - 2
    assert g.s.guardian.summoned == [9]
    assert Play(g.s, CovenantRules().data).counted_monsters() == 0


def test_a_summon_comes_from_the_discard_and_fewer_appear_when_none_is_left() -> None:
    """R-GUARD-4: a summoned Goblin is searched for in the draw pile, then the discard; if none is left,
    fewer appear."""
    g = game({"knight": {"space": "m8", "gold": 0}}, guardian={"damage": 7},
             decks={"monsters": {"draw_pile": ["troll", "cultist"], "discard": ["goblin", "troll"]}})
    events = g.attack("knight", "guardian", card="6", die="4")
    assert [m.kind for m in g.s.monsters] == ["goblin"]
    assert g.kinds(events).count("summon-missing") == 1
    assert g.s.decks["monsters"].discard == ["troll"]


def test_summons_do_not_count_for_the_reveal_limit() -> None:
    """§Exploration (Monster board capacity), R-EXPLORE-5: summoned monsters are not on the monster board."""
    position = {"unrevealed": ["room1"], "revealed": {f"room{i}": "z1-combat-1" for i in range(2, 7)}}
    g = Game(["knight"], {"heroes": {"knight": {"space": "m2"}}, "board": {"zone": 1, **position},
                          "monsters": [monster("m1", "goblin", "b8"), monster("m2", "goblin", "b8"),
                                       monster("m3", "goblin", "m8", origin="summon"),
                                       monster("m4", "goblin", "m8", origin="summon")]})
    g.act("knight", "reveal", "room1")
    assert "reveal" in g.kinds()


def test_the_black_saint_summons_the_demon() -> None:
    """§Shard guardians, R-GUARD-3: the Demon, by the Black Saint (its own card, not the deck's)."""
    g = game({"knight": {"space": "m7", "gold": 0}}, zone=2, guardian={"damage": 12})
    g.attack("knight", "guardian", card="8", die="4")  # 13 against 12: 3 − 2 = 1 → 12 HP
    assert [(m.kind, m.origin) for m in g.s.monsters] == [("demon", "summon")]
    assert g.s.monsters[0].space == "t6"  # R-GUARD-5: the first space next to the hall in the board file


def test_the_throne_guardian_turns_to_phase_two_at_ten_hp() -> None:
    """§Shard guardians: at 10 HP the Last Throne Guardian's phase 2 — strength 17, damage 8, defense 3."""
    g = game({"knight": {"space": "t6", "gold": 0}}, zone=3, guardian={"damage": 18})
    g.attack("knight", "guardian", card="9", die="5")  # 15 against 13: 4 − 2 = 2 → 10 HP
    assert g.s.guardian.phase == 1
    assert ("Last Throne Guardian reaches 10 HP and turns to phase 2: strength 17, damage 8, defense 3, "
            "2 attacks a monster phase." in g.texts())
    assert [(m.kind, m.space) for m in g.s.monsters] == [("dark_knight", "t6"), ("dark_knight", "t7")]


def test_the_covenant_weakens_the_throne_guardian_in_both_phases() -> None:
    """§Shard guardians (Covenant weakening): −1 strength per shard won, up to 2: 13 → 11, 17 → 15."""
    data = CovenantRules().data
    for shards, phase, strength in (([], 0, 13), (["fist"], 0, 12), (["fist", "flame"], 0, 11),
                                    ([], 1, 17), (["fist", "flame"], 1, 15)):
        g = game({"knight": {"space": "t6"}}, zone=3, guardian={"phase": phase}, shards_won=shards)
        assert traits.guardian_strength(data, g.s) == strength
    g = game({"knight": {"space": "t6", "gold": 0}}, zone=3, shards_won=["fist", "flame"])
    events = g.attack("knight", "guardian", card="5", die="5")  # 11: just enough with both shards
    assert "5 + 5 + 1 = 11 ≥ 11: hit! 11 − 11 + 2 → 0 damage to Last Throne Guardian." not in g.texts(events)
    assert g.s.guardian.damage == 1  # 2 − defense 2, raised to 1


def test_in_phase_two_the_throne_guardian_attacks_twice() -> None:
    """§Shard guardians: two attacks each monster phase in phase 2; R-HERO-3: only the first is shielded."""
    g = game({"knight": {"space": "t7"}, "rogue": {"space": "t6"}}, zone=3,
             guardian={**AWAKE, "phase": 1, "damage": 21})
    end_turns(g)
    targets = [t["hero"] for t in _of(g, "monster-target")]
    assert targets == ["rogue", "rogue"]
    # First blow: 8 − 1 = 7 on the Rogue, taken by the Knight's Shield as 2; the second is not shielded.
    assert g.kinds().count("shield") == 1
    assert (g.s.heroes["knight"].hp, g.s.heroes["rogue"].hp) == (12, 11 - 7)


def test_fire_aura_burns_a_hero_who_starts_a_turn_beside_the_saint() -> None:
    """§Shard guardians (Fire Aura): 1 direct damage, no defense, to a hero starting a turn adjacent to her."""
    g = game({"knight": {"space": "m7"}, "rogue": {"space": "m5", "hp": 20}}, zone=2, guardian=AWAKE)
    assert g.s.heroes["knight"].hp == 13  # his first turn began beside her
    end_turns(g)
    # Round 2: the Knight starts beside the hall again and burns, defense 2 notwithstanding; the Rogue,
    # two spaces away, does not.
    assert [e["hero"] for e in _of(g, "fire-aura")] == ["knight"]
    assert g.s.heroes["knight"].hp == 14 - 1 - (5 - 2) - 1
    g.act("knight", "end", "turn")
    assert [e["hero"] for e in _of(g, "fire-aura")] == ["knight"]


def test_a_dormant_saint_has_no_fire_aura() -> None:
    """§Shard guardians: a dormant guardian uses no ability."""
    g = game({"knight": {"space": "m7"}}, zone=2)
    end_turns(g)
    assert "fire-aura" not in g.kinds()
    assert g.s.heroes["knight"].hp == 14


def test_a_defeated_guardian_gives_its_shard_to_the_hero_the_team_chooses() -> None:
    """§The end: the shard goes to a hero the team agrees on; the Hollow King's gives +1 to the attack total."""
    g = game({"knight": {"space": "m8", "gold": 0}, "rogue": {"space": "m8"}}, guardian={"damage": 17},
             monsters=[monster("m1", "goblin", "m8", origin="summon")])
    g.attack("knight", "guardian", card="7", die="6")  # 5 − 1 = 4 on the King's last HP
    assert g.s.guardian.defeated and g.s.guardians_defeated == 1
    assert (g.s.guardian.damage, g.s.heroes["knight"].damage_dealt) == (18, 1)
    assert [m for m in g.s.monsters if m.origin == "summon"] == []
    prompt = CovenantRules().prompt(g.s)
    assert isinstance(prompt, ChoicePrompt) and [o.id for o in prompt.options] == ["knight", "rogue"]
    g.ok(Choose(option="rogue"))
    rogue = g.s.heroes["rogue"]
    assert rogue.shards == ["fist"] and g.s.shards_won == ["fist"]
    assert traits.attack_bonus(CovenantRules().data, rogue) == 1 + 1


def test_the_saints_shard_adds_one_defense_within_the_cap() -> None:
    """§The end: the Black Saint's shard, +1 defense, never above the cap of 4."""
    data = CovenantRules().data
    g = game({"knight": {"space": "m1", "shards": ["flame"]}, "rogue": {"space": "m1", "shards": ["flame"],
              "armour": "plate_armour", "accessory": "warding_amulet"}})
    assert traits.defense(data, g.s.heroes["knight"]) == 3
    assert traits.defense(data, g.s.heroes["rogue"]) == 4


def test_a_hero_felled_by_poison_is_not_burnt_as_well() -> None:
    """R-TURN-2: poison, then the Fire Aura; a hero who falls to the poison has lost the turn."""
    g = game({"knight": {"space": "m1"}, "rogue": {"space": "m7", "hp": 1, "poison": 1}}, zone=2, guardian=AWAKE)
    events = g.act("knight", "end", "turn")
    assert "poison" in g.kinds(events) and "fire-aura" not in g.kinds(events)
    assert g.s.falls == 1


# ---- the guardian's choice against an independent reading, over random positions -------------------

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "40"))
CASTLE = yaml.safe_load((Path(__file__).resolve().parents[3] / "data/covenant/boards/castle.yaml").read_text())
LINKS: dict[str, list[str]] = {s["id"]: s["links"] for s in CASTLE["spaces"]}
MAX_HP = {"knight": 14, "rogue": 11, "ranger": 12, "sorceress": 10}


def _from_hall() -> dict[str, int]:
    seen, todo = {"hall": 0}, ["hall"]
    for here in todo:
        for nxt in LINKS[here]:
            if nxt not in seen:
                seen[nxt] = seen[here] + 1
                todo.append(nxt)
    return seen


@st.composite
def hero_positions(draw: st.DrawFn) -> dict[str, dict[str, Any]]:
    names = draw(st.lists(st.sampled_from(list(MAX_HP)), min_size=1, max_size=4, unique=True))
    heroes = {}
    for name in names:
        hp = draw(st.integers(0, MAX_HP[name]))
        heroes[name] = {"space": draw(st.sampled_from(sorted(LINKS))), "hp": hp, "fallen": hp == 0,
                        "dies_after_round": 2}
    assume(any(not h["fallen"] for h in heroes.values()))
    return heroes


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hero_positions())
def test_the_guardians_choice_matches_the_rule(heroes: dict[str, dict[str, Any]]) -> None:
    """§Shard guardians, R-GUARD-2, R-MON-4/5: once a phase, the standing hero with the lowest HP within 4
    spaces of its hall (the fallen only when none stands), then the nearest, then the first player."""
    g = game(heroes, guardian=AWAKE)
    end_turns(g)
    dist = _from_hall()
    first = g.kinds().index("monster-phase")
    targets = [dict(e.data) for e in g.events[first:] if e.kind == "monster-target"][:1]
    in_range = [n for n, h in heroes.items() if dist[h["space"]] <= 4]
    if not in_range:
        assert targets == [] and "guardian-idle" in g.kinds()
        return
    pool = [n for n in in_range if not heroes[n]["fallen"]] or in_range
    low = min(heroes[n]["hp"] for n in pool)
    near = min(dist[heroes[n]["space"]] for n in pool if heroes[n]["hp"] == low)
    tied = [n for n in pool if heroes[n]["hp"] == low and dist[heroes[n]["space"]] == near]
    if len(tied) > 1:
        prompt = CovenantRules().prompt(g.s)
        assert isinstance(prompt, ChoicePrompt) and [o.id for o in prompt.options] == tied
        g.ok(Choose(option=tied[-1]))
        tied = [tied[-1]]
        targets = [dict(e.data) for e in g.events[first:] if e.kind == "monster-target"][:1]
    assert targets[0]["hero"] == tied[0]
    [blow] = [dict(e.data) for e in g.events[first:] if e.kind == "monster-attack"][:1]
    assert blow["crown"] == (1 if dist[heroes[tied[0]]["space"]] <= 1 else 0)
