"""The table screen: the round, whose turn and the falls above; on one side the board, the heroes' panels
or the transcript (the players switch between them); on the other what the referee needs now — what to
put back after an undo, the next step of a monster phase, an attack's odds, or the engine's prompt as
large buttons. And the end-of-game screen."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.core.flow import Act, ActionPrompt, CardPrompt, DiePrompt, Event, Input, Prompt, Roll
from companion.core.messages import Msg, Named, Plural, decimal
from companion.games.covenant.state import GameState
from companion.ui import theme
from companion.ui.base import BaseScreen
from companion.ui.board import BoardView
from companion.ui.herocard import HeroCardView
from companion.ui.heroes import attack_sum, conditions, hero_card, status_line
from companion.ui.i18n import N_
from companion.ui.phones import phones_button
from companion.ui.prompt_panel import PromptPanel, Transcript, citation
from companion.ui.prompts import view
from companion.ui.summary import SummaryScreen
from companion.ui.theme import Ui
from companion.ui.trade import with_gifts
from companion.ui.widgets import BidiLabel, BigButton, Column, Kept, Panel, TapLabel, fill, label, reading_order

if TYPE_CHECKING:
    from companion.ui.host import Host

PANES = ("board", "heroes", "log")
STEP_MARKS = (("slot", "reveal"), ("space", "move"), ("to", "move"))
PANE_NAMES = {"board": N_("Board"), "heroes": N_("Heroes"), "log": N_("Log")}
NARROW_SHARE = 0.365  # the panel's share beside the board: two columns of buttons, 9 mm tap boxes left


def highlight(prompt: Prompt | None, state: GameState, shown: list[Event], attack: Act | None) -> dict[str, str]:
    """Spaces to mark on the board: a monster's path while its move is shown, the room a step opens or
    the space it puts something on, the target of an attack being weighed, else the destinations,
    rooms and targets the prompt offers."""
    if attack is not None and (aimed := state.monster(attack.target or "")) is not None:
        return {aimed.space: "target"}
    if shown:
        marks = {}
        for step in shown:
            path = step.data.get("path")
            if isinstance(path, list):
                marks.update({str(space): "path" for space in [step.data.get("from"), *path] if space})
            marks.update({str(step.data[key]): role for key, role in STEP_MARKS if isinstance(step.data.get(key), str)})
        return marks
    marks: dict[str, str] = {}
    if isinstance(prompt, CardPrompt) and prompt.deck.startswith("markers-") and state.reveal is not None:
        return {state.reveal.slot: "reveal"}
    for option in prompt.options if isinstance(prompt, ActionPrompt) else []:
        for target in option.targets:
            if option.id in ("move", "reveal"):
                marks[target] = option.id
            elif option.id == "attack" and (monster := state.monster(target)) is not None:
                marks[monster.space] = "target"
    return marks


class TableScreen(BaseScreen):
    """With the board shown, the board takes the room its 9 mm tap boxes need (508 × 407 px at 800 × 480)
    and the referee's panel the narrow rest; with the heroes or the transcript, the two share the width.

    Made once and then changed in place: each widget is kept under a key naming its place (`Kept`), so a
    ruling costs the texts and buttons that changed, not a new screen (issue 13: a die's or a tag's ruling
    on the screen within milliseconds). A language switch or a resize makes a new screen (`app.rebuild`)."""

    game = "covenant"

    pane: str = "board"
    padding_px = 4
    panel: PromptPanel | None = None
    ending: Input | None = None  # End turn tapped with actions left: asked once before it is given
    asked: Prompt | None = None  # the prompt it was asked for: once that is gone, so is the question

    def __init__(self, app: Host, ui: Ui, **kwargs: Any) -> None:
        self.kept = Kept()
        super().__init__(app, ui, **kwargs)

    def redraw(self) -> None:
        body = self.kept.get("body", BoxLayout, orientation="vertical", padding=self.ui.px(self.padding_px),
                             spacing=self.ui.gap)
        fill(self, [body])
        if self.draws_session():
            self.build(body)

    def build(self, body: BoxLayout) -> None:
        ui, app, kept = self.ui, self.app, self.kept
        session = app.session
        switches: list[Widget] = []
        for pane in PANES:
            button = kept.get(f"pane/{pane}", BigButton, ui, ui.t(PANE_NAMES[pane]), partial(self._show, pane),
                              size_hint_x=None, width=ui.px(105), font_size=ui.font("small"))
            # The pane shown is marked, and no target: a tap on it would change nothing (explorer: "tap took").
            button.selected = button.disabled = pane == self.pane
            switches.append(button)
        undo = kept.get("undo", BigButton, ui, ui.t("Undo"), app.undo, size_hint_x=None, width=ui.px(105),
                        font_size=ui.font("small"))
        undo.disabled = session is None or app.over()
        # Its buttons are kept above; the bar itself is made once.
        top = kept.get("top", lambda: self.top_bar("", [*switches, *self.simulated_button(), undo]))
        if session is None:
            fill(body, [top, label(ui, ui.t("No game is in progress."), "body", kept.at("no game"), align="center")])
            return
        state: GameState = session.state
        narrow = self.pane == "board"
        now = kept.get("now", Panel, orientation="vertical", padding=ui.gap, spacing=ui.gap,
                       size_hint_x=NARROW_SHARE if narrow else 0.5)
        header = status_line(state, app.data, app.referee.phase_round, short=narrow)
        self.panel = None
        fill(now, [label(ui, ui.text(header), "small", kept.at("header"), bold=not narrow, size_hint_y=None,
                         fit_height=True), *self._now(state, narrow)])
        sides = kept.get("sides", BoxLayout, orientation="horizontal", spacing=ui.gap)
        fill(sides, reading_order(ui, [self._pane(state), now]))
        fill(body, [top, sides])

    def _show(self, pane: str) -> None:
        self.pane = pane
        self.refresh()

    # ---- the left side: the board, the heroes or the transcript ----------------------------------

    def _pane(self, state: GameState) -> Widget:
        ui, app, kept = self.ui, self.app, self.kept
        if self.ending is not None:
            return self._ask_end(state)
        if self.pane == "board":
            board = kept.get("board", lambda: BoardView(app.data, app.tap_space, ui=ui, pos_hint={"x": 0, "y": 0}))
            board.show(state, highlight(app.table.prompt, state, app.referee.shown, app.confirming))
            holder = kept.get("board holder", FloatLayout, size_hint_x=1 - NARROW_SHARE)
            fill(holder, [board])
            return holder
        if self.pane == "log":
            return kept.get("log", Transcript, ui, app.referee.transcript, app.rule_text, size_hint_x=0.5)
        cards: list[Widget] = []
        for i, hero in enumerate(state.heroes[h] for h in state.order):
            active = state.phase == "heroes" and state.outcome is None and hero.id == state.active
            cards.append(kept.get(f"hero/{i}", HeroCardView, ui, hero_card(hero, app.data), conditions(hero, state),
                                  active))
        # The heroes' phones join by the codes of the Phones panel (issue 27), under the heroes they show.
        cards += phones_button(app, ui)
        box = kept.get("heroes", Column, spacing=ui.gap)
        fill(box, cards)
        scroll = kept.get("heroes scroll", ScrollView, do_scroll_x=False, size_hint_x=0.5)
        fill(scroll, [box])
        return scroll

    # ---- the right side: what the referee needs now ---------------------------------------------

    def _now(self, state: GameState, narrow: bool) -> list[Widget]:
        ui, app, kept = self.ui, self.app, self.kept
        referee = app.referee
        if referee.put_back or referee.steps or app.table.prompt != self.asked or app.confirming is not None:
            # An undo, a step or another prompt came first: nothing is being asked (the explorer, issue 21:
            # an undo with nothing to put back went back to the other hero's turn, and "Yes, end the turn"
            # then ended a turn that was not the one asked about, refused as `not-your-turn`).
            self.ending = None
        if referee.put_back:
            return [self._text("put back", ui.t("Undone. Put back on the table:"), "body", bold=True),
                    self._scrolled("put back list", [ui.text(item) for item in referee.put_back], "small"),
                    kept.get("done", BigButton, ui, ui.t("Done"), app.next_step)]
        if referee.steps:
            shown = referee.shown
            texts = [ui.text(m) for step in shown for m in (attack_sum(step), step.msg) if m is not None]
            step = [self._scrolled("step", texts, "small" if narrow else "body"),
                    self._cite("step rule", shown[-1].rule)]
            if not narrow:
                step.append(self._text("next hint", ui.t("Tap Next, or press the Next button."), "small",
                                       color=theme.MUTED))
            step.append(self._text("steps left", ui.t("Steps left: {count}", count=referee.steps_left), "small",
                                   color=theme.MUTED))
            return [*step, kept.get("next", BigButton, ui, ui.t("Next"), app.next_step)]
        if state.outcome is not None:
            return [self._text("over", ui.t("The game is over."), "title"), kept.get("over space", Widget),
                    kept.get("summary", BigButton, ui, ui.t("See the summary"), lambda: app.go("summary"))]
        kept_result = app.session.kept_result() if app.session is not None else None
        if kept_result is not None:
            return self._kept(kept_result)
        shown_now: list[Widget] = []
        # In the panel's notes, never over the board: a banner there covered the map's rooms (explorer).
        if referee.notice is not None:
            shown_now.append(self._text("notice", ui.text(referee.notice), "small", color=theme.WARN))
            if referee.notice_rule:
                shown_now.append(self._cite("notice rule", referee.notice_rule))
        if app.confirming is not None:  # the notes scroll with the odds: a long notice had pushed the round's
            return self._odds(state, narrow, shown_now)  # line up over the top bar (explorer, 800×480)
        if referee.echo is not None and referee.notice is None:
            shown_now.append(self._text("echo", ui.text(referee.echo), "small", color=theme.GOOD))
        prompt = app.table.prompt
        if prompt is None:
            return shown_now
        shown = view(prompt, app.names, state.reveal.slot if state.reveal is not None else None)
        if isinstance(prompt, ActionPrompt):
            shown = with_gifts(shown, state, app.data, app.session.rules)
        if isinstance(prompt, DiePrompt) and app.table.rolling:
            # Above the faces, not instead of them: a die that never settles is entered by touch.
            shown = replace(shown, purpose=Msg("Rolling…"))
        # What the last ruling said scrolls with the prompt, under End turn: however long, it moves no button.
        self.panel = kept.get("prompt", PromptPanel, ui, shown, app.answer, app.rule_text, narrow=narrow,
                              notes=shown_now, on_end=self._end_turn, fill=(0, 0, 0, 0), padding=0)
        self.panel.disabled = self.ending is not None
        return [self.panel]

    # ---- ending a turn with actions left --------------------------------------------------------

    def _end_turn(self, end: Input) -> None:
        """End turn: given at once when no action is left, else asked once (issue 21, finding 2: quick taps
        meant for Next had ended two heroes' turns with four actions each)."""
        state = self.app.session.state if self.app.session is not None else None
        if state is None or state.actions <= 0:
            self.app.answer(end)
            return
        self.ending, self.asked = end, self.app.table.prompt
        self.refresh()

    def _ask_end(self, state: GameState) -> Widget:
        """The question in place of the board (or the heroes, or the log), its buttons apart from every
        button of the prompt beside it."""
        ui, kept = self.ui, self.kept
        hero = self.app.data.heroes[state.active].named()
        question = Msg.of(Plural("{hero} has {actions} action left. End the turn?",
                                 "{hero} has {actions} actions left. End the turn?", "actions"),
                          {"hero": hero, "actions": state.actions})
        choice = kept.get("end choice", BoxLayout, orientation="horizontal", spacing=ui.gap, size_hint_y=None,
                          height=ui.touch)
        fill(choice, reading_order(ui, [kept.get("end yes", BigButton, ui, ui.t("Yes, end the turn"), self._ended),
                                        kept.get("end no", BigButton, ui, ui.t("Back"), self._not_ended)]))
        asked = kept.get("ask end", Panel, orientation="vertical", padding=ui.gap, spacing=ui.gap,
                         size_hint_x=1 - NARROW_SHARE if self.pane == "board" else 0.5)
        fill(asked, [self._text("end question", ui.text(question), "body", bold=True),
                     kept.get("end space", Widget), choice])
        return asked

    def _ended(self) -> None:
        end, self.ending = self.ending, None
        if end is not None and self.app.table.prompt == self.asked:
            self.app.answer(end)
        else:  # a tap before the redraw that withdrew the question
            self.refresh()

    def _not_ended(self) -> None:
        self.ending = None
        self.refresh()

    def _kept(self, kept_result: Input) -> list[Widget]:
        """After an undo, a die or a card already seen stands for the same roll or draw (R-STORE-1, R-STORE-2)."""
        ui, app = self.ui, self.app
        prompt = app.table.prompt
        face_or_card = kept_result.face if isinstance(kept_result, Roll) else getattr(kept_result, "card", None)
        shown: Msg | Named = Msg("what the app drew or rolled then")
        if isinstance(kept_result, Roll) and face_or_card is not None:
            shown = app.names.faces(kept_result.die).get(face_or_card, {"en": face_or_card})
        elif isinstance(prompt, CardPrompt) and face_or_card is not None:
            shown = prompt.labels.get(face_or_card, Msg(face_or_card))
        text = ui.t("Before the undo this came out: {result}. It stands.", result=ui.text(shown))
        return [self._scrolled("kept", [text], "body"), self._cite("kept rule", "R-STORE-2"),
                self.kept.get("go on", BigButton, ui, ui.t("Go on"), partial(app.answer, kept_result))]

    def _odds(self, state: GameState, narrow: bool, notes: Sequence[Widget] = ()) -> list[Widget]:
        """The chance to hit and the expected damage, before the attack is made (§Combat)."""
        ui, app, kept = self.ui, self.app, self.kept
        attack = app.confirming
        assert attack is not None and app.session is not None and attack.target is not None
        odds = app.session.rules.odds(state, attack.actor, attack.target)  # type: ignore[attr-defined]
        prompt = app.table.prompt
        option = next((o for o in prompt.options if o.id == "attack"), None) \
            if isinstance(prompt, ActionPrompt) else None
        target = option.target_labels.get(attack.target) if option else None
        question = ui.t("Attack {target}?", target=ui.text(target) if target else attack.target)
        chance = ui.t("Chance to hit: {percent}% · expected damage: {damage}", percent=_percent(odds.hit),
                      damage=ui.text(decimal(float(odds.damage))))
        choice = kept.get("odds choice", BoxLayout, orientation="horizontal", spacing=ui.gap, size_hint_y=None,
                          height=ui.touch)
        fill(choice, reading_order(ui, [kept.get("attack", BigButton, ui, ui.t("Attack"), partial(app.answer, attack)),
                                        kept.get("back", BigButton, ui, ui.t("Back"), app.cancel_attack)]))
        return [self._scrolled("odds", [question, chance], "small" if narrow else "body", notes),
                self._cite("odds rule", "§Combat"), choice]

    def _scrolled(self, key: str, texts: list[str], role: str, notes: Sequence[Widget] = ()) -> ScrollView:
        """Texts filling the room left, scrolled when longer (a long step on the narrow panel), after `notes`;
        kept, it shows the first line again, as a new one would."""
        box = self.kept.get(f"{key}/box", Column, spacing=self.ui.px(4))
        fill(box, [*notes, *(self._text(f"{key}/{i}", text, role) for i, text in enumerate(texts))])
        scroll = self.kept.get(key, ScrollView, do_scroll_x=False, scroll_y=1)
        fill(scroll, [box])
        return scroll

    def _text(self, key: str, text: str, role: str, **kwargs: Any) -> BidiLabel:
        return label(self.ui, text, role, self.kept.at(key), size_hint_y=None, fit_height=True, **kwargs)

    def _cite(self, key: str, rule: str) -> TapLabel:
        return citation(self.ui, rule, self.app.rule_text, self.kept.at(key), size_hint_y=None, fit_height=True)


def _percent(chance: Fraction) -> int:
    return round(float(chance) * 100)


class EndScreen(BaseScreen):
    """The end of the game: the summary and its charts (`companion/ui/summary.py`)."""
    game = "covenant"

    def build(self, body: BoxLayout) -> None:
        ui, app = self.ui, self.app
        body.add_widget(self.top_bar(ui.t("The end of the game")))
        if app.session is not None and app.session.state.outcome is not None:
            body.add_widget(SummaryScreen(app.data, app.session.state, ui=ui))
