"""Bad input is a clear refusal in both languages, leaves the state as it was, and never crashes."""

from __future__ import annotations

import pytest
from descent_game import game, play, refused, throw

from companion.core.flow import Act, Choose, Input, Roll, Source, Throw

ARABIC = range(0x0600, 0x0700)


@pytest.mark.parametrize(("inp", "code"), [
    (Act(actor="dragon", action="attack", target="tomble", args={"power": "purple"}), "unknown-die"),
    (Act(actor="dragon", action="attack", target="tomble", args={"power": "red"}), "not-power-die"),
    (Act(actor="nobody", action="attack", target="tomble"), "unknown-figure"),
    (Act(actor="dragon", action="attack", target="dragon"), "self-target"),
    (Act(actor="tomble", action="move", target="40,2"), "off-map"),
    (Act(actor="tomble", action="move", target="here"), "bad-square"),
    (Act(actor="tomble", action="move", target="4,6"), "occupied"),
    (Act(actor="dragon", action="breath", args={"x": 0, "y": 0}), "template-off-grid"),
    (Act(actor="dragon", action="breath", args={"x": 4, "y": 1, "turn": 45}), "bad-placement"),
    (Act(actor="dragon", action="breath", args={"x": "a", "y": 1}), "bad-placement"),
    (Act(actor="dragon", action="fly"), "unknown-action"),
    (Act(actor="x", action="door", target="1,1", args={"side": "n"}), "no-door"),
    (Act(actor="x", action="treachery", args={"event": "many"}), "bad-treachery"),
    (Roll(die="red", face="r0-d4-s0"), "expected-action"),
    (Throw(), "expected-action"),
    (Choose(option="keep"), "expected-action"),
])
def test_bad_input_is_refused_in_both_languages(inp: Input, code: str) -> None:
    s = game("corner")
    rejection = refused(s, inp)
    assert rejection.code == code
    assert rejection.msg.text("en")
    assert any(ord(ch) in ARABIC for ch in rejection.msg.text("ar")), rejection.msg.text("ar")


def test_a_throw_with_a_die_missing_extra_of_another_colour_or_an_unknown_face_is_refused() -> None:
    """Each refusal names what the throw needed, in both languages, and changes nothing; the throw that fits
    is then accepted. Laurel's attack is her blue die and a green power die, thrown together."""
    s = game("corner")
    play(s, Act(actor="laurel", action="attack", target="tomble", args={"power": "green"}))
    cases = [
        (throw("purple=miss", "blue=miss", "green=r0-d3-s0"), "unknown-die", "There is no purple among the dice"),
        (throw("blue=r9-d9-s9", "green=r0-d3-s0"), "unknown-face", "The blue die has no face r9-d9-s9."),
        (throw("blue=r0-d3-s0", "green=r0-d3-s0"), "unknown-face", "The blue die has no face r0-d3-s0."),
        (throw("blue=miss"), "missing-dice", "This throw needs blue die, green power die: green power die not given."),
        (throw("blue=miss", "green=r0-d3-s0", "red=miss"), "wrong-die",
         "This throw needs blue die, green power die, not the red die."),
        (throw("blue=miss", "green=r0-d3-s0", "green-2=r0-d3-s0"), "extra-die",
         "This throw's dice are blue, green: green-2 is not one of them."),
        (Throw(source=Source.TRAY), "missing-dice", "blue die, green power die not given"),
        (Roll(die="blue", face="miss"), "expected-throw", "Waiting for a throw: blue die, green power die."),
        (Act(actor="dragon", action="overlord"), "expected-throw", "Waiting for a throw"),
        (Choose(option="keep"), "expected-throw", "Waiting for a throw"),
    ]
    for inp, code, text in cases:
        rejection = refused(s, inp)
        assert (rejection.code, text in rejection.msg.text("en")) == (code, True), rejection.msg.text("en")
        assert any(ord(ch) in ARABIC for ch in rejection.msg.text("ar")), rejection.msg.text("ar")
    assert play(s, throw("green=r0-d3-s0", "blue=r3-d1-s1"))[-1] == "Tomble: damage 1 + 3 = 4 − armour 1 = 3 wounds."
