"""Each check of the screen explorer (tests/ui/explore_checks.py) fails on a screen built by hand the way
issue 21 saw the app draw it, and passes on the same screen drawn right."""

from __future__ import annotations

import re
from pathlib import Path

from explore_checks import (
    CARD_TERMS,
    Box,
    Screen,
    Tap,
    confirm_complete,
    end_asks,
    end_not_under_finger,
    english_reads,
    every_game_resumable,
    input_accepted,
    no_data_names,
    outcome_told,
    resume_buttons,
    tap_took,
    targets_apart,
    targets_reachable,
    text_apart,
    text_whole,
    translated,
)

from companion.ui.rulebook import rule_texts, sections

WINDOW = (0.0, 0.0, 800.0, 480.0)


def button(wid: int, text: str, rect: tuple[float, float, float, float], **kw: object) -> Box:
    return Box(wid, "button", text, rect, WINDOW, ink=rect, **kw)  # type: ignore[arg-type]


Rect = tuple[float, float, float, float]


def text(wid: int, words: str, rect: Rect, ink: Rect | None = None, **kw: object) -> Box:
    return Box(wid, "label", words, rect, WINDOW, ink=ink or rect, **kw)  # type: ignore[arg-type]


def screen(*boxes: Box, lang: str = "en", ends: frozenset[str] = frozenset()) -> Screen:
    return Screen("table", lang, (800.0, 480.0), boxes, ends)


def test_buttons_drawn_over_each_other_are_found() -> None:
    """Finding 1: "Drink a potion" slid under End turn after a message wrapped to three lines."""
    drink, end = button(1, "اشرب جرعة", (500, 10, 140, 56)), button(2, "أنهِ الدور", (500, 30, 280, 56))
    assert targets_apart(screen(drink, end))
    assert not targets_apart(screen(drink, button(2, "أنهِ الدور", (500, 70, 280, 56))))


def test_a_button_in_a_scroll_view_only_counts_where_it_is_seen() -> None:
    hidden = Box(1, "button", "4", (10, 500, 100, 56), (0, 100, 800, 300), ink=(10, 500, 100, 56), scrolled=True)
    assert not targets_apart(screen(hidden, button(2, "Let the app roll", (10, 500, 100, 56))))


def test_a_target_off_the_screen_or_too_small_is_found() -> None:
    assert targets_reachable(screen(button(1, "Drink a potion", (92, -30, 110, 56))))
    assert targets_reachable(screen(Box(1, "link", "Rule §Setup", (10, 10, 386, 28), WINDOW)))
    assert not targets_reachable(screen(button(1, "Drink a potion", (92, 30, 110, 56))))
    assert not targets_reachable(screen(button(1, "off", (92, -30, 10, 5), enabled=False)))


def test_text_cut_by_its_widget_or_the_screen_is_found() -> None:
    """Finding 1: "افتح صندوقًا" overflows its button; finding 6: the result's first line cut."""
    assert text_whole(screen(text(1, "افتح صندوقًا", (10, 10, 126, 56), ink=(10, 0, 126, 86))))
    assert text_whole(screen(text(1, "Result", (10, 10, 126, 56), ink=(10, 450, 126, 56))))
    assert text_whole(screen(text(1, "Dice tray", (10, 10, 126, 56), sticks_out="BoxLayout")))
    assert not text_whole(screen(text(1, "افتح صندوقًا", (10, 10, 126, 56))))


def test_text_drawn_over_another_widgets_is_found() -> None:
    """Finding 7: the room's letter drawn over its type ("Combat" read as "ombat"); finding 1: the Undo
    footer over the board's legend."""
    letter, kind = text(1, "B", (10, 10, 20, 20)), text(2, "Combat", (15, 10, 80, 20))
    assert text_apart(screen(letter, kind))
    assert text_apart(screen(text(1, "Undo", (10, 10, 100, 20)), Box(3, "board", "", (0, 0, 400, 300), WINDOW)))
    assert not text_apart(screen(letter, text(2, "Combat", (40, 10, 80, 20))))
    inner = text(2, "Combat", (15, 10, 80, 20), ancestors=frozenset({3}))
    assert not text_apart(screen(inner, Box(3, "button", "", (0, 0, 400, 300), WINDOW)))


