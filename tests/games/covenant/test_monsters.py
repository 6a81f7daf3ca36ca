"""The monster phase — rulebook "When a monster attacks you", "Monster guide", "Your turn" (the round);
rulings R-MON-1 to R-MON-5 and R-HERO-3 (the Knight's Shield).

The Fallen Castle board: rows t1–t8, m1–m8, b1–b8 joined by stm and smb on the left; room1–room6 between
the rows; the hall to the right of m8 and b8; everyone starts on m1.
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path
from typing import Any

import yaml
from covenant_game import Game, monster
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from companion.core.flow import ChoicePrompt, Choose
from companion.games.covenant.engine import CovenantRules

OPEN = {"unrevealed": [], "revealed": {f"room{i}": f"z1-combat-{i}" for i in range(1, 7)}}


def _phase(heroes: dict[str, dict[str, Any]], monsters: list[dict[str, Any]], **position: Any) -> Game:
    """A game whose heroes all end their turns at once, so the monster phase of round 1 runs (the
    3-hero setup upgrades are dropped from `pending`: they are not what these tests are about)."""
    g = Game(list(heroes), {"heroes": heroes, "monsters": monsters, "next_uid": 50, "pending": [], **position})
    for hero in list(heroes):
        if g.s.phase == "heroes" and g.s.active == hero and not g.s.pending:
            g.act(hero, "end", "turn")
    return g


def _of(g: Game, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in g.events if e.kind == kind]


def test_the_lowest_hp_in_reach_is_attacked_before_a_nearer_hero() -> None:
    """§When a monster attacks you / R-MON-2: the lowest HP among the heroes it can reach with 2 moves."""
    g = _phase({"knight": {"space": "m4"}, "rogue": {"space": "m6"}}, [monster("m1", "goblin", "m4")])
    assert _of(g, "monster-reach") == [{"monster": "m1", "heroes": ["knight", "rogue"]}]
    assert "Goblin can reach: Exiled Knight 14 HP, 0 spaces away; Shadow Rogue 11 HP, 2 spaces away." in g.texts()
    assert _of(g, "monster-target") == [{"monster": "m1", "hero": "rogue", "in_reach": ["knight", "rogue"]}]
    assert g.kinds().index("monster-target") < g.kinds().index("monster-move") < g.kinds().index("monster-attack")
    assert _of(g, "monster-move") == [{"monster": "m1", "from": "m4", "path": ["m5"]}]
    assert g.s.heroes["rogue"].hp == 11 - (2 - 1)
    assert g.s.heroes["knight"].hp == 14


def test_equal_hp_goes_to_the_hero_needing_fewer_moves() -> None:
    """§When a monster attacks you: a tie on HP goes to the nearest (R-MON-2: fewest moves)."""
    g = _phase({"knight": {"space": "m6", "hp": 8}, "rogue": {"space": "m3", "hp": 8}},
               [monster("m1", "goblin", "m4")])
    target = _of(g, "monster-target")[0]
    assert target["hero"] == "rogue"
    assert _of(g, "monster-move") == []
    assert "the lowest HP and nearest" in g.texts()[g.kinds().index("monster-target")]


def test_a_full_tie_asks_the_first_player_to_choose() -> None:
    """§When a monster attacks you, R-MON-4: still tied, the first player (seat order) chooses."""
    g = _phase({"sorceress": {"space": "m1"}, "knight": {"space": "m5", "hp": 10}, "rogue": {"space": "m3", "hp": 10}},
               [monster("m1", "goblin", "m4")])
    prompt = CovenantRules().prompt(g.s)
    assert isinstance(prompt, ChoicePrompt)
    assert prompt.chooser == "sorceress"
    assert [o.id for o in prompt.options] == ["knight", "rogue"]
    assert prompt.rule == "R-MON-4"
    assert g.refused(Choose(option="sorceress")).code == "unknown-option"
    g.ok(Choose(option="rogue"))
    assert _of(g, "monster-target")[0]["hero"] == "rogue"
    assert "chosen by the first player" in g.texts()[g.kinds().index("monster-target")]
    assert (g.s.heroes["rogue"].hp, g.s.heroes["knight"].hp) == (9, 10)
    assert g.s.round == 2


def test_a_fallen_hero_is_ignored_while_a_standing_one_is_in_reach() -> None:
    """§When a monster attacks you, R-MON-5: monsters ignore a fallen hero unless it is the only one."""
    g = _phase({"rogue": {"space": "m6"}, "knight": {"space": "m4", "hp": 0, "fallen": True, "dies_after_round": 2}},
               [monster("m1", "goblin", "m4")])
    assert _of(g, "monster-target")[0]["hero"] == "rogue"


def test_a_fallen_hero_alone_in_reach_is_attacked_but_loses_nothing() -> None:
    """R-MON-5: the attack on a lone fallen hero is shown; at 0 HP the hero loses nothing more."""
    g = _phase({"rogue": {"space": "b1"}, "knight": {"space": "m4", "hp": 0, "fallen": True, "dies_after_round": 2}},
               [monster("m1", "goblin", "m4")], falls=1)
    assert _of(g, "monster-target")[0]["hero"] == "knight"
    knight = g.s.heroes["knight"]
    assert (knight.hp, knight.fallen, knight.damage_taken, g.s.falls) == (0, True, 0, 1)


def test_nobody_in_reach_moves_two_spaces_toward_the_nearest_and_does_not_attack() -> None:
    """§When a monster attacks you, R-MON-3: out of reach it moves 2 toward the nearest hero, no attack."""
    g = _phase({"knight": {"space": "m1"}, "rogue": {"space": "b8"}}, [monster("m1", "goblin", "m6")])
    assert _of(g, "monster-advance") == [{"monster": "m1", "hero": "knight"}]
    assert _of(g, "monster-move") == [{"monster": "m1", "from": "m6", "path": ["m5", "m4"]}]
    assert _of(g, "monster-attack") == []
    assert g.s.monsters[0].space == "m4"
    assert g.s.heroes["knight"].hp == 14


def test_it_stops_as_soon_as_the_target_is_in_range() -> None:
    """R-MON-2: the fewest moves that bring the target into range; none when it is in range already."""
    g = _phase({"ranger": {"space": "m1"}}, [monster("m1", "skeleton_archer", "m4"), monster("m2", "goblin", "m4")])
    moves = {m["monster"]: m["path"] for m in _of(g, "monster-move")}
    assert "m1" not in moves  # range 3: m4 → m1 is 3 spaces, no move needed
    assert moves["m2"] == ["m3", "m2"]  # range 1: two moves to m2, next to m1
    assert [m.space for m in g.s.monsters] == ["m4", "m2"]


def test_among_equal_paths_it_steps_through_the_space_listed_first() -> None:
    """R-MON-2: among equally short paths, through the space listed first in the board file — t2 (listed
    before stm), though the path through stm would end on m1, listed before room1."""
    g = _phase({"knight": {"space": "m2"}}, [monster("m1", "goblin", "t1")], board=OPEN)
    assert _of(g, "monster-move") == [{"monster": "m1", "from": "t1", "path": ["t2", "room1"]}]


def test_it_never_walks_through_a_closed_room_or_a_locked_hall() -> None:
    """R-MON-2 / R-EXPLORE-1: a monster never enters a face-down room slot nor the locked hall."""
    closed = {"unrevealed": ["room1", "room2", "room3", "room4", "room5", "room6", "t8"], "revealed": {}}
    g = _phase({"knight": {"space": "b8"}}, [monster("m1", "goblin", "m8")], board=closed)
    # Through the hall b8 is 2 spaces away; the hall is locked, so the Goblin must go round (too far).
    assert _of(g, "monster-attack") == []
    assert _of(g, "monster-move")[0]["path"] == ["m7", "m6"]
    assert g.s.monsters[0].space != "hall"


def test_monsters_act_in_the_order_they_entered_play_then_summons_then_pursuers() -> None:
    """R-MON-1: the monster board's rows top to bottom, then the guardian's summons, then pursuers."""
    g = _phase({"knight": {"space": "m4"}},
               [monster("m7", "goblin", "m4", origin="summon"), monster("m9", "goblin", "m4", origin="pursuer"),
                monster("m5", "goblin", "m4"), monster("m3", "goblin", "m4", origin="ambush"),
                monster("gob", "goblin", "m4")])
    assert [t["monster"] for t in _of(g, "monster-target")] == ["m5", "m3", "gob", "m7", "m9"]


def test_no_monster_acts_twice_in_a_phase() -> None:
    """R-MON-1: each monster acts once per monster phase."""
    g = _phase({"knight": {"space": "m4"}, "rogue": {"space": "m4"}},
               [monster(f"m{i}", "goblin", "m4") for i in range(1, 6)], board=OPEN)
    acted = [t["monster"] for t in _of(g, "monster-target")]
    assert sorted(acted) == ["m1", "m2", "m3", "m4", "m5"]
    assert g.kinds().count("monster-phase") == 1


def test_damage_is_damage_minus_total_defense_at_least_one() -> None:
    """§When a monster attacks you: damage − total defense, at least 1."""
    g = _phase({"rogue": {"space": "m4"}}, [monster("m1", "troll", "m4")])
    assert "Troll attacks Shadow Rogue: damage 4 − defense 1 = 3 → 3 damage." in g.texts()
    armoured = _phase({"rogue": {"space": "m4", "armour": "plate_armour", "accessory": "warding_amulet"}},
                      [monster("m1", "goblin", "m4")])
    assert ("Goblin attacks Shadow Rogue: damage 2 − defense 4 = -2, raised to the minimum of 1 → 1 damage."
            in armoured.texts())
    assert armoured.s.heroes["rogue"].hp == 10


def test_total_defense_never_exceeds_four() -> None:
    """§When a monster attacks you: however many sources add defense, no hero's total exceeds 4."""
    g = _phase({"knight": {"space": "m4", "armour": "plate_armour", "accessory": "warding_amulet",
                           "upgrades": {"protection": 2}}}, [monster("m1", "wraith", "m4")])
    assert _of(g, "monster-attack") == [{"monster": "m1", "hero": "knight", "damage": 5, "defense": 4, "minimum": 1,
                                          "crown": 0, "total": 1}]
    assert g.s.heroes["knight"].hp == 14 - (5 - 4)


