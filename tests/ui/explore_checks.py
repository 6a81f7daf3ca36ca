"""The screen explorer's checks (tests/ui/explorer.py): each a small function over a screen as drawn, or over
two screens and the tap between them, returning the problems it found as sentences. No Kivy here: the
explorer reads the widget tree into a `Screen`, and `test_explore_checks.py` shows each check failing on a
screen built by hand. The arithmetic, the raw ids and every other check of one label's drawn lines are
tests/ui/drawn.py's, run by the explorer on every label (its count is "drawn: NAME")."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

Rect = tuple[float, float, float, float]
"""x, y, width, height in window pixels (Kivy's: y upwards)."""
MIN_TARGET_PX = 44
SLACK = 1.0  # a pixel of rounding between neighbours is not an overlap
RULING = re.compile(r"\bR(?:-[A-Z]+)+-\d+\b|(?<![\w-])[A-Z](?![\w-])")
"""A ruling's code (R-STORE-1, R-DR-17), or a room's letter as the board prints it (room G): the Latin a
translated screen may show."""
LATIN_WORD = re.compile(r"[A-Za-z]+")
LANGUAGE_NAMES = frozenset({"English", "العربية", "Беларуская"})
CARD_TERMS = frozenset({"Swarm", "Undying"})
"""Abilities as the (English) monster cards print them, which Descent's Arabic sheet itself keeps in Latin letters so
that a player finds them on the card; our Belarusian keeps them so too."""
"""The language switches, each written in its own language."""
ID_EQUALS = re.compile(r"\b\w+=\w+")
"""A data id printed with its value ("d1=goblin")."""
DATA_ID = re.compile(r"(?<![\w-])[a-z]+\d*(?:-[a-z0-9]+)*-[a-z]*\d+[a-z0-9-]*(?![\w-])|(?<![\w-])[a-z]+(?:_[a-z0-9]+)+")
"""A data name as the files spell it: kebab-case with a number (r0-d4-s0, vorpal-sword-2) or snake_case."""
A_BEFORE_VOWEL = re.compile(r"(?<![Rr]oom )\b[Aa] (?=[aeiouAEIOU]\w)")
"""An article before a vowel ("a elite room"), not a room's letter ("on room A and")."""
ENDS_TURN = frozenset({"end", "retire", "flee", "overlord"})
"""The actions that end a hero's turn, a delve or the heroes' phase."""


@dataclass(frozen=True)
class Box:
    """One widget as drawn: its box, the box its text takes (`ink`), the part of the window that shows it
    (`view`: the window, or a scroll view's), whether it takes touches, and its ancestors' ids."""

    wid: int
    kind: str  # "button", "link", "board", "input", "label"
    text: str
    rect: Rect
    view: Rect
    ink: Rect | None = None
    enabled: bool = True
    scrolled: bool = False
    ancestors: frozenset[int] = frozenset()
    sticks_out: str = ""  # the first box holding it that it sticks out of, if any

    @property
    def target(self) -> bool:
        return self.kind in ("button", "link", "board", "input")

    @property
    def seen(self) -> Rect | None:
        return intersect(self.rect, self.view)


@dataclass(frozen=True)
class Screen:
    name: str
    lang: str
    size: tuple[float, float]
    boxes: Sequence[Box]
    ends_turn: frozenset[str] = frozenset()
    """The labels of the actions on screen that end a turn or a phase."""

    @property
    def window(self) -> Rect:
        return 0.0, 0.0, *self.size

    def targets(self) -> list[Box]:
        return [b for b in self.boxes if b.target]

    def texts(self) -> list[Box]:
        return [b for b in self.boxes if b.text and b.ink is not None]


@dataclass(frozen=True)
class Tap:
    """What the explorer did and saw: the point, the widget's text, the screens' signatures before and
    after (and `between` the taps of a quick burst), the inputs the engine took and refused, and (for an end
    of turn) the actions left."""

    point: tuple[float, float]
    text: str
    screen: str
    before: str
    after: str
    taken: int = 0
    refused: Sequence[str] = ()
    ends_turn: bool = False
    actions_left: int = 0
    said: Sequence[str] = ()
    """What the engine said on taking the tap's input, in the screen's language."""
    composed_empty: Sequence[str] = field(default_factory=tuple)
    between: Sequence[str] = ()
    """The signature after each tap of a burst but its last: a burst may go somewhere and come back."""


def intersect(a: Rect, b: Rect) -> Rect | None:
    x, y = max(a[0], b[0]), max(a[1], b[1])
    right, top = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    return (x, y, right - x, top - y) if right - x > SLACK and top - y > SLACK else None


def inside(inner: Rect, outer: Rect) -> bool:
    return (inner[0] >= outer[0] - SLACK and inner[1] >= outer[1] - SLACK
            and inner[0] + inner[2] <= outer[0] + outer[2] + SLACK
            and inner[1] + inner[3] <= outer[1] + outer[3] + SLACK)


def contains(rect: Rect, point: tuple[float, float]) -> bool:
    return rect[0] <= point[0] <= rect[0] + rect[2] and rect[1] <= point[1] <= rect[1] + rect[3]


def _related(a: Box, b: Box) -> bool:
    return a.wid in b.ancestors or b.wid in a.ancestors


# ---- one screen ---------------------------------------------------------------------------------------


def targets_apart(s: Screen) -> list[str]:
    """No two touch targets overlap where they can be seen: a finger on one would land on the other."""
    shown = [(b, b.seen) for b in s.targets()]
    return [f"{_name(a)} and {_name(b)} overlap on {s.name}"
            for i, (a, sa) in enumerate(shown) for b, sb in shown[i + 1:]
            if sa is not None and sb is not None and not _related(a, b) and intersect(sa, sb) is not None]


def targets_reachable(s: Screen) -> list[str]:
    """Every enabled target lies wholly on the screen (in a scroll view: the view does) and is at least
    44 px each way."""
    problems = []
    for b in s.targets():
        if not b.enabled or b.kind == "board":
            continue
        shown = b.view if b.scrolled else b.rect
        if not inside(shown, s.window):
            problems.append(f"{b.text!r} lies partly off the {s.name} screen at {_r(shown)}")
        if min(b.rect[2], b.rect[3]) < MIN_TARGET_PX:
            problems.append(f"{b.text!r} is {b.rect[2]:.0f}×{b.rect[3]:.0f} px on {s.name}, under {MIN_TARGET_PX}")
    return problems


def text_whole(s: Screen) -> list[str]:
    """No text is cut: its lines fit its widget, the widget fits the boxes that hold it, and what is not in a
    scroll view lies on the screen."""
    problems = []
    for b in s.texts():
        assert b.ink is not None
        if b.ink[3] > b.rect[3] + 2 or b.ink[2] > b.rect[2] + 2:
            problems.append(f"{b.text!r} needs {b.ink[2]:.0f}×{b.ink[3]:.0f} px in {b.rect[2]:.0f}×{b.rect[3]:.0f} "
                            f"on {s.name}")
        if b.sticks_out:
            problems.append(f"{b.text!r} sticks out of its {b.sticks_out} on {s.name}")
        if not b.scrolled and not inside(b.ink, s.window):
            problems.append(f"{b.text!r} is drawn partly off the {s.name} screen at {_r(b.ink)}")
    return problems


def text_apart(s: Screen) -> list[str]:
    """No text is drawn over another widget's text, nor over a touch target it is not part of."""
    problems = []
    texts = [(b, _seen_ink(b)) for b in s.texts()]
    for i, (a, ia) in enumerate(texts):
        if ia is None:
            continue
        for b, ib in texts[i + 1:]:
            if ib is not None and not _related(a, b) and intersect(ia, ib) is not None:
                problems.append(f"{a.text!r} and {b.text!r} are drawn over each other on {s.name}")
        for t in s.targets():
            seen = t.seen
            if t.wid != a.wid and not _related(a, t) and seen is not None and intersect(ia, seen) is not None:
                problems.append(f"{a.text!r} is drawn over {_name(t)} on {s.name}")
    return problems


def _seen_ink(b: Box) -> Rect | None:
    return None if b.ink is None else intersect(b.ink, b.view)


def translated(s: Screen) -> list[str]:
    """On an Arabic or Belarusian screen no Latin word but a ruling's code, a card's term and the switch to English."""
    if s.lang == "en":
        return []
    found = []
    for b in s.boxes:
        if b.text in LANGUAGE_NAMES:
            continue
        words = [w for w in LATIN_WORD.findall(RULING.sub("", b.text)) if w not in CARD_TERMS]
        if words:
            found.append(f"English {' '.join(words[:4])!r} on the {s.lang} {s.name} screen: {b.text!r}")
    return found


def no_data_names(s: Screen) -> list[str]:
    """No data id or `id=value` in a sentence, in any language (the game's own names instead)."""
    found = []
    for b in s.boxes:
        text = RULING.sub("", b.text)
        for m in (*ID_EQUALS.finditer(text), *DATA_ID.finditer(text)):
            found.append(f"data name {m.group(0)!r} on {s.name}: {b.text!r}")
    return found


def english_reads(s: Screen) -> list[str]:
    """English sentences read as English: "an" before a vowel, a sentence starting with a capital."""
    if s.lang != "en":
        return []
    found = []
    for b in s.boxes:
        if A_BEFORE_VOWEL.search(b.text):
            found.append(f"'a' before a vowel on {s.name}: {b.text!r}")
        if b.text.endswith(".") and b.text[:1].islower():
            found.append(f"a sentence starting in lower case on {s.name}: {b.text!r}")
    return found


SCREEN_CHECKS: dict[str, Callable[[Screen], list[str]]] = {
    "targets apart": targets_apart, "targets reachable": targets_reachable, "text whole": text_whole,
    "text apart": text_apart, "translated": translated, "no data names": no_data_names,
    "english reads": english_reads,
}


# ---- a tap and the screens around it --------------------------------------------------------------------


def tap_took(t: Tap) -> list[str]:
    """A tap on an enabled target changes something: the screen, or what the engine holds. A burst took if
    the screen changed at any tap of it: three quick taps on Attack opened its targets, chose the one that
    came up under the finger and tapped the odds' Back that came up there next, back where they began."""
    moved = t.before != t.after or any(seen != t.before for seen in t.between)
    return [] if moved or t.taken else [f"the tap on {t.text!r} was dropped on {t.screen}"]


def input_accepted(t: Tap) -> list[str]:
    """An enabled target never sends an input the engine refuses."""
    return [f"the tap on {t.text!r} sent an input the engine refused: {why}" for why in t.refused]


def confirm_complete(t: Tap) -> list[str]:
    """An enabled Confirm has every part of its action chosen (nothing the action takes is left out)."""
    return [f"{t.text!r} was enabled with no {slot} chosen" for slot in t.composed_empty]


def end_asks(t: Tap) -> list[str]:
    """Ending a turn with actions left asks once before the turn ends."""
    if t.ends_turn and t.actions_left > 0 and t.taken:
        return [f"{t.text!r} ended a turn with {t.actions_left} actions left without asking"]
    return []


def end_not_under_finger(prev: Screen, tap: Tap, now: Screen) -> list[str]:
    """An action that ends a turn or a phase is never where the finger just tapped something else: a quick
    second tap would end the turn."""
    was_end = tap.text in prev.ends_turn
    return [f"{b.text!r} came up under the finger that tapped {tap.text!r} on {prev.name}"
            for b in now.targets() if b.enabled and b.text in now.ends_turn and not was_end
            and b.seen is not None and contains(b.seen, tap.point)]


def outcome_told(t: Tap, now: Screen, beneath: Screen | None = None) -> list[str]:
    """What the engine said on taking an input is on the screen that follows (the first thing at least: the
    rest may wait for Next), not only in the log: on the window in front, or on the screen under it (`beneath`:
    a quick second tap had opened a rule, over the results the first one showed)."""
    if not t.said:
        return []
    shown = [b.text for screen in (now, beneath) if screen is not None for b in screen.boxes if b.text]
    if any(said in text for said in t.said for text in shown):
        return []
    return [f"after {t.text!r} none of the {len(t.said)} things the engine said is on {now.name}: {t.said[0]!r}"]


TAP_CHECKS: dict[str, Callable[[Tap], list[str]]] = {
    "tap took": tap_took, "input accepted": input_accepted, "confirm complete": confirm_complete,
    "end asks": end_asks,
}


# ---- the home screen after a restart --------------------------------------------------------------------


DIRECTION_MARKS = "\u200e\u200f\u2066\u2067\u2068\u2069"
"""What a translated text puts around a field, to keep its direction (an empty field leaves them alone)."""


def resume_buttons(texts: Sequence[str], resume: str) -> list[str]:
    """The texts of the home screen's targets that resume a game: they start as `resume` (its "Resume {game}"
    with no game) does. In Arabic that is "متابعة \u200e\u200e": its empty game's marks are no part of the start
    (the explorer, issue 21: read with them, every Arabic resume button went unseen)."""
    start = resume.strip(" " + DIRECTION_MARKS)
    return [text for text in texts if text.startswith(start)]


def every_game_resumable(unfinished: Sequence[Sequence[str]], offered: Sequence[str]) -> list[str]:
    """The home screen offers every unfinished game (`unfinished`: each one's heroes by the names they have
    now, in the screen's language; `offered`: the texts of its resume buttons), each named by its heroes."""
    problems = []
    if len(offered) < len(unfinished):
        problems.append(f"{len(unfinished)} unfinished games, {len(offered)} offered: {list(offered)!r}")
    for heroes in unfinished:
        if heroes and not any(all(h in text for h in heroes) for text in offered):
            problems.append(f"no resume button names {list(heroes)!r}: {list(offered)!r}")
    for text in offered:
        if text.rstrip().endswith((":", "：")):
            problems.append(f"a resume button names no hero: {text!r}")
    return problems


def _name(b: Box) -> str:
    return repr(b.text) if b.text else f"the {b.kind}"


def _r(rect: Rect) -> str:
    return "({:.0f}, {:.0f}, {:.0f}×{:.0f})".format(*rect)
