"""What the engine states costs the rules' work, not the sentences' (issue 26): an attack's odds are kept as
what they are worked out from until a sentence is read in some language, and the names of a board's spaces
are made once per game data, not again for every sentence that names a space."""

from __future__ import annotations

import pytest
from covenant_game import Game, monster

from companion.core.messages import LANGS, Later, Plural, listed, named
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


def test_the_monster_phases_reach_and_paths_are_listed_when_read() -> None:
    """§When a monster attacks you, R-MON-2, R-MON-5: each monster states who it can reach (HP, fallen,
    how far) and the path it takes; both are listed only when the sentence is read, and read in every
    language as the names listed at once would."""
    heroes = {"knight": {"space": "m4", "hp": 0, "fallen": True, "dies_after_round": 2}, "rogue": {"space": "m7"}}
    g = Game(list(heroes), {"heroes": heroes, "monsters": [monster("m1", "goblin", "m4")], "next_uid": 50,
                            "pending": [], "falls": 1})
    g.act("rogue", "end", "turn")
    reach = next(e for e in g.events if e.kind == "monster-reach")
    move = next(e for e in g.events if e.kind == "monster-move")
    assert isinstance(reach.msg.fields["heroes"], Later) and isinstance(move.msg.fields["path"], Later)
    names, far = load().heroes, Plural("{n} space away", "{n} spaces away")
    listed_at_once = listed([named("{hero} {hp} HP (fallen), {far}", hero=names["knight"].named(), hp=0,
                                   far=named(far, n=0)),
                             named("{hero} {hp} HP, {far}", hero=names["rogue"].named(), hp=11, far=named(far, n=3))],
                            separator="; ")
    for lang in LANGS:
        assert reach.msg.fields["heroes"].text(lang) == listed_at_once[lang]  # type: ignore[union-attr]
    assert reach.msg.text("en") == ("Goblin can reach: Exiled Knight 0 HP (fallen), 0 spaces away; "
                                    "Shadow Rogue 11 HP, 3 spaces away.")
    assert move.msg.text("en") == "Goblin moves 2 spaces: 11 → 12 → 13."
    assert move.msg.fields["path"].text("ar") == "11 ← 12 ← 13"  # type: ignore[union-attr]


def test_a_hits_worked_sum_and_its_reasons_and_a_trades_gifts_are_put_in_words_when_read() -> None:
    """R-HERO-1, R-HERO-2, §Loot and treasure: a hit with Backstab states its damage as one calculation with its
    reasons beside it, and a trade lists what was given; each is kept as what it is made from until read, and
    reads in every language as the words made at once would (issue 26)."""
    position = {"heroes": {"rogue": {"space": "m1", "gold": 3}, "knight": {"space": "m3"}},
                "monsters": [monster("m1", "troll", "m2")]}
    g = Game(["rogue", "knight"], position, deal={"combat": "table"})
    hit = next(e for e in g.attack("rogue", "m1", card="7", die="3") if e.kind == "hit")
    worked, reasons = hit.msg.fields["sum"], hit.msg.fields["adjust"]
    assert isinstance(worked, Later) and isinstance(reasons, Later)
    at_once = listed([named("Backstab +{n}", n=2)])
    for lang in LANGS:
        assert worked.text(lang) == "11 − 9 + 2 + 2 = 6"
        assert reasons.text(lang) == at_once[lang]
    assert hit.msg.text("en") == "7 + 3 + 1 = 11 ≥ 9: hit! 11 − 9 + 2 + 2 = 6 (Backstab +2) → 6 damage to Troll."
    together = Game(["rogue", "knight"], {"heroes": {"rogue": {"space": "m1", "gold": 3}, "knight": {"space": "m1"}}})
    trade = next(e for e in together.act("rogue", "trade", "knight", gold=2) if e.kind == "trade")
    gifts = trade.msg.fields["what"]
    assert isinstance(gifts, Later)
    two_gold = listed([named(Plural("{n} gold", "{n} gold", "n"), n=2)])
    for lang in LANGS:
        assert gifts.text(lang) == two_gold[lang]
