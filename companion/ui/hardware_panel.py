"""The "Tags & dice" panel: a hand on the simulated hardware. Taps the tokens the emulated reader could
read now and throws the simulated tray's dice, face by face."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.ui.fonts import measurer
from companion.ui.host import Host
from companion.ui.simulated import RANDOM_PX, TOKENS_PER_ROW, Token, token_text
from companion.ui.theme import Ui
from companion.ui.widgets import BigButton, Panel, label, row


def tokens_now(app: Host) -> list[tuple[Token, bool]]:
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


def open_panel(app: Host, ui: Ui) -> ModalView:
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
            name = ui.text(app.names.die(kind))
            # As wide as its longest word ("шасьцігранная"), so that no word is cut.
            widest = max(map(measurer(ui.font("small"), False), name.split()), default=0.0)
            cells = [label(ui, name, "small", size_hint_x=None, width=max(ui.px(120), widest + 4))]
            cells += [BigButton(ui, ui.text(name), partial(done, partial(sim.throw, die_id, face)),
                                font_size=ui.font("small")) for face, name in app.names.faces(kind).items()]
            cells.append(BigButton(ui, ui.t("random"), partial(done, partial(sim.throw, die_id, None)),
                                   font_size=ui.font("small"), size_hint_x=None, width=ui.px(RANDOM_PX)))
            panel.add_widget(row(ui, cells, size_hint_y=None, height=ui.touch))
    panel.add_widget(BoxLayout())
    view.add_widget(panel)
    view.open()
    return view
