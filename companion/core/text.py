"""Text from outside (data files, maps, scenarios, imported sessions, a name the table types), made safe
once where it enters, before any of it reaches the layout.

Every string is NFC-normalised, so that a letter has one spelling however it was typed (and compares,
shapes and measures the same), and may hold no control character (a tab and a newline aside), no
unassigned code point and no bidi control: the layout reorders each line with the bidi algorithm itself
(companion/ui/bidi.py), and an isolate U+2066–2069 made python-bidi's algorithm raise, an override reversed
the text around it. A name's length is declared in the schema of the thing it names, with `Name`, which
refuses a newline or tab too.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Any

import msgspec

# C0 controls but tab and newline, DEL, C1 controls, and every bidi control (ALM, LRM, RLM, the
# embeddings and overrides, the isolates).
_CONTROLS = "\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_REFUSED = re.compile(f"[{_CONTROLS}]")
# Lone surrogates and code points Unicode has not assigned: no font draws them, no bidi class orders them.
_UNDRAWABLE = frozenset({"Cs", "Cn"})
NAME_MAX = 60
_ONE_LINE = f"\\A[^{_CONTROLS}\\t\\n]*\\Z"
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=NAME_MAX, pattern=_ONE_LINE)]
"""A name shown on the table (a figure's, a map's): one line of at most `NAME_MAX` characters."""
MaybeName = Annotated[str, msgspec.Meta(max_length=NAME_MAX, pattern=_ONE_LINE)]
"""A `Name` that may be left empty (a language the file has no name in yet)."""


class TextError(ValueError):
    """A string with a character that may not come in; `place` is its dotted place in the data."""

    def __init__(self, place: str, reason: str) -> None:
        super().__init__(reason)
        self.place, self.reason = place, reason


def refusal(text: str) -> str | None:
    """Why `text` may not come in, or None."""
    found = _REFUSED.search(text)
    if found is not None:
        kind = "control" if unicodedata.category(found.group()) == "Cc" else "bidi control"
        code, at = ord(found.group()), found.start()
        return f"character U+{code:04X} (a {kind} character) at position {at + 1} is not allowed"
    if text.isascii():
        return None
    odd = next((i for i, ch in enumerate(text) if unicodedata.category(ch) in _UNDRAWABLE), None)
    if odd is None:
        return None
    return f"character U+{ord(text[odd]):04X} (a surrogate or unassigned code point) at position {odd + 1} " \
        "is not allowed"


def normal(text: str) -> str:
    """`text` NFC-normalised; TextError if it holds a character refused above."""
    reason = refusal(text)
    if reason is not None:
        raise TextError("", reason)
    return unicodedata.normalize("NFC", text)


def normalised(raw: Any, place: str = "") -> Any:
    """Plain data (mappings, lists, scalars) with every string, keys too, through `normal`; TextError names
    the first refused one by its dotted place."""
    if isinstance(raw, str):
        try:
            return normal(raw)
        except TextError as exc:
            raise TextError(place, exc.reason) from None
    at = f"{place}." if place else ""
    if isinstance(raw, dict):
        return {normalised(k, place): normalised(v, f"{at}{k}") for k, v in raw.items()}
    if isinstance(raw, list):
        return [normalised(v, f"{at}{i}") for i, v in enumerate(raw)]
    return raw


PROBLEMS_SHOWN = 20
"""Problems a report lists before counting the rest: a file may hold thousands, each said the same way."""
LINE_CHARS = 300


def shortened(line: str) -> str:
    """`line` cut to `LINE_CHARS` characters, the cut marked."""
    return line if len(line) <= LINE_CHARS else f"{line[:LINE_CHARS - 1]}…"


def clipped(problems: list[str]) -> list[str]:
    """At most `PROBLEMS_SHOWN` problems, each one line of at most `LINE_CHARS` characters, then how many more: what is
    said of a file stays readable however much of it is wrong (a 10,000-character value was quoted whole)."""
    shown = [shortened(p.replace("\n", " ")) for p in problems[:PROBLEMS_SHOWN]]
    more = len(problems) - PROBLEMS_SHOWN
    return [*shown, f"… and {more} more"] if more > 0 else shown


def clipped_text(message: str) -> str:
    """A message of several lines, `clipped` line by line."""
    return "\n".join(clipped(message.splitlines()))
