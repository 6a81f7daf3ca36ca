"""The table controller: one consumer of the event queue, on the UI thread (architecture, step 2).

It never blocks: `pump` takes only what is already on the queue. Every input goes through the session,
which (for a `StoredSession`) commits it before `submit` returns, so an `Update` holds only what is safe
to show. Device statuses drive the LEDs; a fall or an escape round sounds the buzzer.
"""

from __future__ import annotations

import logging
import queue
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

import msgspec

from companion.core.events import (
    ButtonPressed,
    DeviceStatus,
    DiceRolling,
    DiceThrown,
    DomainEvent,
    PhoneChoice,
    TagSeen,
)
from companion.core.flow import (
    Accepted,
    ActionPrompt,
    CardPrompt,
    DiePrompt,
    Draw,
    Event,
    Input,
    Prompt,
    Rejection,
    Roll,
    Source,
    Throw,
    ThrowPrompt,
)
from companion.core.guard import guarded
from companion.core.messages import Msg
from companion.core.rules import TableRules
from companion.table.matching import MarkerTap, match_tag, match_throw, reveal_act
from companion.table.notices import Notice, notice

SOURCES: dict[type, str] = {DiceRolling: "tray", DiceThrown: "tray", TagSeen: "nfc", ButtonPressed: "buttons"}
"""The device each kind of event comes from, as its `DeviceStatus.device` names it."""

LOG = logging.getLogger("companion.table")
T = TypeVar("T")

SOUNDS = {"fall": "fall", "escape-round": "escape-round"}
"""Engine events that sound the buzzer, and the buzzer pattern each plays."""
RECENT = 8
"""How many of the last accepted inputs the table keeps the events of, for the phones' rulings (issue 27)."""


class SessionLike(Protocol):
    state: Any

    def prompt(self) -> Prompt | None: ...

    def submit(self, inp: Input) -> Accepted | Rejection: ...


class Outputs(Protocol):
    """What the table drives besides the screen: the LEDs and the buzzer (gpiozero's `Controls`)."""

    def show(self, status: DeviceStatus) -> None: ...

    def sound(self, pattern: Any) -> None: ...


class Phones(Protocol):
    """The phones seated at the table (`companion.web`): told of every committed update and of each new game;
    asked what a phone's choice answers, and where a refusal goes."""

    def publish(self, table: Table) -> None:
        """The table as it now stands, to every phone."""
        ...

    def new_game(self, table: Table) -> None:
        """Fresh seats for the game now in play: the phones of the game before are turned away."""
        ...

    def resolve(self, choice: PhoneChoice, table: Table) -> Input | Msg:
        """The input `choice` gives at the table as it stands, or why it is refused (not that seat's, stale)."""
        ...

    def refuse(self, choice: PhoneChoice, msg: Msg) -> None:
        """Tell the phone that sent `choice`, and it alone, why it was refused."""
        ...


class Update(msgspec.Struct):
    accepted: list[Accepted] = []
    rejection: Rejection | None = None
    notices: list[Notice] = []
    put_back: list[Msg] = []
    next_pressed: bool = False

    def merge(self, other: Update) -> None:
        self.accepted += other.accepted
        self.rejection = other.rejection or self.rejection
        self.notices += other.notices
        self.put_back += other.put_back
        self.next_pressed = self.next_pressed or other.next_pressed


