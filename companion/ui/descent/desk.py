"""What the Descent screens keep while they are rebuilt (a language switch or a resize rebuilds every
screen): the map being drawn and the tool in hand, and the action being aimed on the table screen."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from companion.core.messages import Msg
from companion.games.descent.engine import DescentRules
from companion.ui.descent.aim import Aim
from companion.ui.descent.editor import Draft


@dataclass
class Desk:
    draft: Draft | None = None
    tool: str = "wall"
    notice: Msg | None = None
    aim: Aim | None = None

    @cached_property
    def rules(self) -> DescentRules:
        return DescentRules()
