"""Dungeon Roll's table screen. Above: the delving hero, the delve and the level, Undo and Home. On one side
the dice as they lie — the party's and the level's dungeon dice by face, each a button — then the
graveyard, the Dragon's Lair and each player's experience and treasures; on the other what the engine
waits for: its actions as large buttons (an action that needs dice is put together by tapping them), the
odds of the next level before retiring or seeking glory, a treasure to draw. A throw takes the whole width:
its dice and their faces entered by touch, or rolled by the app. Every input goes through the app's
referee to the table, which stores it before the screen shows it."""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.core.flow import ActionPrompt, CardPrompt, Draw, Event, Input, Rejection, Source, ThrowPrompt
from companion.core.messages import Msg, Named, Plural, listed, verbatim
from companion.games.dungeon_roll.data import GameData, default
from companion.games.dungeon_roll.schema import COMPANIONS
from companion.games.dungeon_roll.state import GameState
from companion.ui import theme
from companion.ui.base import BaseScreen
from companion.ui.dungeon_roll import board
from companion.ui.dungeon_roll.compose import Composer
from companion.ui.dungeon_roll.referee import NEW_DELVE, DelveReferee
from companion.ui.fonts import measurer
from companion.ui.i18n import N_
from companion.ui.prompt_panel import citation
from companion.ui.throw_entry import ThrowEntry, ThrowEntryPanel
from companion.ui.widgets import BigButton, Column, Panel, label, row

GAME = "dungeon-roll"
DICE_SHARE = 0.62
SLOT_HINTS = {
    "target": N_("Tap the one who acts: a die of the party, a treasure or the hero."),
    "monsters": N_("Tap the monsters."),
    "chests": N_("Tap the chests to open."),
    "potions": N_("Tap the potions to quaff."),
    "revive": N_("Tap the graveyard dice the potions bring back, after the face they come back on."),
    "dice": N_("Tap the dice to throw again."),
    "units": N_("Tap the companions that fight the dragon, each of a different kind (ruling R-DR-4)."),
    "treasure": N_("Tap the treasure to spend."),
    "treasures": N_("Tap the treasures of the hand to discard (ruling R-DR-19)."),
    "set": N_("Tap a face, then the die set to it (ruling R-DR-23)."),
    "loot": N_("Tap the chest or the potion to discard."),
    "dungeon": N_("Tap the dungeon dice."),
}
EXTRA_HEADINGS = {"target": N_("Who acts"), "revive": N_("In the graveyard"), "units": N_("Who fights the dragon"),
                  "treasure": N_("Treasures"), "treasures": N_("Treasures"), "dungeon": N_("In the Dragon's Lair")}
"""The headings of what a composer offers besides the dice drawn on the left (issue 21, finding 3): a
treasure or the hero that acts, the dice of the graveyard, the Lair's; a scouted level's dice are the
dungeon's."""
FACE_HEADINGS = {"revive": N_("The face it comes back on"), "set": N_("The face to set")}
LEVEL_HINT = Plural("Tap {count} die for level {level} (ruling R-DR-22).",
                    "Tap {count} dice for level {level} (ruling R-DR-22).", "count")
STAKE_RULE = "R-DR-17"
ENDING = ("retire", "flee")
"""The actions that end a delve: in the top bar, in the title's place, apart from every other button (the
explorer, issue 21: Flee came up under the finger that had tapped "Let the app roll", Retire under Confirm's)."""
FACE_COLUMNS = 3
"""A throw's faces, three a row: "هيكل عظمي" on one line (six a row drew it on two, over its neighbours)."""


def delve_steps(ended: list[Event], last: list[Event]) -> list[Msg]:
    """The steps at the table when a delve ends: the experience written down, a hero card turned to its
    master side, the dice gathered, and the next delve's throw."""
    steps = []
    for event in ended:
        fields = event.msg.fields
        if event.kind == "xp":
            steps.append(Msg("Note the experience of {hero}: {total}.", {"hero": fields["hero"],
                                                                         "total": fields["total"]}))
        elif event.kind == "level-up":
            steps.append(Msg("Turn the hero card to its master side: {master}.", {"master": fields["master"]}))
    steps.append(Msg("Gather every die: the party's, the dungeon's, the graveyard's and the Dragon's Lair's."))
    steps += [e.msg for e in last if e.kind == NEW_DELVE]
    return steps


