"""The Covenant and the escape — rulebook "The end", "The escape", "Falling and death"; rulings R-ESC-1 to
R-ESC-3, R-TURN-3, R-BOARD-0.

The Last Throne board: the hall links t6, t7 and e1; the footprints e1–e9 run to the exit arch; the
entrance circle is b4.
"""

from __future__ import annotations

from typing import Any

from covenant_game import Game, monster

from companion.core.flow import Act, ChoicePrompt, Choose, Draw, Roll
from companion.games.covenant import traits
from companion.games.covenant.engine import CovenantRules

RULES = CovenantRules()
OPEN = {"zone": 3, "unrevealed": [], "revealed": {f"room{i}": "z3-combat-1" for i in range(1, 7)}}
TABLE = {"combat": "table", "events": "table"}


def _throne_falls(difficulty: str = "normal") -> Game:
    """The Last Throne Guardian at 1 HP (phase 2, both shards won) and the Knight's last blow; the
    Sorceress holds the Saint's shard and the Hollow King's lies in a dead hero's pile."""
    position = {
        "round": 4, "pending": [], "next_uid": 70, "shards_won": ["fist", "flame"], "guardians_defeated": 2,
        "board": OPEN, "guardian": {"id": "throne_guardian", "damage": 29, "phase": 1, "provoked": True, "awake": True},
        "heroes": {"knight": {"space": "t6", "gold": 0}, "sorceress": {"space": "t7", "shards": ["flame"]}},
        "piles": [{"space": "m3", "shards": ["fist"], "gold": 2}],
    }
    g = Game(["knight", "sorceress"], position, deal=TABLE, difficulty=difficulty)
    g.attack("knight", "guardian", card="9", die="6")  # 16 against 17 − 2 = 15: 3 − defense 3, raised to 1
    return g


def _escape(heroes: dict[str, dict[str, Any]], bearer: str | None = "knight", round_: int = 1, rounds: int = 3,
            **position: Any) -> Game:
    """A game in escape round `round_`, its event and pursuers already dealt with."""
    return Game(list(heroes), {"heroes": heroes, "board": OPEN, "pending": [], "next_uid": 80, "round": 5,
                               "guardian": {"id": "throne_guardian", "damage": 30, "defeated": True},
                               "guardians_defeated": 3, "escape": {"bearer": bearer, "rounds": rounds, "round": round_},
                               **position}, deal=TABLE)


def end_turns(g: Game) -> None:
    start = g.s.round
    while g.s.round == start and not g.s.pending and not g.s.outcome:
        g.act(g.s.active, "end", "turn")


def test_the_covenant_forms_at_the_chosen_hero_with_every_shard() -> None:
    """§The end: the three shards join at the hero the team chooses, no action, no trade; a dead hero's
    shard not yet picked up joins it. R-ESC-3: the shards' bonuses end when they join."""
    g = _throne_falls()
    prompt = RULES.prompt(g.s)
    assert isinstance(prompt, ChoicePrompt) and [o.id for o in prompt.options] == ["knight", "sorceress"]
    actions = g.s.actions
    g.ok(Choose(option="sorceress"))
    assert g.s.escape is not None and g.s.escape.bearer == "sorceress"
    assert all(h.shards == [] for h in g.s.heroes.values())
    assert [(p.space, p.shards, p.gold) for p in g.s.piles] == [("m3", [], 2)]
    assert traits.defense(RULES.data, g.s.heroes["sorceress"]) == 0
    assert g.s.actions == actions
    assert "covenant" in g.kinds()


def test_the_escape_clock_starts_with_the_next_round() -> None:
    """§The escape, R-ESC-1: 3 rounds counted from the round after the one in which the Covenant forms."""
    g = _throne_falls()
    g.ok(Choose(option="knight"), Choose(option="agility"), Choose(option="agility"))
    assert g.s.escape is not None and (g.s.escape.rounds, g.s.escape.round) == (3, 0)
    end_turns(g)
    assert (g.s.round, g.s.escape.round) == (5, 1)
    assert "Escape round 1 of 3." in g.texts()


def test_the_number_of_escape_rounds_follows_the_difficulty() -> None:
    """§The escape: 3 rounds; an easier game 4, a harder one 2."""
    for difficulty, rounds in (("easier", 4), ("normal", 3), ("harder", 2)):
        g = _throne_falls(difficulty)
        g.ok(Choose(option="knight"))
        assert g.s.escape is not None and g.s.escape.rounds == rounds


def test_each_escape_round_draws_an_event_for_the_bearer_alone() -> None:
    """§The escape: each round one event card, applied to the bearer alone (then the two pursuers)."""
    g = _escape({"knight": {"space": "e3"}, "sorceress": {"space": "e3"}})
    end_turns(g)
    step = g.s.pending[0]
    assert (step.deck, step.who) == ("events", "knight")  # type: ignore[union-attr]
    g.ok(Draw(deck="events", card="collapse"))
    assert (g.s.heroes["knight"].hp, g.s.heroes["sorceress"].hp) == (12, 10)
    assert [p.purpose for p in g.s.pending] == ["pursuer", "pursuer"]  # type: ignore[union-attr]


def test_two_pursuers_appear_beside_the_bearer_by_the_die() -> None:
    """§The escape: a die for each pursuer, 1–3 a Troll, 4–6 a Dark Knight, adjacent to the bearer."""
    g = _escape({"knight": {"space": "e3"}, "sorceress": {"space": "e1"}})
    end_turns(g)
    g.ok(Draw(deck="events", card="merchant"), Roll(die="d6", face="3"), Roll(die="d6", face="4"))
    assert [(m.kind, m.space, m.origin) for m in g.s.monsters] == [("troll", "e3", "pursuer"),
                                                                  ("dark_knight", "e3", "pursuer")]


