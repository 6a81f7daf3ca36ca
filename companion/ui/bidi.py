"""Arabic text for a renderer that knows neither shaping nor right-to-left: Kivy's.

Kivy draws code points left to right as given. So Arabic is reshaped into its presentation forms
(joined letters), wrapped greedily in *logical* order with the real font's measurements, and only then
is each line put into visual order on its own with the Unicode bidi algorithm. Wrapping after reordering
would put the lines of a paragraph in reverse order; reordering with Kivy's own HarfBuzz path reverses
digits and Latin runs (see the field notes). python-bidi's pure-Python `bidi.algorithm`, not its
default Rust `bidi.get_display`: the Rust one (0.6) does not mirror brackets, so «(أصعب)» came out
as «)أصعب(». Pure functions: no Kivy here.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

import arabic_reshaper
from bidi.algorithm import get_display

Measure = Callable[[str], float]

_RTL_CLASSES = frozenset({"R", "AL"})
LRM, RLM = "\u200e", "\u200f"
LRE, PDF, NBSP = "\u202a", "\u202c", "\u00a0"
_MARKS = str.maketrans("", "", LRM + RLM + LRE + PDF)
_SUM = re.compile(r"\d+(?:[ \u00a0]*[-+−=≥≤<>×][ \u00a0]*\d+)+")
"""Arithmetic: numbers joined by operators ("10 + 5 + 1 = 16 ≥ 7"). Arrows are not operators: they
stay in the sentence's own flow ("… ← 11 ضرر" reads right to left in Arabic)."""


def has_rtl(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) in _RTL_CLASSES for ch in text)


def is_arabic(ch: str) -> bool:
    """A letter that needs the Arabic font: the base block, its supplements and presentation forms."""
    code = ord(ch)
    return (0x0600 <= code <= 0x08FF) or (0xFB50 <= code <= 0xFDFF) or (0xFE70 <= code <= 0xFEFF)


def _break_word(word: str, width: float, measure: Measure) -> list[str]:
    """A word wider than the line, cut into pieces that fit (at least one character each)."""
    pieces: list[str] = []
    current = ""
    for ch in word:
        if current and measure(current + ch) > width:
            pieces.append(current)
            current = ch
        else:
            current += ch
    if current:
        pieces.append(current)
    return pieces


def wrap_logical(text: str, width: float, measure: Measure) -> list[str]:
    """Greedy word wrap in logical (reading) order; paragraphs (newlines) always start a new line.
    Lines break at plain spaces only: a no-break space (U+00A0) keeps "12 − 9 + 2 = 5" on one line.

    Every line fits `width` by `measure`, except a single character wider than the line itself.
    """
    return [line for paragraph in wrap_paragraphs(text, width, measure) for line in paragraph]


def wrap_paragraphs(text: str, width: float, measure: Measure) -> list[list[str]]:
    """`wrap_logical`, each paragraph's lines kept together (a check tells a wrap from a new paragraph)."""
    paragraphs: list[list[str]] = []
    for paragraph in text.split("\n"):
        lines: list[str] = []
        current = ""
        for word in filter(None, paragraph.split(" ")):
            candidate = f"{current} {word}" if current else word
            if measure(candidate) <= width:
                current = candidate
                continue
            if current:
                lines.append(current)
            pieces = _break_word(word, width, measure)
            lines.extend(pieces[:-1])
            current = pieces[-1]
        lines.append(current)
        paragraphs.append(lines)
    return paragraphs


def shape(text: str) -> str:
    """Arabic letters in their joined presentation forms; other text unchanged."""
    return arabic_reshaper.reshape(text) if has_rtl(text) else text


def display_lines(text: str, width: float, measure: Measure, rtl: bool) -> list[str]:
    """Lines in visual order, ready for a left-to-right renderer.

    `rtl` is the paragraph direction (the UI language's), which decides where neutral characters
    such as a trailing colon or a bracket go; digits and Latin runs keep their order either way.
    `measure` must measure with the font the lines will be drawn in. Direction marks (LRM, RLM)
    steer the reordering and are then dropped: the fonts have no glyph for them.
    """
    return [line for paragraph in display_paragraphs(text, width, measure, rtl) for line in paragraph]


def display_paragraphs(text: str, width: float, measure: Measure, rtl: bool) -> list[list[str]]:
    """`display_lines`, grouped by paragraph."""
    base = "R" if rtl else "L"
    logical = isolate_sums(shape(text)) if rtl else shape(text)
    return [[get_display(line, base_dir=base).translate(_MARKS) for line in paragraph]
            for paragraph in wrap_paragraphs(logical, width, measure)]


def isolate_sums(text: str) -> str:
    """Each piece of arithmetic as one left-to-right run that never wraps: in a right-to-left paragraph
    the bidi algorithm would otherwise reverse its terms and mirror "≥" into "≤" (UAX #9, rules N1 and
    L4), so "16 ≥ 7" would read "16 ≤ 7". An embedding (LRE…PDF), not an isolate: the pure-Python
    algorithm refuses isolates. The RLMs around it keep the sentence's own right-to-left flow on either
    side, or a number after it ("… ← 11") would be pulled in front of it."""
    return _SUM.sub(lambda m: RLM + LRE + m.group(0).replace(" ", NBSP) + PDF + RLM, text)


def keep_ltr(value: str) -> str:
    """A Latin value (a path, a device name) held together as one left-to-right run inside Arabic:
    without the marks, the leading "/" of "/dev/dicetray" would land at the run's far end."""
    return value if has_rtl(value) else f"{LRM}{value}{LRM}"
