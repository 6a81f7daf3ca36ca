"""Breath (p. 7) and lightning (p. 6): a template laid on the map, the squares reached by a small flying
figure's legal path inside it, and the figures affected."""

from __future__ import annotations

from typing import Any

from descent_game import RULES, drawn, game, play, refused, throw

from companion.core.flow import Act, ChoicePrompt, Choose, Rejection
from companion.games.descent.data import build_map, default
from companion.games.descent.grid import Board, Figure, MapState, Wall
from companion.games.descent.templates import Placement, affected, place, reach, squares

BREATH = default().templates["breath"]
LIGHTNING = default().templates["lightning"]


def test_placement_turns_and_flips_the_template_about_its_anchor() -> None:
    assert place(BREATH, Placement((5, 5)), (1, 2)) == (6, 7)
    assert place(BREATH, Placement((5, 5), turn=90), (1, 2)) == (3, 6)
    assert place(BREATH, Placement((5, 5), turn=180), (1, 2)) == (4, 3)
    assert place(BREATH, Placement((5, 5), turn=270), (1, 2)) == (7, 4)
    assert place(BREATH, Placement((5, 5), flip=True), (1, 2)) == (4, 7)
    assert sorted(squares(LIGHTNING, Placement((0, 0)))) == sorted(LIGHTNING.cells)


def test_the_lightning_base_is_two_squares_wide() -> None:
    """p. 6: laid flat against one side of the attacker, two squares wide at its base."""
    assert sorted(LIGHTNING.start) == [(0, 0), (1, 0)]


def open_map(w: int, h: int, **extra: Any) -> MapState:
    return MapState(id="t", width=w, height=h, **extra)


def test_breath_flows_through_rubble_and_over_pits_but_not_walls_or_closed_doors() -> None:
    """p. 7: round corridors and through rubble; blocked by walls and closed doors."""
    m = open_map(9, 8, rubble=[(4, 2)], pits=[(4, 3)])
    everything = reach(Board(m), BREATH, Placement((4, 1)), [(4, 1)])
    assert everything == set(squares(BREATH, Placement((4, 1))))
    corner = default().maps["corner"]
    built = build_map(corner, "corner", set(default().dice), [])
    assert built is not None
    board = Board(*built)
    reached = reach(board, BREATH, Placement((4, 1)), [(4, 1)])
    assert (5, 4) in reached and (4, 6) not in reached


def test_the_flow_steps_diagonally_round_a_corner_outside_the_template_when_one_way_round_is_open() -> None:
    """R-DW-10 (p. 7 "a legal movement path ... inside the breath template"): two diagonal squares touch when
    one way round the corner is open, the corner square inside the template or not; never where both ways
    are shut. Breath and lightning flow alike (p. 6, "like breath")."""
    cut = [Wall(at=(3, 3), side="w"), Wall(at=(3, 4), side="w")]
    m = open_map(9, 7, walls=cut)
    reached = reach(Board(m), BREATH, Placement((4, 0)), [(4, 0)])
    assert {(2, 3), (2, 4)} <= reached, "round the corner at (2,2), outside the template"
    shut = reach(Board(open_map(9, 7, walls=cut, rock=[(2, 2), (2, 5)])), BREATH, Placement((4, 0)), [(4, 0)])
    assert not {(2, 3), (2, 4)} & shut, "both ways round shut: no corner cut"
    ghoul = Figure(id="ghoul", kind="monster", at=(2, 4))
    assert affected(Board(m, [ghoul]), reached, [ghoul], "dragon") == ["ghoul"]
    bolt = open_map(4, 8, walls=[Wall(at=(0, 5), side="s"), Wall(at=(1, 5), side="s")])
    reached = reach(Board(bolt), LIGHTNING, Placement((0, 0)), [(0, 0), (1, 0)])
    assert {(2, 6), (1, 6)} <= reached, "from (1,5) round the corner at (2,5) to (2,6), then (1,6)"


def test_lightning_never_enters_stairs_but_passes_rubble() -> None:
    """p. 6: it cannot pass through stairs; it flows around obstacles like breath (rubble, R-DW-10)."""
    m = open_map(4, 9, stairs=[(0, 3), (1, 3), (2, 3)], rubble=[(0, 1)])
    reached = reach(Board(m), LIGHTNING, Placement((0, 0)), [(0, 0), (1, 0)])
    assert (0, 1) in reached
    assert not any(y >= 3 for _, y in reached)


