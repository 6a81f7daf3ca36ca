"""What each phone shows (issue 27, "What a phone shows"): its seat's card, the prompt with its choices enabled
only for the seat whose prompt it is, the last rulings with their citations and, before its own attack, the
odds; every text in the phone's language, Arabic right to left and never reshaped (the browser shapes it)."""

from __future__ import annotations

import queue
import unicodedata
from pathlib import Path

import msgspec
import pytest
from web_helpers import table_of

from companion.core.flow import Act, Source, Throw, ThrowPrompt
from companion.core.messages import Lang, Msg
from companion.core.rules import Session, find
from companion.store import Store, StoredSession
from companion.table import Table
from companion.web.tokens import SPECTATOR
from companion.web.views import PhoneView, Ruling, phone_view, render, snapshot


def rows(view: PhoneView[str]) -> dict[str, str]:
    assert view.card is not None
    return {row.label: row.value for row in view.card.rows}


def texts(view: PhoneView[str]) -> list[str]:
    """Every text of the view a person reads."""
    found = [view.title, view.seat.name]
    if view.card:
        found += [view.card.title, *view.card.states, *(t for r in view.card.rows for t in (r.label, r.value))]
    if view.prompt:
        found += [view.prompt.title, view.prompt.text, *(c.label for c in view.prompt.choices)]
    for ruling in view.rulings:
        found += [ruling.text, *([ruling.cite.title, ruling.cite.text] if ruling.cite else [])]
    return found


@pytest.mark.parametrize(("lang", "hp", "gold", "direction"), [("ar", "نقاط الحياة", "الذهب", "rtl"),
                                                                ("en", "HP", "Gold", "ltr"),
                                                                ("be", "ПЖ", "Золата", "ltr")])
def test_a_covenant_hero_sees_their_hp_with_its_maximum_in_their_language(tmp_path: Path, lang: Lang, hp: str,
                                                                            gold: str, direction: str) -> None:
    """§The hero board: HP against the hero's maximum (the Exiled Knight's 14), gold, gear, potions, shards."""
    table, session = table_of(tmp_path, "covenant")
    view = phone_view(table, "knight", lang)
    knight = session.state.heroes["knight"]
    assert (view.lang, view.dir, view.game, view.seat.id) == (lang, direction, "covenant", "knight")
    assert rows(view)[hp] == f"{knight.hp}/14" and rows(view)[gold] == str(knight.gold)
    assert view.prompt is not None and view.prompt.mine and view.prompt.choices
    assert all(c.enabled for c in view.prompt.choices)
    assert "end" in {c.id for c in view.prompt.choices}


@pytest.mark.parametrize("lang", ["ar", "en", "be"])
def test_a_healthy_covenant_hero_has_no_state(tmp_path: Path, lang: Lang) -> None:
    """A state is what applies to the hero (fallen, cursed, poisoned, carrying the Covenant), as on the Pi's hero
    card: the Exiled Knight's full 14 HP is its HP row, not a state («HP 14/14 (+12 token…)» was one)."""
    table, session = table_of(tmp_path, "covenant")
    view = phone_view(table, "knight", lang)
    assert session.state.heroes["knight"].hp == 14 and rows(view)[Msg("HP").text(lang)] == "14/14"
    assert view.card is not None and view.card.states == []


def test_arabic_is_sent_in_logical_order_and_unshaped(tmp_path: Path) -> None:
    """The browser shapes and orders Arabic itself: no presentation forms, no reordering marks of the Kivy layout."""
    table, _ = table_of(tmp_path, "covenant")
    view = phone_view(table, "knight", "ar")
    assert view.seat.name == "الفارس المنفي"
    for text in texts(view):
        assert not any(unicodedata.name(ch, "").startswith("ARABIC LETTER") and "FORM" in unicodedata.name(ch, "")
                       for ch in text), text


@pytest.mark.parametrize(("lang", "drawn"), [("ar", "حصيلة \u20669\u00a0−\u00a07\u00a0+\u00a02\u2069 → 4"),
                                             ("en", "Total 9 − 7 + 2 → 4")])
