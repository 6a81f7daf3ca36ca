"""A QR code drawn on the screen: segno encodes the text (nothing here encodes by hand), Kivy draws its
modules as a texture, each module a whole number of pixels wide so that a phone's camera reads sharp edges."""

from __future__ import annotations

from typing import Any

import segno
from kivy.graphics import Color, Rectangle
from kivy.graphics.texture import Texture
from kivy.uix.widget import Widget

QUIET = 4
"""The light margin around the symbol, in modules, that a reader needs to find it (ISO/IEC 18004, §6.3.8)."""
DARK, LIGHT = b"\x00\x00\x00\xff", b"\xff\xff\xff\xff"


def modules(text: str) -> list[list[bool]]:
    """The symbol segno makes for `text`, with its quiet zone: True for a dark module, the top row first.
    Error correction M (15 % of the symbol may be lost: a glare on the screen); never a Micro QR, which
    phones' cameras do not all read."""
    code = segno.make(text, error="m", micro=False)
    return [[bool(dark) for dark in line] for line in code.matrix_iter(scale=1, border=QUIET)]


def qr_texture(text: str) -> Texture:
    """One texel a module. RGBA, so that every row is whole words (OpenGL's rows are 4-byte aligned)."""
    grid = modules(text)
    size = len(grid)
    texture = Texture.create(size=(size, size), colorfmt="rgba")
    # Kivy's textures count rows from the bottom: the symbol's last row first.
    pixels = b"".join(DARK if dark else LIGHT for line in reversed(grid) for dark in line)
    texture.blit_buffer(pixels, colorfmt="rgba", bufferfmt="ubyte")
    texture.mag_filter = texture.min_filter = "nearest"
    return texture


class QrCode(Widget):
    """The QR code of `text`, as large as the widget holds in whole pixels a module, centred in it."""

    def __init__(self, text: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.text = text
        self.texture = qr_texture(text)
        with self.canvas:
            Color(1, 1, 1, 1)
            self._image = Rectangle(texture=self.texture)
        self.bind(pos=self._place, size=self._place)
        self._place()

    @property
    def module_px(self) -> int:
        """The pixels of a module's side (at least one, however small the widget)."""
        return max(1, int(min(self.width, self.height) // self.texture.width))

    def _place(self, *_: object) -> None:
        side = self.module_px * self.texture.width
        self._image.size = (side, side)
        self._image.pos = (int(self.center_x - side / 2), int(self.center_y - side / 2))

    @property
    def square(self) -> tuple[int, int, int]:
        """Where the symbol lies in the window: its left, its bottom (Kivy's y, upwards) and its side, in pixels."""
        x, y = self.to_window(*self._image.pos)
        return int(x), int(y), int(self._image.size[0])
