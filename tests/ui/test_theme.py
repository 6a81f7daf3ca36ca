"""Sizes and texts every screen is built with."""

from __future__ import annotations

from companion.core.messages import Msg
from companion.ui.theme import MIN_TOUCH_MM, MM_PER_PX_7IN, Ui


def test_sizes_scale_with_the_window_and_touch_targets_stay_above_9_mm() -> None:
    small, wide = Ui.for_window("ar", 800, 480), Ui.for_window("ar", 1920, 1080)
    assert small.scale == 1.0 and wide.scale == 2.25
    assert small.touch * MM_PER_PX_7IN >= MIN_TOUCH_MM
    assert wide.touch == 126 and wide.font("body") == 54
    assert small.line("body") <= small.touch  # one line of Arabic body text fits a button


def test_texts_in_both_languages_and_names_from_the_data() -> None:
    ar, en = Ui("ar"), Ui("en")
    assert ar.t("New game") == "لعبة جديدة" and en.t("New game") == "New game"
    assert ar.text({"en": "Goblin", "ar": "غول صغير"}) == "غول صغير"
    assert ar.text({"en": "Goblin"}) == "Goblin"


def test_a_latin_value_is_held_together_inside_arabic() -> None:
    text = Ui("ar").t("Rule {rule}", rule="R-STORE-1")
    assert text == "الحكم \u200eR-STORE-1\u200e"
    assert Ui("en").t("Rule {rule}", rule="R-STORE-1") == "Rule R-STORE-1"


def test_a_citation_reads_as_the_rulebook_and_the_rulings_file_cite() -> None:
    """Issue 15, finding 4: "القاعدة §دورك" glued a sign that is not Arabic to the title, and a ruling
    read "القاعدة R-…" where the Arabic rulings file says حكم."""
    from companion.ui.rulebook import cite

    assert Ui("ar").text(cite("§Your turn")) == "انظر «دورك»"
    assert Ui("en").text(cite("§Your turn")) == "Rule §Your turn"
    assert Ui("ar").text(cite("R-STORE-1")) == "الحكم \u200eR-STORE-1\u200e"


def test_a_message_missing_a_field_falls_back_instead_of_crashing() -> None:
    assert Ui("ar").text(Msg("Rule {rule}")) == "Rule {rule}"
    assert Ui("ar").text(Msg("{who}: choose", {"who": "x"})) == "x: اختر"


def test_belarusian_reads_left_to_right_in_its_own_words() -> None:
    """Issue 11: Belarusian is the third language of the whole app; only Arabic is right to left."""
    be = Ui("be")
    assert not be.rtl and Ui("ar").rtl and not Ui("en").rtl
    assert be.t("New game") == "Новая гульня"
    assert be.t("Rule {rule}", rule="R-STORE-1") == "Рашэньне R-STORE-1"  # no direction marks in a LTR line
    assert be.text({"en": "Goblin", "ar": "غول صغير", "be": "Гоблін"}) == "Гоблін"
    assert be.text({"en": "Goblin", "ar": "غول صغير"}) == "Goblin"
    assert be.text(Msg("A text no catalogue has")) == "A text no catalogue has"
