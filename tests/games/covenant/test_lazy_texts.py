"""What the engine states costs the rules' work, not the sentences' (issue 26): an attack's odds are kept as
what they are worked out from until a sentence is read in some language, and the names of a board's spaces
are made once per game data, not again for every sentence that names a space."""

from __future__ import annotations

import pytest
from covenant_game import Game, monster

from companion.core.messages import Later
from companion.games.covenant import spaces
from companion.games.covenant.data import load


def test_the_attacks_odds_are_worked_out_when_read() -> None:
    """§Combat: the attack states its chance to hit and expected damage; they are worked out, and written
    as each language writes them, only when the sentence is read."""
    g = Game(["knight"], {"heroes": {"knight": {"space": "m1"}}, "monsters": [monster("m1", "troll", "m2")],
                          "decks": {"combat": {"draw_pile": ["1", "1"], "discard": []}}})
    declared = next(e for e in g.act("knight", "attack", "m1") if e.kind == "attack")
    assert isinstance(declared.msg.fields["chance"], Later) and isinstance(declared.msg.fields["expected"], Later)
    assert declared.msg.text("en").endswith("chance to hit 17%, expected damage 0.2.")
    assert declared.msg.text("be").endswith("чаканая шкода 0,2.")
    assert "17٪" in declared.msg.text("ar")


def test_a_boards_space_names_are_made_once_per_game_data(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    labels = spaces.space_labels

    def counted(spec: spaces.BoardSpec) -> dict[str, str]:
        made.append(spec.id)
        return labels(spec)

    monkeypatch.setattr(spaces, "space_labels", counted)
    data = load()  # data of its own: nothing of it is cached yet
    board = data.boards[1]
    names = [spaces.space_name(data, 1, s.id) for _ in range(3) for s in board.spaces]
    assert made == [board.id]
    room = next(s for s in board.spaces if s.kind == "room")
    assert names[board.spaces.index(room)]["en"] == f"room {labels(board)[room.id]}"
    assert spaces.space_name(data, 1, "nowhere") == {"en": "nowhere", "ar": "nowhere", "be": "nowhere"}
