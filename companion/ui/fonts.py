"""The fonts the app draws with, and the markup that gives each run of a line the font that has its glyphs.

SDL_ttf has no font fallback: Noto Sans Arabic has no Latin letters, Noto Sans no Arabic and neither
has ≥ or −, so a line mixing scripts is split into runs, each wrapped in Kivy's `[font=...]` markup.
All three fonts come from Debian's `fonts-noto-core` (installed by `make`; `deploy/dev-packages.txt`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path

from companion.ui.bidi import is_arabic

NOTO_DIR = Path("/usr/share/fonts/truetype/noto")
# Noto Sans Arabic rather than Noto Naskh Arabic: Naskh's presentation-form glyphs (medial theh, as in
# «الثالثة») overlap when drawn unshaped, and a sans face reads better at arm's length.
FONTS: dict[tuple[str, bool], Path] = {
    ("arabic", False): NOTO_DIR / "NotoSansArabic-Regular.ttf",
    ("arabic", True): NOTO_DIR / "NotoSansArabic-Bold.ttf",
    ("latin", False): NOTO_DIR / "NotoSans-Regular.ttf",
    ("latin", True): NOTO_DIR / "NotoSans-Bold.ttf",
    ("math", False): NOTO_DIR / "NotoSansMath-Regular.ttf",
    ("math", True): NOTO_DIR / "NotoSansMath-Regular.ttf",
}
LATIN = FONTS[("latin", False)]


class FontsMissing(RuntimeError):
    """A font file is not installed; the message says which package provides it."""


def check_fonts() -> None:
    missing = sorted({str(p) for p in FONTS.values() if not p.exists()})
    if missing:
        raise FontsMissing(
            f"missing font file(s): {', '.join(missing)}; install them with "
            "`sudo apt-get install fonts-noto-core` (or `make`, which installs deploy/dev-packages.txt)"
        )


def script_of(ch: str) -> str:
    """Which font draws `ch`: Arabic letters and punctuation, arrows and maths (≥ − →), or the rest."""
    if is_arabic(ch):
        return "arabic"
    if 0x2190 <= ord(ch) <= 0x22FF:
        return "math"
    return "latin"


def runs(line: str) -> list[tuple[str, str]]:
    """A line cut into runs of (font, text); a space stays in the run it follows, so a line changes
    font only where the script changes."""
    out: list[tuple[str, str]] = []
    for ch in line:
        if out and (ch == " " or script_of(ch) == out[-1][0]):
            out[-1] = (out[-1][0], out[-1][1] + ch)
        else:
            out.append((script_of(ch), ch))
    return out


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")


def markup(line: str, bold: bool) -> str:
    """Kivy markup for one display line, each run in the font that has its glyphs."""
    return "".join(f"[font={FONTS[(script, bold)]}]{_escape(text)}[/font]" for script, text in runs(line))


@cache
def _core_label(font: str, size: int) -> object:
    from kivy.core.text import Label as CoreLabel

    return CoreLabel(font_name=font, font_size=size)


@lru_cache(maxsize=8192)
def _width(font: str, size: int, text: str) -> float:
    label = _core_label(font, size)
    width: int = label.get_extents(text)[0]  # type: ignore[attr-defined]
    return float(width)


def measurer(size: int, bold: bool) -> Callable[[str], float]:
    """Measures a line as `markup` will draw it: each run with its own font."""

    def measure(line: str) -> float:
        return sum(_width(str(FONTS[(script, bold)]), size, text) for script, text in runs(line))

    return measure
