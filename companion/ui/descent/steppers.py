"""A count set by touch: − and + either side of it, kept within its bounds (treachery points, a figure's
wounds)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.ui.theme import Ui
from companion.ui.widgets import BigButton, label, reading_order

MINUS, PLUS = "−", "+"


class Stepper(BoxLayout):
    """`value` between `low` and `high`; a tap on − or + calls `on_change` with the new value (a button
    that would leave the bounds is disabled). `name` tells the steppers of one panel apart."""

    def __init__(self, ui: Ui, name: str, value: int, low: int, high: int, on_change: Callable[[int], object],
                 **kwargs: Any) -> None:
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", ui.touch)
        super().__init__(orientation="horizontal", spacing=ui.px(2), **kwargs)
        self.name, self.value = name, value
        self.minus = BigButton(ui, MINUS, lambda: on_change(value - 1), font_size=ui.font("small"), size_hint_x=0.4)
        self.plus = BigButton(ui, PLUS, lambda: on_change(value + 1), font_size=ui.font("small"), size_hint_x=0.4)
        self.minus.disabled, self.plus.disabled = value <= low, value >= high
        shown = label(ui, str(value), "small", align="center", size_hint=(0.2, None), height=ui.touch)
        for child in reading_order(ui, [self.minus, shown, self.plus]):
            self.add_widget(child)
