"""What the Descent screens keep while they are made again (a language switch or a resize makes the screen
in front again, the others when next shown): the map being drawn, the tool in hand and the figure whose stats
it sets, the action being aimed on the table screen, and the treachery being counted."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from companion.core.flow import ThrowPrompt
from companion.core.messages import Msg
from companion.ui.throw_entry import ThrowEntry

if TYPE_CHECKING:  # the app holds a desk from its start; Descent's rule system is loaded when Descent is played
    from companion.games.descent.engine import DescentRules
    from companion.ui.descent.aim import Aim
    from companion.ui.descent.editor import Draft


@dataclass
class Desk:
    draft: Draft | None = None
    tool: str = "wall"
    figure: str | None = None
    notice: Msg | None = None
    aim: Aim | None = None
    throw: ThrowEntry | None = None
    treachery: dict[str, int] | None = None

    def entry(self, prompt: ThrowPrompt) -> ThrowEntry:
        """The faces entered so far for this throw (kept while the screen is redrawn), a new entry for another."""
        if self.throw is None or self.throw.prompt != prompt:
            self.throw = ThrowEntry(prompt)
        return self.throw

    @cached_property
    def rules(self) -> DescentRules:
        from companion.games.descent.engine import DescentRules

        return DescentRules()
