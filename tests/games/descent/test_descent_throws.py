"""The dice a rule rolls at once come as one throw (issue 12): one `ThrowPrompt` naming each die, answered
by one `Throw` from the tray, a touch or the app; never more dice of a colour than the set has (R-DW-17)."""

from __future__ import annotations

from descent_game import RULES, drawn, fig, game, play, refused, throw

from companion.core.flow import Accepted, Act, Source, Throw, ThrowPrompt
from companion.core.rules import replay

ROOM = ["......", "......"]


def duel(dice: list[str], **target: object) -> object:
    return game(drawn(ROOM, [{"id": "a", "kind": "monster", "at": [0, 0], "en": "Ogre", "ar": "الغول", "dice": dice},
                             {"id": "t", "kind": "hero", "at": [1, 0], "wounds": 30, "en": "Target", **target}]))


def test_an_attack_is_one_throw_each_die_named_by_its_colour_numbered_when_repeated() -> None:
    """Base game, dice: the attack's dice are rolled together; the prompt names each die and what to throw."""
    s = duel(["red", "blue"])
    play(s, Act(actor="a", action="attack", target="t", args={"power": "black,yellow,black"}))
    prompt = s.prompt()
    assert isinstance(prompt, ThrowPrompt)
    assert prompt.dice == {"red": "red", "blue": "blue", "black-1": "black", "yellow": "yellow", "black-2": "black"}
    assert (prompt.who, prompt.rule) == ("a", "Base game: dice")
    assert prompt.purpose.text("en") == "Ogre attacks: throw red die, blue die, 2 × black power die, yellow power die."
    assert prompt.purpose.text("ar") == "الغول يهاجم: ارمِ النرد الأحمر، النرد الأزرق، 2 × نرد القوة الأسود، " \
        "نرد القوة الأصفر."


def test_the_arithmetic_adds_in_the_prompt_s_order_whatever_order_the_throw_names_the_dice() -> None:
    texts = []
    for order in (["red=r2-d2-s0", "black-1=enhance", "black-2=blank"],
                  ["black-2=blank", "black-1=enhance", "red=r2-d2-s0"]):
        s = duel(["red", "black", "black"])
        texts.append(play(s, Act(actor="a", action="attack", target="t"), throw(*order)))
    assert texts[0] == texts[1]
    assert "Target: damage 2 + 1 + 0 = 3 − armour 0 = 3 wounds." in texts[0]
    assert "Thrown: red die: range 2, 2 damage; black power die: +1 enhancement; black power die: blank." in texts[0]


def test_a_throw_never_asks_for_more_dice_of_a_colour_than_the_set_has() -> None:
    """R-DW-17: the set has 2 green dice; a third is thrown next, and the attack waits for it."""
    s = duel(["red"])
    play(s, Act(actor="a", action="attack", target="t", args={"power": "green,green,green"}))
    first = s.prompt()
    assert isinstance(first, ThrowPrompt) and first.dice == {"red": "red", "green-1": "green", "green-2": "green"}
    assert first.rule == "R-DW-17" and "Throw 1 of 2" in first.purpose.text("en")
    play(s, throw("red=r0-d4-s0", "green-1=r0-d3-s0", "green-2=r0-d3-s0"))
    assert fig(s, "t").damage == 0
    second = s.prompt()
    assert isinstance(second, ThrowPrompt) and second.dice == {"green": "green"} and second.rule == "R-DW-17"
    texts = play(s, throw("green=r0-d2-s1"))
    assert "Target: damage 4 + 3 + 3 + 2 = 12 − armour 0 = 12 wounds." in texts


def test_six_daze_tokens_are_five_black_dice_then_one() -> None:
    """R-DW-17 with R-DW-7: the set has five black dice."""
    s = duel(["red"], daze=6)
    play(s, Act(actor="t", action="start_turn"))
    assert [len(step.dice) for step in s.state.pending] == [5, 1]  # type: ignore[union-attr]
    play(s, throw(*(f"black-{n}=surge" for n in range(1, 6))))
    assert fig(s, "t").daze == 6
    texts = play(s, throw("black=blank"))
    assert fig(s, "t").daze == 1
    assert texts[-1] == "Daze: Target rolls 5 surges and removes 5 daze tokens; 1 left."


def test_the_app_throws_with_the_game_s_generator_and_a_replay_is_byte_identical() -> None:
    """Randomness is an input: an empty `Throw` from the app rolls every die the prompt names with the
    seeded generator kept in the state, and the event records each face by die id."""
    s = game("swarm-room", seed=5)
    play(s, Act(actor="beast1", action="attack", target="red-jade"))
    out = s.submit(Throw())
    assert isinstance(out, Accepted)
    thrown = next(e for e in out.events if e.kind == "thrown")
    assert [f.split("=")[0] for f in thrown.data["faces"]] == ["red", *(f"black-{n}" for n in range(1, 6))]  # type: ignore[union-attr]
    again = replay(RULES, {"map": "swarm-room", "seed": 5, "figures": []}, s.log.inputs())
    assert again.snapshot() == s.snapshot()


def test_a_throw_from_the_tray_or_a_touch_must_name_every_die() -> None:
    s = duel(["red", "blue"])
    play(s, Act(actor="a", action="attack", target="t"))
    for source in (Source.TRAY, Source.TOUCH):
        assert refused(s, Throw(source=source)).code == "missing-dice"
    assert play(s, throw("red=miss", "blue=r1-d2-s0", source=Source.TOUCH))[-1] == \
        "Miss on the red die: the whole attack fails."
