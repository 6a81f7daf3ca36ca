"""Touch entry of a throw's faces, for any game whose dice keep their identity (a `ThrowPrompt`: Dungeon
Roll's party and dungeon dice, Descent's coloured dice).

The players tap a die, then the face it shows; the next die without a face is chosen for them, so a throw
of seven dice is seven taps on faces and one on "Enter". Or the app rolls them all with the game's own
seeded generator. The dice's kinds and their faces' names come from the game's data (`DieKind`s by kind
id), the dice's names from the caller (a die already showing a face is best named by it); no game is named
here. `ThrowEntry` is the model (no Kivy), `ThrowEntryPanel` draws it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from kivy.uix.gridlayout import GridLayout

from companion.core.dice import DieKind
from companion.core.flow import Input, Source, Throw, ThrowPrompt
from companion.core.messages import Msg, Named, listed, verbatim
from companion.ui.prompt_panel import RuleText, citation
from companion.ui.theme import Ui
from companion.ui.widgets import BigButton, Column, FitScroll, Panel, label, row

DIE_COLUMNS = 4  # seven dice in two rows
FACE_COLUMNS = 3  # six faces in two rows

Label = Msg | Named


class ThrowEntry:
    """The faces entered so far for one throw, and the die the next tap on a face sets."""

    def __init__(self, prompt: ThrowPrompt) -> None:
        self.prompt = prompt
        self.dice = list(prompt.dice)
        self.faces: dict[str, str] = {}
        self.current: str | None = self.dice[0] if self.dice else None

    def choose(self, die: str) -> None:
        if die in self.prompt.dice:
            self.current = die

    def enter(self, face: str) -> None:
        """The chosen die shows `face`; the next die still without a face (in the prompt's order) is chosen."""
        if self.current is None:
            return
        self.faces[self.current] = face
        start = self.dice.index(self.current)
        later = self.dice[start + 1:] + self.dice[:start]
        self.current = next((d for d in later if d not in self.faces), self.current)

    @property
    def complete(self) -> bool:
        return all(d in self.faces for d in self.dice)

    def throw(self) -> Throw:
        """The faces entered by touch (the engine checks them: a face a die lacks is refused there)."""
        return Throw(faces=dict(self.faces), source=Source.TOUCH)

    @staticmethod
    def app_throw() -> Throw:
        return Throw(source=Source.APP)


def die_labels(prompt: ThrowPrompt) -> dict[str, Label]:
    """Each die by its number in the throw ("1", "2"…): for dice no face names yet."""
    return {die: verbatim(str(n)) for n, die in enumerate(prompt.dice, start=1)}


class ThrowEntryPanel(Panel):
    """The purpose of the throw and its rule; a button per die, `die_columns` a row (its name and the face
    entered, `?` before), the faces of the chosen die's kind (`face_columns` a row), then "Enter these faces"
    (once every die has one) and "Let the app roll". Either answer goes to `on_answer` as a `Throw`. A throw
    `kept` from before an undo (R-STORE-1) is the only answer the engine takes: it is shown, with Go on, in
    place of the entry (issue 21: the explorer's "Let the app roll" was refused there, `kept-result`)."""

    def __init__(self, ui: Ui, entry: ThrowEntry, kinds: Mapping[str, DieKind], on_answer: Callable[[Input], object],
                 rule_text: RuleText, labels: Mapping[str, Label] | None = None, die_columns: int = DIE_COLUMNS,
                 face_columns: int = FACE_COLUMNS, kept: Input | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("padding", ui.gap)
        super().__init__(orientation="vertical", spacing=ui.gap, **kwargs)
        self.ui, self.entry, self.kinds, self.on_answer, self.rule_text = ui, entry, kinds, on_answer, rule_text
        self.labels: Mapping[str, Label] = labels or die_labels(entry.prompt)
        self.die_columns, self.face_columns = die_columns, face_columns
        self.kept = kept if isinstance(kept, Throw) else None
        self.buttons: dict[str, BigButton] = {}
        self.draw()

    def face_name(self, die: str, face: str) -> str:
        kind = self.kinds.get(self.entry.prompt.dice[die])
        found = kind.face(face) if kind is not None else None
        return self.ui.text(found.named()) if found is not None else face

    def draw(self) -> None:
        """The purpose, the dice and the faces scroll when they are taller than the room the screen gives
        (Arabic's taller lines, a long purpose); Enter and the app's roll stay whole at the foot, under
        nothing (issue 21, finding 1: the faces had been drawn over "Let the app roll")."""
        ui, entry = self.ui, self.entry
        self.clear_widgets()
        self.buttons = {}
        body = Column(spacing=self.spacing)
        body.add_widget(label(ui, ui.text(entry.prompt.purpose), "small", bold=True, size_hint_y=None,
                              fit_height=True))
        if self.kept is not None:
            self._draw_kept(body, self.kept)
            return
        body.add_widget(citation(ui, entry.prompt.rule, self.rule_text, size_hint_y=None, fit_height=True))
        dice = self._grid(self.die_columns, len(entry.dice))
        for die in entry.dice:
            shown = self.face_name(die, entry.faces[die]) if die in entry.faces else ui.t("?")
            text = f"{ui.text(self.labels.get(die, verbatim(die)))}: {shown}"
            button = BigButton(ui, text, partial(self._choose, die), font_size=ui.font("small"))
            button.selected = die == entry.current
            self.buttons[f"die:{die}"] = button
            dice.add_widget(button)
        body.add_widget(dice)
        kind = self.kinds.get(entry.prompt.dice[entry.current]) if entry.current is not None else None
        faces = self._grid(self.face_columns, len(kind.faces) if kind is not None else 0)
        for face in kind.faces if kind is not None else []:
            button = BigButton(ui, ui.text(face.named()), partial(self._enter, face.id),
                               font_size=ui.font("small"))
            self.buttons[f"face:{face.id}"] = button
            faces.add_widget(button)
        body.add_widget(faces)
        self._add_body(body)
        enter = BigButton(ui, ui.t("Enter these faces"), lambda: self.on_answer(entry.throw()),
                          font_size=ui.font("small"))
        enter.disabled = not entry.complete
        roll = BigButton(ui, ui.t("Let the app roll"), lambda: self.on_answer(entry.app_throw()),
                         font_size=ui.font("small"))
        self.buttons["enter"], self.buttons["app-roll"] = enter, roll
        self.add_widget(row(ui, [enter, roll], size_hint_y=None, height=ui.touch))

    def _draw_kept(self, body: Column, kept: Throw) -> None:
        """The throw from before the undo, die by die as the dice show it, and Go on to let it stand."""
        ui = self.ui
        faces = [{ui.lang: f"{ui.text(self.labels.get(d, verbatim(d)))}: {self.face_name(d, f)}"}
                 for d, f in kept.faces.items()]
        result = ui.text(listed(faces)) if faces else ui.t("what the app drew or rolled then")
        body.add_widget(label(ui, ui.t("Before the undo this came out: {result}. It stands.", result=result), "small",
                              size_hint_y=None, fit_height=True))
        body.add_widget(citation(ui, "R-STORE-2", self.rule_text, size_hint_y=None, fit_height=True))
        self._add_body(body)
        self.buttons["go on"] = BigButton(ui, ui.t("Go on"), lambda: self.on_answer(kept), font_size=ui.font("small"),
                                          size_hint_y=None, height=ui.touch)
        self.add_widget(self.buttons["go on"])

    def _add_body(self, body: Column) -> None:
        if self.size_hint_y is None:  # the screen makes the panel as tall as what it holds: nothing to scroll
            self.add_widget(body)
        else:
            scroll = FitScroll()
            scroll.add_widget(body)
            self.add_widget(scroll)

    def _grid(self, columns: int, count: int) -> GridLayout:
        rows = max(1, -(-count // columns))
        return GridLayout(cols=columns, spacing=self.ui.gap / 2, orientation="rl-tb" if self.ui.rtl else "lr-tb",
                          row_force_default=True, row_default_height=self.ui.touch, size_hint_y=None,
                          height=rows * self.ui.touch + (rows - 1) * self.ui.gap / 2)

    def _choose(self, die: str) -> None:
        self.entry.choose(die)
        self.draw()

    def _enter(self, face: str) -> None:
        self.entry.enter(face)
        self.draw()