def test_brutality_deals_at_least_two() -> None:
    """§Monster guide (Brutality, provisional effect): at least 2 damage whatever the defense."""
    g = _phase({"knight": {"space": "m4", "armour": "plate_armour"}}, [monster("m1", "dark_knight", "m4")])
    assert ("Dark Knight attacks Exiled Knight: damage 5 − defense 4 = 1, raised to the minimum of 2 → 2 damage."
            in g.texts())
    assert g.s.heroes["knight"].hp == 12


def test_curse_costs_the_wounded_hero_an_action_next_turn() -> None:
    """§Monster guide (Curse, provisional effect): 1 action fewer on the hero's next turn."""
    g = _phase({"rogue": {"space": "m4"}}, [monster("m1", "cultist", "m4")])
    assert "curse" in g.kinds()
    assert g.s.active == "rogue" and g.s.actions == 3
    assert g.s.heroes["rogue"].curse == 0


def test_an_elite_has_four_more_hp_one_more_strength_and_one_more_damage() -> None:
    """§Monster guide: elite = the same card with +4 HP, +1 strength, +1 damage."""
    g = _phase({"rogue": {"space": "m4"}}, [monster("m1", "goblin", "m4", elite=True)])
    assert "Elite Goblin attacks Shadow Rogue: damage 3 − defense 1 = 2 → 2 damage." in g.texts()
    g = Game(["knight"], {"heroes": {"knight": {"space": "m4", "gold": 0}},
                          "monsters": [monster("m1", "goblin", "m4", elite=True)]}, deal={"combat": "table"})
    events = g.attack("knight", "m1", card="3", die="3")
    assert "3 + 3 + 1 = 7 < 8: Exiled Knight misses elite Goblin." in g.texts(events)
    events = g.attack("knight", "m1", card="5", die="2")
    assert "Elite Goblin has 9 − 2 = 7 HP left." not in g.texts(events)
    assert "Elite Goblin has 7 HP left." in g.texts(events)


