"""Bleed and daze (pp. 5–6): tokens placed by an attack, rolled for at the start of the figure's turn."""

from __future__ import annotations

from descent_game import drawn, fig, game, play, throw

from companion.core.flow import Act, ChoicePrompt, Choose, ThrowPrompt

ROOM = ["....", "....", "...."]


def setup(**target: object) -> object:
    return game(drawn(ROOM, [
        {"id": "spider", "kind": "monster", "at": [0, 0], "dice": ["red"], "abilities": ["bleed", "daze"],
         "surges": [{"id": "bleed", "cost": 1, "bleed": 1}]},
        {"id": "hero", "kind": "hero", "at": [1, 0], "wounds": 12, "armour": 3, "dice": ["red", "green", "yellow"],
         **target},
        {"id": "other", "kind": "monster", "at": [2, 0], "wounds": 12}]))


def test_an_attack_places_bleed_and_daze_tokens_when_it_shows_damage() -> None:
    """pp. 5–6: "when an attack causes bleed, place bleed tokens" (one per bleed, R-DW-3), even when armour
    takes all the damage; a surge spent on bleed adds one."""
    s = setup()
    play(s, Act(actor="spider", action="attack", target="hero"), throw("red=r1-d3-s1"), Choose(option="bleed"))
    hero = fig(s, "hero")
    assert (hero.damage, hero.bleed, hero.daze) == (0, 2, 1)


def test_no_tokens_when_the_attack_shows_no_damage() -> None:
    s = setup()
    play(s, Act(actor="spider", action="attack", target="hero"), throw("red=miss"))
    assert (fig(s, "hero").bleed, fig(s, "hero").daze) == (0, 0)


def test_bleed_rolls_the_white_die_per_token_ignores_armour_then_discards_all() -> None:
    """pp. 5–6: one white die per bleed token; wounds equal to the total, armour ignored; all bleed tokens
    discarded. A miss face counts 0 (R-DW-3). The set has one white die: one throw per token (R-DW-17)."""
    s = setup(bleed=3)
    play(s, Act(actor="hero", action="start_turn"))
    prompt = s.prompt()
    assert isinstance(prompt, ThrowPrompt) and prompt.dice == {"white": "white"} and prompt.rule == "R-DW-17"
    assert prompt.purpose.text("en") == "Bleed on hero: throw white die. Throw 1 of 3: the set has too few dice of " \
        "a colour (R-DW-17)."
    assert "الرمية 1 من 3" in prompt.purpose.text("ar")
    texts = play(s, throw("white=r1-d3-s1"), throw("white=miss"))
    assert fig(s, "hero").damage == 0, "bleed's wounds come once every white die is thrown"
    texts += play(s, throw("white=r2-d2-s0"))
    assert "Bleed: hero rolls 3 + 0 + 2: 5 wounds, armour ignored; its bleed tokens are discarded." in texts
    hero = fig(s, "hero")
    assert (hero.damage, hero.bleed) == (5, 0)
    assert s.prompt() is not None and not s.state.pending


def test_daze_rolls_a_power_die_per_token_and_each_surge_removes_one() -> None:
    """pp. 5–6: a power die per daze token, tokens removed when surges show (one per surge, R-DW-7);
    the rest stay for the next turn."""
    s = setup(daze=3)
    play(s, Act(actor="hero", action="start_turn"))
    prompt = s.prompt()
    assert isinstance(prompt, ThrowPrompt) and prompt.dice == {f"black-{n}": "black" for n in (1, 2, 3)}
    assert prompt.rule == "R-DW-7"
    play(s, throw("black-1=surge", "black-2=blank", "black-3=enhance"))
    assert fig(s, "hero").daze == 2
    texts = play(s, Act(actor="hero", action="start_turn"), throw("black-1=surge", "black-2=surge"))
    assert fig(s, "hero").daze == 0
    assert "Daze: hero rolls 2 surges and removes 2 daze tokens; 0 left." in texts


def test_a_dazed_attacker_loses_a_power_die_per_token_left_and_picks_its_colour() -> None:
    """pp. 5–6: each time it attacks, one yellow/green/black die lost per daze token left; its player
    picks (R-DW-6); the last colour goes without asking."""
    s = setup(daze=2)
    play(s, Act(actor="hero", action="attack", target="other"))
    prompt = s.prompt()
    assert isinstance(prompt, ChoicePrompt) and [o.id for o in prompt.options] == ["green", "yellow"]
    assert prompt.rule == "R-DW-6"
    texts = play(s, Choose(option="green"))
    assert "Dazed: hero loses a yellow power die." in texts
    prompt = s.prompt()
    assert isinstance(prompt, ThrowPrompt) and prompt.dice == {"red": "red"}


def test_bleed_can_kill_at_the_start_of_the_turn_and_daze_is_then_moot() -> None:
    """Bleed is thrown first (R-DW-7); a figure it kills has no turn left: no daze dice are asked for."""
    s = setup(bleed=1, daze=1, damage=11)
    texts = play(s, Act(actor="hero", action="start_turn"), throw("white=r1-d3-s1"))
    assert "Hero is killed." in texts
    assert not fig(s, "hero").alive
    assert not s.state.pending and s.state.upkeep is None
    assert not any(t.startswith("Daze:") for t in texts)


def test_a_dazed_attacker_with_only_power_dice_can_be_left_with_nothing_to_roll() -> None:
    s = game(drawn(ROOM, [{"id": "imp", "kind": "monster", "at": [0, 0], "dice": ["green"], "daze": 2},
                          {"id": "hero", "kind": "hero", "at": [1, 0]}]))
    texts = play(s, Act(actor="imp", action="attack", target="hero"))
    assert texts[-1] == "Imp has no die left to roll: the attack does nothing."
    assert s.state.attack is None and not s.state.pending
