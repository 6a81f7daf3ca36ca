"""The Descent referee's table screen: the map with the figures (and what the moment marks on it: a
template's squares and the figures it affects, a boulder's path, the figures killed), the arithmetic of
the last ruling under it with its citations, and beside it what the referee needs now — an action to aim
on the map, a die to enter face by face (or let the app roll), a choice — or, after an undo, what to put
back. Every input goes through the app's referee and table, so it is stored before it is shown."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property, partial

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.core.flow import Act, ActionPrompt, ChoicePrompt, Choose, Event, Input, Rejection, ThrowPrompt
from companion.core.messages import Msg, Plural, listed
from companion.games.descent.grid import Cell, Side
from companion.games.descent.state import GameState
from companion.ui import theme
from companion.ui.base import BaseScreen
from companion.ui.descent import treachery_panel
from companion.ui.descent.aim import AIMED, TABLE, Aim
from companion.ui.descent.mapview import MapView
from companion.ui.descent.names import Names
from companion.ui.i18n import N_
from companion.ui.prompt_panel import citation
from companion.ui.throw_entry import ThrowEntryPanel
from companion.ui.widgets import BigButton, Column, Panel, label, row

ACTION_NAMES = {"attack": N_("Attack"), "breath": N_("Breath"), "lightning": N_("Lightning"),
                "start_turn": N_("A figure's turn"), "overlord": N_("Overlord's turn"), "move": N_("Move"),
                "door": N_("Door"), "treachery": N_("Treachery")}
"""The actions offered by touch, in short words that fit two to a row."""
ENDING = "overlord"
"""The action that ends the heroes' turn: in the top bar, in the title's place, apart from every other button
and from the foot of a rule's window, where its Close lies (the explorer, issue 21: at the foot of the panel under
a ruling's results it came up under the Close, and a tap more than the window needed ended the heroes' turn).
Dungeon Roll's Retire and Flee stand there too."""
MAP_SHARE = 0.6
RESULTS_SHARE = 0.4  # beside a ruling's results (an attack's arithmetic on a line) and what comes next
THROW_SHARE = 0.5  # a throw's dice and faces, three a row, take half the width
TREACHERY_SHARE = 0.4  # the treachery's counts, two − n + a row, and its arithmetic on one Arabic line
MAP_HEIGHT = 0.7  # of the left side: the arithmetic below it
LEGEND = {"hero": N_("Heroes (blue): {figures}"), "monster": N_("Monsters (red): {figures}")}
"""The map numbers figures within their kind (mapview.py), in the kind's colour."""
STEPS = {"killed": N_("Take {figure} off the map."), "crushed": N_("Take {figure} off the map."),
         "boulder": N_("Roll boulder {boulder} along the squares marked on the map."),
         "rubble": N_("Take away the rubble the boulder rolled over."),
         "boulder-destroyed": N_("Take boulder {boulder} off the map.")}
REACHED = Plural("The template reaches {n} square.", "The template reaches {n} squares.")


def marks(state: GameState, shown: list[Event]) -> tuple[dict[Cell, str], dict[str, str]]:
    """What the last ruling marks on the map: a boulder's path and whom it crushed, a template's reached
    squares and the figures it affects (while the attack's dice are rolled too)."""
    squares: dict[Cell, str] = {}
    rings: dict[str, str] = {}
    if state.attack is not None:
        squares.update({c: "reached" for c in state.attack.reached})
        rings.update({t: "affected" for t in state.attack.targets})
    for event in shown:
        for key, role in (("path", "path"), ("reached", "reached")):
            value = event.data.get(key)
            if isinstance(value, list):
                squares.update({_cell(c): role for c in value})
        targets = event.data.get("targets")
        if isinstance(targets, list):
            rings.update({str(t): "affected" for t in targets})
        if event.kind == "crushed":
            rings[str(event.data.get("figure"))] = "crushed"
    return squares, rings


