"""Bad input is a clear refusal in both languages, leaves the state as it was, and never crashes."""

from __future__ import annotations

import pytest
from descent_game import game, play, refused

from companion.core.flow import Act, Choose, Input, Roll

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
    (Choose(option="keep"), "expected-action"),
])
def test_bad_input_is_refused_in_both_languages(inp: Input, code: str) -> None:
    s = game("corner")
    rejection = refused(s, inp)
    assert rejection.code == code
    assert rejection.msg.text("en")
    assert any(ord(ch) in ARABIC for ch in rejection.msg.text("ar")), rejection.msg.text("ar")


def test_a_wrong_or_unknown_die_or_face_is_refused_while_a_roll_waits() -> None:
    s = game("corner")
    play(s, Act(actor="laurel", action="attack", target="tomble"))
    assert refused(s, Roll(die="purple", face="miss")).code == "unknown-die"
    assert refused(s, Roll(die="red", face="miss")).code == "wrong-die"
    assert refused(s, Roll(die="blue", face="r9-d9-s9")).code == "unknown-face"
    assert refused(s, Act(actor="dragon", action="overlord")).code == "expected-die"
    assert play(s, Roll(die="blue", face="r3-d1-s1"))[-1] == "Tomble: damage 1 − armour 1 = 0 wounds."
