"""What every screen needs to draw itself: the language, the scale, the sizes and the colours.

Sizes are given for the official 7" display (800×480 over 154 mm, 0.19 mm a pixel) and scaled with
the window, so 1280×720 and 1920×1080 keep the same proportions. A touch target of 56 px there is
10.8 mm, above the 9 mm floor (47 px); the smallest text, 20 px (3.9 mm), reads at arm's length.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.messages import Field, Lang, Msg, Named
from companion.ui.bidi import keep_ltr

BASE_WIDTH, BASE_HEIGHT = 800, 480
MM_PER_PX_7IN = 154 / 800
MIN_TOUCH_MM = 9.0
MIN_TARGET_PX = 44  # the least side of any touch target at 800×480 (a rule's citation too; issue 21)

Colour = tuple[float, float, float, float]

BACKGROUND: Colour = (0.09, 0.08, 0.10, 1)
PANEL: Colour = (0.16, 0.14, 0.17, 1)
BUTTON: Colour = (0.30, 0.22, 0.14, 1)
BUTTON_ON: Colour = (0.62, 0.44, 0.16, 1)
BUTTON_OFF: Colour = (0.20, 0.19, 0.21, 1)
TEXT: Colour = (0.95, 0.92, 0.86, 1)
MUTED: Colour = (0.70, 0.66, 0.60, 1)
GOOD: Colour = (0.45, 0.80, 0.45, 1)
WARN: Colour = (0.95, 0.75, 0.30, 1)
BAD: Colour = (0.95, 0.40, 0.35, 1)


@dataclass(frozen=True)
class Ui:
    """The language and the scale a screen is built with (the UI is rebuilt when either changes)."""

    lang: Lang
    scale: float = 1.0

    @classmethod
    def for_window(cls, lang: Lang, width: float, height: float) -> Ui:
        return cls(lang, min(width / BASE_WIDTH, height / BASE_HEIGHT))

    @property
    def rtl(self) -> bool:
        return self.lang == "ar"

    def px(self, design_px: float) -> float:
        return round(design_px * self.scale)

    @property
    def touch(self) -> float:
        return self.px(56)

    @property
    def gap(self) -> float:
        return self.px(8)

    def font(self, role: str = "body") -> int:
        """Font sizes: a line of Noto Sans Arabic is 2.1 em tall, so one line of body text fills a
        touch target, and two lines of small text a transcript row."""
        return int(self.px({"title": 26, "body": 24, "small": 20}[role]))

    def line(self, role: str = "body") -> float:
        """The height of one line of Arabic text (the taller script) in `role`'s size."""
        return round(self.font(role) * 2.15)

    def t(self, msgid: str, **fields: str | int) -> str:
        """A UI text in this language; every msgid passed here must be in `ui.po` (a test checks).
        Latin values stay whole inside Arabic sentences."""
        kept: dict[str, Field] = {k: keep_ltr(v) if isinstance(v, str) and self.rtl else v
                                  for k, v in fields.items()}
        return Msg(msgid, kept).text(self.lang)

    def text(self, text: Msg | Named) -> str:
        """A message, or a name the game data gives in every language. A message whose translation
        names a field it was not given (a catalogue slip) is shown in English rather than stopping
        the game; failing that, as its bare msgid."""
        if not isinstance(text, Msg):
            return text.get(self.lang) or text.get("en", "")
        for lang in (self.lang, "en"):
            try:
                return text.text(lang)
            except (KeyError, IndexError, ValueError):
                continue
        return text.id
