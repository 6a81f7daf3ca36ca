"""The bots: they answer only with what the engine offers, and they play sensibly."""

from __future__ import annotations

from typing import Any

import pytest
from covenant_game import RULES, TABLE, Game, monster

from companion.core.flow import (
    Act,
    ActionPrompt,
    CardPrompt,
    ChoicePrompt,
    Choose,
    DiePrompt,
    Draw,
    Input,
    Prompt,
    Rejection,
    Roll,
)
from companion.games.covenant.bots import Bot
from companion.games.covenant.simulate import MAX_INPUTS, setups

BOT = Bot(RULES.data)
HEROES = list(RULES.data.heroes)
ENDINGS = {"victory", "defeat:falls", "defeat:escape"}
FOUR_ROOMS = {"room1": "m-a", "room2": "m-b", "room3": "m-c", "room4": "m-d"}


def decide(g: Game) -> Input:
    prompt = g.session.prompt()
    assert prompt is not None
    return BOT.decide(g.s, prompt)


def offered(prompt: Prompt, inp: Input) -> bool:
    """Whether `inp` is one of the answers `prompt` lists (and leaves dice and cards to the engine)."""
    if isinstance(prompt, ActionPrompt):
        options = {o.id: o.targets for o in prompt.options}
        return (isinstance(inp, Act) and inp.actor == prompt.actor and inp.action in options
                and (inp.target or "turn") in options[inp.action])
    if isinstance(prompt, ChoicePrompt):
        return isinstance(inp, Choose) and inp.option in [o.id for o in prompt.options]
    if isinstance(prompt, DiePrompt):
        return isinstance(inp, Roll) and inp.die == prompt.die and inp.face is None
    assert isinstance(prompt, CardPrompt)
    return isinstance(inp, Draw) and inp.deck == prompt.deck and inp.card is None


# ---- whole games --------------------------------------------------------------------------------


def _games() -> list[dict[str, object]]:
    """Parties of one to four heroes, every difficulty, and half the games with every deck dealt by the
    table (so that the bots meet card prompts too)."""
    out: list[dict[str, object]] = []
    for i, (size, difficulty) in enumerate([(4, "normal"), (3, "easier"), (2, "harder"), (1, "normal"),
                                            (4, "harder"), (3, "normal")]):
        parties = [HEROES[j:j + size] for j in range(0, 5 - size)]
        for setup in setups(100 + i, 2, parties, (difficulty,)):
            if i % 2:
                setup["deal"] = dict(TABLE)
            out.append(setup)
    return out


@pytest.mark.parametrize("setup", _games(), ids=lambda s: f"{'+'.join(s['heroes'])}-{s['difficulty']}")
def test_whole_games_use_only_offered_answers_the_engine_accepts_and_bots_only_read(setup: dict[str, Any]) -> None:
    state = RULES.new_game(setup)
    inputs = 0
    while (prompt := RULES.prompt(state)) is not None:
        before = RULES.encode(state)
        inp = BOT.decide(state, prompt)
        assert RULES.encode(state) == before, f"input {inputs}: deciding {inp} changed the state"
        assert offered(prompt, inp), f"input {inputs}: {inp} is not among {prompt}"
        result = RULES.apply(state, inp)
        assert not isinstance(result, Rejection), f"input {inputs}: {inp} refused: {result}"
        inputs += 1
        assert inputs < MAX_INPUTS, f"no end after {inputs} inputs"
    assert state.outcome in ENDINGS


# ---- a hero's turn ------------------------------------------------------------------------------


def test_a_fallen_ally_beside_is_revived_for_two_actions_or_for_gold() -> None:
    fallen = {"space": "m2", "hp": 0, "fallen": True, "dies_after_round": 1}
    g = Game(["knight", "rogue"], {"heroes": {"knight": {"space": "m3"}, "rogue": fallen}})
    assert decide(g) == Act(actor="knight", action="revive", target="rogue", args={"pay": "actions"})
    g = Game(["knight", "rogue"], {"heroes": {"knight": {"space": "m3", "gold": 6}, "rogue": fallen},
                                   "turn_open": True, "actions": 1})
    assert decide(g) == Act(actor="knight", action="revive", target="rogue", args={"pay": "gold"})


