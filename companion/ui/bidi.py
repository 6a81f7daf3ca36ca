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
from functools import lru_cache

from arabic_reshaper import ArabicReshaper
from bidi.algorithm import get_display

Measure = Callable[[str], float]

_RTL_CLASSES = frozenset({"R", "AL"})
LRM, RLM = "\u200e", "\u200f"
LRE, PDF, NBSP = "\u202a", "\u202c", "\u00a0"
_MARKS = str.maketrans("", "", LRM + RLM + LRE + PDF)
_ISOLATES = str.maketrans("", "", "\u2066\u2067\u2068\u2069")
_SUM = re.compile(r"\d+(?:[ \u00a0]*[-+−=≥≤<>×÷][ \u00a0]*[-−]?\d+)+|(?<![\w)])[+−]\d+(?![\w(])")
"""Arithmetic: numbers joined by operators ("10 + 5 + 1 = 16 ≥ 7", "6 ÷ 2 = 3", "2 − 3 = −1"), or a number
with its sign, an adjustment ("المهارة +1", not "1+"). Arrows are not operators: they stay in the
sentence's own flow ("… ← 11 ضرر" reads right to left in Arabic, from the calculation to its result).
Words between its numbers would split a calculation into runs the paragraph reorders, so an Arabic
message sets its labels around the numbers, never between them."""


def has_rtl(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) in _RTL_CLASSES for ch in text)


def is_arabic(ch: str) -> bool:
    """A letter that needs the Arabic font: the base block, its supplements and presentation forms."""
    code = ord(ch)
    return (0x0600 <= code <= 0x08FF) or (0xFB50 <= code <= 0xFDFF) or (0xFE70 <= code <= 0xFEFF)


def _bound_parts(word: str) -> list[str]:
    """A bound group split at its no-break spaces, except those inside a calculation."""
    inside = {i for m in _SUM.finditer(word) for i in range(*m.span())}
    cuts = [i for i, ch in enumerate(word) if ch == NBSP and i not in inside]
    return [word[a + 1:b] for a, b in zip([-1, *cuts], [*cuts, len(word)], strict=True)]


_AFTER_HYPHEN = re.compile(r"(?<=\w[-\u2010])(?=\w)")
"""Where a compound word may break: after its hyphen, between two letters ("Шкілет-|лучнік")."""


def _break_word(word: str, width: float, measure: Measure) -> list[str]:
    """A word wider than the line, cut into pieces that fit: at its no-break spaces first (a bound group
    too wide for any line), but never inside a calculation (a line holding its LRE and the next its PDF would
    reorder both halves; and "2 = 0" would stand alone), then after its hyphens. Never inside a word: cut
    between letters, «Шкілет-лучнік» read «Шкілет-лучні | к». A piece still too wide stays whole, wider
    than the line (a button shrinks its font first, so that it fits).

    Where a bound group must be cut, the cut goes where it does least harm (`_cut_harm`): after a clause's
    colon or comma rather than between a label and its number, and only when nothing else is left between a
    number and its noun or beside an operator, an arrow or a dash. Cut greedily, «الضرر − الدفاع: 3 − 1 = 2 ←
    2» filled one line and left «ضرر.» alone on the next, its number orphaned at the line's end."""
    parts = _bound_parts(word)
    if len(parts) > 1:
        pieces: list[str] = []
        current: list[str] = []
        for part in parts:
            current.append(part)
            while len(current) > 1 and measure(NBSP.join(current)) > width:
                cut = min(range(1, len(current)), key=lambda k: (_cut_harm(current[k - 1], current[k]), -k))
                pieces.append(NBSP.join(current[:cut]))
                current = current[cut:]
        pieces.append(NBSP.join(current))
        return [p for piece in pieces for p in (_break_word(piece, width, measure) if NBSP not in piece
                                                and measure(piece) > width else [piece])]
    pieces = []
    for part in _AFTER_HYPHEN.split(word):
        if pieces and measure(pieces[-1] + part) <= width:
            pieces[-1] += part
        else:
            pieces.append(part)
    return pieces


_CLAUSE_PUNCTUATION = frozenset(":،؛,;.!?")