class Table:
    def __init__(self, session: SessionLike, events: queue.Queue[DomainEvent], outputs: Outputs | None = None,
                 problem_message: Callable[[str], Msg] | None = None) -> None:
        self.session = session
        self.events = events
        self.outputs = outputs
        self.problem_message = problem_message
        self.devices: dict[str, tuple[DeviceStatus, float]] = {}
        self.rolling = False
        self.held_marker: str | None = None
        self.phones: Phones | None = None
        self.revision = 0  # counts every accepted input and undo: a phone's view is of one revision
        self.recent: deque[list[Event]] = deque(maxlen=RECENT)  # each accepted input's events, the last at the end

    @property
    def prompt(self) -> Prompt | None:
        return self.session.prompt()

    @property
    def rules(self) -> TableRules[Any] | None:
        """The game's rule system, when there is a game and its rules serve a table."""
        rules = getattr(self.session, "rules", None)
        return rules if isinstance(rules, TableRules) else None

    @property
    def data(self) -> Any:
        """The game's data, for screens that draw it (None before a game)."""
        return getattr(self.rules, "data", None)

    # ---- inputs --------------------------------------------------------------------------------

    def submit(self, inp: Input) -> Update:
        """An input from the screen or a device; an accepted one is stored before this returns."""
        result = self._submit(inp)
        if isinstance(result, Rejection):
            return Update(rejection=result)
        update = Update(accepted=[result])
        self._changed(result.events)
        for event in result.events:
            if event.kind in SOUNDS and self.outputs is not None:
                self.outputs.sound(SOUNDS[event.kind])
        prompt = self.prompt
        if self.held_marker and isinstance(prompt, CardPrompt) and prompt.deck.startswith("markers-"):
            marker, self.held_marker = self.held_marker, None
            update.merge(self.submit(Draw(deck=prompt.deck, card=marker, source=Source.TABLE)))
        return update

    def _submit(self, inp: Input) -> Accepted | Rejection:
        return self._guarded(lambda: self.session.submit(inp), msgspec.json.encode(inp))

    def _guarded(self, call: Callable[[], T], what: bytes) -> T | Rejection:
        """`call`'s answer; should the engine raise (a bug), the input is refused and the game kept."""
        return guarded(call, what, self.session, LOG)

    def app_roll(self) -> Update:
        """The app rolls the die the engine waits for, with the game's own seeded generator."""
        prompt = self.prompt
        if not isinstance(prompt, DiePrompt):
            return Update(notices=[notice("no-roll-now", "No die is asked for now.")])
        return self.submit(Roll(die=prompt.die))

    def app_draw(self) -> Update:
        prompt = self.prompt
        if not isinstance(prompt, CardPrompt):
            return Update(notices=[notice("no-card-now", "No card is asked for now.")])
        return self.submit(Draw(deck=prompt.deck))

    def undo(self) -> Update:
        undo = getattr(self.session, "undo", None)
        if undo is None:
            return Update(notices=[notice("no-undo", "This session cannot be undone.")])
        result = self._guarded(undo, b'"undo"')
        if isinstance(result, Rejection):
            return Update(rejection=result)
        self.held_marker = None
        if self.recent:
            self.recent.pop()
        self._changed()
        return Update(put_back=list(result.put_back))

    def _changed(self, events: list[Event] | None = None) -> None:
        """A new revision of the table, committed: the phones are sent it."""
        self.revision += 1
        if events is not None:
            self.recent.append(events)
        if self.phones is not None:
            self.phones.publish(self)

    # ---- device events -------------------------------------------------------------------------

    def pump(self, limit: int = 100) -> Update:
        """Handle what the devices reported since the last call, without waiting for more."""
        update = Update()
        for _ in range(limit):
            try:
                event = self.events.get_nowait()
            except queue.Empty:
                break
            update.merge(self.handle(event))
        return update

    def handle(self, event: DomainEvent) -> Update:
        self._heard(event)
        if isinstance(event, DeviceStatus):
            self.devices[event.device] = (event, time.time())
            if self.outputs is not None:
                self.outputs.show(event)
            return Update()
        if isinstance(event, DiceRolling):
            self.rolling = True
            return Update()
        if isinstance(event, DiceThrown):
            self.rolling = False
            rules = self.rules
            matched = match_throw(event, self.prompt, rules.dice_kinds() if rules is not None else {})
            return Update(notices=[matched]) if isinstance(matched, Notice) else self.submit(self._kept(matched))
        if isinstance(event, TagSeen):
            return self._tag(event)
        if isinstance(event, ButtonPressed):
            return self.undo() if event.name == "undo" else Update(next_pressed=True)
        return self._phone(event)

    def _phone(self, choice: PhoneChoice) -> Update:
        """A phone's choice, resolved against the table as it stands now (not as it stood when tapped), then
        submitted as a touch on the screen would be; the phone alone is told of a refusal."""
        if self.phones is None:
            return Update()
        found = self.phones.resolve(choice, self)
        if isinstance(found, Msg):
            self.phones.refuse(choice, found)
            return Update()
        update = self.submit(found)
        if update.rejection is not None:
            self.phones.refuse(choice, update.rejection.msg)
        return update

    def _kept(self, matched: Input) -> Input:
        """A throw showing, kind by kind, the faces of the throw kept over an undo (R-STORE-1) is that throw:
        dice of one kind are alike, whichever of them shows which face (ruling R-DR-41)."""
        kept_result = getattr(self.session, "kept_result", None)
        kept = kept_result() if kept_result is not None else None
        prompt = self.prompt
        if not (isinstance(matched, Throw) and isinstance(kept, Throw) and kept.faces
                and isinstance(prompt, ThrowPrompt)):
            return matched

        def by_kind(throw: Throw) -> list[tuple[str, str]]:
            return sorted((prompt.dice.get(die, ""), face) for die, face in throw.faces.items())

        return kept if by_kind(kept) == by_kind(matched) else matched

    def _heard(self, event: DomainEvent) -> None:
        """A device's last status, stamped with when it was last heard from (the home screen's "last seen")."""
        device = SOURCES.get(type(event))
        if device in self.devices:
            self.devices[device] = (self.devices[device][0], time.time())

    def _tag(self, tag: TagSeen) -> Update:
        problem = self.problem_message(tag.problem) if self.problem_message and tag.problem else None
        matched = match_tag(tag, self.prompt, self.session.state, self.rules, problem)
        if isinstance(matched, Notice):
            return Update(notices=[matched])
        if not isinstance(matched, MarkerTap):
            return self.submit(matched)
        prompt = self.prompt
        assert isinstance(prompt, ActionPrompt)
        self.held_marker = matched.marker
        if matched.slot is None:
            return Update(notices=[notice("which-room", "Tap on the screen the room where this marker lies.",
                                          rule="§Exploration")])
        return self.submit(reveal_act(prompt, matched.slot))