def test_a_figure_reached_is_affected_friend_and_foe_and_a_figure_on_stairs_is_not() -> None:
    s = game("stairs")
    texts = play(s, Act(actor="sorcerer", action="lightning", args={"x": 1, "y": 1}))
    assert "The lightning template reaches 6 squares and affects 2 figures: Ronan, Astarra." in texts


def test_one_reroll_only_however_many_dodge() -> None:
    """p. 6: if several figures dodge, only one reroll is allowed."""
    s = game("stairs")
    play(s, Act(actor="sorcerer", action="lightning", args={"x": 1, "y": 1}),
         throw("blue=r1-d2-s0", "yellow=r3-d0-s0"))
    prompt = s.prompt()
    assert isinstance(prompt, ChoicePrompt) and [o.id for o in prompt.options] == ["reroll", "keep"]
    play(s, Choose(option="reroll"), throw("blue=r1-d2-s0", "yellow=r3-d0-s0"))
    assert not s.state.pending and s.state.attack is None


def test_lightning_ignores_the_range_rolled_and_fails_only_on_a_miss() -> None:
    """p. 6."""
    s = game("stairs")
    texts = play(s, Act(actor="sorcerer", action="lightning", args={"x": 1, "y": 1}),
                 throw("blue=r1-d2-s0", "yellow=r3-d0-s0"), Choose(option="keep"))
    assert "The template reaches its targets: the range rolled (1 + 3 = 4) does not count." in texts
    s = game("stairs")
    texts = play(s, Act(actor="sorcerer", action="lightning", args={"x": 1, "y": 1}),
                 throw("blue=miss", "yellow=r3-d0-s0"))
    assert texts[-1] == "Miss on the blue die: the whole attack fails."


def test_the_lightning_must_lie_against_the_attacker_and_on_the_grid() -> None:
    """R-DW-9."""
    s = game("stairs")
    assert refused(s, Act(actor="sorcerer", action="lightning", args={"x": 3, "y": 1})).code == "template-not-against"
    assert refused(s, Act(actor="sorcerer", action="lightning", args={"x": 1, "y": 1, "turn": 180})).code == \
        "template-off-grid"
    walled = game(drawn(["......"] * 15, [{"id": "m", "kind": "monster", "at": [2, 7], "dice": ["blue"]}],
                        walls=[{"at": [2, 7], "side": "s"}]))
    assert refused(walled, Act(actor="m", action="lightning", args={"x": 1, "y": 8})).code == "template-not-against"
    play(walled, Act(actor="m", action="lightning", args={"x": 3, "y": 6, "turn": 180}))


def test_figures_do_not_stop_the_flow() -> None:
    """R-DW-10: a flying figure passes other figures."""
    figures = [Figure(id=f"f{y}", kind="hero", at=(0, y)) for y in range(1, 6)]
    reached = reach(Board(open_map(4, 9), figures), LIGHTNING, Placement((0, 0)), [(0, 0)])
    assert reached == set(squares(LIGHTNING, Placement((0, 0))))


def test_a_screen_previews_a_template_without_changing_the_game() -> None:
    """What the map screen draws while a finger moves the template: the same squares and figures as the
    attack, the state untouched; a placement off the grid is the same refusal."""
    s = game("corner")
    before = s.snapshot()
    preview = RULES.coverage(s.state, Act(actor="dragon", action="breath", args={"x": 4, "y": 1}))
    assert not isinstance(preview, Rejection)
    squares_reached, targets = preview
    assert targets == ["goblin", "tomble", "laurel"] and (5, 4) in squares_reached and (4, 6) not in squares_reached
    assert s.snapshot() == before
    off = RULES.coverage(s.state, Act(actor="dragon", action="breath", args={"x": 0, "y": 0}))
    assert isinstance(off, Rejection) and off.code == "template-off-grid"
    other = RULES.coverage(s.state, Act(actor="dragon", action="overlord"))
    assert isinstance(other, Rejection) and other.code == "not-a-template"
    assert s.snapshot() == before