def test_the_knights_shield_takes_two_direct_damage_for_an_adjacent_ally() -> None:
    """§The four heroes (Shield), R-HERO-3: once a round, the Knight takes 2 (or less), no defense."""
    g = _phase({"knight": {"space": "m5"}, "rogue": {"space": "m4"}},
               [monster("m1", "troll", "m4"), monster("m2", "troll", "m4")])
    assert g.kinds().count("shield") == 1
    # The first Troll's 4 − 1 = 3 goes to the Knight as 2 direct; the second hits the Rogue for 3.
    assert g.s.heroes["knight"].hp == 14 - 2
    assert g.s.heroes["rogue"].hp == 11 - 3
    assert g.s.heroes["knight"].shield_round == 1


def test_the_shield_takes_the_smaller_original_damage() -> None:
    """R-HERO-3: the original damage (after the ally's defense) when it is less than 2."""
    g = _phase({"knight": {"space": "m5"}, "rogue": {"space": "m4"}}, [monster("m1", "goblin", "m4")])
    assert "Exiled Knight's Shield: he takes 1 direct damage instead of Shadow Rogue." in g.texts()
    assert (g.s.heroes["knight"].hp, g.s.heroes["rogue"].hp) == (13, 11)


def test_the_shield_is_not_used_when_it_would_fell_the_knight() -> None:
    """R-HERO-3: the Shield is not applied when it would make the Knight fall."""
    g = _phase({"knight": {"space": "m6", "hp": 2}, "rogue": {"space": "m4", "hp": 1}},
               [monster("m1", "troll", "m4")])
    assert "shield" not in g.kinds()
    assert (g.s.heroes["knight"].hp, g.s.heroes["rogue"].hp, g.s.heroes["rogue"].fallen) == (2, 0, True)


