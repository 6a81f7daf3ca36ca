"""Treachery (p. 4): cards paid with their own kind; 1 extra starting card per 2 points left, at most 8."""

from __future__ import annotations

from descent_game import game, play, refused

from companion.core.flow import Act
from companion.games.descent.treachery import plan


def test_one_extra_card_per_two_points_left_of_any_kind_an_odd_point_lost() -> None:
    """p. 4; R-DW-14."""
    p = plan({"event": 3, "trap": 2, "monster": 4}, {"event": 2, "monster": 1}, 3)
    assert p.left == {"event": 1, "trap": 2, "monster": 3}
    assert (p.total_left, p.extra, p.hand) == (6, 3, 6)
    assert plan({"trap": 5}, {}, 3).extra == 2


def test_at_most_eight_starting_cards_in_all() -> None:
    p = plan({"event": 10, "trap": 10, "monster": 10}, {}, 3)
    assert (p.hand, p.extra, p.capped) == (8, 5, True)


def test_the_calculator_at_the_table_shows_its_arithmetic_and_refuses_overspending() -> None:
    s = game("corner", overlord_hand=2)
    treachery = Act(actor="overlord", action="treachery", args={
        "event": 4, "trap": 1, "monster": 2, "spend_event": 3, "spend_trap": 0, "spend_monster": 2})
    assert play(s, treachery) == ["Treachery left: 1 + 1 + 0 = 2; 2 ÷ 2 = 1 extra card (an odd point is lost); "
                                  "starting hand 2 + 1, at most 8: 3."]
    assert play(s, treachery, lang="ar") == ["الخيانة المتبقية: 1 + 1 + 0 = 2؛ 2 ÷ 2 = 1: بطاقة إضافية واحدة (تضيع "
                                             "النقطة الفردية)؛ يد البدء 2 + 1، بحد أقصى 8: 3."]
    assert s.state.treachery is not None and (s.state.treachery.hand, s.state.treachery.extra) == (3, 1)
    assert s.state.treachery.left == {"event": 1, "trap": 1, "monster": 0}, "the result is in the state (issue 23)"
    rejection = refused(s, Act(actor="overlord", action="treachery",
                               args={"event": 1, "trap": 3, "monster": 0, "spend_trap": 1, "spend_event": 2}))
    assert rejection.code == "overspent"
    assert rejection.msg.text("ar").startswith("لدى السيد نقطة واحدة من خيانة الأحداث")
