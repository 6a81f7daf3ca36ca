"""What the table screen shows besides the engine's prompt, kept from the table controller's `Update`s:
the transcript, the steps the players confirm one at a time (the monster phase, a hit's arithmetic, a
fall), the calm message of the moment (a refusal or a device's notice) and, after an undo, what to put
back on the table. No Kivy here: the screen draws it, tests read it."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.core.flow import Event, Input, Layer, Prompt, Rejection, reject
from companion.core.messages import Msg
from companion.table import Table, Update

# Events that wait for a tap (or the Next button) before play goes on: what the players must act on at
# the table (move a figure, take damage, turn a card) or must not miss. Everything from the start of a
# monster phase waits too: it is played step by step.
STEP_KINDS = frozenset({
    "hit", "miss", "trap", "teleport", "event", "fall", "death", "revive", "board-change", "escape-round",
    "guardian-phase", "guardian-wakes", "guardian-defeated", "summon", "fire-aura", "golden-six", "victory",
    "defeat", "ambush", "pursuer",
})
PHASE_START = "monster-phase"
UNDO_RULE = "R-STORE-1"


class NoGame:
    """The table's session before a game starts: nothing to prompt, every input refused."""

    state = None

    def prompt(self) -> Prompt | None:
        return None

    def submit(self, _inp: Input) -> Rejection:
        return reject("no-game", Layer.NOT_NOW, "", "No game is in progress.")


@dataclass
class Referee:
    table: Table
    transcript: list[Event] = field(default_factory=list)
    steps: list[Event] = field(default_factory=list)
    notice: Msg | None = None
    notice_rule: str = ""
    put_back: list[Msg] = field(default_factory=list)
    spare_next: bool = False  # the Next button pressed with no step to confirm: the screen's own to use

    def absorb(self, update: Update) -> bool:
        """Takes in what the table reports; True when anything on the screen changes."""
        changed = bool(update.accepted or update.rejection or update.notices or update.put_back)
        for accepted in update.accepted:
            self.transcript.extend(accepted.events)
            in_phase = False
            for event in accepted.events:
                in_phase = in_phase or event.kind == PHASE_START
                if in_phase or event.kind in STEP_KINDS:
                    self.steps.append(event)
        if update.accepted:
            self.notice, self.notice_rule = None, ""
        if update.rejection is not None:
            self.notice, self.notice_rule = update.rejection.msg, update.rejection.rule
        for notice in update.notices:
            self.notice, self.notice_rule = notice.msg, notice.rule
        if update.put_back:
            self.put_back, self.steps, self.notice = list(update.put_back), [], None
            self.transcript.append(Event("undo", Msg("The last decision was taken back."), UNDO_RULE))
        self.spare_next = update.next_pressed and not self.next()
        return changed or (update.next_pressed and not self.spare_next)

    @property
    def waiting(self) -> bool:
        """The prompt waits until the players have confirmed the steps and put back what an undo asks."""
        return bool(self.steps or self.put_back)

    def next(self) -> bool:
        """A tap on Next (or the physical button): the put-back list is done, or the next step shown."""
        if self.put_back:
            self.put_back = []
            return True
        if self.steps:
            self.steps.pop(0)
            return True
        return False

    # ---- inputs given on the screen ---------------------------------------------------------------

    def submit(self, inp: Input) -> bool:
        return self.absorb(self.table.submit(inp))

    def undo(self) -> bool:
        update = self.table.undo()
        if update.rejection is None and not update.put_back:
            self.steps, self.notice, self.notice_rule = [], Msg("Undone: nothing to put back."), ""
            self.transcript.append(Event("undo", Msg("The last decision was taken back."), UNDO_RULE))
            return True
        return self.absorb(update)

    def pump(self) -> bool:
        """What the devices reported (a physical Undo comes back as a put-back list)."""
        return self.absorb(self.table.pump())
