"""On-screen hands for the simulated hardware (`make run` with no tray or reader attached): "tap" a room
marker or a hero card on the emulated reader, "throw" a die in the simulated tray. They act on the
devices' own simulators, so a tap or a throw travels the real path (nfcpy's UDP driver; the tray's
serial protocol over a pseudo-terminal) and comes back through the table like a real one. The screens
never touch a device otherwise: `companion run` builds a `Simulated` from the simulators it opened."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.core.messages import Msg, Named
from companion.ui.board import ROOM_NAMES
from companion.ui.i18n import named
from companion.ui.theme import Ui
from companion.ui.widgets import BigButton, Panel, label, row

if TYPE_CHECKING:
    from companion.ui.app import CompanionApp

Token = dict[str, str | int]
TOKENS_PER_ROW = 4
RANDOM_PX = 110  # the "random" throw's button: one word, never broken


@dataclass(frozen=True)
class Simulated:
    """`tap` lays a token on the emulated reader for a moment (None: a real reader is attached);
    `throw` throws one die of the simulated tray with the face given, or a random one (None: a real
    tray); `dice` are the simulated tray's (die id, kind id); `tokens` every sticker of the game."""

    tokens: tuple[Token, ...]
    dice: tuple[tuple[str, str], ...]
    tap: Callable[[Token], object] | None
    throw: Callable[[str, str | None], object] | None


def token_text(token: Token, heroes: dict[str, Named]) -> Msg:
    if token.get("kind") == "hero-card":
        return Msg("Hero card: {hero}", {"hero": heroes.get(str(token["hero"]), {"en": str(token["hero"])})})
    room = str(token.get("room", ""))
    return Msg("{room} marker {number}", {"room": named(ROOM_NAMES.get(room, room)), "number": int(token["serial"])})


def tokens_now(app: CompanionApp) -> list[tuple[Token, bool]]:
    """Hero cards before a game; during one, every room marker of the board in play, each with whether
    it is still face down (a revealed one stays in its place, greyed: the rows never move under a finger)."""
    sim = app.simulated
    assert sim is not None
    state = app.session.state if app.session is not None else None
    if state is None or app.manager.current == "newgame":
        return [(t, True) for t in sim.tokens if t.get("kind") == "hero-card"]
    revealed = set(state.board.revealed.values())
    return [(t, t.get("marker") not in revealed) for t in sim.tokens
            if t.get("kind") == "room-marker" and t.get("zone") == state.board.zone]


def open_panel(app: CompanionApp, ui: Ui) -> ModalView:
    sim = app.simulated
    assert sim is not None
    view = ModalView(size_hint=(0.98, 0.98), background_color=(0, 0, 0, 0.7))
    panel = Panel(orientation="vertical", padding=ui.gap, spacing=ui.gap)
    close = BigButton(ui, ui.t("Close"), view.dismiss, size_hint_x=None, width=ui.px(150))
    panel.add_widget(row(ui, [label(ui, ui.t("Simulated reader and tray"), "title"), close],
                         size_hint_y=None, height=ui.touch))

    def done(action: Callable[[], object]) -> None:
        view.dismiss()
        action()

    if sim.tap is not None:
        tokens = tokens_now(app)
        for start in range(0, len(tokens), TOKENS_PER_ROW):
            buttons = []
            for token, usable in tokens[start:start + TOKENS_PER_ROW]:
                button = BigButton(ui, ui.text(token_text(token, app.heroes)), partial(done, partial(sim.tap, token)),
                                   font_size=ui.font("small"))
                button.disabled = not usable
                buttons.append(button)
            panel.add_widget(row(ui, buttons, size_hint_y=None, height=ui.touch))
    if sim.throw is not None:
        seen: set[str] = set()
        for die_id, kind in sim.dice:
            if kind in seen:
                continue  # one row per kind of die: the others of the kind throw the same faces
            seen.add(kind)
            cells = [label(ui, ui.text(app.names.die(kind)), "small", size_hint_x=None, width=ui.px(120))]
            cells += [BigButton(ui, ui.text(name), partial(done, partial(sim.throw, die_id, face)),
                                font_size=ui.font("small")) for face, name in app.names.faces(kind).items()]
            cells.append(BigButton(ui, ui.t("random"), partial(done, partial(sim.throw, die_id, None)),
                                   font_size=ui.font("small"), size_hint_x=None, width=ui.px(RANDOM_PX)))
            panel.add_widget(row(ui, cells, size_hint_y=None, height=ui.touch))
    panel.add_widget(BoxLayout())
    view.add_widget(panel)
    view.open()
    return view
