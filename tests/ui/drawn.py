"""What a reader sees: checks on the visual lines a label hands to Kivy (after shaping and reordering),
one label at a time. Each check returns the problems it found, as sentences; the UI harness runs them on
every label of every screen at each screenshot point, and `test_drawn.py` shows each one failing.

A label is its logical text (as written), its paragraphs of visual lines (as drawn, left to right), the
width those lines must fit, whether it reads right to left, and the measure and glyph test of its fonts.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

HARAKAT = frozenset(chr(c) for c in range(0x064B, 0x0653)) | {"\u0670"}
RAW_ID = re.compile(r"(?<![\w-])(?:t\d+|m\d+|b\d+|room\d+|slot\d+|z\d+-[a-z]+-\d+|[a-z]+_[a-z_]+)(?![\w-])")
"""A game id as the data files spell it: spaces (t7, m4, room2), boards (b1), markers (z1-event-1)."""
SEPARATORS = frozenset("·،؛:;,.-–—/|")
NUMBER = re.compile(r"^[+−×-]?\d+(?:[.,/]\d+)*[%٪]?$|^\d+(?:[.,/]\d+)*[%٪]?×$")
PAIRS = {"(": ")", "[": "]", "«": "»", "{": "}"}
ARITHMETIC = frozenset("+−-×÷=≥≤<>")


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
            if d.rtl:  # a calculation at either edge is drawn left to right: its last number ends the line
                end = (_calculation(words) or [end])[-1]
                start = (_calculation(words[::-1]) or [start])[-1]
            alone = len(words) == 1 or SEPARATORS.issuperset(words[1:] if not d.rtl else words[:-1])
            if i > 0 and (start in SEPARATORS or (NUMBER.match(start) and alone)):
                problems.append(f"{start!r} orphaned at a line's start: {list(paragraph)!r}")
            if i < len(paragraph) - 1 and (end in SEPARATORS or (NUMBER.match(end) and not _ends_clause(end, d))):
                problems.append(f"{end!r} orphaned at a line's end: {list(paragraph)!r}")
    return problems


def _calculation(words: list[str]) -> list[str]:
    """The calculation a right-to-left line's words begin with as drawn (from its left edge, or from its right
    given reversed), drawn left to right: a number, an arithmetic operator, and on up to the first word with a
    right-to-left letter. None when the edge is no calculation ("2 ← 3 − 1 = 2": a result and its arrow, laid
    right to left; a path's arrows are not arithmetic)."""
    if len(words) < 2 or not NUMBER.match(words[0]) or words[1] not in ARITHMETIC:
        return []
    return list(itertools.takewhile(lambda w: not any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in w), words))


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


_TOKEN = re.compile(r"""
    (?P<label>\([^()\d]*\)|(?:[^\W\d_]|[\u064b-\u065f\u0670])[\w\u064b-\u065f\u0670'’ʼ-]*)
   |(?P<number>(?<![\w/])(?<!\d,)[+−-]?\d+(?:\.\d+)?(?:[+−-](?!\d))?(?![\w%٪/]|[.,]\d))
   |(?P<operator>[+−×÷=≥≤<>→←:-])
   |(?P<stop>\S)""", re.VERBOSE)
"""What a reader meets along a drawn line: a label (a word, or words in brackets: "damage", "(Crown Strike)"),
a number (signed when its sign is glued to it, on either side: "+1", or "1+" as "+1" comes out of a
right-to-left line), an operator, or anything else, which ends a calculation ("·", "؛", "!", "5/6", "3,4")."""
_RELATIONS = {"=": "=", ":": "=", "≥": "≥", "≤": "≤", "<": "<", ">": ">"}
_ARROWS = frozenset("→←")


@dataclass(frozen=True)
class _Term:
    value: Fraction
    signed: bool
    """Written with its sign ("+1", "−2"): an adjustment, not a value an arrow leads from or to."""


_Chain = list[_Term | str]
"""A calculation as drawn: terms with an operator between each two ("4 + 1 = 5 − 1 = 4")."""


def _chains(line: str) -> list[_Chain]:
    """The calculations of a drawn line, read left to right. Labels may stand anywhere between a calculation's
    numbers and operators ("damage 4 + 1 = 5 − armour 1", "3 experience + 5 for treasures = 8"); two numbers
    with only words between them are two calculations ("1 of 8"), as are numbers either side of anything else."""
    chains: list[_Chain] = []
    chain: _Chain = []
    for m in _TOKEN.finditer(line):
        kind, text = m.lastgroup, m.group(0)
        if kind == "label" and chain[-1:] != [":"]:  # "Hero 1: damage 4" relates nothing
            continue
        if kind == "number":
            if chain and isinstance(chain[-1], _Term):
                chains.append(chain)
                chain = []
            sign = -1 if "−" in text or "-" in text else 1
            chain.append(_Term(sign * Fraction(text.strip("+−-")), text[0] in "+−-" or text[-1] in "+−-"))
        elif kind == "operator" and chain and isinstance(chain[-1], _Term):
            chain.append(text)
        else:  # anything else, or an operator with no number before it ("×0")
            chains.append(chain)
            chain = []
    chains.append(chain)
    return [c[:-1] if isinstance(c[-1], str) else c for c in chains if len(c) > 2]


