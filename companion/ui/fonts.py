"""The fonts the app draws with, and the markup that gives each run of a line the font that has its glyphs.

SDL_ttf has no font fallback: Noto Sans Arabic has no Latin letters, Noto Sans no Arabic and neither
has ≥ or −, so a line mixing scripts is split into runs, each wrapped in Kivy's `[font=...]` markup.
All three fonts come from Debian's `fonts-noto-core` (installed by `make`; `deploy/dev-packages.txt`).

Kivy places each run of a line by its font's height, not its baseline: beside the taller Arabic font a
Latin run ("+12", "(", a digit) sat 0.3 em low, as if subscripted. So a right-to-left line draws its Latin
and maths runs with copies of those fonts given the Arabic font's ascent and descent (`on_arabic_baseline`),
and every run of the line shares one baseline.
"""

from __future__ import annotations

import os
import tempfile
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


def _cache_dir() -> Path:
    home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "crypt-companion" / "fonts"
    try:
        home.mkdir(parents=True, exist_ok=True)
        return home
    except OSError:
        return Path(tempfile.mkdtemp(prefix="crypt-companion-fonts-"))


@cache
def on_arabic_baseline(font: Path, bold: bool) -> Path:
    """`font` with the vertical metrics of the Arabic font of the same weight, made once and kept in the
    user's cache (named by the source's size and date, so an updated font is copied again)."""
    arabic = FONTS[("arabic", bold)]
    if font == arabic:
        return font
    stat = font.stat()
    target = _cache_dir() / f"{font.stem}-arabic-metrics-{stat.st_size}-{int(stat.st_mtime)}.ttf"
    if target.exists():
        return target
    from fontTools.ttLib import TTFont

    with TTFont(str(arabic)) as source, TTFont(str(font)) as copy:
        for table, fields in (("hhea", ("ascent", "descent", "lineGap")),
                              ("OS/2", ("sTypoAscender", "sTypoDescender", "sTypoLineGap",
                                        "usWinAscent", "usWinDescent"))):
            for field in fields:
                setattr(copy[table], field, getattr(source[table], field))
        partial = target.with_suffix(f".{os.getpid()}.part")
        copy.save(str(partial))
    partial.replace(target)
    return target


def font_for(script: str, bold: bool, rtl: bool) -> Path:
    """The file that draws a run of `script`: in a right-to-left line, on the Arabic baseline."""
    font = FONTS[(script, bold)]
    return on_arabic_baseline(font, bold) if rtl else font


def markup(line: str, bold: bool, rtl: bool = False) -> str:
    """Kivy markup for one display line, each run in the font that has its glyphs."""
    return "".join(f"[font={font_for(script, bold, rtl)}]{_escape(text)}[/font]" for script, text in runs(line))


@cache
def _core_label(font: str, size: int) -> object:
    from kivy.core.text import Label as CoreLabel

    return CoreLabel(font_name=font, font_size=size)


@lru_cache(maxsize=8192)
def _width(font: str, size: int, text: str) -> float:
    label = _core_label(font, size)
    width: int = label.get_extents(text)[0]  # type: ignore[attr-defined]
    return float(width)


@cache
def measurer(size: int, bold: bool) -> Callable[[str], float]:
    """Measures a line as `markup` will draw it: each run with its own font. One measurer per size and
    weight, so that laid-out text can be cached by it (`bidi._laid_out`)."""

    def measure(line: str) -> float:
        return sum(_width(str(FONTS[(script, bold)]), size, text) for script, text in runs(line))

    return measure
