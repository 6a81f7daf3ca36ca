"""The table and its phones (issue 27): every committed revision, an accepted input or an undo, is published to
the phones once it is stored, and nothing else is; a phone's choice is resolved against the table as it stands
when its turn on the queue comes, and a refusal goes back to the phone that sent it."""

from __future__ import annotations

import queue
from pathlib import Path

from companion.core.events import DomainEvent, PhoneChoice
from companion.core.flow import Act, Input
from companion.core.messages import Msg
from companion.store import Store, StoredSession
from companion.table import Table


class Recorder:
    """Phones that note what the table tells them; each choice gives `answer`."""

    def __init__(self, answer: Input | Msg) -> None:
        self.answer = answer
        self.published: list[tuple[int, int]] = []  # (revision, inputs stored) at each publish
        self.refused: list[tuple[PhoneChoice, str]] = []

    def publish(self, table: Table) -> None:
        self.published.append((table.revision, len(table.session.accepted())))  # type: ignore[attr-defined]

    def new_game(self, table: Table) -> None:
        self.publish(table)

    def resolve(self, choice: PhoneChoice, table: Table) -> Input | Msg:
        return self.answer

    def refuse(self, choice: PhoneChoice, msg: Msg) -> None:
        self.refused.append((choice, msg.text("en")))


def table_with(tmp_path: Path, phones: Recorder) -> Table:
    session = Store(tmp_path / "s.sqlite3").start("covenant", {"heroes": ["knight", "sorceress"], "seed": 1})
    assert isinstance(session, StoredSession)
    events: queue.Queue[DomainEvent] = queue.Queue()
    table = Table(session, events)
    table.phones = phones
    return table


def test_each_stored_input_and_each_undo_is_published_and_a_refusal_is_not(tmp_path: Path) -> None:
    phones = Recorder(Msg("unused"))
    table = table_with(tmp_path, phones)
    assert table.submit(Act("sorceress", "end")).rejection is not None  # not her turn: nothing new to show
    assert phones.published == []
    assert table.submit(Act("knight", "end")).accepted
    assert table.undo().rejection is None
    assert phones.published == [(1, 1), (2, 0)]  # stored before it is shown; the undo a revision of its own


def test_a_phones_choice_is_submitted_as_resolved_and_a_refusal_goes_back_to_that_phone(tmp_path: Path) -> None:
    phones = Recorder(Act("knight", "end", "turn"))
    table = table_with(tmp_path, phones)
    update = table.handle(PhoneChoice("knight", "end", 0, phone=3))
    assert update.accepted and table.session.accepted() == [Act("knight", "end", "turn")]  # type: ignore[attr-defined]
    phones.answer = Act("knight", "end", "turn")  # the Knight's turn is over: the engine refuses it
    refused = table.handle(PhoneChoice("knight", "end", 1, phone=4))
    assert refused.rejection is not None and [(c.phone, text) for c, text in phones.refused] == [
        (4, refused.rejection.msg.text("en"))]
    phones.answer = Msg("That choice is not yours to make.")
    assert table.handle(PhoneChoice("sorceress", "x", 1, phone=5)).accepted == []
    assert phones.refused[-1] == (PhoneChoice("sorceress", "x", 1, phone=5), "That choice is not yours to make.")