def _value(terms: _Chain, whole: bool = False) -> Fraction | None:
    """Terms and arithmetic operators, × and ÷ before + and −; None for a division by zero. `whole`: each
    quotient rounded down, as a game divides ("13 ÷ 2 = 6 extra cards (an odd point is lost)")."""
    total, sign, product, times = Fraction(0), 1, Fraction(1), True
    for item in terms:
        if isinstance(item, _Term):
            if not times and item.value == 0:
                return None
            product = product * item.value if times else product / item.value
            product = Fraction(product.__floor__()) if whole and not times else product
        elif item in "×÷":
            times = item == "×"
        else:
            total += sign * product
            sign, product, times = (1 if item == "+" else -1), Fraction(1), True
    return total + sign * product


def _split(chain: _Chain, at: Callable[[str], bool]) -> tuple[list[_Chain], list[str]]:
    parts: list[_Chain] = [[]]
    between: list[str] = []
    for item in chain:
        if isinstance(item, str) and at(item):
            parts.append([])
            between.append(item)
        else:
            parts[-1].append(item)
    return parts, between


def _holds(a: Fraction, relation: str, b: Fraction) -> bool:
    return {"=": a == b, "≥": a >= b, "≤": a <= b, "<": a < b, ">": a > b}[relation]


def _piece(piece: _Chain) -> tuple[list[str], Fraction | None]:
    """A calculation between arrows, read left to right as a running total: each relation holds between what
    was reached so far and what follows it, taken whole ("16 − 7 + 2 = 11") or by its first number
    ("damage 4 + 1 = 5 − armour 1 = 4": 5 is 5, then 5 − 1 is 4); a quotient may be rounded down. A colon
    relates only where a side computes something ("3 + 3: 6"), never "Round 1: 4". Returns the problems and
    the value it ends on."""
    segments, relations = _split(piece, lambda op: op in _RELATIONS)
    values = [_value(s) for s in segments]
    problems = []
    for i, op in enumerate(relations):
        before, after = values[i], values[i + 1]
        first = segments[i + 1][0]
        if before is None or after is None or not isinstance(first, _Term):
            continue
        if op == ":" and len(segments[i]) == 1 and len(segments[i + 1]) == 1:
            continue
        relation = _RELATIONS[op]
        if relation == "=":
            lefts = {before, _value(segments[i], whole=True)}
            rights = {after, first.value, _value(segments[i + 1], whole=True)}
        else:
            lefts, rights = {before}, {after}
        if not any(_holds(a, relation, b) for a in lefts for b in rights if a is not None and b is not None):
            problems.append(op)
    return problems, values[-1]


def _start(piece: _Chain) -> set[Fraction] | None:
    """What an arrow may lead to or from at this end: the first number, or the first computed term. None for an
    adjustment ("+1"): "Backstab +1 → 13" says what was added, not what it came to."""
    first = piece[0]
    if not isinstance(first, _Term) or first.signed:
        return None
    head = _split(piece, lambda op: op in _RELATIONS)[0][0]
    return {v for v in (first.value, _value(head)) if v is not None}


def sums_true(d: Drawn) -> list[str]:
    """Every calculation drawn reads true left to right as drawn, whatever its direction: + − × ÷ with a running
    total across = ≥ ≤ < > and a colon, and an arrow from what a calculation comes to: "2 − 0 = 2 → 2", or in a
    right-to-left line "2 ← 2 − 0 = 2" (what stands right of ← leads to what stands left of it); an arrow from a
    lone number is a step along a path ("1 space → space 6"), not arithmetic. A left-to-right
    paragraph is read across its wraps, as its reader goes on from one line's end to the next line's start
    ("damage 4 + 1 = 5 − armour" / "1 = 4 wounds"); a right-to-left one line by line, since a reader meets a
    calculation's left-to-right run whole only within its line."""
    problems = []
    for line in d.lines if d.rtl else [" ".join(paragraph) for paragraph in d.paragraphs]:
        for chain in _chains(line):
            pieces, arrows = _split(chain, lambda op: op in _ARROWS)
            results = [_piece(p) for p in pieces]
            wrong = [op for found, _ in results for op in found]
            for i, arrow in enumerate(arrows):
                source, target = (i, i + 1) if arrow == "→" else (i + 1, i)
                reached, start = results[source][1], _start(pieces[target])
                computed = _computes(pieces[source]) and not _signed(pieces[source])
                if computed and reached is not None and start is not None and reached not in start:
                    wrong.append(arrow)
            if wrong:
                problems.append(f"false calculation read left to right ({' '.join(wrong)}): "
                                f"{_shown(chain)!r} in {line!r}")
    return problems


def _computes(piece: _Chain) -> bool:
    """The piece works something out, so an arrow leads from its result: an arithmetic operator, or a relation
    other than a colon. A colon between two lone numbers relates nothing (`_piece`): "moves 2 spaces: 23 → 22
    → 21" is a count, then a path of spaces, each arrow a step from a lone number."""
    return any(isinstance(item, str) and item != ":" for item in piece)


def _signed(piece: _Chain) -> bool:
    return any(isinstance(t, _Term) and t.signed for t in piece)


def _shown(chain: _Chain) -> str:
    return " ".join(item if isinstance(item, str) else str(item.value) for item in chain)


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
    if not d.rtl:  # a compound wrapped after its hyphen ("Шкілет-" ending a line, "лучнік" the next) is one word
        drawn = [m.group(0) for m in CYRILLIC_WORD.finditer(re.sub(r"(?<=[-\u2010]) ", "", " ".join(d.lines)))]
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
