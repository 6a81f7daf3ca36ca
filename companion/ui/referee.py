"""What the table screen shows besides the engine's prompt, kept from the table controller's `Update`s:
the transcript, the steps the players confirm one at a time (everything they must do by hand: figures
to move, tokens, cards, damage, deaths, loot, the Merchant leaving, a hall unlocking, and the whole
monster phase), the calm message of the moment (a refusal or a device's notice) and, after an undo,
what to put back on the table. No Kivy here: the screen draws it, tests read it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.core.flow import Event, Input, Layer, Prompt, Rejection, reject
from companion.core.messages import Msg
from companion.games.covenant.spaces import space_name
from companion.table import Table, Update

# Events that echo what the players chose on the screen, with nothing more to do by hand than the choice
# itself (or than the prompt that follows asks): shown above the next prompt, not waited on. Every other
# event is a step the table confirms with Next (or the physical button), in order.
ECHO_KINDS = frozenset({"move", "attack", "reveal", "end-turn", "turn", "reroll"})
# Events about a deck's cards: a step when the table holds that deck, the app's own business otherwise.
DECK_KINDS = {"redraw": "monsters"}
PHASE_START = "monster-phase"
UNDO_RULE = "R-STORE-1"
MERCHANT_RULE = "§Events and traps"


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
    echo: Msg | None = None  # the move just chosen, shown above the prompt that follows
    merchant: str | None = None  # where the Merchant stood when last seen
    echo_kinds: ClassVar[frozenset[str]] = ECHO_KINDS

    def __post_init__(self) -> None:
        self.merchant = _merchant(self.table.session.state)

    phase_round: int | None = None  # the round whose monster phase is being stepped through, while it is

    def absorb(self, update: Update) -> bool:
        """Takes in what the table reports; True when anything on the screen changes."""
        changed = bool(update.accepted or update.rejection or update.notices or update.put_back)
        for accepted in update.accepted:
            self.transcript.extend(accepted.events)
            self.echo = None
            for event in accepted.events:
                if event.kind == PHASE_START:
                    self.phase_round = int(event.data.get("round", 0))
                if event.kind in DECK_KINDS and self._app_deals(DECK_KINDS[event.kind]):
                    continue
                if event.kind in self.echo_kinds and (self.phase_round is None or event.kind == "turn"):
                    # A move is the one the players still carry out by hand: the figure to its space.
                    self.echo = event.msg if event.kind == "move" else self.echo
                else:
                    self.steps.append(event)
            self._merchant_left()
        if update.accepted:
            self.notice, self.notice_rule = None, ""
        if update.rejection is not None:
            self.notice, self.notice_rule = update.rejection.msg, update.rejection.rule
        for notice in update.notices:
            self.notice, self.notice_rule = notice.msg, notice.rule
        if update.put_back:  # added to what an earlier undo listed and the table has not put back yet
            added = [m for m in update.put_back if m not in self.put_back]
            self.put_back, self.steps, self.notice, self.echo = [*self.put_back, *added], [], None, None
            self.phase_round = None
            self.merchant = _merchant(self.table.session.state)
            self.transcript.append(Event("undo", Msg("The last decision was taken back."), UNDO_RULE))
        self.spare_next = update.next_pressed and not self.next()
        return changed or (update.next_pressed and not self.spare_next)

    def _app_deals(self, deck: str) -> bool:
        setup = getattr(self.table.session, "setup", None) or {}
        return bool(setup.get("deal", {}).get(deck, "app") == "app")

    @property
    def shown(self) -> list[Event]:
        """The step on the screen: the first waiting event, with those after it that belong to the same
        monster (its target, its path, its blow), so that a monster's turn takes one Next."""
        return self.steps[:_first_step(self.steps)]

    @property
    def steps_left(self) -> int:
        """The Nexts still to tap: shown beside Next, so that each tap changes the screen even when two
        monsters of a kind do the same in a row (the explorer: «A Skeleton Archer appears» twice, the second
        Next looked dropped)."""
        left, rest = 0, self.steps
        while rest:
            left, rest = left + 1, rest[_first_step(rest):]
        return left

    def _merchant_left(self) -> None:
        """The Merchant leaves at the end of the round without an event of its own: a step, all the same."""
        now = _merchant(self.table.session.state)
        if self.merchant is not None and now is None:
            space = space_name(self.table.data, self.table.session.state.board.zone, self.merchant)
            event = Event("merchant-leaves", Msg("The Merchant leaves: take his figure off {space}.",
                                                 {"space": space}), MERCHANT_RULE)
            self.transcript.append(event)
            self.steps.append(event)
        self.merchant = now

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
            del self.steps[:len(self.shown)]
            if not self.steps:
                self.phase_round = None
            return True
        return False

    # ---- inputs given on the screen ---------------------------------------------------------------

    def submit(self, inp: Input) -> bool:
        return self.absorb(self.table.submit(inp))

    def undo(self) -> bool:
        update = self.table.undo()
        if update.rejection is None and not update.put_back:
            # An earlier undo's list, still shown, stays to do: this one adds nothing to it (issue 21, finding 6).
            done = Msg("The last decision was taken back.") if self.put_back else Msg("Undone: nothing to put back.")
            self.steps, self.notice, self.notice_rule = [], done, ""
            self.transcript.append(Event("undo", Msg("The last decision was taken back."), UNDO_RULE))
            return True
        return self.absorb(update)

    def pump(self) -> bool:
        """What the devices reported (a physical Undo comes back as a put-back list)."""
        return self.absorb(self.table.pump())


class ResultsReferee(Referee):
    """A referee whose screen shows no echo above its prompt (Descent's): every event of a ruling is one of its
    results, the turn begun and the attack declared too (issue 21: the explorer found them on no screen)."""

    echo_kinds: ClassVar[frozenset[str]] = frozenset()


def _first_step(steps: list[Event]) -> int:
    """How many of `steps` the first Next confirms: an event, with those after it about the same monster (its
    target, its path, its blow); the start of a monster phase goes with its first step."""
    if not steps:
        return 0
    start = 1 if steps[0].kind == PHASE_START and len(steps) > 1 else 0
    key = _monster(steps[start])
    size = start + 1
    for event in steps[start + 1:]:
        if key is None or _monster(event) != key:
            break
        size += 1
    return size


def _monster(event: Event) -> str | None:
    """The monster an event is about, when it is part of that monster's activation or ambush."""
    monster = event.data.get("monster")
    grouped = event.kind.startswith("monster-") or event.kind in ("ambush", "fire-aura")
    return str(monster) if grouped and monster is not None and event.kind != "monster-appears" else None


def _merchant(state: Any) -> str | None:
    board = getattr(state, "board", None)
    return getattr(board, "merchant", None)
