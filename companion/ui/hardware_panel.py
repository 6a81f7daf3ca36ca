"""The "Tags & dice" panel: a hand on the simulated hardware. Taps the tokens the emulated reader could
read now and throws the simulated tray's dice of the game, face by face, or all the dice the game asks
for at once, as one throw."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import partial

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView

from companion.core.flow import DiePrompt, ThrowPrompt
from companion.table.lobby import seating
from companion.ui.fonts import measurer
from companion.ui.games import dice_of, seats_by_tag
from companion.ui.host import Host
from companion.ui.prompts import Namer
from companion.ui.simulated import RANDOM_PX, TOKEN_ROW_PX, TOKENS_PER_ROW, Token, token_text
from companion.ui.theme import Ui
from companion.ui.widgets import BigButton, Panel, label, row


def game_now(app: Host) -> str:
    """The game the panel serves: the one being set up on the new-game screen in front, else the one in play."""
    setting_up = app.seating_now()
    if setting_up is not None:
        return setting_up
    return app.session.game if app.session is not None else app.game


def tokens_now(app: Host) -> list[tuple[Token, bool]]:
    """Before a game, the tokens that seat a player (hero cards, and player tokens where the game has them);
    during one, every room marker of the board in play, each with whether it is still face down (a revealed
    one stays in its place, greyed: the rows never move under a finger). A game with no board has none."""
    sim = app.simulated
    assert sim is not None
    game = game_now(app)
    tokens = [t for t in sim.tokens if t.get("game") == game]
    if app.session is None or app.seating_now() is not None:
        seat_tag = seating(game).seat_tag if seats_by_tag(game) else ""
        return [(t, True) for t in tokens if t.get("kind") in ("hero-card", seat_tag)]
    board = getattr(app.session.state, "board", None)
    if board is None:
        return []
    revealed = set(board.revealed.values())
    return [(t, t.get("marker") not in revealed) for t in tokens
            if t.get("kind") == "room-marker" and t.get("zone") == board.zone]


def dice_asked(app: Host, dice: tuple[tuple[str, str], ...]) -> dict[str, str | None]:
    """The tray's dice answering the throw the game waits for, kind by kind, each to land on a random face
    (none when no throw is asked for; fewer when the tray lacks dice of a kind, which the table refuses)."""
    prompt = app.table.prompt if app.session is not None else None
    if isinstance(prompt, ThrowPrompt):
        wanted = Counter(prompt.dice.values())
    elif isinstance(prompt, DiePrompt):
        wanted = Counter([prompt.die])
    else:
        return {}
    chosen: dict[str, str | None] = {}
    for kind, count in wanted.items():
        chosen.update(dict.fromkeys([die for die, k in dice if k == kind][:count]))
    return chosen


def open_panel(app: Host, ui: Ui) -> ModalView:
    sim = app.simulated
    assert sim is not None
    from kivy.core.window import Window

    view = ModalView(size_hint=(0.98, 0.98), background_color=(0, 0, 0, 0.7))
    panel = Panel(orientation="vertical", padding=ui.gap, spacing=ui.gap, width=Window.width * 0.98)

    def done(action: Callable[[], object]) -> None:
        view.dismiss()
        action()

    close = BigButton(ui, ui.t("Close"), view.dismiss, size_hint_x=None, width=ui.px(150))
    panel.add_widget(row(ui, [label(ui, ui.t("Simulated reader and tray"), "title"), close],
                         size_hint_y=None, height=ui.touch))
    panel.add_widget(_tokens(app, ui, done) if sim.tap is not None else BoxLayout())
    if sim.throw is not None and app.session is not None and app.seating_now() is None:
        _dice(app, ui, panel, done)
    view.add_widget(panel)
    view.open()
    return view


def _tokens(app: Host, ui: Ui, done: Callable[[Callable[[], object]], None]) -> ScrollView:
    """The tokens in rows, scrolled when they are more than the panel holds (a game of many heroes)."""
    sim = app.simulated
    assert sim is not None and sim.tap is not None
    rows = BoxLayout(orientation="vertical", spacing=ui.gap, size_hint_y=None)
    rows.bind(minimum_height=rows.setter("height"))
    tokens = tokens_now(app)
    for start in range(0, len(tokens), TOKENS_PER_ROW):
        buttons = []
        for token, usable in tokens[start:start + TOKENS_PER_ROW]:
            button = BigButton(ui, ui.text(token_text(token)), partial(done, partial(sim.tap, token)),
                               font_size=ui.font("small"), height=ui.px(TOKEN_ROW_PX))
            button.disabled = not usable
            buttons.append(button)
        rows.add_widget(row(ui, buttons, size_hint_y=None, height=ui.px(TOKEN_ROW_PX)))
    scroll = ScrollView(do_scroll_x=False)
    scroll.add_widget(rows)
    return scroll


def _dice(app: Host, ui: Ui, panel: Panel, done: Callable[[Callable[[], object]], None]) -> None:
    """During a game: a row of faces for each kind of die the game throws, then the dice it asks for now."""
    sim = app.simulated
    assert sim is not None and sim.throw is not None
    kinds = dice_of(game_now(app))
    dice = tuple((die, kind) for die, kind in sim.dice if kind in kinds)
    names = Namer(app.heroes, kinds)
    panel_px = panel.width - 2 * ui.gap
    seen: set[str] = set()
    for die_id, kind in dice:
        if kind in seen:
            continue  # one row per kind of die: the others of the kind throw the same faces
        seen.add(kind)
        name = ui.text(names.die(kind))
        # As wide as its longest word ("шасьцігранная"), so that no word is cut.
        widest = max(map(measurer(ui.font("small"), False), name.split()), default=0.0)
        label_px = max(ui.px(120), widest + 4)
        faces = {face: ui.text(face_name) for face, face_name in names.faces(kind).items()}
        # A face of two words ("هيكل عظمي") that a sixth of the row cannot hold on one line gets two.
        room = (panel_px - label_px - ui.px(RANDOM_PX) - (len(faces) + 1) * ui.gap) / max(len(faces), 1)
        fits = all(measurer(ui.font("small"), False)(text) <= room - 2 * ui.px(2) - 2 for text in faces.values())
        height = ui.touch if fits else ui.px(TOKEN_ROW_PX)
        cells = [label(ui, name, "small", size_hint_x=None, width=label_px)]
        for face, text in faces.items():
            button = BigButton(ui, text, partial(done, partial(sim.throw, {die_id: face})),
                               font_size=ui.font("small"), height=height)
            button.padding = [ui.px(2), 0, ui.px(2), 0]  # six faces and "random" beside the name: no word cut
            cells.append(button)
        cells.append(BigButton(ui, ui.t("random"), partial(done, partial(sim.throw, {die_id: None})),
                               font_size=ui.font("small"), size_hint_x=None, width=ui.px(RANDOM_PX), height=height))
        panel.add_widget(row(ui, cells, size_hint_y=None, height=height))
    asked = dice_asked(app, dice)
    button = BigButton(ui, ui.t("Throw the dice asked for"), partial(done, partial(sim.throw, asked)),
                       font_size=ui.font("small"))
    button.disabled = not asked
    panel.add_widget(row(ui, [button], size_hint_y=None, height=ui.touch))