def test_an_arabic_sum_is_isolated_left_to_right(tmp_path: Path, lang: Lang, drawn: str) -> None:
    """In a right-to-left page the browser reverses a sum's terms unless it is isolated (UAX #9): an Arabic view
    holds each sum in LRI…PDI, on one line; a left-to-right one needs no mark."""
    table, _ = table_of(tmp_path, "covenant")
    view = msgspec.structs.replace(snapshot(table, "knight"), rulings=[Ruling(Msg("{name}", {"name": {
        "ar": "حصيلة 9 − 7 + 2 → 4", "en": "Total 9 − 7 + 2 → 4", "be": ""}}), None)])
    assert render(view, lang).rulings[0].text == drawn


def test_only_the_seat_whose_prompt_it_is_may_answer_it_and_a_spectator_sees_no_buttons(tmp_path: Path) -> None:
    table, _ = table_of(tmp_path, "covenant")
    other = phone_view(table, "sorceress", "en")
    assert other.prompt is not None and not other.prompt.mine and other.prompt.choices
    assert not any(c.enabled for c in other.prompt.choices)
    assert rows(other)["HP"].endswith("/10")  # the Ember Sorceress's own maximum, her own card
    spectator = phone_view(table, SPECTATOR, "en")
    assert spectator.card is None and spectator.prompt is not None and spectator.prompt.choices == []
    assert spectator.seat.name == "Spectator" and spectator.odds is None


def test_the_last_rulings_come_with_their_citations_in_the_phones_language(tmp_path: Path) -> None:
    """R-TURN-1: a hero ends their turn; the phone shows the ruling's text where the rule is cited."""
    table, _ = table_of(tmp_path, "covenant")
    assert table.submit(Act("knight", "end")).rejection is None
    view = phone_view(table, "sorceress", "be")
    assert view.seq == 1 and view.prompt is not None and view.prompt.mine
    cited = {r.cite.id: r.cite for r in view.rulings if r.cite}
    assert [r.cite.id for r in view.rulings if r.cite] == ["R-TURN-2", "R-TURN-1"]  # the latest first
    assert "R-TURN-1" in cited["R-TURN-1"].title and cited["R-TURN-1"].title.startswith("Рашэньне")
    assert cited["R-TURN-1"].text.startswith("Канец хады.")  # docs/rulings.be.md
    arabic = phone_view(table, "sorceress", "ar")
    assert any("\u0600" <= ch <= "\u06ff" for ch in arabic.rulings[-1].text)


def test_before_their_own_attack_a_hero_sees_the_exact_odds(tmp_path: Path) -> None:
    """§Combat: the chance to hit and the expected damage, before the attack, for the attacking hero only."""
    session = Store(tmp_path / "s.sqlite3").start("covenant", {
        "heroes": ["knight", "sorceress"], "seed": 1,
        "position": {"heroes": {"knight": {"space": "m1"}}, "monsters": [{"uid": "m1", "kind": "troll",
                                                                          "space": "m2"}]}})
    assert isinstance(session, StoredSession)
    table = Table(session, queue.Queue())
    odds = session.rules.odds(session.state, "knight", "m1")  # type: ignore[attr-defined]
    view = phone_view(table, "knight", "en")
    assert view.odds is not None and len(view.odds) == 1
    # Each number bound to its words by a no-break space, as the Pi's screen binds them: never wrapped alone.
    assert view.odds[0].value == (f"{round(float(odds.hit) * 100)}%\u00a0to hit\u00a0· expected "
                                  f"damage\u00a0{float(odds.damage):.1f}")
    assert phone_view(table, "sorceress", "en").odds is None


@pytest.mark.parametrize(("lang", "experience"), [("ar", "الخبرة"), ("en", "Experience"), ("be", "Досьвед")])
def test_a_dungeon_roll_player_sees_their_experience_treasures_and_the_delve(tmp_path: Path, lang: Lang,
                                                                              experience: str) -> None:
    table, session = table_of(tmp_path, "dungeon-roll")
    delving = phone_view(table, "spellsword", lang)
    waiting = phone_view(table, "crusader", lang)
    assert rows(delving)[experience] == "0" and len(rows(delving)) == len(rows(waiting)) + 2  # its party, its level
    assert delving.prompt is not None and delving.prompt.mine and delving.prompt.choices == []  # dice stay physical
    assert waiting.prompt is not None and not waiting.prompt.mine
    assert session.state.players[0].hero == "spellsword"


