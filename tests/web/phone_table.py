"""A table with its phones, without Kivy: the real table controller over a stored session, the simulated tray
on a pseudo-terminal, and the real web server on loopback, which the table tells of each revision it commits;
a thread plays the app's UI thread (it pumps the table's queue, as `CompanionApp.poll` does, and runs what the
test does on the Pi's screen)."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from companion.config import TraySettings
from companion.core.events import DomainEvent
from companion.devices.tray import open_tray
from companion.store import Store, StoredSession
from companion.table import Table, Update
from companion.web.server import WebServer

T = TypeVar("T")
POLL_S = 0.01


class PhoneTable:
    def __init__(self, table: Table, web: WebServer, tray: Any) -> None:
        self.table, self.web, self.tray = table, web, tray
        self.updates: list[Update] = []
        self._calls: queue.Queue[tuple[Callable[[], Any], list[Any], threading.Event]] = queue.Queue()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="ui-thread", daemon=True)

    def call(self, work: Callable[[], T]) -> T:
        """`work` run on the UI thread: the table is that thread's alone."""
        result: list[Any] = []
        done = threading.Event()
        self._calls.put((work, result, done))
        assert done.wait(10), "the UI thread did not run the call in 10 s"
        return result[0]  # type: ignore[no-any-return]

    def _run(self) -> None:
        while not self._stop.is_set():
            while not self._calls.empty():
                work, result, done = self._calls.get()
                result.append(work())
                done.set()
            update = self.table.pump()
            if update.accepted or update.put_back:
                self.updates.append(update)
            time.sleep(POLL_S)

    def accepted(self) -> list[Any]:
        """Every input the store holds for the game, as committed."""
        session = self.table.session
        assert isinstance(session, StoredSession)
        return list(session.store.resume(session.id).accepted())


@contextmanager
def phone_table(folder: Path, game: str, setup: dict[str, Any]) -> Iterator[PhoneTable]:
    events: queue.Queue[DomainEvent] = queue.Queue()
    tray = open_tray(TraySettings(backend="simulated"), events)
    tray.start()
    store = Store(folder / "sessions.sqlite3")
    session = store.start(game, setup)
    assert isinstance(session, StoredSession), session
    table = Table(session, events)
    web = WebServer(events)
    web.start("127.0.0.1", 0)
    table.phones = web
    web.new_game(table)
    played = PhoneTable(table, web, tray.simulator)
    played._thread.start()
    try:
        yield played
    finally:
        played._stop.set()
        played._thread.join(5)
        web.stop()
        tray.stop()
        store.close()