def test_english_on_a_translated_screen_is_found_but_not_a_rulings_code() -> None:
    """Finding 7: "Выпала: d1=goblin." on a Belarusian screen, "Boulder b2" in Arabic."""
    assert translated(screen(text(1, "Выпала: d1=goblin.", WINDOW), lang="be"))
    assert translated(screen(text(1, "Boulder b2 يتدحرج", WINDOW), lang="ar"))
    assert not translated(screen(text(1, "الحكم R-STORE-1: الغرفة B", WINDOW), lang="ar"))
    assert not translated(screen(text(1, "English", WINDOW), lang="be"))
    assert not translated(screen(text(1, "Выпала: d1=goblin.", WINDOW), lang="en"))


def test_a_cards_term_the_arabic_sheet_keeps_in_latin_is_no_english_on_the_screen() -> None:
    """The Arabic original of Descent's sheet writes Swarm and Undying as the cards print them (p. 5, p. 6); no other
    English word is let through with them."""
    sheet = Path(__file__).resolve().parents[3] / "shared/rules/seeds/descent-well-of-darkness.ar.txt"
    original = sheet.read_text(encoding="utf-8")
    assert all(re.search(rf"(?<![A-Za-z]){term}(?![A-Za-z])", original) for term in CARD_TERMS)
    assert not translated(screen(text(1, "(متجاهلةً الجروح والدروع وUndying)", WINDOW), lang="ar"))
    assert translated(screen(text(1, "(متجاهلةً الجروح والدروع وUndead)", WINDOW), lang="ar"))


def test_a_data_name_in_a_sentence_is_found() -> None:
    for line in ("Thrown: d1=goblin.", "Treasure vorpal-sword-2", "the setup's overlord_hand"):
        assert no_data_names(screen(text(1, line, WINDOW))), line
    for line in ("Right-hand door", "R-DR-17", "Vorpal Sword", "3 − 2 = 1"):
        assert not no_data_names(screen(text(1, line, WINDOW))), line


def test_no_rule_or_ruling_a_citation_opens_holds_a_data_name() -> None:
    """The long run found `phase-2` in §Shard guardians: the rule window shows the rulebook's words ("the phase 2
    card", as its other lines write it), in every language, so every text a citation may open is checked here."""
    for rule, named in rule_texts(sections()).items():
        for lang, words in named.items():
            assert not no_data_names(screen(text(1, words, WINDOW), lang=lang)), (rule, lang)


def test_english_that_reads_wrong_is_found() -> None:
    """Finding 7: "a elite room", "A elite Goblin", a sentence starting "elite Goblin…"."""
    for line in ("The Broken Armoury: a elite room.", "A elite Goblin appears.", "elite Goblin attacks."):
        assert english_reads(screen(text(1, line, WINDOW))), line
    assert not english_reads(screen(text(1, "An elite Goblin appears in a room.", WINDOW)))
    assert not english_reads(screen(text(1, "Turn over the marker on room A and lay it on the reader.", WINDOW)))
    assert not english_reads(screen(text(1, "a elite room", WINDOW), lang="ar"))


def tap(**kw: object) -> Tap:
    fields: dict[str, object] = {"point": (10.0, 10.0), "text": "Next", "screen": "table", "before": "a", "after": "b"}
    return Tap(**{**fields, **kw})  # type: ignore[arg-type]


def test_a_dropped_tap_is_found() -> None:
    """Finding 4: the first tap on a dungeon die after a party die was ignored."""
    assert tap_took(tap(after="a"))
    assert not tap_took(tap(after="a", taken=1))
    assert not tap_took(tap())


def test_a_burst_that_went_somewhere_and_came_back_took_and_one_that_never_moved_is_found() -> None:
    """The long run: three quick taps on Attack opened its targets, chose the one under the finger and tapped
    the odds' Back there, ending where they began ("a" again), read as dropped."""
    assert not tap_took(tap(text="Attack", after="a", between=("targets", "odds")))
    assert tap_took(tap(text="Attack", after="a", between=("a", "a")))


def test_a_refused_input_and_a_half_chosen_confirm_are_found() -> None:
    """Finding 3: Confirm enabled before any graveyard die is picked."""
    assert input_accepted(tap(refused=("Act(quaff): no-potion",)))
    assert not input_accepted(tap())
    assert confirm_complete(tap(text="Confirm", composed_empty=("revive",)))
    assert not confirm_complete(tap(text="Confirm"))


