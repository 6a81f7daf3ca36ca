"""The overlord's treachery by touch (p. 4): how many points of each kind it has and spends, − and +
for each, and the points left and the extra starting cards as the rule system computes them (R-DW-14:
an odd point is lost, at most 8 cards in all). Confirm gives the referee the engine's `treachery` act."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from kivy.uix.widget import Widget

from companion.core.flow import Act
from companion.core.messages import Msg, Plural
from companion.games.descent import treachery
from companion.ui import theme
from companion.ui.descent.steppers import Stepper
from companion.ui.i18n import N_
from companion.ui.prompt_panel import RuleText, citation, show_rule
from companion.ui.theme import Ui
from companion.ui.widgets import TapLabel, label, row

KIND_NAMES = {"event": N_("Events"), "trap": N_("Traps"), "monster": N_("Monsters")}
WIDTHS = (0.26, 0.37, 0.37)  # a kind's name, then what it has and spends, each − n +
MOST = 20  # points of a kind a panel counts up to: more than any overlord starts with
RULING = "R-DW-14"
LEFT = Plural("{total} left, so {count} extra card: a starting hand of {hand} (R-DW-14).",
              "{total} left, so {count} extra cards: a starting hand of {hand} (R-DW-14).", "count")


def counts() -> dict[str, int]:
    """A panel's counts when it opens: nothing had, nothing spent (the act's arguments, by name)."""
    return {key: 0 for kind in treachery.KINDS for key in (kind, f"spend_{kind}")}


def act(actor: str, entered: dict[str, int]) -> Act:
    return Act(actor, "treachery", None, dict(entered))


def widgets(ui: Ui, entered: dict[str, int], base_hand: int, on_change: Callable[[str, int], object],
            rule_text: RuleText) -> list[Widget]:
    """The panel's rows, top to bottom: the rule cited (p. 4), a stepper for what each kind has and spends
    (never spending more than it has: each card is paid with its own kind), then the arithmetic, which cites
    its ruling and opens it when tapped."""
    heads = ["", ui.t("Has"), ui.t("Spends")]
    out: list[Widget] = [row(ui, [label(ui, h, "small", bold=True, align="center", size_hint_x=w)
                                  for h, w in zip(heads, WIDTHS, strict=True)], spacing=ui.gap / 2,
                             size_hint_y=None, height=ui.line("small"))]
    for kind in treachery.KINDS:
        have, spend = entered[kind], entered[f"spend_{kind}"]
        out.append(row(ui, [
            label(ui, ui.t(KIND_NAMES[kind]), "small", size_hint_x=WIDTHS[0]),
            Stepper(ui, kind, have, spend, MOST, partial(on_change, kind), size_hint_x=WIDTHS[1]),
            Stepper(ui, f"spend_{kind}", spend, 0, have, partial(on_change, f"spend_{kind}"), size_hint_x=WIDTHS[2]),
        ], spacing=ui.gap / 2, size_hint_y=None, height=ui.touch))
    p = treachery.plan({k: entered[k] for k in treachery.KINDS},
                       {k: entered[f"spend_{k}"] for k in treachery.KINDS}, base_hand)
    summary = Msg.of(LEFT, {"total": p.total_left, "count": p.extra, "hand": p.hand})
    arithmetic = TapLabel(lambda: show_rule(ui, RULING, rule_text), logical=ui.text(summary), rtl=ui.rtl,
                          font_size=ui.font("small"), color=theme.TEXT, size_hint_y=None, fit_height=True,
                          least_height=ui.px(theme.MIN_TARGET_PX))  # a link: a finger tall even on one line
    return [citation(ui, "p. 4", rule_text, size_hint_y=None, fit_height=True), *out, arithmetic]
