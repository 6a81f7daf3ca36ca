"""What a reader sees: checks on the visual lines a label hands to Kivy (after shaping and reordering),
one label at a time. Each check returns the problems it found, as sentences; the UI harness runs them on
every label of every screen at each screenshot point, and `test_drawn.py` shows each one failing.

A label is its logical text (as written), its paragraphs of visual lines (as drawn, left to right), the
width those lines must fit, whether it reads right to left, and the measure and glyph test of its fonts.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

HARAKAT = frozenset(chr(c) for c in range(0x064B, 0x0653)) | {"\u0670"}
RAW_ID = re.compile(r"(?<![\w-])(?:t\d+|m\d+|b\d+|room\d+|slot\d+|z\d+-[a-z]+-\d+|[a-z]+_[a-z_]+)(?![\w-])")
"""A game id as the data files spell it: spaces (t7, m4, room2), boards (b1), markers (z1-event-1)."""
SEPARATORS = frozenset("·،؛:;,.-–—/|")
NUMBER = re.compile(r"^[+−×-]?\d+(?:[.,/]\d+)*[%٪]?$|^\d+(?:[.,/]\d+)*[%٪]?×$")
PAIRS = {"(": ")", "[": "]", "«": "»", "{": "}"}
# A sum starts at a number that no word names ("bonus 1 = 16" is the end of a longer sum, not one) and no
# operator joins to the number before it ("damage 4 + 1 = 5": the sum is 4 + 1, named by its word; "6 ÷ 2 = 3"
# is a quotient, not the sum "2 = 3").
_SUM = re.compile(r"(?<![\d.])(?<![^\W\d_]\s)(?<![+−÷×]\s)(?<![+−÷×])"
                  r"(\d+(?:\s*[+−]\s*\d+)*)\s*=\s*(\d+(?:\s*[+−]\s*\d+)*)(?![\d.])")
_COMPARE = re.compile(r"(\d+)\s*([≥≤<>])\s*(\d+)")


@dataclass(frozen=True)
class Drawn:
    logical: str
    paragraphs: Sequence[Sequence[str]]
    width: float
    rtl: bool
    measure: Callable[[str], float]
    has_glyph: Callable[[str], bool]

    @property
    def lines(self) -> list[str]:
        return [line for paragraph in self.paragraphs for line in paragraph]


def diacritics_kept(d: Drawn) -> list[str]:
    wanted = sum(ch in HARAKAT for ch in d.logical)
    drawn = sum(ch in HARAKAT for line in d.lines for ch in line)
    return [] if drawn >= wanted else [f"{wanted - drawn} of {wanted} diacritics dropped from {d.logical!r}"]


def no_raw_ids(d: Drawn) -> list[str]:
    return [f"raw id {m.group(0)!r} in {line!r}" for line in d.lines for m in RAW_ID.finditer(line)]


def nothing_orphaned(d: Drawn) -> list[str]:
    """Where a paragraph wraps: no lone separator on either side of the break, no number left at a line's
    end with its noun on the next line ("الفارس المنفي: 4" / "أفعال"), and no number alone at a line's
    start, cut from the word before it ("falls" / "5/6")."""
    problems = []
    for paragraph in d.paragraphs:
        for i, line in enumerate(paragraph):
            words = line.split()
            if not words:
                continue
            start, end = (words[-1], words[0]) if d.rtl else (words[0], words[-1])
            alone = len(words) == 1 or SEPARATORS.issuperset(words[1:] if not d.rtl else words[:-1])
            if i > 0 and (start in SEPARATORS or (NUMBER.match(start) and alone)):
                problems.append(f"{start!r} orphaned at a line's start: {list(paragraph)!r}")
            if i < len(paragraph) - 1 and (end in SEPARATORS or (NUMBER.match(end) and not _ends_clause(end, d))):
                problems.append(f"{end!r} orphaned at a line's end: {list(paragraph)!r}")
    return problems


def _ends_clause(number: str, d: Drawn) -> bool:
    """The number ends its clause: a separator or a bracket follows it in the text as written ("89% ·
    expected", "space 6 (1 of 8…")."""
    return re.search(re.escape(number) + r"\s*[·،؛,;:.!?(«]", d.logical) is not None


_MIRROR = str.maketrans("()[]{}«»", ")(][}{»«")


def brackets_balanced(d: Drawn) -> list[str]:
    """Read as a reader reads the paragraph (line by line, each from its start: the right in Arabic),
    each bracket opens before it closes, and every one closes."""
    problems = []
    closing = {v: k for k, v in PAIRS.items()}
    for paragraph in d.paragraphs:
        stack: list[str] = []
        for line in paragraph:
            for ch in line[::-1].translate(_MIRROR) if d.rtl else line:
                if ch in PAIRS:
                    stack.append(ch)
                elif ch in closing and (not stack or stack.pop() != closing[ch]):
                    problems.append(f"{ch!r} closes nothing in {line!r}")
        if stack:
            problems.append(f"{''.join(stack)!r} never closed in {list(paragraph)!r}")
    return problems


def _value(terms: str) -> int:
    total, sign = 0, 1
    for token in re.findall(r"\d+|[+−]", terms):
        if token == "+":
            sign = 1
        elif token == "−":
            sign = -1
        else:
            total += sign * int(token)
    return total


def sums_true(d: Drawn) -> list[str]:
    problems = []
    for line in d.lines:
        for m in _SUM.finditer(line):
            if _value(m.group(1)) != _value(m.group(2)):
                problems.append(f"false sum read left to right: {m.group(0)!r} in {line!r}")
        for m in _COMPARE.finditer(line):
            a, op, b = int(m.group(1)), m.group(2), int(m.group(3))
            holds = {"≥": a >= b, "≤": a <= b, "<": a < b, ">": a > b}[op]
            if not holds:
                problems.append(f"false comparison read left to right: {m.group(0)!r} in {line!r}")
    return problems


def glyphs_present(d: Drawn) -> list[str]:
    missing = sorted({ch for line in d.lines for ch in line if not d.has_glyph(ch)})
    return [f"no glyph for {', '.join(f'U+{ord(c):04X}' for c in missing)} in {d.logical!r}"] if missing else []


CYRILLIC_WORD = re.compile(r"[\u0400-\u04ff’'ʼ-]*[\u0400-\u04ff][\u0400-\u04ff’'ʼ-]*")
"""A Belarusian word, with its ў and і and the apostrophe inside it (сям’я)."""


def cyrillic_in_order(d: Drawn) -> list[str]:
    """Cyrillic is read left to right and never shaped: every Belarusian word is drawn as written, and in a
    left-to-right paragraph the words come in the order written (Arabic's reshaping and reordering must
    leave it alone)."""
    written = [m.group(0) for m in CYRILLIC_WORD.finditer(d.logical)]
    drawn = [m.group(0) for line in d.lines for m in CYRILLIC_WORD.finditer(line)]
    if d.rtl:
        wrong = sorted(set(drawn) - set(written))
        return [f"Cyrillic drawn as {wrong!r} from {d.logical!r}"] if wrong else []
    return [] if drawn == written else [f"Cyrillic drawn as {' '.join(drawn)!r} from {d.logical!r}"]


def lines_fit(d: Drawn) -> list[str]:
    return [f"{line!r} is {d.measure(line):.0f} px wide, in {d.width:.0f}"
            for line in d.lines if d.measure(line) > d.width + 0.5]


CHECKS: dict[str, Callable[[Drawn], list[str]]] = {
    "diacritics": diacritics_kept, "raw ids": no_raw_ids, "orphans": nothing_orphaned,
    "brackets": brackets_balanced, "sums": sums_true, "glyphs": glyphs_present, "widths": lines_fit,
    "cyrillic": cyrillic_in_order,
}


def problems(d: Drawn) -> dict[str, list[str]]:
    found = {name: check(d) for name, check in CHECKS.items()}
    return {name: listed for name, listed in found.items() if listed}


@cache
def cmap(font: Path) -> frozenset[int]:
    from fontTools.ttLib import TTFont

    with TTFont(str(font), lazy=True) as tt:
        return frozenset(tt.getBestCmap())


def in_font(font: Path, ch: str) -> bool:
    """Whether `font` draws `ch`; a control or format character (a line feed) is not drawn at all."""
    return unicodedata.category(ch) in ("Cc",) or ord(ch) in cmap(font)
