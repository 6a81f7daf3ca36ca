"""The Arabic text layout: shaping, logical-order wrapping, per-line reordering, font runs."""

from __future__ import annotations

import os
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.ui.bidi import display_lines, has_rtl, keep_ltr, shape, wrap_logical
from companion.ui.fonts import markup, runs


def plain(lines: list[str]) -> list[str]:
    """Lines with their no-break spaces (numbers bound to their words) read as spaces."""
    return [line.replace("\u00a0", " ") for line in lines]


def mono(text: str) -> float:
    """Every character 10 units wide: a monospaced stand-in for a font's measurements."""
    return 10.0 * len(text)


def visual(word: str) -> str:
    """How an Arabic word looks once laid out left to right: its joined forms, last letter first."""
    return shape(word)[::-1]


def test_a_single_arabic_line_reads_right_to_left_with_its_number_intact() -> None:
    [line] = plain(display_lines("الجولة 12 تبدأ", 1000, mono, rtl=True))
    assert line == f"{visual('تبدأ')} 12 {visual('الجولة')}"


def test_letters_are_joined_into_their_contextual_forms() -> None:
    shaped = shape("سيف")
    assert shaped != "سيف"
    assert all(0xFE70 <= ord(ch) <= 0xFEFF for ch in shaped)
    assert not has_rtl("Knight 12") and has_rtl("Knight سيف")


def test_latin_names_and_multi_digit_numbers_are_never_reversed() -> None:
    [line] = plain(display_lines("هاجم Exiled Knight الغول Goblin بقوة 215 ثم 3", 2000, mono, rtl=True))
    for run in ("Exiled Knight", "Goblin", "215"):
        assert run in line
    assert "thginK" not in line and "512" not in line
    # The first word read (هاجم) sits at the right end, the last (3) at the left.
    assert line.endswith(visual("هاجم")) and line.startswith("3 ")


def test_wrapped_lines_come_in_reading_order_and_each_fits() -> None:
    text = "وصل الفارس Knight إلى القاعة 7 وفتح الصندوق فوجد 12 قطعة ذهبية ثم رمى نرد الكنز مرتين"
    width = 200.0
    lines = display_lines(text, width, mono, rtl=True)
    assert len(lines) >= 4
    assert all(mono(line) <= width for line in lines)
    assert lines[0].endswith(visual("وصل"))
    assert lines[-1].startswith(visual("مرتين"))
    joined = " ".join(plain(lines))
    for run in ("Knight", " 7 ", "12"):
        assert run in joined
    # Every word appears once, on the line where logical wrapping put it.
    logical = wrap_logical(shape(text), width, mono)
    assert [len(line.split()) for line in logical] == [len(line.split()) for line in lines]


def test_brackets_in_arabic_are_mirrored_to_enclose_their_words() -> None:
    [line] = display_lines("جولتان (أصعب)", 1000, mono, rtl=True)
    assert line == f"({visual('أصعب')}) {visual('جولتان')}"
    [line] = plain(display_lines("النرد (6 أوجه)", 1000, mono, rtl=True))
    assert line == f"({visual('أوجه')} 6) {visual('النرد')}"


def test_a_path_inside_arabic_keeps_its_leading_slash_when_marked() -> None:
    [bare] = display_lines("المنفذ /dev/dicetray", 1000, mono, rtl=True)
    assert bare.startswith("dev/dicetray/")  # what the bidi algorithm does to an unmarked path
    [kept] = display_lines(f"المنفذ {keep_ltr('/dev/dicetray')} الآن", 1000, mono, rtl=True)
    assert kept == f"{visual('الآن')} /dev/dicetray {visual('المنفذ')}"
    assert keep_ltr("سيف") == "سيف"


def test_english_is_wrapped_and_left_untouched() -> None:
    lines = plain(display_lines("Roll the trap die (6 faces) for the Knight", 120, mono, rtl=False))
    assert lines == ["Roll the", "trap die", "(6 faces)", "for the", "Knight"]


def test_english_text_inside_the_arabic_ui_keeps_its_order() -> None:
    assert plain(display_lines("Next: NFC 3", 500, mono, rtl=True)) == ["Next: NFC 3"]


