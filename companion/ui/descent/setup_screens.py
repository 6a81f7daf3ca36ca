"""A new Descent game: a sample map or an empty one of a chosen size, then the map editor, where a finger
with a tool from the palette places and takes away walls, doors, terrain, figures and boulders. Start
hands the drawn map to the rule system, inline in the session's setup, so the store keeps it."""

from __future__ import annotations

from functools import partial

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView

from companion.core.messages import Msg
from companion.games.descent.grid import Cell, Side
from companion.ui import theme
from companion.ui.base import BaseScreen
from companion.ui.descent import figure_panel
from companion.ui.descent.editor import SIZES, TOOLS, Draft
from companion.ui.descent.mapview import MapView
from companion.ui.i18n import N_
from companion.ui.newgame_screen import IN_PROGRESS
from companion.ui.widgets import BigButton, Column, Panel, label, row

TOOL_NAMES = {
    "wall": N_("Wall"), "door": N_("Door"), "open-door": N_("Open door"), "rock": N_("Rock"),
    "rubble": N_("Rubble"), "pit": N_("Pit"), "stairs": N_("Stairs"), "hero": N_("Hero"),
    "monster": N_("Monster"), "big-monster": N_("Big monster"), "boulder": N_("Boulder"), "eraser": N_("Eraser"),
    "figure": N_("Figure"),
}
HINTS = {"boulder": Msg("Tap a square for a boulder rolling east; tap it again to turn its arrow."),
         "eraser": Msg("Tap what to take away: a figure, a boulder, a square's terrain, or near an edge."),
         "figure": Msg("Tap a placed figure to set its name and stats.")}
MAP_SHARE = 0.5  # the map's share of the width beside the palette: squares of 39 px and more at 10×7
TOOL_COLUMNS = 3  # a Belarusian or two-word Arabic name fits a button
FIGURE_SHARE = 0.35  # beside a figure's stats: two − n + a row, a colour's name a button