def test_ending_a_turn_with_actions_left_without_asking_is_found() -> None:
    """Finding 2: a turn ended with 4 actions left."""
    assert end_asks(tap(text="End turn", ends_turn=True, actions_left=4, taken=1))
    assert not end_asks(tap(text="End turn", ends_turn=True, actions_left=4, taken=0))
    assert not end_asks(tap(text="End turn", ends_turn=True, actions_left=0, taken=1))


def test_end_turn_coming_up_under_the_finger_is_found() -> None:
    """Finding 2: Next and End turn share one spot; quick taps through the steps end the turn."""
    before = screen(button(1, "Next", (500, 10, 280, 56)))
    after = screen(button(2, "End turn", (500, 10, 280, 56)), ends=frozenset({"End turn"}))
    assert end_not_under_finger(before, tap(point=(600.0, 30.0)), after)
    elsewhere = screen(button(2, "End turn", (500, 100, 280, 56)), ends=frozenset({"End turn"}))
    assert not end_not_under_finger(before, tap(point=(600.0, 30.0)), elsewhere)
    again = screen(button(1, "End turn", (500, 10, 280, 56)), ends=frozenset({"End turn"}))
    assert not end_not_under_finger(again, tap(point=(600.0, 30.0), text="End turn"), after)


def test_an_unfinished_game_not_offered_or_named_wrong_is_found() -> None:
    """Finding 5: the Covenant game not offered after Dungeon Roll started; "Resume:" for Descent; "Resume:
    Knight" after the hero became Dragonslayer."""
    assert every_game_resumable([["Knight", "Rogue"], ["Dragonslayer"]], ["Resume: Dragonslayer"])
    assert every_game_resumable([["Dragonslayer"]], ["Resume: Knight"])
    assert every_game_resumable([[]], ["Resume:"])
    assert not every_game_resumable([["Knight", "Rogue"], ["Dragonslayer"]],
                                    ["Resume: Knight, Rogue", "Resume: Dragonslayer"])


def test_an_outcome_under_a_window_a_quick_tap_opened_is_told_and_one_on_neither_still_found() -> None:
    """The long run: "Overlord's turn" tapped three times, the second tap on a rule's citation; its window
    covered the results, which the screen under it showed."""
    begun = tap(text="Overlord's turn", said=("The overlord's turn begins: 0 boulders roll first.",))
    window = screen(text(1, "Rule R-DW-12: the boulders roll first.", (10, 10, 700, 300)))
    under = screen(text(2, "The overlord's turn begins: 0 boulders roll first.", (10, 10, 400, 56)))
    assert outcome_told(begun, window)
    assert not outcome_told(begun, window, under)
    assert outcome_told(begun, window, screen(button(3, "Attack", (10, 10, 200, 56))))


def test_an_arabic_resume_button_is_read_as_one_and_a_missing_one_still_found() -> None:
    """The long run: the Arabic home offered "متابعة ديسنت: البطل 1", read as no resume button at all (its
    "Resume {game}" with no game ends in the field's direction marks, which the button's text has elsewhere)."""
    resume = "متابعة \u200e\u200e"  # the Arabic "Resume {game}" with game=""
    home = ["Беларуская", "English", "ديسنت", "لعبة جديدة", "متابعة ديسنت: البطل 1", "الإعدادات"]
    assert not [t for t in home if t.startswith(resume.strip())]  # as the explorer read it before
    assert resume_buttons(home, resume) == ["متابعة ديسنت: البطل 1"]
    assert not every_game_resumable([["البطل 1"]], resume_buttons(home, resume))
    without = [t for t in home if not t.startswith("متابعة")]
    assert every_game_resumable([["البطل 1"]], resume_buttons(without, resume))
    assert resume_buttons(["Resume Descent: Hero 1", "Settings"], "Resume ") == ["Resume Descent: Hero 1"]


def test_an_outcome_said_only_in_the_log_is_found() -> None:
    """Finding 6: Dungeon Roll's retire jumps to the next delve with no delve score on the screen."""
    retired = tap(text="Retire to the tavern", said=("Delve 1 scores 3 experience.", "Delve 2 begins."))
    assert outcome_told(retired, screen(button(1, "Let the app roll", (10, 10, 200, 56))))
    assert not outcome_told(retired, screen(text(1, "Delve 1 scores 3 experience.", (10, 10, 400, 56))))
    assert not outcome_told(tap(), screen())
