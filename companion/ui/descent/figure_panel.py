"""A placed figure's name and stats set by touch in the map editor (the `figure` tool): its name typed,
wounds, armour and damage bonus with − and +, its attack dice toggled by colour (the colours of
data/descent/dice.yaml) and melee or ranged. Every change goes through `Draft.restat`, which the map file's
checks judge."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from companion.games.descent.grid import Figure
from companion.ui.bidi import display_lines
from companion.ui.descent.names import COLOURS
from companion.ui.descent.steppers import Stepper
from companion.ui.fonts import FONTS, measurer
from companion.ui.i18n import N_
from companion.ui.theme import Ui
from companion.ui.widgets import BigButton, label, row

STATS = {"wounds": (N_("Wounds"), 1, 30), "armour": (N_("Armour"), 0, 10), "damage": (N_("Damage bonus"), 0, 10)}
"""Each stat by touch: its name and its bounds (a map file's checks want at least 1 wound, armour of 0 or
more; no figure of the base game goes beyond these)."""
HALF: dict[str, Any] = {"size_hint_x": 0.5}

Change = Callable[..., object]


def _stat(ui: Ui, f: Figure, stat: str, change: Change) -> Widget:
    name, low, high = STATS[stat]
    value = int(getattr(f, stat))
    return row(ui, [label(ui, ui.t(name), "small", size_hint_x=0.38),
                    Stepper(ui, stat, value, low, high, lambda n: change(**{stat: n}), size_hint_x=0.62)],
               spacing=ui.gap / 2, **HALF)


def name_input(ui: Ui, shown: str, change: Change) -> TextInput:
    """The figure's name, typed: the same text in every language (a name the table gives is its own).
    Kivy's text input neither joins Arabic letters nor orders them right to left (kivy#7704): at rest the
    field shows the name laid out as a label draws it, and the typed text while it has the keyboard."""
    laid = display_lines(shown, 10_000, measurer(ui.font("small"), False), ui.rtl)[0] if ui.rtl else shown
    field = TextInput(text=laid, multiline=False, size_hint=(0.5, None), height=ui.touch, font_size=ui.font("small"),
                      font_name=str(FONTS[("arabic" if ui.rtl else "latin", False)]),
                      halign="right" if ui.rtl else "left", padding=[ui.gap, ui.px(14)])

    def named(typed: str) -> None:
        if typed.strip() != shown:
            change(en=typed.strip(), ar=typed.strip(), be=typed.strip())

    def focus(w: TextInput, focused: bool) -> None:
        if focused:
            w.text = shown
        else:
            named(w.text)

    field.bind(on_text_validate=lambda w: named(w.text), focus=focus)
    return field


def widgets(ui: Ui, f: Figure, shown_name: str, colours: list[str], change: Change,
            done: Callable[[], object]) -> list[Widget]:
    """The panel's rows, top to bottom: the name beside melee or ranged, the stats, the dice, and Done."""
    touch: dict[str, Any] = {"size_hint_y": None, "height": ui.touch}
    melee = BigButton(ui, ui.t("Melee"), lambda: change(melee=True), font_size=ui.font("small"), size_hint_x=0.25)
    ranged = BigButton(ui, ui.t("Ranged"), lambda: change(melee=False), font_size=ui.font("small"), size_hint_x=0.25)
    melee.selected, ranged.selected = f.melee, not f.melee
    dice = []
    for colour in colours:
        toggle = BigButton(ui, ui.t(COLOURS[colour]), partial(change, dice=_toggled(f.dice, colour)),
                           font_size=ui.font("small"), size_hint_x=0.25)
        toggle.selected = colour in f.dice
        dice.append(toggle)
    quarter: dict[str, Any] = {"size_hint_x": 0.25}
    return [
        row(ui, [name_input(ui, shown_name, change), melee, ranged], **touch),
        row(ui, [_stat(ui, f, "wounds", change), _stat(ui, f, "armour", change)], **touch),
        row(ui, [label(ui, ui.t(STATS["damage"][0]), "small", **HALF),
                 Stepper(ui, "damage", f.damage, *STATS["damage"][1:], lambda n: change(damage=n), **HALF)], **touch),
        row(ui, [label(ui, ui.t("Attack dice"), "small", **quarter), *dice[:3]], spacing=ui.gap / 2, **touch),
        row(ui, [Widget(**quarter), *dice[3:]], spacing=ui.gap / 2, **touch),
        BigButton(ui, ui.t("Done"), done, font_size=ui.font("small")),
    ]


def _toggled(dice: list[str], colour: str) -> list[str]:
    return [d for d in dice if d != colour] if colour in dice else [*dice, colour]