def _cut_harm(before: str, after: str) -> int:
    """How much a line break between two parts of a bound group harms the reading: 0 after a clause's
    punctuation ("damage − defense:" | "3 − 1 = 2"), 1 between a label and its number ("damage" | "5 −"),
    2 after an operator or an arrow ("= 2 →" | "2 damage", as mathematics breaks), 3 where nothing may
    part: a number from its noun ("2" | "damage."), before an operator or an arrow, either side of a dash,
    or before a separator that belongs to the word before it."""
    if after in _OPERATORS or {before, after} & _DASHES or after in _LONE_SEPARATORS:
        return 3
    if before[-1:].isdigit() and after[:1].isalpha():
        return 3
    if before in _OPERATORS:
        return 2
    return 0 if before[-1:] in _CLAUSE_PUNCTUATION else 1


def wrap_logical(text: str, width: float, measure: Measure) -> list[str]:
    """Greedy word wrap in logical (reading) order; paragraphs (newlines) always start a new line.
    Lines break at plain spaces only: a no-break space (U+00A0) keeps "12 − 9 + 2 = 5" on one line.

    Every line fits `width` by `measure`, except a word (or a compound's part) wider than the line itself.
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
            pieces = _break_word(word, width, measure)
            if current and len(pieces) > 1 and measure(f"{current} {pieces[0]}") <= width:
                pieces[0] = f"{current} {pieces[0]}"  # a group cut anyway starts on the line it meets
            elif current:
                lines.append(current)
            lines.extend(pieces[:-1])
            current = pieces[-1]
        lines.append(current)
        # A wrap separates as well as a "·" does: one left at a line's end would dangle there.
        paragraphs.append([_drop_lone_separator(line) for line in lines[:-1]] + lines[-1:])
    return paragraphs


def _drop_lone_separator(line: str) -> str:
    stripped = line.rstrip(" " + NBSP)
    if len(stripped) > 1 and stripped[-1] in _LONE_SEPARATORS and stripped[-2] in (" ", NBSP):
        return stripped[:-1].rstrip(" " + NBSP)
    return line


_RESHAPER = ArabicReshaper(configuration={"delete_harakat": False, "shift_harakat_position": True})
"""Diacritics kept: without them "افتح بابًا" (open a door) reads "افتح بابا" (open, Dad). Each mark is
moved before its letter, so that once a line is reversed into visual order it follows that letter, as
the left-to-right renderer expects: its glyph has no advance and is drawn over the glyph before it."""


def shape(text: str) -> str:
    """Arabic letters in their joined presentation forms, diacritics kept; other text unchanged."""
    return _RESHAPER.reshape(text) if has_rtl(text) else text


def display_lines(text: str, width: float, measure: Measure, rtl: bool) -> list[str]:
    """Lines in visual order, ready for a left-to-right renderer.

    `rtl` is the paragraph direction (the UI language's), which decides where neutral characters
    such as a trailing colon or a bracket go; digits and Latin runs keep their order either way.
    `measure` must measure with the font the lines will be drawn in. Direction marks (LRM, RLM)
    steer the reordering and are then dropped: the fonts have no glyph for them.
    """
    return [line for paragraph in display_paragraphs(text, width, measure, rtl) for line in paragraph]


_NUMBER = re.compile(r"^[(«]?[+−×-]?\d+(?:[.,/:]\d+)*[%٪]?$")
_CLAUSE_END = re.compile(r"^[(«]?[+−×-]?\d+(?:[.,/:]\d+)*[%٪]?[)»]?[،؛:,;.!?]$")
_LONE_SEPARATORS = frozenset("·|/")
_OPERATORS = frozenset("+−-=≥≤<>×÷→←")
_DASHES = frozenset("—–")
"""A dash between clauses (Belarusian sets one where English puts a verb: "карту Дэмана — пад карты…")
never starts or ends a line: it keeps a word on each side."""


def bind_numbers(text: str) -> str:
    """No-break spaces that keep a number with its noun: a number to the word after it ("4 actions"), or,
    when no word follows ("falls 5/6", "bonus 1 = 16", "round 1,"), to the word before it; and a separator
    standing alone ("·") to the word before it; an operator or a dash to both its neighbours. So a wrap never
    leaves "4" at a line's end and its "actions" on the next, nor "bonus 1" on one line and "= 16" on the
    next, nor a line starting with "—".

    A word is read without its direction marks: `Ui.t` holds each value of an Arabic sentence left to right
    between two LRMs, and «المتوقع: 4.8», its number so marked not seen as one, was wrapped before «4.8»
    (the explorer)."""
    paragraphs = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        glue = [" "] * len(words)  # glue[i]: what joins words[i - 1] and words[i]
        bare = [word.translate(_MARKS) for word in words]
        for i, word in enumerate(bare):
            after = bare[i + 1] if i + 1 < len(words) else ""
            if (word in _OPERATORS or word in _DASHES) and 0 < i < len(words) - 1:
                glue[i] = glue[i + 1] = NBSP
            elif _NUMBER.match(word) and after[:1].isalpha():
                glue[i + 1] = NBSP
            elif (_NUMBER.match(word) or _CLAUSE_END.match(word) or word in _LONE_SEPARATORS) and i > 0:
                glue[i] = NBSP
        paragraphs.append("".join(g + w if i else w for i, (g, w) in enumerate(zip(glue, words, strict=True))))
    return "\n".join(paragraphs)


def display_paragraphs(text: str, width: float, measure: Measure, rtl: bool) -> list[list[str]]:
    """`display_lines`, grouped by paragraph."""
    return [list(paragraph) for paragraph in _laid_out(text, width, measure, rtl)]


@lru_cache(maxsize=4096)
def _laid_out(text: str, width: float, measure: Measure, rtl: bool) -> tuple[tuple[str, ...], ...]:
    """Every redraw of a screen lays the same texts out again at the same widths: shaping, wrapping and
    reordering are done once per (text, width, font, direction)."""
    base = "R" if rtl else "L"
    text = bind_numbers(_bidi_safe(text))
    logical = isolate_sums(shape(text)) if rtl else shape(text)

    def visual(line: str) -> str:
        return get_display(_brackets_held(line) if rtl else line, base_dir=base).translate(_MARKS)

    # Measured as drawn: reordered, an Arabic line came out a pixel wider than in reading order (kerning
    # pairs differ), and its marks, measured in reading order, take no room once dropped.
    drawn = (lambda line: measure(visual(line))) if rtl or has_rtl(logical) else measure
    return tuple(tuple(visual(line) for line in paragraph) for paragraph in wrap_paragraphs(logical, width, drawn))


_BRACKETS = frozenset("()[]«»")


def _brackets_held(line: str) -> str:
    """Each bracket of a right-to-left line held to that direction by a mark either side, so that it is
    mirrored and opens towards the words it encloses. Left to itself, the pure-Python algorithm (which does
    not pair brackets, UAX #9 rule N0) resolved a bracket from its neighbours: «الغرفة A (1 من 8 في هذا الدور)»
    drew "(" inside the left-to-right run "A (1", read from the right as a bracket that closes."""
    if not has_rtl(line):
        return line
    return "".join(f"{RLM}{ch}{RLM}" if ch in _BRACKETS else ch for ch in line)


def _bidi_safe(text: str) -> str:
    """`text` without what python-bidi's algorithm raises an AssertionError on: the isolates (dropped) and
    code points of no bidi class, unassigned in Python's Unicode (each drawn as U+FFFD). Text from outside
    comes in without them (companion/core/text.py); any other must not stop a screen either."""
    text = text.translate(_ISOLATES)
    if text.isascii():
        return text
    return "".join(ch if unicodedata.bidirectional(ch) else "\ufffd" for ch in text)


def isolate_sums(text: str) -> str:
    """Each piece of arithmetic as one left-to-right run that never wraps: in a right-to-left paragraph
    the bidi algorithm would otherwise reverse its terms and mirror "≥" into "≤" (UAX #9, rules N1 and
    L4), so "16 ≥ 7" would read "16 ≤ 7". An embedding (LRE…PDF), not an isolate: the pure-Python
    algorithm refuses isolates. The RLMs around it keep the sentence's own right-to-left flow on either
    side, or a number after it ("… ← 11") would be pulled in front of it."""
    return mark_sums(text, RLM + LRE, PDF + RLM)


def mark_sums(text: str, before: str, after: str) -> str:
    """Each piece of arithmetic (`_SUM`) between `before` and `after`, its spaces no-break ones. The phone's page
    (companion/web) marks them with the isolates a browser knows (LRI…PDI)."""
    return _SUM.sub(lambda m: before + m.group(0).replace(" ", NBSP) + after, text)


def keep_ltr(value: str) -> str:
    """A Latin value (a path, a device name) held together as one left-to-right run inside Arabic:
    without the marks, the leading "/" of "/dev/dicetray" would land at the run's far end."""
    return value if has_rtl(value) else f"{LRM}{value}{LRM}"