def legend(state: GameState, names: Names) -> list[Msg]:
    """The figures on the map by the numbers drawn on them, each kind in its colour (issue 21, finding 6)."""
    out = []
    for kind, heading in LEGEND.items():
        figures = [f for f in state.figures if f.kind == kind]
        shown = [(n, f) for n, f in enumerate(figures, start=1) if f.alive]
        if shown:
            numbered = ({lang: f"{n} {text}" for lang, text in names.who(f.id).items()} for n, f in shown)
            out.append(Msg(heading, {"figures": listed(numbered)}))
    return out


def table_steps(shown: list[Event], names: Names) -> list[Msg]:
    """What the table does after a ruling: a figure killed or crushed taken off the map (it stood
    mid-sentence in the boulder's ruling), a boulder moved along its path or taken away, rubble cleared."""
    steps: list[Msg] = []
    for event in shown:
        text, fields = STEPS.get(event.kind), names.readable(event.msg).fields
        if text is not None:
            step = Msg(text, {k: fields[k] for k in ("figure", "boulder") if k in fields})
            if step not in steps:
                steps.append(step)
    return steps


def _cell(text: str) -> Cell:
    x, y = text.split(",")
    return int(x), int(y)


class DescentTableScreen(BaseScreen):
    padding_px = 4

    @cached_property
    def map(self) -> MapView:
        return MapView(self._tap, size_hint_y=MAP_HEIGHT)

    def build(self, body: BoxLayout) -> None:
        ui, app = self.ui, self.app
        session = app.session
        undo = BigButton(ui, ui.t("Undo"), self._undo, size_hint_x=None, width=ui.px(105), font_size=ui.font("small"))
        state = session.state if session is not None and session.game == "descent" else None
        undo.disabled = state is None
        title = ui.text(state.map.named()) if state is not None else ""
        body.add_widget(self.top_bar(title, [undo], lead=self._ending() if state is not None else None))
        if state is None:
            body.add_widget(label(ui, ui.t("No game is in progress."), align="center"))
            return
        names = Names(state, app.descent.rules.data)
        shown = list(app.referee.steps)
        squares, rings = marks(state, shown)
        aim = app.descent.aim
        prompt = app.table.prompt
        throwing = isinstance(prompt, ThrowPrompt) and not app.referee.put_back
        resulted = bool(shown) and not throwing and not app.referee.put_back and aim is None \
            and app.descent.treachery is None
        share = THROW_SHARE if throwing else TREACHERY_SHARE if app.descent.treachery is not None else \
            RESULTS_SHARE if resulted else MAP_SHARE
        now: Panel = Panel(orientation="vertical", padding=ui.gap, spacing=ui.gap / 2, size_hint_x=1 - share)
        coverage = None
        if isinstance(prompt, ThrowPrompt) and throwing:
            now = ThrowEntryPanel(ui, app.descent.entry(prompt), names.kinds(), self._give, app.rule_text,
                                  labels=names.dice(prompt), die_columns=3, face_columns=3, size_hint_x=1 - share,
                                  kept=session.kept_result())
        else:
            coverage = self._now(now, state, names)
        if coverage is not None:
            squares = coverage[0]
            rings = coverage[1]
        if aim is not None and aim.actor is not None:
            rings.setdefault(aim.actor, "selected")
        if aim is not None:  # a refused square, then what the engine would take once it is refused again
            squares = {**squares, **{c: "reached" for c in aim.offered}}
            if aim.refused is not None:
                squares[aim.refused] = "refused"
        if self.map.parent is not None:  # kept across redraws: its drawn map is reused while the map is unchanged
            self.map.parent.remove_widget(self.map)
        self.map.show(state.map, state.figures, squares, rings)
        left = BoxLayout(orientation="vertical", spacing=ui.gap / 2, size_hint_x=share)
        left.add_widget(self.map)
        below = Column(spacing=ui.px(2))
        if throwing:  # what the ruling before the throw said (the overlord's turn begun), over the throw's key
            for event in shown:
                below.add_widget(label(ui, ui.text(names.readable(event.msg)), "small", size_hint_y=None,
                                       fit_height=True))
            below.add_widget(label(ui, ui.t("Faces: range · damage · surges"), "small", color=theme.MUTED,
                                   size_hint_y=None, fit_height=True))
        if app.referee.notice is not None:
            below.add_widget(label(ui, ui.text(app.referee.notice), "small", color=theme.WARN, size_hint_y=None,
                                   fit_height=True))
            if app.referee.notice_rule:
                below.add_widget(citation(ui, app.referee.notice_rule, app.rule_text, size_hint_y=None,
                                          fit_height=True))
        for line in legend(state, names):
            below.add_widget(label(ui, ui.text(line), "small", color=theme.MUTED, size_hint_y=None, fit_height=True))
        under = ScrollView(do_scroll_x=False, size_hint_y=1 - MAP_HEIGHT)  # a long notice scrolls, never overlaps
        under.add_widget(below)
        left.add_widget(under)
        right: Widget = now
        if resulted:
            # The ruling's results in a panel of their own (issue 21, finding 6), what comes next under them.
            right = BoxLayout(orientation="vertical", spacing=ui.gap / 2, size_hint_x=1 - share)
            right.add_widget(self._results(shown, names))
            now.size_hint = (1, None)  # as tall as what it offers; the results take the rest, scrolled
            now.bind(minimum_height=now.setter("height"))
            right.add_widget(now)
        body.add_widget(row(ui, [left, right]))

    # ---- the right side ---------------------------------------------------------------------------

    def _results(self, shown: list[Event], names: Names) -> Panel:
        """What the ruling did, each with its citation, then what to do at the table; scrolled, nothing cut."""
        ui = self.ui
        results = Panel(orientation="vertical", padding=ui.gap, spacing=ui.gap / 2)
        self._text(results, ui.t("What happened"), bold=True)
        content = Column(spacing=ui.px(4))
        for event in shown:
            self._text(content, ui.text(names.readable(event.msg)))
            content.add_widget(citation(ui, event.rule, self.app.rule_text, size_hint_y=None, fit_height=True))
        steps = table_steps(shown, names)
        if steps:
            self._text(content, ui.t("At the table:"), bold=True, color=theme.MUTED)
        for step in steps:
            self._text(content, "• " + ui.text(step))
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(content)
        results.add_widget(scroll)
        return results

    def _now(self, now: Panel, state: GameState, names: Names) -> tuple[dict[Cell, str], dict[str, str]] | None:
        """Fills the panel; returns the marks of a template being laid, which replace the last ruling's."""
        ui, app = self.ui, self.app
        referee, prompt = app.referee, app.table.prompt
        if referee.put_back:
            self._text(now, ui.t("Undone. Put back on the table:"), bold=True)
            items = BoxLayout(orientation="vertical", size_hint_y=None, spacing=ui.px(4), padding=[ui.gap, 0])
            items.bind(minimum_height=items.setter("height"))
            for item in referee.put_back:
                self._text(items, ui.text(item))
            scroll = ScrollView(do_scroll_x=False)  # a boulder's roll undone puts back several things
            scroll.add_widget(items)
            now.add_widget(scroll)
            now.add_widget(BigButton(ui, ui.t("Done"), self._next))
            return None
        if isinstance(prompt, ChoicePrompt):
            self._text(now, ui.t("{who}: choose", who=ui.text(names.who(prompt.chooser))), bold=True)
            self._text(now, ui.text(prompt.purpose))
            self._grid(now, [(ui.text(o.label), Choose(o.id, prompt.chooser)) for o in prompt.options])
            now.add_widget(citation(ui, prompt.rule, app.rule_text, size_hint_y=None, fit_height=True))
        elif isinstance(prompt, ActionPrompt) and app.descent.treachery is not None:
            self._treachery(now, app.descent.treachery, state)
            return None
        elif isinstance(prompt, ActionPrompt) and app.descent.aim is None:
            self._actions(now, prompt)
        elif app.descent.aim is not None:
            return self._aim(now, app.descent.aim, state, names)
        now.add_widget(BoxLayout())
        return None

    def _ending(self) -> BigButton | None:
        """The overlord's turn, as the top bar's button, while the panel offers the actions (`_now`: no undo's
        list, aim or treachery count in their place)."""
        app, prompt = self.app, self.app.table.prompt
        if not isinstance(prompt, ActionPrompt) or app.referee.put_back or app.descent.aim is not None \
                or app.descent.treachery is not None or all(o.id != ENDING for o in prompt.options):
            return None
        ui = self.ui
        return BigButton(ui, ui.t(ACTION_NAMES[ENDING]), partial(self._start_aim, ENDING), font_size=ui.font("small"))

    def _actions(self, now: Panel, prompt: ActionPrompt) -> None:
        ui = self.ui
        self._text(now, ui.t("What happens next?"), bold=True)
        offered = [o.id for o in prompt.options if o.id in ACTION_NAMES and o.id != ENDING]
        # Three a row beside a ruling's results, which take the height the rows leave.
        self._grid(now, [(ui.t(ACTION_NAMES[a]), a) for a in offered], cols=3 if self.app.referee.steps else 2)
        now.add_widget(citation(ui, prompt.rule, self.app.rule_text, size_hint_y=None, fit_height=True))

    def _aim(self, now: Panel, aim: Aim, state: GameState,
             names: Names) -> tuple[dict[Cell, str], dict[str, str]] | None:
        """What is aimed and what it covers, scrolled (a refusal with its citation can be long), over the
        template's Turn and Flip and Confirm (issue 21, finding 6: the panel ran up into Undo)."""
        ui, desk = self.ui, self.app.descent
        texts = Column(spacing=ui.gap / 2)
        self._text(texts, ui.t(ACTION_NAMES[aim.action]), bold=True)
        self._text(texts, ui.text(aim.ask()))
        if aim.offered:
            self._text(texts, ui.t("Refused again: the squares marked on the map are what the app takes."),
                       color=theme.WARN)
        found = aim.coverage(desk.rules, state)
        marked: tuple[dict[Cell, str], dict[str, str]] | None = None
        confirm: list[Widget] = []
        template: list[Widget] = []
        if found is not None:
            turn = BigButton(ui, ui.t("Turn"), self._turn, font_size=ui.font("small"))
            flip = BigButton(ui, ui.t("Flip"), self._flip, font_size=ui.font("small"))
            template = [row(ui, [turn, flip], spacing=ui.gap / 2, size_hint_y=None, height=ui.touch)]
            if found.refused is not None:
                marked = ({c: "refused" for c in found.squares}, {})
                self._text(texts, ui.text(found.refused.msg), color=theme.WARN)
                texts.add_widget(citation(ui, found.refused.rule, self.app.rule_text, size_hint_y=None,
                                          fit_height=True))
            else:
                marked = ({**{c: "template" for c in found.squares}, **{c: "reached" for c in found.reached}},
                          {f: "affected" for f in found.affected})
                self._text(texts, ui.text(Msg.of(REACHED, {"n": len(found.reached)})))
                self._text(texts, ui.t("Affected: {names}", names=ui.text(names.listed(found.affected))))
                act = aim.placed()
                assert act is not None
                confirm = [BigButton(ui, ui.t("Confirm"), partial(self._give, act), font_size=ui.font("small"))]
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(texts)
        now.add_widget(scroll)
        for widget in template:
            now.add_widget(widget)
        cancel = BigButton(ui, ui.t("Cancel"), self._cancel, font_size=ui.font("small"))
        now.add_widget(row(ui, [*confirm, cancel], spacing=ui.gap / 2, size_hint_y=None, height=ui.touch))
        return marked

    def _treachery(self, now: Panel, entered: dict[str, int], state: GameState) -> None:
        ui = self.ui
        for widget in treachery_panel.widgets(ui, entered, state.overlord_hand, self._count, self.app.rule_text):
            now.add_widget(widget)
        now.add_widget(BoxLayout())
        confirm = BigButton(ui, ui.t("Confirm"), partial(self._give, treachery_panel.act(TABLE, entered)),
                            font_size=ui.font("small"))
        cancel = BigButton(ui, ui.t("Cancel"), self._cancel, font_size=ui.font("small"))
        now.add_widget(row(ui, [confirm, cancel], spacing=ui.gap / 2, size_hint_y=None, height=ui.touch))

    def _grid(self, now: Panel, buttons: Sequence[tuple[str, Input | str]], cols: int = 2) -> None:
        ui = self.ui
        grid = GridLayout(cols=cols, spacing=ui.gap / 2, orientation="rl-tb" if ui.rtl else "lr-tb",
                          row_force_default=True, row_default_height=ui.touch, size_hint_y=None)
        rows = -(-len(buttons) // cols)
        grid.height = rows * ui.touch + (rows - 1) * ui.gap / 2
        for text, answer in buttons:
            action = partial(self._start_aim, answer) if isinstance(answer, str) else partial(self._give, answer)
            grid.add_widget(BigButton(ui, text, action, font_size=ui.font("small")))
        now.add_widget(grid)

    def _text(self, box: Widget, text: str, bold: bool = False, **kwargs: object) -> None:
        box.add_widget(label(self.ui, text, "small", bold=bold, size_hint_y=None, fit_height=True, **kwargs))

    # ---- taps -------------------------------------------------------------------------------------

    def _start_aim(self, action: str) -> None:
        desk = self.app.descent
        if action == "treachery":
            desk.treachery = treachery_panel.counts()
            self.refresh()
        elif action in AIMED:
            desk.aim = Aim(action)
            self.refresh()
        else:
            self._give(Act(TABLE, action))

    def _tap(self, cell: Cell, side: Side) -> None:
        app, desk = self.app, self.app.descent
        if app.session is None:
            return
        if desk.aim is None:  # a finger on the map before an action: said, not dropped
            app.referee.notice, app.referee.notice_rule = Msg("First choose what happens, then tap the map."), ""
            self.refresh()
            return
        done = desk.aim.tap(desk.rules, app.session.state, cell, side)
        if isinstance(done, Msg):
            app.referee.notice, app.referee.notice_rule = done, ""
            self.refresh()
        elif isinstance(done, Rejection):  # what the engine would refuse is not sent: its reason instead
            app.referee.notice, app.referee.notice_rule = done.msg, done.rule
            self.refresh()
        elif done is None:
            app.referee.notice = None
            self.refresh()
        else:
            self._give(done)

    def _turn(self) -> None:
        assert self.app.descent.aim is not None
        self.app.descent.aim.turn_once()
        self.refresh()

    def _flip(self) -> None:
        aim = self.app.descent.aim
        assert aim is not None
        aim.flip = not aim.flip
        self.refresh()

    def _count(self, key: str, value: int) -> None:
        assert self.app.descent.treachery is not None
        self.app.descent.treachery[key] = value
        self.refresh()

    def _cancel(self) -> None:
        self.app.descent.aim = self.app.descent.treachery = None
        self.refresh()

    def _give(self, inp: Input) -> None:
        """An input to the referee: what the last ruling showed makes way for what this one does, and
        the aim ends once the referee takes it (a refused one stays aimed, to be put right)."""
        referee = self.app.referee
        kept = list(referee.steps)
        referee.steps.clear()
        if referee.submit(inp) and referee.notice is None:
            self.app.descent.aim = self.app.descent.treachery = None
        elif referee.notice is not None and not referee.steps:
            referee.steps.extend(kept)
        self.refresh()

    def _undo(self) -> None:
        self.app.descent.aim = self.app.descent.treachery = None
        self.app.referee.undo()
        self.refresh()

    def _next(self) -> None:
        self.app.referee.next()
        self.refresh()