def test_a_hurt_hero_drinks_a_healing_potion() -> None:
    g = Game(["knight"], {"heroes": {"knight": {"hp": 4, "potions": ["health"]}}})
    assert decide(g) == Act(actor="knight", action="drink", target="health")


def test_a_healthy_hero_keeps_the_potion_and_opens_a_door() -> None:
    g = Game(["knight"], {"heroes": {"knight": {"space": "m2", "potions": ["health"]}}})
    inp = decide(g)
    assert isinstance(inp, Act) and inp.action == "reveal" and inp.target in ("room1", "room4")


def test_a_potion_goes_to_a_low_neighbour_who_has_none() -> None:
    g = Game(["knight", "rogue"], {"heroes": {"knight": {"space": "b1", "potions": ["health", "health"]},
                                               "rogue": {"space": "b1", "hp": 3, "potions": []}}})
    assert decide(g) == Act(actor="knight", action="trade", target="rogue", args={"potion": "health"})


def test_with_nothing_else_to_do_gold_goes_to_a_neighbour_who_has_none() -> None:
    g = Game(["knight", "rogue"], {"board": {"unrevealed": ["room5", "room6", "t8"], "revealed": FOUR_ROOMS},
                                   "guardian": {"defeated": True},
                                   "heroes": {"knight": {"space": "b1", "gold": 8},
                                              "rogue": {"space": "b1", "gold": 0}}})
    assert decide(g) == Act(actor="knight", action="trade", target="rogue", args={"gold": 4})


def test_a_chest_underfoot_is_opened() -> None:
    g = Game(["knight"], {"heroes": {"knight": {"space": "room1"}},
                          "board": {"unrevealed": ["room2", "room3", "room4", "room5", "room6", "t8"],
                                    "revealed": {"room1": "m-a"}, "chests": {"room1": 2}}})
    assert decide(g) == Act(actor="knight", action="open_chest", target="room1")


def test_monsters_in_range_are_attacked_the_weakest_first() -> None:
    g = Game(["knight"], {"heroes": {"knight": {"space": "m2"}},
                          "monsters": [monster("m1", "goblin", "m2", damage=4), monster("m2", "goblin", "m3")],
                          "next_uid": 3})
    assert decide(g) == Act(actor="knight", action="attack", target="m1")


def test_the_sorceress_casts_fireball_where_it_splashes_most() -> None:
    g = Game(["sorceress"], {"heroes": {"sorceress": {"space": "m1"}},
                             "monsters": [monster("m1", "goblin", "m2"), monster("m2", "goblin", "m3"),
                                          monster("m3", "goblin", "m4")], "next_uid": 4})
    assert decide(g) == Act(actor="sorceress", action="fireball", target="m2")


def test_once_the_hall_is_open_and_the_board_clear_the_party_heads_for_the_guardian() -> None:
    board = {"unrevealed": ["room5", "room6", "t8"], "revealed": FOUR_ROOMS}
    g = Game(["knight"], {"board": board})
    inp = decide(g)
    assert isinstance(inp, Act) and inp.action == "move" and inp.target is not None
    assert _distance(g, inp.target, "hall") < _distance(g, "m1", "hall")
    g = Game(["knight"], {"board": board, "heroes": {"knight": {"space": "m8"}}})
    assert decide(g) == Act(actor="knight", action="attack", target="guardian")


def test_the_sleeping_guardian_is_left_alone_while_other_monsters_are_about() -> None:
    g = Game(["ranger"], {"board": {"unrevealed": ["room5", "room6", "t8"], "revealed": FOUR_ROOMS},
                          "heroes": {"ranger": {"space": "m8"}},
                          "monsters": [monster("m1", "goblin", "m6")], "next_uid": 2})
    assert decide(g) == Act(actor="ranger", action="attack", target="m1")


def _distance(g: Game, a: str, b: str) -> int:
    from companion.games.covenant.play import board_for

    found = board_for(RULES.data, g.s.board.zone).distance(a, b)
    assert found is not None
    return found


def _escape(**escape: Any) -> dict[str, Any]:
    return {"board": {"zone": 3, "unrevealed": [], "revealed": FOUR_ROOMS}, "guardian": {"defeated": True},
            "escape": {"rounds": 3, "round": 1, **escape}}


