"""A boulder is named on the screen by the number drawn on it on the map, never by its id (issue 21,
finding 7: "Boulder b2" in a ruling's sentence)."""

from __future__ import annotations

from companion.core.messages import LANGS, Msg
from companion.games.descent.engine import DescentRules
from companion.ui.descent.names import Names

RULES = DescentRules()


def test_a_boulder_reads_as_its_number_in_every_language() -> None:
    state = RULES.new_game({"map": "boulder-run"})
    names = Names(state, RULES.data)
    assert names.who("b2")["en"] == "Boulder 2"
    rolled = names.readable(Msg("Boulder {boulder} hits {what} and is destroyed.", {"boulder": "b2", "what": "x"}))
    for lang in LANGS:
        assert "b2" not in rolled.text(lang) and "2" in rolled.text(lang), rolled.text(lang)


def test_a_die_face_is_one_unit_that_a_wrap_never_splits() -> None:
    """The explorer found «Чырвоная: 2 · 2» with its «0» alone on the next line: a face's three numbers
    (range · damage · surges) are one value on the throw entry."""
    state = RULES.new_game({"map": "boulder-run"})
    faces = [face for kind in Names(state, RULES.data).kinds().values() for face in kind.faces]
    numbered = [face for face in faces if any(ch.isdigit() for ch in face.en)]
    assert numbered
    for face in numbered:
        for text in (face.en, face.ar, face.be):
            assert " " not in text and text.count("\u00a0") >= 2, text