def test_no_break_spaces_keep_an_equation_on_one_line() -> None:
    nbsp = "\u00a0"
    equation = nbsp.join(["12", "−", "9", "+", "2", "=", "5"])
    lines = wrap_logical(f"damage {equation} now", 150, mono)
    assert lines == ["damage", equation, "now"]


def test_newlines_start_new_lines_and_an_overlong_word_is_never_cut_inside() -> None:
    assert wrap_logical("abc\n\ndefghijkl", 40, mono) == ["abc", "", "defghijkl"]
    assert wrap_logical("", 40, mono) == [""]


def test_a_compound_too_wide_for_its_line_breaks_after_its_hyphen_only() -> None:
    """The explorer saw «Шкілет-лучнік (6 ПЖ)» drawn as «Шкілет-лучні | к»: a word cut between letters.
    Lines break at spaces or after a hyphen, never inside a word."""
    assert plain(display_lines("Шкілет-лучнік (6 ПЖ)", 70, mono, rtl=False)) == ["Шкілет-", "лучнік", "(6 ПЖ)"]
    assert wrap_logical("Шкілет-лучнік", 130, mono) == ["Шкілет-лучнік"]
    for width in range(10, 140, 10):
        lines = wrap_logical("Шкілет-лучнік ходзіць", width, mono)
        assert all(line in ("Шкілет-", "лучнік", "Шкілет-лучнік", "ходзіць") for line in lines), (width, lines)


def test_font_runs_give_each_script_its_font() -> None:
    assert runs("مرحبا Knight 12 ≥ 9") == [("arabic", "مرحبا "), ("latin", "Knight 12 "),
                                           ("math", "≥ "), ("latin", "9")]
    assert runs("، ؟") == [("arabic", "، ؟")]
    drawn = markup("[x] & y", bold=False)
    assert "&bl;x&br; &amp; y" in drawn and "NotoSans-Regular" in drawn


ARABIC_WORDS = ["الفارس", "الساحرة", "اللص", "يهاجم", "الغول", "بقوة", "ضرر", "الجولة", "لا", "سلاح"]
LATIN_WORDS = ["Knight", "Goblin", "NFC", "Troll"]
NUMBERS = ["3", "12", "215", "2026"]

words = st.lists(st.sampled_from(ARABIC_WORDS + LATIN_WORDS + NUMBERS), min_size=1, max_size=30)


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "150")), deadline=None)
@given(words, st.integers(min_value=80, max_value=600))
def test_property_wrapping_loses_nothing_and_keeps_runs_whole(chosen: list[str], width: int) -> None:
    text = " ".join(chosen)
    logical = wrap_logical(shape(text), width, mono)
    assert " ".join(logical).split() == shape(text).split()
    assert all(mono(line) <= width for line in logical)
    for line in display_lines(text, width, mono, rtl=True):
        tokens = line.split()
        for token in tokens:
            if token.isascii():
                assert token in LATIN_WORDS + NUMBERS


def test_arithmetic_in_arabic_keeps_its_order_and_its_comparison() -> None:
    """A hit line read right to left: the sums stay left to right, "≥" is not mirrored into "≤", and the
    damage after the arrow follows the sum instead of jumping before it."""
    from companion.ui.bidi import display_lines

    line = "10 + 5 + 1 = 16 ≥ 7: إصابة! 16 − 7 + 2 ← 11 ضرر"
    [shown] = display_lines(line, 10_000, len, True)
    assert "10 + 5 + 1 = 16 ≥ 7".replace(" ", "\u00a0") in shown
    assert "≤" not in shown
    assert shown.index("11") < shown.index("16\u00a0−\u00a07")
    [english] = plain(display_lines("7 + 4 + 1 = 12 ≥ 9: hit!", 10_000, len, False))
    assert english == "7 + 4 + 1 = 12 ≥ 9: hit!"


def test_diacritics_are_kept_each_after_its_letter_in_visual_order() -> None:
    """Issue 15, finding 1: reshaping deleted them ("افتح بابًا", open a door, drawn "افتح بابا")."""
    [line] = display_lines("افتح بابًا", 1000, mono, rtl=True)
    assert "\u064b" in line
    # Drawn left to right, a mark lands on the glyph before it: the medial beh, not the alef.
    assert line[line.index("\u064b") - 1] == shape("بب")[0]
    [shadda] = display_lines("عدّل", 1000, mono, rtl=True)
    assert shadda[shadda.index("\u0651") - 1] in ("\ufeaa", "\ufea9")


