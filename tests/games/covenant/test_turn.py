"""A hero's turn — rulebook "Your turn"; rulings R-TURN-1, R-EXPLORE-1."""

from __future__ import annotations

from covenant_game import Game, monster

from companion.core.flow import Act, ActionPrompt, Draw, Layer, Roll


def test_four_actions_then_the_next_hero() -> None:
    """§Your turn: 4 actions a turn, then play passes in seat order (R-TURN-1)."""
    g = Game(["knight", "rogue"])
    for target in ("m2", "m3", "m4", "m5"):
        g.act("knight", "move", target)
    assert g.s.active == "rogue" and g.s.actions == 4
    assert g.refused(Act(actor="knight", action="move", target="m4")).code == "not-your-turn"


def test_movement_counts_spaces_and_one_move_covers_the_movement_value() -> None:
    """§Your turn: movement 4 = 4 spaces per move action."""
    g = Game(["knight"])
    assert g.refused(Act(actor="knight", action="move", target="m6")).code == "too-far"
    g.act("knight", "move", "m5")
    assert g.s.heroes["knight"].space == "m5" and g.s.heroes["knight"].moved == 4


def test_the_movement_cap_is_twice_the_movement_value_per_turn() -> None:
    """§Your turn, movement cap: even with actions left, no more than 2 x movement spaces a turn."""
    g = Game(["knight"])
    g.act("knight", "move", "m5")
    g.act("knight", "move", "m8")
    g.act("knight", "move", "m7")
    assert g.s.heroes["knight"].moved == 8 and g.s.actions == 1
    rejection = g.refused(Act(actor="knight", action="move", target="m6"))
    assert rejection.layer == Layer.ILLEGAL
    assert "move" not in [o.id for o in g.session.prompt().options]  # type: ignore[union-attr]


def test_adjacent_means_the_same_space_or_a_connected_one() -> None:
    """§Your turn: trading needs the same or an adjacent space."""
    g = Game(["knight", "rogue"], {"heroes": {"rogue": {"space": "m2"}}})
    g.act("knight", "trade", "rogue", gold=2)
    assert (g.s.heroes["knight"].gold, g.s.heroes["rogue"].gold) == (1, 5)
    far = Game(["knight", "rogue"], {"heroes": {"rogue": {"space": "m3"}}})
    assert far.refused(Act(actor="knight", action="trade", target="rogue", args={"gold": 1})).code == "bad-target"


def test_heroes_and_monsters_share_spaces() -> None:
    """§Your turn: any number of heroes and monsters may share a space."""
    g = Game(["knight", "rogue"], {"heroes": {"rogue": {"space": "m2"}}, "monsters": [monster("m1", "goblin", "m2")]})
    g.act("knight", "move", "m2")
    assert {h.space for h in g.s.heroes.values()} == {"m2"}


def test_closed_rooms_cannot_be_entered() -> None:
    """R-EXPLORE-1: a face-down room slot is opened from an adjacent space, not walked into."""
    g = Game(["knight"], {"heroes": {"knight": {"space": "m2"}}})
    rejection = g.refused(Act(actor="knight", action="move", target="room1"))
    assert rejection.code == "room-not-revealed" and rejection.rule == "R-EXPLORE-1"


def test_the_action_prompt_lists_only_what_is_allowed_now() -> None:
    """Ask, then act: the prompt offers each allowed action with its legal targets."""
    g = Game(["knight"])
    prompt = g.session.prompt()
    assert isinstance(prompt, ActionPrompt)
    offered = {o.id: o.targets for o in prompt.options}
    assert set(offered) == {"move", "drink", "end"}
    assert "room1" not in offered["move"] and "hall" not in offered["move"]


def test_inputs_that_do_not_answer_the_prompt_are_refused_not_now() -> None:
    g = Game(["knight"])
    assert g.refused(Roll(die="d6", face="3")).layer == Layer.NOT_NOW
    assert g.refused(Draw(deck="combat")).code == "expected-action"
    assert g.refused(Act(actor="nobody", action="move", target="m2")).code == "unknown-hero"
    assert g.refused(Act(actor="knight", action="fly", target="m2")).layer == Layer.MALFORMED
    assert g.refused(Act(actor="knight", action="move", target="nowhere")).code == "unknown-space"


def test_rejections_carry_both_languages_and_the_rule() -> None:
    g = Game(["knight"])
    rejection = g.refused(Act(actor="knight", action="move", target="m7"))
    assert rejection.rule == "§Your turn"
    assert "out of reach" in rejection.text("en")
    assert rejection.text("ar") != rejection.text("en")
