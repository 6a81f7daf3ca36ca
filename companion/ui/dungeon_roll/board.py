"""The dice as they lie on the table, drawn for Dungeon Roll's table screen: the party's dice and the
level's dungeon dice by face, each a button (tapped to put an action together), then the graveyard, the
Dragon's Lair, and each player's experience and treasures."""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import partial
from typing import Any

from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.core.messages import Msg, Named, Plural, verbatim
from companion.games.dungeon_roll.data import GameData
from companion.games.dungeon_roll.delve import DELVES
from companion.games.dungeon_roll.play import Play
from companion.games.dungeon_roll.schema import DUNGEON_FACES, PARTY_FACES
from companion.games.dungeon_roll.state import GameState
from companion.ui import theme
from companion.ui.dungeon_roll.compose import Composer
from companion.ui.fonts import measurer
from companion.ui.theme import Ui
from companion.ui.widgets import BidiLabel, BigButton, Panel, label

COLUMNS = 4
ORDER = {f: n for n, f in enumerate((*PARTY_FACES, *DUNGEON_FACES))}


def party_face(d: GameData, face_id: str) -> Named:
    found = d.dice["party"].face(face_id)
    return found.named() if found else verbatim(face_id)


def face(d: GameData, s: GameState, die: str) -> Named:
    kind = d.dice[s.dice[die].kind]
    found = kind.face(s.dice[die].face)
    return found.named() if found else kind.named()


def hero(d: GameData, s: GameState, index: int) -> Named:
    return Play(s, d).hero_name(index)


def unit_name(d: GameData, s: GameState, unit: str) -> Named:
    """A unit as the players know it: a die by its face, a treasure token by its name, the hero by name."""
    if unit in s.dice:
        return face(d, s, unit)
    if unit == "hero":
        return hero(d, s, s.turn)
    spec = d.treasures.get(unit.rsplit("-", 1)[0])
    return spec.named() if spec else verbatim(unit)


def heading(d: GameData, s: GameState | None) -> Msg:
    if s is None:
        return Msg("No game is in progress.")
    if s.outcome:
        return Msg("The game is over.")
    player = s.players[s.turn]
    return Msg("{hero} · delve {delve} of {delves} · level {level}",
               {"hero": hero(d, s, s.turn), "delve": len(player.delves) + 1, "delves": DELVES, "level": s.level})


def by_face(s: GameState, dice: list[str]) -> list[str]:
    return sorted(dice, key=lambda die: (ORDER.get(s.dice[die].face, 99), die))


def party(s: GameState) -> list[str]:
    return by_face(s, s.at("party"))


def dungeon(s: GameState) -> list[str]:
    return by_face(s, s.at("dungeon"))


def tappable(s: GameState) -> list[str]:
    """The dice drawn as buttons: a composer offers every other unit (graveyard dice, treasures, the hero)
    on its own panel."""
    return [*party(s), *dungeon(s)]


class DiceView(Panel):
    def __init__(self, ui: Ui, data: GameData, state: GameState, composer: Composer | None,
                 on_tap: Callable[[str], object], picked: Collection[str] = (), **kwargs: Any) -> None:
        super().__init__(orientation="vertical", padding=ui.gap, spacing=ui.gap, **kwargs)
        self.ui, self.data, self.state, self.composer, self.on_tap = ui, data, state, composer, on_tap
        self.picked = picked
        self.buttons: dict[str, BigButton] = {}
        self._line(ui.t("Party"), party(state))
        self._line(ui.t("Dungeon"), dungeon(state))
        grave = by_face(state, state.at("graveyard"))
        names = ui.t(", ") .join(ui.text(face(data, state, die)) for die in grave)
        words = Msg.of(Plural("Graveyard: {n} die {dice}", "Graveyard: {n} dice {dice}", "n"),
                       {"n": len(grave), "dice": f"({names})" if names else ""})
        lair = Msg.of(Plural("Dragon's Lair: {n} dragon", "Dragon's Lair: {n} dragons", "n"),
                      {"n": len(state.at("lair"))})
        # An empty graveyard leaves its {dice} field blank: trimmed, so that no space stands before the separator.
        line = ui.t(" · ").join(ui.text(part).strip() for part in (words, lair))
        self.add_widget(label(ui, line, "small", size_hint_y=None, fit_height=True))
        for index, player in enumerate(state.players):
            tokens = ui.t(", ").join(ui.text(unit_name(data, state, t)) for t in player.treasures)
            msg = Msg.of(Plural("{hero}: {xp} experience · {n} treasure {tokens}",
                                "{hero}: {xp} experience · {n} treasures {tokens}", "n"),
                         {"hero": hero(data, state, index), "xp": player.xp, "n": len(player.treasures),
                          "tokens": f"({tokens})" if tokens else ""})
            colour = theme.TEXT if index == state.turn else theme.MUTED
            self.add_widget(label(ui, ui.text(msg), "small", color=colour, size_hint_y=None, fit_height=True))
        self.add_widget(Widget())

    def _line(self, title: str, dice: list[str]) -> None:
        """The dice of one place, four a row, after the place's name in the first cell."""
        ui = self.ui
        # A row as tall as its tallest button: a face that stays whole only on two lines («مقاتل، الآن مقاتل», a
        # die revived) makes its row taller, where a touch's height drew it 64 px high in 56 (the explorer).
        grid = GridLayout(cols=COLUMNS, spacing=ui.gap / 2, orientation="rl-tb" if ui.rtl else "lr-tb",
                          row_default_height=ui.touch, size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        heading = label(ui, title, "small", bold=True, color=theme.MUTED)
        heading.bind(width=partial(_fit_words, ui))
        grid.add_widget(heading)
        chosen = self.composer.chosen() if self.composer is not None else set(self.picked)
        offered = {u for s in self.composer.slots for u in self.composer.candidates(s)} if self.composer else set()
        faces = self.composer.faces if self.composer is not None else {}
        for die in dice:
            shown: Msg | Named = face(self.data, self.state, die)
            if die in faces:  # revived or set: the face it will show (the drinker tapped again left no trace)
                shown = Msg("{die} → {face}", {"die": shown, "face": self._face(die, faces[die])})
            button = BigButton(ui, ui.text(shown), partial(self.on_tap, die), grow=True, shrink_first=True,
                               font_size=ui.font("small"))
            button.padding = [ui.px(2), 0, ui.px(2), 0]  # a face's whole name in a quarter of the side
            button.selected = die in chosen
            button.disabled = self.composer is not None and die not in offered
            self.buttons[die] = button
            grid.add_widget(button)
        self.add_widget(grid)

    def _face(self, die: str, face_id: str) -> Named:
        found = self.data.dice[self.state.dice[die].kind].face(face_id)
        return found.named() if found is not None else party_face(self.data, face_id)


def _fit_words(ui: Ui, heading: BidiLabel, width: float) -> None:
    """A place's name in a quarter of the side, smaller until its longest word fits («Сутарэньні» was broken
    across two lines, the explorer, issue 21)."""
    size = ui.font("small")
    while size > ui.px(BigButton.SMALLEST_PX) and max(map(measurer(int(size), True), heading.logical.split()),
                                                       default=0) > width - ui.px(4):
        size -= 1
    heading.font_size = size