def test_a_number_stays_on_the_line_of_its_noun() -> None:
    """Issue 15, finding 3: "الفارس المنفي: 4" / "أفعال" wrapped the count away from its noun."""
    logical = "الجولة 1، الفارس المنفي: 4 أفعال، السقطات 5/6"
    width = mono("الجولة 1، الفارس المنفي: 4") + 5
    lines = plain(display_lines(logical, width, mono, rtl=True))
    assert any(f"{visual('أفعال')} 4" in line for line in lines), lines
    english = plain(display_lines("Round 1 · Exiled Knight: 4 actions · falls 5/6", 265, mono, rtl=False))
    assert all(not line.endswith(("4", "·")) and not line.startswith("·") for line in english), english


def test_a_count_by_its_multiplier_stays_with_its_noun() -> None:
    """A hero card's "الشظايا ×0" wrapped its "×0" alone onto the next line (seen by the drawn-text check)."""
    logical = "الذهب 3؛ الجرعات: جرعة الصحة ×1؛ الشظايا ×0"
    width = mono("الذهب 3؛ الجرعات: جرعة الصحة ×1؛ الشظايا") + 5
    lines = plain(display_lines(logical, width, mono, rtl=True))
    assert all(line.split() != ["0×"] for line in lines) and any(line.startswith("0×") for line in lines), lines


def test_latin_and_digit_runs_of_an_arabic_line_share_its_baseline() -> None:
    """Issue 15, finding 3: Kivy places each run by its font's height, so a Latin run beside the taller
    Arabic font sat low ("+12" looked subscripted). Every font of a right-to-left line has the Arabic
    font's ascent and descent."""
    from fontTools.ttLib import TTFont

    line = display_lines("الصحة 14 (+12) ≥ 3 NFC", 10_000, mono, rtl=True)[0]
    fonts = set(re.findall(r"\[font=([^\]]+)\]", markup(line, bold=False, rtl=True)))
    assert len(fonts) == 3
    metrics = set()
    for font in fonts:
        with TTFont(font, lazy=True) as tt:
            metrics.add((tt["hhea"].ascent, tt["hhea"].descent))
    assert len(metrics) == 1, metrics


def test_a_quotient_and_a_signed_adjustment_stay_left_to_right_in_arabic() -> None:
    """Issue 22: in a right-to-left paragraph ÷ and = are neutrals, so "6 ÷ 2 = 3" was drawn "2 = 3 ÷ 6"
    (read right to left: 6 ÷ 3 = 2), and "+1" came out "1+"."""
    [line] = plain(display_lines("الخيانة: 6 ÷ 2 = 3 بطاقات، والمهارة +1 ثم 2 − 3 = −1", 10_000, mono, rtl=True))
    for run in ("6 ÷ 2 = 3", "+1", "2 − 3 = −1"):
        assert run in line, line
    assert "2 = 3 ÷ 6" not in line and "1+" not in line


def test_a_calculation_is_never_cut_by_a_wrap() -> None:
    """A bound group too wide for its line is cut at its no-break spaces, but not inside a calculation: cut
    there, "1 ÷" ended one line and "2 = 0" started the next (and in Arabic each half was reordered alone)."""
    text = "Treachery left: 0 + 1 + 0 = 1; 1 ÷ 2 = 0 extra cards"
    for rtl in (False, True):
        for width in range(200, 400, 10):  # each calculation fits a line (with its marks)
            lines = plain(display_lines(text, width, mono, rtl=rtl))
            for run in ("0 + 1 + 0 = 1", "1 ÷ 2 = 0"):
                assert any(run in line for line in lines), (width, lines)


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "150")), deadline=None)
@given(st.text(), st.integers(min_value=1, max_value=600), st.booleans())
def test_fuzz_any_text_is_laid_out(text: str, width: int, rtl: bool) -> None:
    """Issue 24 finding 8: an isolate (U+2066–2069) in any text raised AssertionError('LRI not allowed here')."""
    lines = display_lines(text, width, mono, rtl)
    assert not set("\u2066\u2067\u2068\u2069") & set("".join(lines))


def test_isolates_are_dropped_not_raised() -> None:
    assert display_lines("Ghoul \u2066X\u2069 \u2067", 10_000, mono, rtl=True) == ["Ghoul X"]
