"""The table screen: the round, whose turn and the falls above; on one side the board, the heroes' panels
or the transcript (the players switch between them); on the other what the referee needs now — what to
put back after an undo, the next step of a monster phase, an attack's odds, or the engine's prompt as
large buttons. And the end-of-game screen."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.core.flow import Act, ActionPrompt, CardPrompt, DiePrompt, Event, Input, Prompt, Roll
from companion.core.messages import Msg, Named
from companion.games.covenant.state import GameState
from companion.ui import theme
from companion.ui.base import BaseScreen
from companion.ui.board import BoardView
from companion.ui.herocard import hero_card_view
from companion.ui.heroes import attack_sum, conditions, hero_card, status_line
from companion.ui.i18n import N_
from companion.ui.prompt_panel import PromptPanel, Transcript, citation
from companion.ui.prompts import view
from companion.ui.summary import SummaryScreen
from companion.ui.widgets import BigButton, Panel, label, row

PANES = ("board", "heroes", "log")
BANNER = (0.10, 0.08, 0.10, 0.96)
STEP_MARKS = (("slot", "reveal"), ("space", "move"), ("to", "move"))
PANE_NAMES = {"board": N_("Board"), "heroes": N_("Heroes"), "log": N_("Log")}
FITTING = 6  # buttons that fit beside the heroes at 800x480 without scrolling
NARROW_FITTING = 8  # and in two columns beside the board, End turn pinned below them: every action
NARROW_CHOICES = 6  # a card or a die beside the board: more scroll (a marker is laid on the reader anyway)
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
    and the referee's panel the narrow rest; with the heroes or the transcript, the two share the width."""
    game = "covenant"

    pane: str = "board"
    padding_px = 4

    def build(self, body: BoxLayout) -> None:
        ui, app = self.ui, self.app
        session = app.session
        switches: list[Widget] = []
        for pane in PANES:
            button = BigButton(ui, ui.t(PANE_NAMES[pane]), partial(self._show, pane), size_hint_x=None,
                               width=ui.px(105), font_size=ui.font("small"))
            button.selected = pane == self.pane
            switches.append(button)
        undo = BigButton(ui, ui.t("Undo"), app.undo, size_hint_x=None, width=ui.px(105), font_size=ui.font("small"))
        undo.disabled = session is None or app.over()
        body.add_widget(self.top_bar("", [*switches, *self.simulated_button(), undo]))
        if session is None:
            body.add_widget(label(ui, ui.t("No game is in progress."), align="center"))
            return
        state: GameState = session.state
        narrow = self.pane == "board"
        now = Panel(orientation="vertical", padding=ui.gap, spacing=ui.gap, size_hint_x=NARROW_SHARE if narrow else 0.5)
        header = status_line(state, app.data, app.referee.phase_round, short=narrow)
        now.add_widget(label(ui, ui.text(header), "small", bold=not narrow, size_hint_y=None, fit_height=True))
        self._now(now, state, narrow)
        body.add_widget(row(ui, [self._pane(state), now]))

    def _show(self, pane: str) -> None:
        self.pane = pane
        self.refresh()

    # ---- the left side: the board, the heroes or the transcript ----------------------------------

    def _pane(self, state: GameState) -> Widget:
        ui, app = self.ui, self.app
        if self.pane == "board":
            self.board = BoardView(app.data, app.tap_space, ui=ui, pos_hint={"x": 0, "y": 0})
            self.board.show(state, highlight(app.table.prompt, state, app.referee.shown, app.confirming))
            holder = FloatLayout(size_hint_x=1 - NARROW_SHARE)
            holder.add_widget(self.board)
            if app.referee.notice is not None:
                holder.add_widget(self._banner())
            return holder
        if self.pane == "log":
            return Transcript(ui, app.referee.transcript, app.rule_text, size_hint_x=0.5)
        box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=ui.gap)
        box.bind(minimum_height=box.setter("height"))
        for hero in (state.heroes[h] for h in state.order):
            active = state.phase == "heroes" and state.outcome is None and hero.id == state.active
            box.add_widget(hero_card_view(ui, hero_card(hero, app.data), conditions(hero, state), active))
        scroll = ScrollView(do_scroll_x=False, size_hint_x=0.5)
        scroll.add_widget(box)
        return scroll

    # ---- the right side: what the referee needs now ---------------------------------------------

    def _now(self, now: Panel, state: GameState, narrow: bool) -> None:
        ui, app = self.ui, self.app
        referee = app.referee
        if referee.put_back:
            self._text(now, ui.t("Undone. Put back on the table:"), "body", bold=True)
            now.add_widget(self._scrolled([ui.text(item) for item in referee.put_back], "small"))
            now.add_widget(BigButton(ui, ui.t("Done"), app.next_step))
            return
        if referee.steps:
            shown = referee.shown
            texts = [ui.text(m) for step in shown for m in (attack_sum(step), step.msg) if m is not None]
            now.add_widget(self._scrolled(texts, "small" if narrow else "body"))
            now.add_widget(citation(ui, shown[-1].rule, app.rule_text, size_hint_y=None, fit_height=True))
            if not narrow:
                self._text(now, ui.t("Tap Next, or press the Next button."), "small", color=theme.MUTED)
            now.add_widget(BigButton(ui, ui.t("Next"), app.next_step))
            return
        if state.outcome is not None:
            self._text(now, ui.t("The game is over."), "title")
            now.add_widget(Widget())
            now.add_widget(BigButton(ui, ui.t("See the summary"), lambda: app.go("summary")))
            return
        kept = app.session.kept_result() if app.session is not None else None
        if kept is not None:
            self._kept(now, kept)
            return
        if referee.notice is not None and not narrow:  # beside the board it lies over the board's key
            self._text(now, ui.text(referee.notice), "small", color=theme.WARN)
            if referee.notice_rule:
                now.add_widget(citation(ui, referee.notice_rule, app.rule_text, size_hint_y=None, fit_height=True))
        if app.confirming is not None:
            self._odds(now, state, narrow)
            return
        if referee.echo is not None and referee.notice is None:
            self._text(now, ui.text(referee.echo), "small", color=theme.GOOD)
        prompt = app.table.prompt
        if prompt is None:
            return
        shown = view(prompt, app.names, state.reveal.slot if state.reveal is not None else None)
        if isinstance(prompt, DiePrompt) and app.table.rolling:
            # Above the faces, not instead of them: a die that never settles is entered by touch.
            shown = replace(shown, purpose=Msg("Rolling…"))
        self.panel = PromptPanel(ui, shown, app.answer, app.rule_text,
                                 fitting=(NARROW_FITTING if isinstance(prompt, ActionPrompt) else NARROW_CHOICES)
                                 if narrow else FITTING, narrow=narrow, fill=(0, 0, 0, 0),
                                 padding=0)
        now.add_widget(self.panel)

    def _banner(self) -> Panel:
        """The calm message of the moment (a refusal, a device's notice) over the foot of the board, where
        it can push neither the map nor the buttons beside it."""
        ui, referee = self.ui, self.app.referee
        assert referee.notice is not None
        banner = Panel(orientation="vertical", padding=ui.gap, size_hint_y=None, pos_hint={"x": 0, "y": 0})
        banner.fill = BANNER
        banner.bind(minimum_height=banner.setter("height"))
        self._text(banner, ui.text(referee.notice), "small", color=theme.WARN)
        if referee.notice_rule:
            banner.add_widget(citation(ui, referee.notice_rule, self.app.rule_text, size_hint_y=None, fit_height=True))
        return banner

    def _kept(self, now: Panel, kept: Input) -> None:
        """After an undo, a die or a card already seen stands for the same roll or draw (R-STORE-1, R-STORE-2)."""
        ui, app = self.ui, self.app
        prompt = app.table.prompt
        face_or_card = kept.face if isinstance(kept, Roll) else getattr(kept, "card", None)
        shown: Msg | Named = Msg("what the app drew or rolled then")
        if isinstance(kept, Roll) and face_or_card is not None:
            shown = app.names.faces(kept.die).get(face_or_card, {"en": face_or_card})
        elif isinstance(prompt, CardPrompt) and face_or_card is not None:
            shown = prompt.labels.get(face_or_card, Msg(face_or_card))
        text = ui.t("Before the undo this came out: {result}. It stands.", result=ui.text(shown))
        now.add_widget(self._scrolled([text], "body"))
        now.add_widget(citation(ui, "R-STORE-2", app.rule_text, size_hint_y=None, fit_height=True))
        now.add_widget(BigButton(ui, ui.t("Go on"), partial(app.answer, kept)))

    def _odds(self, now: Panel, state: GameState, narrow: bool) -> None:
        """The chance to hit and the expected damage, before the attack is made (§Combat)."""
        ui, app = self.ui, self.app
        attack = app.confirming
        assert attack is not None and app.session is not None and attack.target is not None
        odds = app.session.rules.odds(state, attack.actor, attack.target)  # type: ignore[attr-defined]
        prompt = app.table.prompt
        option = next((o for o in prompt.options if o.id == "attack"), None) \
            if isinstance(prompt, ActionPrompt) else None
        target = option.target_labels.get(attack.target) if option else None
        question = ui.t("Attack {target}?", target=ui.text(target) if target else attack.target)
        chance = ui.t("Chance to hit: {percent}% · expected damage: {damage}", percent=_percent(odds.hit),
                      damage=f"{float(odds.damage):.1f}")
        now.add_widget(self._scrolled([question, chance], "small" if narrow else "body"))
        now.add_widget(citation(ui, "§Combat", app.rule_text, size_hint_y=None, fit_height=True))
        now.add_widget(row(ui, [BigButton(ui, ui.t("Attack"), partial(app.answer, attack)),
                                BigButton(ui, ui.t("Back"), app.cancel_attack)], size_hint_y=None,
                           height=ui.touch))

    def _scrolled(self, texts: list[str], role: str) -> ScrollView:
        """Texts filling the room left, scrolled when longer (a long step on the narrow panel)."""
        box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=self.ui.px(4))
        box.bind(minimum_height=box.setter("height"))
        for text in texts:
            self._text(box, text, role)
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(box)
        return scroll

    def _text(self, box: Widget, text: str, role: str, **kwargs: Any) -> None:
        box.add_widget(label(self.ui, text, role, size_hint_y=None, fit_height=True, **kwargs))

    panel: PromptPanel | None = None


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
