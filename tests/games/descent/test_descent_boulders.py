"""Boulders (p. 5): red + yellow at the start of the overlord's turn, along the arrow; every figure in a
square entered is killed (not one safe in a pit passed over); rubble cleared; destroyed at a wall, a closed
door or another boulder."""

from __future__ import annotations

from typing import Any

from descent_game import drawn, fig, game, play, throw

from companion.core.flow import Accepted, Act, Rejection, ThrowPrompt
from companion.games.descent.boulders import move
from companion.games.descent.grid import Board, Boulder, Door, Figure, MapState, Wall


def row_map(rows: list[str], **extra: Any) -> MapState:
    return MapState(id="t", width=len(rows[0]), height=len(rows), **extra)


def test_the_overlord_s_turn_starts_with_each_boulder_s_red_and_yellow_thrown_together() -> None:
    """p. 5: "at the start of the overlord's turn, before anything else", one red and one yellow die per
    boulder, in the map's order (R-DW-5); their total is R-DW-1's."""
    s = game("boulder-run")
    play(s, Act(actor="overlord", action="overlord"))
    prompt = s.prompt()
    assert isinstance(prompt, ThrowPrompt)
    assert (prompt.dice, prompt.who, prompt.rule) == ({"red": "red", "yellow": "yellow"}, "b1", "R-DW-1")
    assert prompt.purpose.text("en") == "Boulder b1: throw red die, yellow power die."
    play(s, throw("red=r1-d3-s0", "yellow=r1-d1-s0"))
    prompt = s.prompt()
    assert isinstance(prompt, ThrowPrompt) and prompt.who == "b2" and len(s.state.pending) == 1


def test_the_total_is_the_two_ranges_and_a_red_miss_counts_nothing() -> None:
    """R-DW-1."""
    s = game(drawn(["........"], boulders=[{"id": "b", "at": [0, 0], "arrow": "e"}]))
    texts = play(s, Act(actor="o", action="overlord"), throw("red=miss", "yellow=r2-d0-s1"))
    assert "Boulder b rolls 0 + 2 = 2: path 0,0 → 1,0 → 2,0." in texts
    assert s.state.map.boulders[0].at == (2, 0)


def test_a_killed_figure_ignores_wounds_armour_and_undying() -> None:
    s = game(drawn(["......"], [{"id": "giant", "kind": "monster", "at": [2, 0], "wounds": 40, "armour": 6,
                                  "abilities": ["undying"]}], boulders=[{"id": "b", "at": [0, 0], "arrow": "e"}]))
    play(s, Act(actor="o", action="overlord"), throw("red=r1-d3-s0", "yellow=r2-d0-s1"))
    assert not fig(s, "giant").alive


def test_a_figure_in_a_pit_where_the_boulder_stops_is_killed() -> None:
    """R-DW-4: safe only when the boulder passes over."""
    board = Board(row_map(["....."], pits=[(2, 0)]))
    assert move(board, Boulder(id="b", at=(0, 0), arrow="e"), 2).path == [(1, 0), (2, 0)]
    f = Figure(id="f", kind="hero", at=(2, 0))
    board = Board(row_map(["....."], pits=[(2, 0)]), [f])
    assert move(board, Boulder(id="b", at=(0, 0), arrow="e"), 2).killed == ["f"]
    assert move(board, Boulder(id="b", at=(0, 0), arrow="e"), 3).spared == ["f"]


def test_a_boulder_destroyed_on_the_step_after_a_pit_ended_its_move_there_and_kills_the_figure_in_it() -> None:
    """R-DW-4: a figure in a pit is safe only when the boulder moves on beyond the pit; a boulder destroyed
    on its next step (a wall, a closed door, another boulder) never moved beyond it, whatever its total."""
    hero = Figure(id="h", kind="hero", at=(2, 0))
    b = Boulder(id="b", at=(0, 0), arrow="e")
    for extra in ({"walls": [Wall(at=(2, 0), side="e")]}, {"doors": [Door(at=(2, 0), side="e")]},
                  {"boulders": [Boulder(id="c", at=(3, 0), arrow="n")]}):
        out = move(Board(row_map(["....."], pits=[(2, 0)], **extra), [hero]), b, 5)
        assert (out.path, out.killed, out.fell_on, out.spared) == ([(1, 0), (2, 0)], ["h"], ["h"], []), extra
    moved_on = move(Board(row_map(["....."], pits=[(2, 0)], walls=[Wall(at=(3, 0), side="e")]), [hero]), b, 5)
    assert (moved_on.killed, moved_on.spared, moved_on.destroyed_by) == ([], ["h"], "wall")


def test_the_table_hears_the_boulder_fall_into_the_pit_with_the_ruling() -> None:
    """R-DW-4 through the engine: the hero is killed and the message cites the ruling."""
    s = game(drawn([".o..."], [{"id": "nara", "kind": "hero", "at": [1, 0], "en": "Nara", "ar": "نارا", "be": "Нара"}],
                   boulders=[{"id": "b", "at": [0, 0], "arrow": "e"}], walls=[{"at": [1, 0], "side": "e"}]))
    result = s.submit(Act(actor="o", action="overlord"))
    assert not isinstance(result, Rejection)
    result = s.submit(throw("red=r1-d3-s0", "yellow=r3-d0-s0"))
    assert isinstance(result, Accepted)
    said = {e.msg.text("en"): e.rule for e in result.events}
    assert said.get("Boulder b ends its move on the pit of Nara, falls in and kills it (ruling R-DW-4).") == "R-DW-4"
    assert not fig(s, "nara").alive and s.state.map.boulders == []


def test_a_large_figure_partly_over_a_pit_is_still_crushed() -> None:
    ogre = Figure(id="ogre", kind="monster", at=(2, 0), size=(2, 1))
    board = Board(row_map(["......"], pits=[(2, 0)]), [ogre])
    out = move(board, Boulder(id="b", at=(0, 0), arrow="e"), 4)
    assert out.killed == ["ogre"] and out.spared == []


def test_a_wall_a_closed_door_another_boulder_rock_and_the_edge_destroy_it_an_open_door_does_not() -> None:
    """p. 5; R-DW-5: the moving boulder is destroyed, the one it hits stays."""
    b = Boulder(id="b", at=(0, 0), arrow="e")
    assert move(Board(row_map(["...."], walls=[Wall(at=(1, 0), side="e")])), b, 5).destroyed_by == "wall"
    closed = Board(row_map(["...."], doors=[Door(at=(1, 0), side="e")]))
    assert (move(closed, b, 5).destroyed_by, move(closed, b, 5).path) == ("door", [(1, 0)])
    opened = Board(row_map(["...."], doors=[Door(at=(1, 0), side="e", open=True)]))
    assert move(opened, b, 3).destroyed_by == "" and move(opened, b, 3).path[-1] == (3, 0)
    assert move(opened, b, 4).destroyed_by == "wall"
    other = Board(row_map(["...."], boulders=[Boulder(id="c", at=(2, 0), arrow="w")]))
    assert move(other, b, 5).destroyed_by == "boulder"
    rock = Board(row_map(["..#."], rock=[(2, 0)]))
    assert move(rock, b, 5).destroyed_by == "wall"


def test_rubble_entered_is_cleared_and_stays_where_the_boulder_did_not_go() -> None:
    s = game(drawn([".r..r"], boulders=[{"id": "b", "at": [0, 0], "arrow": "e"}]))
    play(s, Act(actor="o", action="overlord"), throw("red=r0-d4-s0", "yellow=r2-d0-s1"))
    assert s.state.map.rubble == [(4, 0)]