@pytest.mark.parametrize(("lang", "wounds", "bleed"), [("ar", "الجروح", "رمز نزيف واحد"),
                                                       ("en", "Wounds", "1 bleed token"),
                                                       ("be", "Раны", "1 жэтон крывацёку")])
def test_a_descent_hero_sees_their_wounds_tokens_and_dice(tmp_path: Path, lang: Lang, wounds: str, bleed: str) -> None:
    """Descent: the hero's wounds left of its wounds (12 less 3 taken), its bleed token, its dice."""
    table, _ = table_of(tmp_path, "descent")
    view = phone_view(table, "hugo", lang)
    assert rows(view)[wounds] == "9/12" and view.card is not None and view.card.states == [bleed]
    assert view.prompt is not None and not view.prompt.mine  # the referee's prompt is the table's
    assert not any(c.enabled for c in view.prompt.choices)


@pytest.mark.parametrize("lang", ["ar", "en", "be"])
def test_a_descent_choice_names_its_figure_in_the_phones_language(tmp_path: Path, lang: Lang) -> None:
    """A Descent action aimed at a figure (the referee's "Move a figure") names it as the Pi's screen does
    (companion/ui/descent/names.py), never by its id: Arabic read «حرّك مجسّمًا: dragon»."""
    table, session = table_of(tmp_path, "descent")
    view = phone_view(table, "hugo", lang)
    assert view.prompt is not None
    moves = {c.id.split(":", 1)[1]: c.label for c in view.prompt.choices if c.id.startswith("move:")}
    assert moves, [c.id for c in view.prompt.choices]
    for fid, label in moves.items():
        figure = session.state.figure(fid)  # type: ignore[attr-defined]
        name = figure.named()[lang] or figure.en  # a figure the map names in English only keeps its English name
        assert label.endswith(f": {name}"), (fid, label)


def test_before_retiring_a_dungeon_roll_player_sees_the_exact_chance_of_the_next_level(tmp_path: Path) -> None:
    """Ruling R-DR-17: at the regroup, the experience banked by retiring and the exact chance of clearing the
    next level with the party left (a lone thief clears two dice unless both are monsters: 3/4)."""
    session = Session(find("dungeon-roll"), {"heroes": ["knight", "spellsword"], "seed": 1})
    table = Table(session, queue.Queue())
    prompt = table.prompt
    assert isinstance(prompt, ThrowPrompt)
    faces = ["thief", *["fighter"] * 6]
    assert table.submit(Throw(faces=dict(zip(prompt.dice, faces, strict=True)), source=Source.TRAY)).accepted
    prompt = table.prompt
    assert isinstance(prompt, ThrowPrompt) and len(prompt.dice) == 1
    assert table.submit(Throw(faces={next(iter(prompt.dice)): "chest"}, source=Source.TRAY)).accepted
    if session.state.phase == "loot":
        assert table.submit(Act("knight", "done")).accepted
    for die in session.state.at("party")[1:]:
        session.state.dice[die].place = "graveyard"
    assert session.state.phase == "regroup"
    view = phone_view(table, "knight", "en")
    assert view.odds is not None
    assert {r.label: r.value for r in view.odds} == {"Retire now": "1\u00a0experience",
                                                     "Chance to clear level 2": "75%"}
    assert phone_view(table, "spellsword", "en").odds is None
    arabic = phone_view(table, "knight", "ar").odds
    assert arabic is not None and arabic[1].label == "فرصة اجتياز المستوى 2"


def test_an_undo_is_a_new_revision_and_takes_its_rulings_back(tmp_path: Path) -> None:
    """R-STORE-1: the decision taken back leaves the phones' rulings with it; the view's seq still moves on, so a
    tap on the view from before the undo is stale."""
    table, _ = table_of(tmp_path, "covenant")
    assert table.submit(Act("knight", "end")).accepted
    assert phone_view(table, "knight", "en").rulings
    assert table.undo().rejection is None
    view = phone_view(table, "knight", "en")
    assert view.seq == 2 and view.rulings == [] and view.prompt is not None and view.prompt.mine
