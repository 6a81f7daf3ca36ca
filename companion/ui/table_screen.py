"""The table screen: the engine's pending prompt beside the transcript of what has happened."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.base import BaseScreen
from companion.ui.prompt_panel import PromptPanel, Transcript
from companion.ui.prompts import view
from companion.ui.widgets import label, row


class TableScreen(BaseScreen):
    panel: PromptPanel | None = None

    def build(self, body: BoxLayout) -> None:
        ui, app = self.ui, self.app
        body.add_widget(self.top_bar(ui.t("The table")))
        self.panel = None
        if app.game is None:
            body.add_widget(label(ui, ui.t("No game is in progress."), align="center"))
            return
        if app.notice is not None:
            body.add_widget(label(ui, ui.text(app.notice), "small", color=theme.WARN, size_hint_y=None,
                                  fit_height=True))
        prompt = app.game.prompt()
        transcript = Transcript(ui, app.transcript, app.rule_text, size_hint_x=0.38)
        if prompt is None:
            body.add_widget(row(ui, [label(ui, ui.t("The game is over."), "title"), transcript]))
            return
        self.panel = PromptPanel(ui, view(prompt, app.names), app.answer, app.rule_text)
        body.add_widget(row(ui, [self.panel, transcript]))