def test_pursuers_attack_the_bearer_and_leave_at_the_end_of_the_round() -> None:
    """§The escape: the pursuers attack the bearer in the monster phase and are removed at the end of
    the round (their cards do not go to the monster deck)."""
    pursuers = [monster("m8", "troll", "e3", origin="pursuer"), monster("m9", "troll", "e3", origin="pursuer")]
    g = _escape({"knight": {"space": "e3"}, "sorceress": {"space": "e3", "hp": 3}}, monsters=pursuers)
    discard = list(g.s.decks["monsters"].discard)
    end_turns(g)
    assert [e.data["hero"] for e in g.events if e.kind == "monster-target"] == ["knight", "knight"]
    assert g.s.heroes["sorceress"].hp == 3
    assert g.s.monsters == [] and g.s.decks["monsters"].discard == discard


def test_every_heros_movement_is_six_and_the_bearer_moves_at_most_six_a_turn() -> None:
    """§The escape, R-TURN-3: movement 6 for everyone; the bearer at most 6 spaces a turn, the others
    keep twice their movement."""
    g = _escape({"knight": {"space": "t6"}, "sorceress": {"space": "b4"}})
    knight, sorceress = g.s.heroes["knight"], g.s.heroes["sorceress"]
    assert traits.movement(RULES.data, g.s, knight) == traits.movement(RULES.data, g.s, sorceress) == 6
    assert (traits.movement_cap(RULES.data, g.s, knight), traits.movement_cap(RULES.data, g.s, sorceress)) == (6, 12)
    g.act("knight", "move", "e4")  # t6 → hall → e1 … e4: 5 spaces
    assert g.refused(Act(actor="knight", action="move", target="e6")).code == "too-far"
    g.act("knight", "move", "e5")
    assert g.s.heroes["knight"].moved == 6
    g.act("knight", "end", "turn")
    g.act("sorceress", "move", "t3")  # b4 → room5 → m3 → room1 → t3
    g.act("sorceress", "move", "hall")  # t3 → t4 → t5 → t6 → hall
    assert g.s.heroes["sorceress"].moved == 8
    assert "guardian-provoked" not in g.kinds()  # a defeated guardian's hall is only a way out


def test_victory_when_the_bearer_reaches_the_glowing_arch() -> None:
    """§The escape, R-BOARD-0: the team wins when the bearer enters the arch within the rounds."""
    g = _escape({"knight": {"space": "e5"}, "sorceress": {"space": "e9"}}, round_=3)
    g.act("knight", "move", "exit")
    assert g.s.outcome == "victory"
    assert RULES.prompt(g.s) is None


def test_another_hero_at_the_arch_wins_nothing() -> None:
    """§The escape: only the Covenant leaving the crypt wins."""
    g = _escape({"knight": {"space": "e1"}, "sorceress": {"space": "e9"}})
    g.act("knight", "end", "turn")
    g.act("sorceress", "move", "exit")
    assert g.s.outcome is None


def test_the_team_loses_when_the_last_escape_round_ends() -> None:
    """§The escape, R-ESC-1: the rounds over and the bearer still inside, the team loses."""
    g = _escape({"knight": {"space": "e1"}, "sorceress": {"space": "e1"}}, round_=3)
    end_turns(g)
    assert g.s.outcome == "defeat:escape"
    earlier = _escape({"knight": {"space": "e1"}, "sorceress": {"space": "e1"}}, round_=2)
    end_turns(earlier)
    assert earlier.s.outcome is None


def test_a_dead_bearer_drops_the_covenant_whole_and_one_interact_picks_it_up() -> None:
    """§The escape: the Covenant does not split, it drops whole where the bearer dies; any other hero
    picks it up with one interact action. R-ESC-1: the clock does not restart."""
    g = _escape({"knight": {"space": "e2", "hp": 0, "fallen": True, "dies_after_round": 5},
                 "sorceress": {"space": "e1"}}, round_=1, falls=1)
    g.act("sorceress", "end", "turn")
    assert g.s.heroes["knight"].deaths == 1 and g.s.heroes["knight"].space == "b4"
    assert g.s.escape is not None and (g.s.escape.bearer, g.s.escape.dropped_at) == (None, "e2")
    assert [(p.space, p.covenant, p.gold) for p in g.s.piles] == [("e2", True, 3)]
    # R-ESC-2: no event is drawn while the Covenant lies on the floor; the pursuers appear beside it.
    assert [p.purpose for p in g.s.pending] == ["upgrade"] * 3 + ["pursuer", "pursuer"]  # type: ignore[union-attr]
    g.ok(Choose(option="agility"), Choose(option="agility"), Choose(option="strength"))
    g.ok(Roll(die="d6", face="1"), Roll(die="d6", face="6"))
    assert {m.space for m in g.s.monsters} == {"e2"}
    g.act("knight", "end", "turn")
    g.act("sorceress", "move", "e2")
    g.act("sorceress", "pickup", "covenant")
    assert g.s.escape.bearer == "sorceress"
    assert [(p.covenant, p.gold) for p in g.s.piles] == [(False, 3)]  # his gold is another pile
    assert g.s.actions == 2 and g.s.escape.round == 2
