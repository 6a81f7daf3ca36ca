"""Dungeon Roll's referee on the screen: what the last input did, kept for the table screen to show.

Unlike The Last Covenant's, no event waits for a Next: the dice on the table are the game's whole state,
which the screen draws after every input, and the events of the last input say what to move."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.core.flow import Event
from companion.table import Update
from companion.ui.referee import Referee


@dataclass
class DelveReferee(Referee):
    last: list[Event] = field(default_factory=list)
    """The events of the last accepted input (or inputs, when one answer led to another)."""

    def absorb(self, update: Update) -> bool:
        changed = super().absorb(update)
        if update.accepted:
            self.last = [e for accepted in update.accepted for e in accepted.events]
        if update.put_back:
            self.last = []
        self.steps, self.echo = [], None
        return changed