class DelveScreen(BaseScreen):
    game = GAME
    padding_px = 4
    composer: Composer | None = None
    entry: ThrowEntry | None = None
    picked: tuple[str, ...] = ()
    """Dice tapped before an action (issue 21, finding 4: such a tap seemed dropped): the action tapped next
    starts with them."""

    @property
    def data(self) -> GameData:
        return default()

    def build(self, body: BoxLayout) -> None:
        ui, app = self.ui, self.app
        session = app.session
        state: GameState | None = session.state if session is not None and session.game == GAME else None
        undo = BigButton(ui, ui.t("Undo"), self._undo, size_hint_x=None, width=ui.px(105), font_size=ui.font("small"))
        undo.disabled = state is None or bool(state.outcome)
        home = BigButton(ui, ui.t("Home"), lambda: app.go("home"), size_hint_x=None, width=ui.px(120),
                         font_size=ui.font("small"))
        title = ui.text(board.heading(self.data, state)) if state is not None else ""
        prompt = app.table.prompt
        referee = app.referee
        ending = self._ending(state, prompt)
        first: list[Widget] = ending or [label(ui, title, "small", bold=True)]
        body.add_widget(row(ui, [*first, *self.simulated_button(), undo, home], size_hint_y=None, height=ui.touch))
        if state is None:
            body.add_widget(label(ui, ui.t("No game is in progress."), align="center"))
            return
        composer = self.composer
        if composer is not None and (composer.state is not state or not isinstance(prompt, ActionPrompt)
                                     or composer.option not in prompt.options):
            self.composer = None  # the game moved on under it (an undo, a device's input)
        if isinstance(referee, DelveReferee) and referee.ended and not referee.put_back:
            self.composer = None
            body.add_widget(self._ended(referee))
            return
        if isinstance(prompt, ThrowPrompt) and not referee.put_back:
            self.composer = None
            body.add_widget(self._throw(prompt, state))
            return
        self.entry = None
        shown = board.tappable(state)
        self.picked = () if self.composer is not None else tuple(d for d in self.picked if d in shown)
        dice = board.DiceView(ui, self.data, state, self.composer, self._tap_die, picked=self.picked,
                              size_hint_x=DICE_SHARE)
        now = Panel(orientation="vertical", padding=ui.gap, spacing=ui.gap, size_hint_x=1 - DICE_SHARE)
        self._now(now, state, prompt)
        body.add_widget(row(ui, [dice, now]))

    def _ending(self, state: GameState | None, prompt: object) -> list[Widget]:
        """The actions that end the delve, as buttons of the top bar (the title then goes to the side)."""
        referee = self.app.referee
        if state is None or state.outcome or not isinstance(prompt, ActionPrompt) or referee.put_back \
                or (isinstance(referee, DelveReferee) and referee.ended):
            return []
        return [BigButton(self.ui, self.ui.text(o.label), partial(self._action, prompt, o.id),
                          font_size=self.ui.font("small")) for o in prompt.options if o.id in ENDING]

    # ---- a throw --------------------------------------------------------------------------------

    def _throw(self, prompt: ThrowPrompt, state: GameState) -> Widget:
        ui = self.ui
        if self.entry is None or self.entry.prompt != prompt:
            self.entry = ThrowEntry(prompt)
        box = BoxLayout(orientation="vertical", spacing=ui.gap)
        last = self.app.referee.last if isinstance(self.app.referee, DelveReferee) else []
        # What the input before the throw did (a level reached, a throw asked for), scrolled over the entry.
        # The engine's words first (a level reached, the dice it asks for), the dice just thrown after them:
        # one line is in sight over the entry at 800×480, the rest scrolled to.
        last = sorted(last, key=lambda e: e.kind == "throw")
        notice = self.app.referee.notice
        # A refused throw's notice first, in the same scrolled column: a fixed label of three Arabic lines
        # stuck out of the screen's box (R-DR-42's refusal, the tray's short throw).
        said = self._scrolled([ui.text(self._said(e)) for e in last], ui.text(notice) if notice is not None else None)
        said.scroll_y = 1
        box.add_widget(said)
        shown = [board.face(self.data, state, d) for d in prompt.dice if state.dice[d].place != "box"]
        labels: dict[str, Msg | Named] = dict(zip(prompt.dice, shown, strict=True)) if len(shown) == len(prompt.dice) \
            else {}
        kept = self.app.session.kept_result() if self.app.session is not None else None
        self.panel = ThrowEntryPanel(ui, self.entry, self.data.dice, self.answer, self.app.rule_text,
                                     labels=labels or None, die_columns=len(prompt.dice),
                                     face_columns=FACE_COLUMNS, kept=kept, size_hint_y=None)
        self.panel.bind(minimum_height=self.panel.setter("height"))
        box.add_widget(self.panel)
        return box

    # ---- a delve's end --------------------------------------------------------------------------

    def _ended(self, referee: DelveReferee) -> Widget:
        """What the delve brought and what to do at the table, before the next delve's throw: the events
        (the score, a dragon slain, a level gained), then the steps (issue 21, finding 6)."""
        ui = self.ui
        panel = Panel(orientation="vertical", padding=ui.gap, spacing=ui.gap)
        self._text(panel, ui.t("The delve is over"), "body", bold=True)
        content = Column(spacing=ui.px(4))
        for event in referee.ended:
            self._text(content, ui.text(self._said(event)), "small")
        self._text(content, ui.t("At the table:"), "small", bold=True, color=theme.MUTED)
        for step in delve_steps(referee.ended, referee.last):
            self._text(content, "• " + ui.text(step), "small")
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(content)
        panel.add_widget(scroll)
        panel.add_widget(BigButton(ui, ui.t("Next"), self._done, size_hint_y=None, height=ui.touch))
        return panel

    # ---- the referee's side ---------------------------------------------------------------------

    def _now(self, now: Panel, state: GameState, prompt: object) -> None:
        ui, app = self.ui, self.app
        referee = app.referee
        if referee.put_back:
            self._text(now, ui.t("Undone. Put back on the table:"), "body", bold=True)
            now.add_widget(self._scrolled([ui.text(m) for m in referee.put_back]))
            now.add_widget(citation(ui, "R-STORE-1", app.rule_text, size_hint_y=None, fit_height=True))
            now.add_widget(BigButton(ui, ui.t("Done"), self._done))
            return
        last = referee.last if isinstance(referee, DelveReferee) else []
        if state.outcome:
            now.add_widget(self._scrolled([ui.text(self._said(e)) for e in last]))
            now.add_widget(BigButton(ui, ui.t("See the scoreboard"), lambda: app.go("dr-end")))
            return
        if self.composer is not None and isinstance(prompt, ActionPrompt):
            self._composing(now, self.composer)
            return
        if isinstance(prompt, CardPrompt):  # the bag's ten kinds need the room
            self._notice(now)
            self._draw(now, prompt)
            return
        # What happened first, then the stakes, in one scrolled column over the rules and the actions: nothing
        # pushed out of sight when the actions take the height (the explorer, issue 21).
        content = Column(spacing=ui.px(4))
        if self._ending(state, prompt):  # the top bar holds the actions that end the delve instead
            self._text(content, ui.text(board.heading(self.data, state)), "small", bold=True)
        for event in last:
            self._text(content, ui.text(self._said(event)), "small")
        if self.picked:
            self._text(content, ui.t("The dice picked go to the action tapped next."), "small", color=theme.MUTED)
        regroup = state.phase == "regroup" and isinstance(prompt, ActionPrompt)
        for text in self._stakes(state) if regroup else []:
            self._text(content, text, "small", bold=True)
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(content)
        now.add_widget(scroll)
        if regroup:
            now.add_widget(citation(ui, STAKE_RULE, app.rule_text, size_hint_y=None, fit_height=True))
        self._notice(now)
        if isinstance(prompt, ActionPrompt):
            now.add_widget(citation(ui, prompt.rule, app.rule_text, size_hint_y=None, fit_height=True))
            self._grid(now, [(ui.text(o.label), partial(self._action, prompt, o.id)) for o in prompt.options
                             if o.id not in ENDING])

    def _said(self, event: Event) -> Msg:
        """An event as the table reads it: a throw's dice by the faces they show ("Thrown: d1=goblin." was
        drawn on the screen, issue 21, finding 7)."""
        faces = event.data.get("faces")
        session = self.app.session
        if event.kind != "throw" or not isinstance(faces, list) or session is None:
            return event.msg
        dice = session.state.dice
        shown = []
        for item in faces:
            die, _, face_id = item.partition("=")
            kind = self.data.dice[dice[die].kind] if die in dice else None
            found = kind.face(face_id) if kind is not None else None
            shown.append(found.named() if found is not None else verbatim(face_id))
        return Msg("Thrown: {faces}.", {"faces": listed(shown)})

    def _notice(self, now: Panel) -> None:
        ui, referee = self.ui, self.app.referee
        if referee.notice is not None:
            self._text(now, ui.text(referee.notice), "small", color=theme.WARN)
            if referee.notice_rule:
                now.add_widget(citation(ui, referee.notice_rule, self.app.rule_text, size_hint_y=None,
                                        fit_height=True))

    def _stakes(self, state: GameState) -> list[str]:
        """Before retiring or seeking glory: the experience banked by retiring, and the exact chance of
        clearing the next level with this party (ruling R-DR-17)."""
        ui, app = self.ui, self.app
        assert app.session is not None
        chance = app.session.rules.odds(state)  # type: ignore[attr-defined]
        lines = [ui.t("Retire now: {xp} experience; flee later: none.", xp=state.level)]
        if chance is not None:
            lines.append(ui.t("Chance to clear level {level} with this party: {percent}%", level=state.level + 1,
                              percent=round(float(chance) * 100)))
        return lines

    def _draw(self, now: Panel, prompt: CardPrompt) -> None:
        ui = self.ui
        content = Column(spacing=ui.gap / 2)
        last = self.app.referee.last if isinstance(self.app.referee, DelveReferee) else []
        for event in last:  # what earned the treasure, a dragon slain too, scrolled with the choices
            self._text(content, ui.text(self._said(event)), "small")
        self._text(content, ui.text(prompt.purpose), "small", bold=True)
        content.add_widget(citation(ui, prompt.rule, self.app.rule_text, size_hint_y=None, fit_height=True))
        choices = [(ui.text(prompt.labels.get(k, Msg(k))), partial(self.answer, Draw(prompt.deck, k, Source.TOUCH)))
                   for k in prompt.candidates]
        content.add_widget(self._grid_of([BigButton(ui, text, action, font_size=ui.font("small"))
                                          for text, action in choices]))
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(content)
        now.add_widget(scroll)
        now.add_widget(BigButton(ui, ui.t("Let the app draw"), partial(self.answer, Draw(prompt.deck)),
                                 font_size=ui.font("small")))

    def _composing(self, now: Panel, composer: Composer) -> None:
        ui = self.ui
        self._text(now, ui.text(composer.option.label), "body", bold=True)
        slot = next((s for s in composer.slots if not composer.values[s]), composer.slots[-1])
        self._text(now, self._hint(composer, slot), "small", color=theme.MUTED)
        content = Column(spacing=ui.gap / 2)
        # What the last input did stays in sight over the choices, scrolled with them (the explorer, issue 21:
        # "seeks glory" and the level's throw, then a tap on Fight, and neither was on the screen).
        last = self.app.referee.last if isinstance(self.app.referee, DelveReferee) else []
        for event in last:
            self._text(content, ui.text(self._said(event)), "small", color=theme.MUTED)
        placed = set(board.tappable(composer.state))  # drawn with the dice already
        for slot in composer.slots:
            extra = [u for u in dict.fromkeys(composer.candidates(slot)) if u not in placed]
            placed.update(extra)
            buttons = []
            for unit in extra:
                button = BigButton(ui, ui.text(board.unit_name(self.data, composer.state, unit)),
                                   partial(self._tap_die, unit), font_size=ui.font("small"))
                button.selected = unit in composer.chosen()
                buttons.append(button)
            self._headed(content, EXTRA_HEADINGS.get(slot, N_("Dungeon")), buttons)
        faces = []
        for face_id, name in self._faces(composer):
            button = BigButton(ui, ui.text(name), partial(self._face, face_id), font_size=ui.font("small"))
            button.selected = composer.face == face_id
            button.disabled = button.selected  # the face chosen already: a tap on it could change nothing
            faces.append(button)
        self._headed(content, FACE_HEADINGS["set" if "set" in composer.slots else "revive"], faces)
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(content)
        now.add_widget(scroll)
        refused = self._refusal(composer) if composer.ready else None
        if refused is not None:  # why Confirm stays off, in the engine's words
            self._text(now, ui.text(refused.msg), "small", color=theme.WARN)
        go = BigButton(ui, ui.t("Confirm"), self._confirm, font_size=ui.font("small"))
        go.disabled = not composer.ready or refused is not None
        back = BigButton(ui, ui.t("Back"), self._cancel, font_size=ui.font("small"))
        now.add_widget(row(ui, [go, back], size_hint_y=None, height=ui.touch))

    def _headed(self, content: Column, heading: str, buttons: list[BigButton]) -> None:
        if buttons:
            self._text(content, self.ui.t(heading), "small", bold=True, color=theme.MUTED)
            content.add_widget(self._grid_of(buttons))

    def _refusal(self, composer: Composer) -> Rejection | None:
        """The engine's answer to the action as tapped, tried on a copy of the game: Confirm sends only an
        input the engine takes."""
        session = self.app.session
        assert session is not None
        trial = session.rules.decode(session.rules.encode(session.state))
        result = session.rules.apply(trial, composer.act())
        return result if isinstance(result, Rejection) else None

    def _hint(self, composer: Composer, slot: str) -> str:
        if slot.startswith("level"):
            return self.ui.text(Msg.of(LEVEL_HINT, {"count": composer.room(slot) or 0, "level": int(slot[5:])}))
        return self.ui.t(SLOT_HINTS[slot])

    def _faces(self, composer: Composer) -> list[tuple[str, Named]]:
        """The faces a revived die may come back on (a companion's, R-DR-3), or a set die may show (any of
        its kind's, R-DR-23)."""
        if "set" in composer.slots:
            return [(f.id, f.named()) for kind in ("party", "dungeon") for f in self.data.dice[kind].faces]
        if "revive" in composer.slots:
            return [(f, board.party_face(self.data, f)) for f in COMPANIONS]
        return []

    # ---- taps -----------------------------------------------------------------------------------

    def answer(self, inp: Input) -> None:
        self.app.referee.submit(inp)
        self.refresh()

    def _action(self, prompt: ActionPrompt, action: str) -> None:
        app = self.app
        assert app.session is not None
        option = next(o for o in prompt.options if o.id == action)
        composer = Composer(app.session.state, self.data, option, prompt.actor)
        picked, self.picked = self.picked, ()
        for die in picked:
            if die not in composer.chosen():  # a chest or a potion is chosen already
                composer.tap(die)
        single = all(len(composer.candidates(s)) == 1 for s in composer.slots)
        if not composer.slots or (single and not set(composer.slots) & {"revive", "monsters", "units", "set"}):
            for slot in composer.slots:
                composer.values[slot] = composer.candidates(slot)
            self.answer(composer.act())
            return
        self.composer = composer
        self.refresh()

    def _tap_die(self, die: str) -> None:
        if self.composer is None:
            self.picked = tuple(d for d in self.picked if d != die) if die in self.picked else (*self.picked, die)
        else:
            self.composer.tap(die)
        self.refresh()

    def _face(self, face: str) -> None:
        if self.composer is not None:
            self.composer.face = face
        self.refresh()

    def _confirm(self) -> None:
        composer, self.composer = self.composer, None
        if composer is not None:
            self.answer(composer.act())

    def _cancel(self) -> None:
        self.composer = None
        self.refresh()

    def _undo(self) -> None:
        self.composer, self.entry, self.picked = None, None, ()
        self.app.referee.undo()
        self.refresh()

    def _done(self) -> None:
        self.app.referee.next()
        self.refresh()

    # ---- layout helpers -------------------------------------------------------------------------

    def _grid(self, box: Widget, choices: list[tuple[str, Any]]) -> None:
        buttons = [BigButton(self.ui, text, action, font_size=self.ui.font("small")) for text, action in choices]
        box.add_widget(self._grid_of(buttons))

    def _grid_of(self, buttons: list[BigButton]) -> GridLayout:
        """Two columns of buttons, all as tall as the longest text needs (a long action takes two lines)."""
        ui = self.ui
        grid = GridLayout(cols=2, spacing=ui.gap / 2, orientation="rl-tb" if ui.rtl else "lr-tb", size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))

        def fit(*_: object) -> None:
            tallest = max([ui.touch, *(b.texture_size[1] + ui.gap for b in buttons)])
            for b in buttons:
                b.height = tallest

        def columns(*_: object) -> None:
            # One column when a word would not fit half the width even at a button's smallest size (Kivy
            # would break it: «Ужыць супэрздольна|сьць», the explorer, issue 21).
            half = (grid.width - grid.spacing[0]) / 2
            grid.cols = 2 if all(max(map(measurer(int(b.smallest_font_size), b.bold), b.logical.split()), default=0)
                                 <= half - 2 * (b.padding[0] + b.padding[2]) - 2 for b in buttons) else 1

        for button in buttons:
            button.bind(texture_size=fit)
            grid.add_widget(button)
        grid.bind(width=columns)
        return grid

    def _scrolled(self, texts: list[str], warning: str | None = None) -> ScrollView:
        box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=self.ui.px(4))
        box.bind(minimum_height=box.setter("height"))
        if warning is not None:
            self._text(box, warning, "small", color=theme.WARN)
        for text in texts:
            self._text(box, text, "small")
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(box)
        scroll.scroll_y = 0
        return scroll

    def _text(self, box: Widget, text: str, role: str, **kwargs: Any) -> None:
        box.add_widget(label(self.ui, text, role, size_hint_y=None, fit_height=True, **kwargs))

    panel: ThrowEntryPanel | None = None