def test_on_the_last_board_the_guardian_is_fought_from_the_escape_route() -> None:
    g = Game(["knight"], {"board": {"zone": 3, "unrevealed": [], "revealed": FOUR_ROOMS},
                          "guardian": {"id": "throne_guardian"}, "heroes": {"knight": {"space": "t4"}}})
    assert decide(g) == Act(actor="knight", action="move", target="e1")


def test_the_bearer_runs_for_the_glowing_arch() -> None:
    g = Game(["knight", "rogue"], {**_escape(bearer="knight"), "heroes": {"knight": {"space": "hall"},
                                                                          "rogue": {"space": "hall"}}})
    assert decide(g) == Act(actor="knight", action="move", target="e6")


def test_a_dropped_covenant_is_picked_up() -> None:
    g = Game(["knight", "rogue"], {**_escape(bearer=None, dropped_at="e3"),
                                   "piles": [{"space": "e3", "covenant": True}],
                                   "heroes": {"knight": {"space": "e3"}, "rogue": {"space": "e1"}}})
    assert decide(g) == Act(actor="knight", action="pickup", target="covenant")


# ---- dice, cards and choices --------------------------------------------------------------------


def test_dice_and_cards_are_left_to_the_engine_and_misses_rerolled_with_hawk_eye() -> None:
    g = Game(["ranger"], {"heroes": {"ranger": {"space": "m2"}},
                          "monsters": [monster("m1", "goblin", "m3")], "next_uid": 2}, deal=TABLE)
    g.ok(decide(g))
    assert decide(g) == Draw(deck="combat")
    g.ok(Draw(deck="combat", card="1"))
    assert decide(g) == Roll(die="d6")
    g.ok(Roll(die="d6", face="2"))
    assert decide(g) == Choose(option="hawk_eye")


def test_a_hit_is_kept() -> None:
    g = Game(["ranger"], {"heroes": {"ranger": {"space": "m2", "gold": 4}},
                          "monsters": [monster("m1", "goblin", "m3")], "next_uid": 2}, deal=TABLE)
    g.ok(decide(g), Draw(deck="combat", card="9"), Roll(die="d6", face="3"))
    assert decide(g) == Choose(option="keep")


def test_a_better_item_is_equipped_and_a_worse_one_discarded() -> None:
    for held, found, answer in (("short_sword", "oath_blade", "equip"), ("oath_blade", "short_sword", "discard")):
        g = Game(["knight"], {"heroes": {"knight": {"weapon": held}},
                              "pending": [{"step": "choose", "purpose": "equip", "chooser": "knight",
                                           "options": ["equip", "discard"], "subject": found}]})
        assert decide(g) == Choose(option=answer)


def test_upgrades_go_to_protection_until_the_defense_cap_then_vitality() -> None:
    g = Game(["knight", "rogue", "ranger"])
    assert decide(g) == Choose(option="protection")
    g = Game(["knight", "rogue", "ranger"], {"heroes": {"knight": {"armour": "plate_armour"}}})
    assert decide(g) == Choose(option="vitality")


def test_the_bearer_is_a_standing_hero_who_still_has_a_turn_this_round() -> None:
    g = Game(["knight", "rogue", "ranger"], {
        "board": {"zone": 3, "unrevealed": [], "revealed": FOUR_ROOMS}, "turn": 0, "turn_open": True,
        "actions": 0, "heroes": {"ranger": {"hp": 0, "fallen": True, "dies_after_round": 1}},
        "pending": [{"step": "choose", "purpose": "bearer", "chooser": "knight",
                     "options": ["knight", "rogue", "ranger"]}]})
    assert decide(g) == Choose(option="rogue")


def test_the_covenant_goes_to_whoever_will_be_nearest_the_arch() -> None:
    g = Game(["knight", "rogue"], {
        "board": {"zone": 3, "unrevealed": [], "revealed": FOUR_ROOMS}, "turn": 0, "turn_open": True,
        "actions": 0, "heroes": {"knight": {"space": "e1"}, "rogue": {"space": "t1"}},
        "pending": [{"step": "choose", "purpose": "bearer", "chooser": "knight", "options": ["knight", "rogue"]}]})
    assert decide(g) == Choose(option="knight")