class DescentNewScreen(BaseScreen):
    """A sample map to start from, or an empty one."""

    def build(self, body: BoxLayout) -> None:
        ui, desk = self.ui, self.app.descent
        body.add_widget(self.top_bar(ui.t("New Descent game")))
        body.add_widget(label(ui, ui.t("Start from a sample map:"), "body", bold=True, size_hint_y=None,
                              height=ui.line("body")))
        samples = GridLayout(cols=2, spacing=ui.gap, size_hint_y=None, orientation="rl-tb" if ui.rtl else "lr-tb",
                             row_force_default=True, row_default_height=ui.touch)
        maps = desk.rules.data.maps
        for map_id, f in maps.items():
            samples.add_widget(BigButton(ui, ui.text(f.named()), partial(self._sample, map_id),
                                         font_size=ui.font("small")))
        samples.height = -(-len(maps) // 2) * (ui.touch + ui.gap)
        body.add_widget(samples)
        body.add_widget(label(ui, ui.t("Or draw one on an empty map:"), "body", bold=True, size_hint_y=None,
                              height=ui.line("body")))
        sizes = [BigButton(ui, ui.t("{width} × {height} squares", width=w, height=h), partial(self._empty, w, h),
                           font_size=ui.font("small")) for w, h in SIZES]
        body.add_widget(row(ui, sizes, size_hint_y=None, height=ui.touch))
        warning = Column()
        if self.app.session is not None and not self.app.over():  # Start asks once (issue 21, finding 8)
            warning.add_widget(label(ui, ui.text(IN_PROGRESS), "small", bold=True, color=theme.BAD,
                                     size_hint_y=None, fit_height=True))
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(warning)
        body.add_widget(scroll)

    def _sample(self, map_id: str) -> None:
        self._edit(Draft.of(self.app.descent.rules.data.maps[map_id]))

    def _empty(self, width: int, height: int) -> None:
        self._edit(Draft.empty(width, height))

    def _edit(self, draft: Draft) -> None:
        desk = self.app.descent
        desk.draft, desk.notice = draft, None
        self.app.go("descent-edit")


class DescentEditScreen(BaseScreen):
    """The map editor: the map, the palette beside it, and Start (with a game in progress, asked once:
    issue 21, finding 8)."""

    sure = False

    def build(self, body: BoxLayout) -> None:
        ui, desk = self.ui, self.app.descent
        playing = self.app.session is not None and not self.app.over()
        if playing and not self.sure:
            start = BigButton(ui, ui.t("Start a new game anyway"), self._sure, size_hint_x=None, width=ui.px(250),
                              font_size=ui.font("small"))
        else:
            start = BigButton(ui, ui.t("Start"), self._start, size_hint_x=None, width=ui.px(130))
        stats = BigButton(ui, ui.t(TOOL_NAMES["figure"]), partial(self._choose, "figure"), size_hint_x=None,
                          width=ui.px(130), selected=desk.tool == "figure")
        body.add_widget(self.top_bar(ui.t("Draw the map"), [stats, start]))
        draft = desk.draft
        if draft is None:
            start.disabled = True
            body.add_widget(label(ui, ui.t("Choose a map first."), align="center"))
            return
        chosen = next((f for f in draft.figures if f.id == desk.figure), None) if desk.tool == "figure" else None
        share = MAP_SHARE if chosen is None else FIGURE_SHARE
        self.map = MapView(self._tap, size_hint_x=share)
        self.map.show(*draft.state(), rings={chosen.id: "selected"} if chosen is not None else {})
        palette = Panel(orientation="vertical", padding=ui.gap, spacing=ui.gap / 2, size_hint_x=1 - share)
        if chosen is not None:
            shown = next(f for f in draft.named_figures() if f.id == chosen.id)
            for widget in figure_panel.widgets(ui, chosen, ui.text(shown.named()), list(desk.rules.data.dice),
                                               self._restat, self._done):
                palette.add_widget(widget)
            self._notice(palette)
            body.add_widget(row(ui, [self.map, palette]))
            return
        tools = GridLayout(cols=TOOL_COLUMNS, spacing=ui.gap / 2, orientation="rl-tb" if ui.rtl else "lr-tb",
                           row_force_default=True, row_default_height=ui.touch, size_hint_y=None)
        rows = -(-(len(TOOLS) - 1) // TOOL_COLUMNS)
        tools.height = rows * ui.touch + (rows - 1) * ui.gap / 2
        for tool in TOOLS[:-1]:  # the figure tool is in the top bar
            button = BigButton(ui, ui.t(TOOL_NAMES[tool]), partial(self._choose, tool), font_size=ui.font("small"))
            button.selected = tool == desk.tool
            tools.add_widget(button)
        palette.add_widget(tools)
        self._notice(palette)
        palette.add_widget(BoxLayout())
        body.add_widget(row(ui, [self.map, palette]))

    def _notice(self, palette: Panel) -> None:
        """Why the last tap did nothing, else what the tool in hand does."""
        ui, desk = self.ui, self.app.descent
        hint = HINTS.get(desk.tool, Msg("Tap a square, or near its edge for a wall or a door; tap again to take it "
                                        "away."))
        if desk.notice is not None or desk.figure is None:
            palette.add_widget(label(ui, ui.text(desk.notice or hint), "small",
                                     color=theme.WARN if desk.notice else theme.MUTED, size_hint_y=None,
                                     fit_height=True))

    def _choose(self, tool: str) -> None:
        self.app.descent.tool, self.app.descent.notice, self.app.descent.figure = tool, None, None
        self.refresh()

    def _tap(self, cell: Cell, side: Side) -> None:
        desk = self.app.descent
        assert desk.draft is not None
        if desk.tool == "figure":
            found = desk.draft.figure_at(cell)
            desk.figure = found.id if found is not None else None
            desk.notice = None if found is not None else HINTS["figure"]
        else:
            desk.notice = desk.draft.apply(desk.tool, cell, side)
        self.refresh()

    def _restat(self, **changes: object) -> None:
        desk = self.app.descent
        assert desk.draft is not None and desk.figure is not None
        desk.notice = desk.draft.restat(desk.figure, desk.rules.data, **changes)
        self.refresh()

    def _done(self) -> None:
        self.app.descent.figure = self.app.descent.notice = None
        self.refresh()

    def _sure(self) -> None:
        self.sure = True
        self.refresh()

    def _start(self) -> None:
        """The drawn map as the session's own (the setup the store keeps); a map the rule system refuses
        stays here with the reason."""
        self.sure = False
        desk = self.app.descent
        assert desk.draft is not None
        desk.notice = self.app.notice = None
        self.app.start("descent", {"map": desk.draft.raw()})
        if self.app.notice is not None:
            desk.notice = self.app.notice
            self.refresh()
