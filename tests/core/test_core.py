"""The game-neutral core: the seeded generator, decks, dice, the input log, messages and inputs."""

from __future__ import annotations

from collections import Counter

from companion.core.deck import DealMode, Deck
from companion.core.dice import load_dice
from companion.core.flow import Act, Draw, Layer, Rejection, Roll, Source
from companion.core.log import InputLog
from companion.core.messages import Msg
from companion.core.rng import Rng
from companion.core.rules import parse_input


def test_the_generator_is_reproducible_and_its_state_is_two_numbers() -> None:
    a, b = Rng(seed=5), Rng(seed=5)
    assert [a.below(6) for _ in range(50)] == [b.below(6) for _ in range(50)]
    assert (a.seed, a.counter) == (5, 50)
    assert [Rng(seed=6).below(1000) for _ in range(3)] != [Rng(seed=5).below(1000) for _ in range(3)]


def test_the_generator_is_uniform_enough_for_dice() -> None:
    rng = Rng(seed=1)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(abs(n - 10_000) < 400 for n in counts.values())


def test_a_deck_reshuffles_its_discard_when_it_runs_out() -> None:
    rng = Rng(seed=2)
    deck = Deck.shuffled("d", ["a", "b", "c"], DealMode.APP, rng)
    drawn = [deck.draw(rng) for _ in range(3)]
    assert sorted(drawn) == ["a", "b", "c"] and deck.draw_pile == []
    deck.discard = ["a", "b"]
    assert deck.draw(rng) in ("a", "b") and deck.discard == [] and len(deck.draw_pile) == 1


def test_a_deck_that_never_refills_stays_empty() -> None:
    rng = Rng(seed=2)
    deck = Deck(id="p", mode=DealMode.APP, draw_pile=[], discard=["x"], reshuffles=False)
    assert deck.draw(rng) is None and not deck.can_draw("x") and deck.remaining() == []


def test_the_table_names_the_card_it_drew() -> None:
    rng = Rng(seed=3)
    deck = Deck.shuffled("d", ["a", "b", "b"], DealMode.TABLE, rng)
    assert deck.can_draw("b") and not deck.can_draw("z")
    assert deck.draw(rng, "b") == "b" and sorted(deck.draw_pile) == ["a", "b"]


def test_dice_kinds_are_data() -> None:
    dice = load_dice([{"id": "coin", "en": "coin", "ar": "قطعة نقد",
                       "faces": [{"id": "heads", "value": 1}, {"id": "tails", "value": 2}]}])
    coin = dice["coin"]
    assert coin.face("tails").value == 2 and coin.face("edge") is None  # type: ignore[union-attr]
    assert coin.probability("heads") == 0.5
    assert {coin.roll(Rng(seed=s)).id for s in range(20)} == {"heads", "tails"}


def test_the_log_numbers_inputs_from_one_upward() -> None:
    log = InputLog()
    for face in "123":
        log.append(Roll(die="d6", face=face))
    assert [e.seq for e in log.entries] == [1, 2, 3] and log.last_seq == 3


def test_a_message_renders_bilingual_fields_in_each_language() -> None:
    msg = Msg("{hero} falls", {"hero": {"en": "Exiled Knight", "ar": "الفارس المنفي"}})
    assert msg.text("en") == "Exiled Knight falls"
    assert "الفارس المنفي" in msg.text("ar")


def test_inputs_come_from_plain_data_or_are_refused_as_malformed() -> None:
    assert parse_input({"type": "die", "die": "d6", "face": "4", "source": "tray"}) == \
        Roll(die="d6", face="4", source=Source.TRAY)
    assert parse_input({"type": "card", "deck": "combat"}) == Draw(deck="combat")
    assert parse_input({"type": "act", "actor": "knight", "action": "move", "target": "m2"}) == \
        Act(actor="knight", action="move", target="m2")
    for bad in ({"type": "teleport"}, {"type": "die"}, {"type": "act", "actor": 3}, "move", None,
                {"type": "die", "die": "d6", "face": "4", "colour": "red"}):
        result = parse_input(bad)
        assert isinstance(result, Rejection) and result.layer == Layer.MALFORMED