def test_the_shield_does_not_cover_a_fallen_ally() -> None:
    """R-HERO-3, R-MON-5: a fallen ally loses nothing more to a blow, so there is nothing to shield."""
    # The Hollow King reaches 4 spaces from its hall: the fallen Rogue on m5, not the Knight on m4.
    g = _phase({"knight": {"space": "m4"}, "rogue": {"space": "m5", "hp": 0, "fallen": True, "dies_after_round": 2}},
               [], guardian={"provoked": True, "awake": True})
    assert _of(g, "monster-target")[0]["hero"] == "rogue"
    assert "shield" not in g.kinds()
    assert g.s.heroes["knight"].hp == 14


# ---- the targeting rule against an independent reading of it, over random positions ----------------

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "40"))
CASTLE = yaml.safe_load((Path(__file__).resolve().parents[3] / "data/covenant/boards/castle.yaml").read_text())
LINKS: dict[str, list[str]] = {s["id"]: s["links"] for s in CASTLE["spaces"]}
ROOMS = [s["id"] for s in CASTLE["spaces"] if s["kind"] == "room"]
STEPS = [s["id"] for s in CASTLE["spaces"] if s["kind"] == "step"]
MAX_HP = {"knight": 14, "rogue": 11, "ranger": 12, "sorceress": 10}
RANGE = {"goblin": 1, "skeleton_archer": 3, "troll": 1, "cultist": 2}


def _bfs(start: str, blocked: set[str]) -> dict[str, int]:
    seen, todo = {start: 0}, [start]
    for here in todo:
        for nxt in LINKS[here]:
            if nxt not in seen and nxt not in blocked:
                seen[nxt] = seen[here] + 1
                todo.append(nxt)
    return seen


@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    revealed = draw(st.lists(st.sampled_from(ROOMS), unique=True, max_size=6))
    open_spaces = STEPS + revealed
    names = draw(st.lists(st.sampled_from(list(MAX_HP)), min_size=1, max_size=4, unique=True))
    heroes = {}
    for name in names:
        hp = draw(st.integers(0, MAX_HP[name]))
        heroes[name] = {"space": draw(st.sampled_from(open_spaces)), "hp": hp, "fallen": hp == 0,
                        "dies_after_round": 2}
    # Someone must stand to play a turn, or the monster phases would run before the test looks.
    assume(any(not h["fallen"] for h in heroes.values()))
    kind = draw(st.sampled_from(list(RANGE)))
    return {"heroes": heroes, "kind": kind, "space": draw(st.sampled_from(open_spaces)),
            "board": {"unrevealed": [r for r in ROOMS if r not in revealed] + ["t8"],
                      "revealed": {r: "z1-combat-1" for r in revealed}}}


