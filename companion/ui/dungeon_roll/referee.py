"""Dungeon Roll's referee on the screen: what the last input did, kept for the table screen to show.

Unlike The Last Covenant's, no event waits for a Next: the dice on the table are the game's whole state,
which the screen draws after every input, and the events of the last input say what to move. Only the end
of a delve waits (issue 21, finding 6): its score, a hero card turned to its master side and a dragon slain
on the way stay on the screen until Next, before the next delve's throw."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.core.flow import Event
from companion.table import Update
from companion.ui.referee import Referee

NEW_DELVE = "delve"
"""The event that starts a delve: the one before it ended in the same input."""
KEPT = ("dragon-slain", "level-up")
"""What a delve's end recalls of the delve, when an earlier input did it."""
THROWN = "throw"
"""The event a throw begins with: it answers what the input before it asked for (a level's dungeon dice after
the party's throw, the dice to throw again)."""


@dataclass
class DelveReferee(Referee):
    last: list[Event] = field(default_factory=list)
    """The events of the last accepted input (or inputs, when one answer led to another)."""
    ended: list[Event] = field(default_factory=list)
    """A delve just ended while the game goes on: what it brought, shown until Next."""
    delve: list[Event] = field(default_factory=list)
    """The events of the delve in progress that its end recalls."""

    def absorb(self, update: Update) -> bool:
        changed = super().absorb(update)
        if update.accepted:
            events = [e for accepted in update.accepted for e in accepted.events]
            # A throw is told after the input that asked for it ("seeks glory: on to level 2", the level's
            # dice), not in its place: the tray's throw comes as an update of its own, often before the screen
            # has shown the one before (the explorer, issue 21: "seeks glory" was on no screen).
            follows = bool(events) and events[0].kind == THROWN
            self.last = [*self.last, *events] if follows else events
            self._delve(events)
        if update.put_back:
            self.last, self.ended, self.delve = [], [], []
        self.steps, self.echo = [], None
        return changed

    def _delve(self, events: list[Event]) -> None:
        starts = [n for n, e in enumerate(events) if e.kind == NEW_DELVE]
        if not starts:  # the table went on (a throw from the tray): the delve's end is behind it
            self.delve += [e for e in events if e.kind in KEPT]
            self.ended = []
            return
        closing = events[:starts[-1]]
        if closing:
            self.ended = [e for e in self.delve if e.kind in KEPT and e not in closing] + closing
        self.delve = [e for e in events[starts[-1]:] if e.kind in KEPT]

    def next(self) -> bool:
        if self.ended and not self.put_back:
            self.ended = []
            return True
        return super().next()
