"""Attacks with the coloured dice (the base game's dice, as the rules file gives them) and Swarm (p. 6)."""

from __future__ import annotations

from descent_game import drawn, fig, game, play, refused, throw

from companion.core.flow import Act, ChoicePrompt, Choose, ThrowPrompt

ROOM = ["......", "......", "......", "......"]


def duel(attacker: dict[str, object], target: dict[str, object] | None = None, rows: list[str] = ROOM) -> object:
    a = {"id": "a", "kind": "monster", "at": [0, 0], "wounds": 5, **attacker}
    t = {"id": "t", "kind": "hero", "at": [1, 0], "wounds": 9, "armour": 1, "en": "Target", **(target or {})}
    return game(drawn(rows, [a, t]))


def test_a_miss_on_red_blue_or_white_fails_the_whole_attack() -> None:
    """Rules file, dice: a miss on any of red, blue, white fails the whole attack, whatever else shows."""
    for die in ("red", "blue", "white"):
        s = duel({"dice": [die, "green"]})
        texts = play(s, Act(actor="a", action="attack", target="t"), throw(f"{die}=miss", "green=r0-d3-s0"))
        assert texts[-1].startswith("Miss on the"), texts
        assert fig(s, "t").damage == 0


def test_range_against_the_target_s_distance() -> None:
    """Rules file, dice: a ranged attack's total range must reach the target's distance (R-DW-11)."""
    s = duel({"dice": ["blue"], "melee": False}, {"at": [4, 0]})
    texts = play(s, Act(actor="a", action="attack", target="t"), throw("blue=r3-d1-s1"))
    assert "Range 3 against distance 4: too short, the attack fails." in texts
    assert fig(s, "t").damage == 0
    texts = play(s, Act(actor="a", action="attack", target="t", args={"power": "yellow"}),
                 throw("blue=r3-d1-s1", "yellow=r1-d1-s0"))
    assert "Range 3 + 1 = 4 against distance 4: in range." in texts
    assert "Target: damage 1 + 1 = 2 − armour 1 = 1 wound." in texts


def test_damage_less_armour_never_below_nothing() -> None:
    s = duel({"dice": ["blue"]}, {"armour": 3})
    texts = play(s, Act(actor="a", action="attack", target="t"), throw("blue=r2-d2-s0"))
    assert "Target: damage 2 − armour 3 = 0 wounds." in texts
    assert fig(s, "t").damage == 0


def test_surges_buy_the_listed_abilities_only_while_they_last() -> None:
    surges = [{"id": "pierce2", "cost": 1, "pierce": 2}, {"id": "plus3", "cost": 2, "damage": 3}]
    s = duel({"dice": ["red", "green"], "surges": surges}, {"armour": 2})
    play(s, Act(actor="a", action="attack", target="t"), throw("red=r1-d3-s1", "green=r0-d2-s1"))
    prompt = s.prompt()
    assert isinstance(prompt, ChoicePrompt)
    assert [o.id for o in prompt.options] == ["pierce2", "plus3", "done"]
    play(s, Choose(option="pierce2"))
    prompt = s.prompt()
    assert isinstance(prompt, ChoicePrompt)
    assert [o.id for o in prompt.options] == ["pierce2", "done"]
    texts = play(s, Choose(option="done"))
    assert "Target: damage 3 + 2 = 5 − armour 0 = 5 wounds." in texts


def test_at_most_five_power_dice() -> None:
    s = duel({"dice": ["red", "black", "black"]})
    rejection = refused(s, Act(actor="a", action="attack", target="t", args={"power": "green,green,yellow,black"}))
    assert rejection.code == "too-many-power-dice"
    assert "6 power dice: an attack rolls at most 5." in rejection.msg.text("en")


def test_melee_needs_the_target_adjacent() -> None:
    """R-DW-16: across a wall is not adjacent (R-DW-10)."""
    walled = game(drawn(ROOM, [{"id": "a", "kind": "monster", "at": [0, 0], "dice": ["red"]},
                               {"id": "t", "kind": "hero", "at": [1, 0]}], walls=[{"at": [0, 0], "side": "e"}]))
    assert refused(walled, Act(actor="a", action="attack", target="t")).code == "not-adjacent"
    assert refused(duel({"dice": ["red"]}, {"at": [2, 0]}), Act(actor="a", action="attack", target="t")).code == \
        "not-adjacent"


def test_swarm_counts_every_other_friend_adjacent_to_the_target_even_without_swarm() -> None:
    """p. 6: +1 power die per other friendly figure adjacent to the target, with Swarm or not; a friend
    behind a wall is not adjacent (R-DW-10), an enemy never counts."""
    figures = [{"id": "a", "kind": "monster", "at": [1, 0], "dice": ["red"], "abilities": ["swarm"]},
               {"id": "t", "kind": "hero", "at": [1, 1], "wounds": 9},
               {"id": "f1", "kind": "monster", "at": [0, 2]},
               {"id": "f2", "kind": "monster", "at": [2, 1]},
               {"id": "walled", "kind": "monster", "at": [1, 2]},
               {"id": "h", "kind": "hero", "at": [0, 1]}]
    s = game(drawn(ROOM, figures, walls=[{"at": [1, 1], "side": "s"}]))
    texts = play(s, Act(actor="a", action="attack", target="t"))
    assert "Swarm: 2 friendly figures adjacent to t: +2 power dice (2 of at most 5)." in texts
    prompt = s.prompt()
    assert isinstance(prompt, ThrowPrompt) and prompt.dice == {"red": "red", "black-1": "black", "black-2": "black"}
    assert len(s.state.pending) == 1


def test_swarm_without_the_ability_adds_nothing() -> None:
    figures = [{"id": "a", "kind": "monster", "at": [1, 0], "dice": ["red"]},
               {"id": "t", "kind": "hero", "at": [1, 1]}, {"id": "f1", "kind": "monster", "at": [0, 2]}]
    s = game(drawn(ROOM, figures))
    texts = play(s, Act(actor="a", action="attack", target="t"))
    assert not any(t.startswith("Swarm") for t in texts)
    assert len(s.state.pending) == 1