def _first_phase(g: Game, kind: str) -> list[dict[str, Any]]:
    """Events of the first monster phase only (with everyone fallen the engine plays on by itself)."""
    kinds = g.kinds()
    start = kinds.index("monster-phase")
    end = next((i for i in range(start + 1, len(kinds)) if kinds[i] in ("monster-phase", "turn")), len(kinds))
    return [dict(e.data) for e in g.events[start:end] if e.kind == kind]


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_every_monster_decision_matches_the_rule(p: dict[str, Any]) -> None:
    """§When a monster attacks you, R-MON-2/3/4/5, against an independent reading: the target is the
    lowest HP among the standing heroes it can bring into range with up to 2 moves (the fallen only
    when none stands), then the fewest spaces away, then the first player's choice; it moves the fewest
    spaces, never through a closed room or the locked hall; out of reach it walks 2 toward the nearest."""
    blocked = set(p["board"]["unrevealed"]) | ({"hall"} if len(p["board"]["revealed"]) < 4 else set())
    rng = RANGE[p["kind"]]
    reach = _bfs(p["space"], blocked - {p["space"]})
    cost, away = {}, {}
    for name, h in p["heroes"].items():
        around = _bfs(h["space"], set())
        steps = [reach[sp] for sp, d in around.items() if d <= rng and reach.get(sp, 9) <= 2]
        if steps:
            cost[name] = min(steps)
            away[name] = reach.get(h["space"], around[p["space"]])
    g = _phase(p["heroes"], [monster("m1", p["kind"], p["space"])], board=p["board"])
    start = p["space"]
    if cost:
        pool = [n for n in cost if not p["heroes"][n]["fallen"]] or list(cost)
        low = min(p["heroes"][n]["hp"] for n in pool)
        near = min(away[n] for n in pool if p["heroes"][n]["hp"] == low)
        tied = [n for n in p["heroes"] if n in pool and p["heroes"][n]["hp"] == low and away[n] == near]
        if len(tied) > 1:
            prompt = CovenantRules().prompt(g.s)
            assert isinstance(prompt, ChoicePrompt) and [o.id for o in prompt.options] == tied
            g.ok(Choose(option=tied[-1]))
            tied = [tied[-1]]
        [target] = _first_phase(g, "monster-target")
        assert target["hero"] == tied[0]
        moved = sum(len(m["path"]) for m in _first_phase(g, "monster-move"))
        assert moved == cost[tied[0]]
        assert _bfs(_first_phase(g, "monster-move")[-1]["path"][-1] if moved else start, set())[
            p["heroes"][tied[0]]["space"]] <= rng
        assert len(_first_phase(g, "monster-attack")) == 1
    else:
        assert _first_phase(g, "monster-attack") == [] and _first_phase(g, "monster-target") == []
        standing = [h for h in p["heroes"].values() if not h["fallen"] and h["space"] in reach]
        pool = standing or [h for h in p["heroes"].values() if h["space"] in reach]
        if pool:
            before = min(reach[h["space"]] for h in pool)
            end = [m["path"][-1] for m in _first_phase(g, "monster-move")] or [start]
            after = _bfs(end[-1], blocked - {end[-1]})
            assert min(after[h["space"]] for h in pool) == before - 2
    for move in _first_phase(g, "monster-move"):
        path = [move["from"], *move["path"]]
        assert all(b in LINKS[a] for a, b in itertools.pairwise(path))
        assert not set(move["path"]) & blocked


def test_a_path_through_the_hall_names_it_and_steps_in_the_reading_direction() -> None:
    """R-MON-2's move line, "{monster} moves {n} spaces: {path}": the long explorer run saw «Дэман рухаецца на 2
    палі: hall → 20 → 19.», the hall by its id. Its name instead, and in Arabic each step points right to left."""
    from companion.games.covenant.data import default
    from companion.games.covenant.play import Play

    g = Game(["knight", "rogue"])
    way = Play(g.s, default()).path_name(["m8", "hall", "b8"])
    path = {lang: way.text(lang) for lang in ("en", "ar", "be")}
    hall = default().boards[g.s.board.zone].hall
    assert path["en"] == f"{path['en'].split(' → ')[0]} → {hall.en} → {path['en'].split(' → ')[2]}"
    assert path["ar"] == path["en"].replace(" → ", " ← ").replace(hall.en, hall.ar)
    assert path["be"] == path["en"].replace(hall.en, hall.be)
    assert "hall" not in (path["en"] + path["ar"] + path["be"]).replace(hall.en, "")
