"""The drawn-text checks (tests/ui/drawn.py) catch what a reader would: each is shown failing on a line as
the screens drew it before issue 15, and passing on the same line drawn right."""

from __future__ import annotations

from collections.abc import Sequence

from drawn import (
    Drawn,
    brackets_balanced,
    cyrillic_in_order,
    diacritics_kept,
    glyphs_present,
    in_font,
    lines_fit,
    no_raw_ids,
    nothing_orphaned,
    problems,
    sums_true,
)

from companion.ui.bidi import display_paragraphs
from companion.ui.fonts import FONTS


def mono(text: str) -> float:
    return 10.0 * len(text)


def drawn(logical: str, paragraphs: Sequence[Sequence[str]], rtl: bool = True, width: float = 1000.0) -> Drawn:
    return Drawn(logical, paragraphs, width, rtl, mono, lambda ch: ch != "\u0602")


def laid_out(logical: str, width: float = 1000.0, rtl: bool = True) -> Drawn:
    return drawn(logical, display_paragraphs(logical, width, mono, rtl), rtl, width)


def test_dropped_diacritics_are_found() -> None:
    assert diacritics_kept(drawn("افتح بابًا", [["ابﺎﺑ ﺢﺘﻓﺍ"]]))
    assert not diacritics_kept(drawn("افتح بابًا", [["اًبﺎﺑ ﺢﺘﻓﺍ"]]))


def test_a_raw_id_in_a_sentence_is_found() -> None:
    for line in ("أعد الفارس إلى t7.", "to room3", "z1-event-1 is", "m4", "board b1"):
        assert no_raw_ids(drawn(line, [[line]])), line
    for line in ("a plain d6", "15 HP", "+12", "Noto", "R-STORE-1"):
        assert not no_raw_ids(drawn(line, [[line]])), line


def test_a_number_or_separator_at_a_wrap_is_found_but_not_at_a_paragraphs_ends() -> None:
    wrapped = drawn("", [["Round 1 · Exiled Knight: 4", "actions · falls 5/6"]], rtl=False)
    assert nothing_orphaned(wrapped)
    assert nothing_orphaned(drawn("", [["Chance to hit: 89% ·", "expected damage: 5.0"]], rtl=False))
    # In Arabic the break is at the left of the first line and the right of the second.
    assert nothing_orphaned(drawn("", [["4 :ﻲﻔﻨﻤﻟﺍ ﺱﺭﺎﻔﻟﺍ", "ﻝﺎﻌﻓﺃ"]]))
    assert not nothing_orphaned(drawn("", [["Round 1 · Exiled", "Knight: 4 actions"]], rtl=False))
    assert not nothing_orphaned(drawn("", [["ﻝﺎﻌﻓﺃ 4 :ﻲﻔﻨﻤﻟﺍ ﺱﺭﺎﻔﻟﺍ", "5/6 ﺕﺎﻄﻘﺴﻟﺍ"]]))


def test_brackets_are_read_in_the_paragraphs_direction() -> None:
    assert not brackets_balanced(laid_out("جولتان (أصعب)"))
    assert brackets_balanced(drawn("جولتان (أصعب)", [[")بعصأ( ناتلوج"]]))
    # Wrapped Arabic: the bracket opened at the right of one line closes at the left of the next.
    assert not brackets_balanced(laid_out("تحرك الفارس مسافة 1 (1 من 8 في هذا الدور).", width=200))
    assert brackets_balanced(drawn("", [["(a b", "c"]], rtl=False))


def test_a_sum_that_reads_false_left_to_right_is_found() -> None:
    assert sums_true(drawn("", [["11 = 2 + 7 − 16"]]))
    assert sums_true(drawn("", [["16 ≤ 7"]]))
    assert not sums_true(laid_out("10 + 5 + 1 = 16 ≥ 7: إصابة! 16 − 7 + 2 = 11"))
    # Descent's arithmetic names its sums ("damage 4 + 1 = 5"): no sum starts inside one; a false one still shows.
    assert not sums_true(drawn("", [["Hero 1: damage 4 + 1 = 5 − armour 1 = 4 wounds."]]))
    assert sums_true(drawn("", [["Hero 1: 4 + 1 = 6"]]))


def test_a_character_without_a_glyph_is_found() -> None:
    assert glyphs_present(drawn("", [["؂"]]))
    assert in_font(FONTS[("arabic", False)], "ب") and not in_font(FONTS[("arabic", False)], "(")


def test_a_line_wider_than_its_widget_is_found() -> None:
    assert lines_fit(drawn("", [["x" * 11]], width=100))
    assert not problems(laid_out("وصل الفارس إلى القاعة 7 وفتح الصندوق فوجد 12 قطعة ذهبية", width=200))


def test_belarusian_drawn_reversed_or_out_of_order_is_found() -> None:
    """Issue 11: Belarusian is left to right, its words drawn as written and in the order written. Kivy's
    own right-to-left shaping reverses a Latin or Cyrillic run (field notes: NFC -> CFN); a line wrapped
    after reordering puts words out of order. Either is found, in either paragraph direction."""
    text = "Раўнд 1 · Выгнаны рыцар: 3 дзеяньні · сям’я"
    assert not cyrillic_in_order(laid_out(text, rtl=False))
    assert not problems(laid_out(text, width=120, rtl=False))
    assert cyrillic_in_order(drawn(text, [["Раўнд 1 · рыцар Выгнаны: 3 дзеяньні · сям’я"]], rtl=False))
    assert cyrillic_in_order(drawn(text, [["Раўнд 1 · Выгнаны рыцар: 3 іньняеяздз · сям’я"]], rtl=False))
    assert cyrillic_in_order(drawn("Беларуская", [["ақсуралеБ"]], rtl=True))
    assert not cyrillic_in_order(drawn("Беларуская", [["Беларуская"]], rtl=True))


def test_the_latin_font_draws_belarusian() -> None:
    """Noto Sans, the font of every run that is not Arabic or maths, has Belarusian's own letters."""
    from companion.ui.fonts import script_of

    for ch in "ЎўІіЁё’АБВабв":
        assert script_of(ch) == "latin" and in_font(FONTS[("latin", False)], ch), ch
        assert in_font(FONTS[("latin", True)], ch), ch


def test_a_dash_between_clauses_never_starts_or_ends_a_line() -> None:
    """Belarusian sets a dash where English has a verb; wrapped, it stays between its two words."""
    text = "Дзьве карты кожнага ахоўніка каля яго залі, карту Дэмана — пад карты Чорнай Сьвятой"
    for width in range(150, 900, 10):
        assert not nothing_orphaned(laid_out(text, width=width, rtl=False)), width
