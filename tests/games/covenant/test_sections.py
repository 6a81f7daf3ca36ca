"""The rulebook's own text in `sections.yaml`, shown by a tap on a citation ("§Combat"): the Arabic is
the original's, line for line; the English is the rendering's (rules/covenant.md) without markdown or notes."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest

from companion.games.covenant import data
from companion.games.covenant.schema import Names, Section

ORIGINAL = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "seeds" / "covenant.ar.txt"
# The original's top-level headings that no citation names: a cited section ends at one of these too.
UNCITED_HEADINGS = {"ابدأ هنا", "أنواع البطاقات", "لوحة البطل", "ملحق: بطاقات الغرف"}
LATIN = re.compile(r"\S*[A-Za-z]\S*")
STEP = re.compile(r"^\d+\. ", re.M)
NOTES = ("**", "`", "[missing", "GAPS.md", "not stated", "a ruling is needed")
ATTACK = "بطاقة القتال + النرد + مكافأة الهجوم"  # the rulebook's own sum in words (§Combat, step 3)
REWORDED = {
    "مثال: بطاقة القتال = 7، النرد = 4، مكافأة الهجوم = +1 = المجموع 12. ضد وحش قوته 9 فقد أصبت، الضرر = 12−9+2 = 5.":
        f"مثال: {ATTACK} = 7 + 4 + 1 = المجموع 12. ضد وحش قوته 9 فقد أصبت، الضرر = 12−9+2 = 5.",
    "2. فعل 2 — هجوم: يسحب بطاقة قتال (5)، يرمي النرد (3)، +1 مكافأة الهجوم = مجموع 9. قوة الغوبلن 7: إصابة، "
    "الضرر = 9−7+2 = 4. الغوبلن (5 حياة) يبقى بحياة واحدة.":
        f"2. فعل 2 — هجوم: يسحب بطاقة قتال (5) ويرمي النرد (3): {ATTACK} = 5 + 3 + 1 = مجموع 9. قوة الغوبلن 7: "
        "إصابة، الضرر = 9−7+2 = 4. الغوبلن (5 حياة) يبقى بحياة واحدة.",
    "3. فعل 3 — هجوم: يسحب بطاقة قتال (4)، يرمي النرد (2)، +1 = مجموع 7، ويساوي قوة الغوبلن (7): إصابة، الضرر = "
    "7−7+2 = 2. الغوبلن يموت؛ يسحب بطاقة غنيمة (جرعة).":
        f"3. فعل 3 — هجوم: يسحب بطاقة قتال (4) ويرمي النرد (2): {ATTACK} = 4 + 2 + 1 = مجموع 7، ويساوي قوة الغوبلن "
        "(7): إصابة، الضرر = 7−7+2 = 2. الغوبلن يموت؛ يسحب بطاقة غنيمة (جرعة).",
}
"""The original's worked examples that wrote a sum as a list with commas («بطاقة القتال = 7، النرد = 4، مكافأة
الهجوم = +1 = المجموع 12»), as the rule window shows them: drawn right to left, that list read "+1 = 12", a false
sum (the explorer, issue 21; docs/explorer.md). Each is the rulebook's sum in words equal to one calculation, in
the original's words; every other line is the original's as written."""


def sections() -> list[Section]:
    return list(data.load().sections.values())


def original_lines() -> list[str]:
    if not ORIGINAL.is_file():
        pytest.skip(f"the Arabic original is not beside the repository ({ORIGINAL})")
    return ORIGINAL.read_text(encoding="utf-8").split("\n")


def kept(lines: list[str]) -> list[str]:
    """The lines a section's text keeps: all but blank lines and the bare numbers that label a picture."""
    return [line for line in lines if line.strip() and not line.strip().isdigit()]


def differing(lines: list[str], cited: list[Section]) -> list[str]:
    """The sections whose Arabic text is not the original's lines from their heading (looked for in the file's
    order, so the list must follow the rulebook) to the next top-level heading, cited or not."""
    starts: list[int] = []
    for section in cited:
        after = starts[-1] + 1 if starts else 0
        if section.ar not in lines[after:]:
            return [f"{section.id}: heading «{section.ar}» not found after the previous section's"]
        starts.append(lines.index(section.ar, after))
    wrong = []
    for k, section in enumerate(cited):
        body = [REWORDED.get(line, line) for line in lines[starts[k] + 1:starts[k + 1] if k + 1 < len(starts)
                                                         else len(lines)]]
        end = next((i for i, line in enumerate(body) if line in UNCITED_HEADINGS), len(body))
        if section.text is None or kept(section.text.ar.split("\n")) != kept(body[:end]):
            wrong.append(section.id)
    return wrong


def markup_left(en: str) -> list[str]:
    """Markdown and the rendering's notes to implementers that a player should not see."""
    found = [mark for mark in NOTES if mark in en]
    return found + [line for line in en.split("\n") if line.startswith(("#", "- ", "* ", "  "))]


def with_arabic(section: Section, ar: str) -> Section:
    assert section.text is not None
    return msgspec.structs.replace(section, text=Names(en=section.text.en, ar=ar))


def test_every_section_carries_both_texts() -> None:
    cited = sections()
    assert len(cited) == 21
    for section in cited:
        assert section.text is not None, section.id
        assert section.text.en.strip() and section.text.ar.strip(), section.id


def test_the_arabic_is_the_original_under_its_heading_line_for_line() -> None:
    assert differing(original_lines(), sections()) == []


def test_a_changed_dropped_or_misplaced_arabic_line_is_caught() -> None:
    lines = original_lines()
    cited = sections()
    combat = cited[6]
    assert combat.id == "§Combat" and combat.text is not None
    text = combat.text.ar
    changed = [with_arabic(combat, text.replace("السداسي", "السداسى", 1))]
    dropped = [with_arabic(combat, text.replace("2. ارمِ النرد السداسي.\n", "", 1))]
    components_rule = next(line for line in lines if line.startswith("عند نفاد أي رزمة"))
    moved = [with_arabic(combat, text + "\n\n" + components_rule)]
    for swap in (changed, dropped, moved):
        assert differing(lines, cited[:6] + swap + cited[7:]) == ["§Combat"]
    assert differing(lines, cited[7:8] + cited[6:7])[0].startswith("§Combat: heading «القتال» not found")


def test_the_arabic_has_no_latin_letters_the_original_lacks() -> None:
    allowed = set(LATIN.findall(ORIGINAL.read_text(encoding="utf-8"))) if ORIGINAL.is_file() else set()
    for section in sections():
        assert section.text is not None
        assert set(LATIN.findall(section.text.ar)) <= allowed, section.id


def test_the_english_is_plain_text_without_the_renderings_notes() -> None:
    for section in sections():
        assert section.text is not None
        assert markup_left(section.text.en) == [], section.id
    note = "- **Elite**: effects [missing in the text]"
    assert markup_left(note) == ["**", "[missing", note]


def test_numbered_steps_match_between_the_languages() -> None:
    """Setup, combat, the worked turn and the board change are numbered lists in both texts, step for step."""
    numbered = []
    for section in sections():
        assert section.text is not None
        steps = STEP.findall(section.text.en)
        assert len(steps) == len(STEP.findall(section.text.ar)), section.id
        if steps:
            numbered.append(section.id)
    assert numbered == ["§Setup", "§Combat", "§A full turn, worked", "§Moving to the next board"]
