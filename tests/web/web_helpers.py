"""A table of each game, stored, with the phones' server on 127.0.0.1 (a free port) and phones that talk to it
over real sockets with aiohttp's client. The test's own thread stands for the app's UI thread: it pumps the
table's queue, as the app's Clock poll does."""

from __future__ import annotations

import asyncio
import json
import queue
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import aiohttp

from companion.core.events import DomainEvent
from companion.store import Store, StoredSession
from companion.table import Table, Update
from companion.web.server import WebServer

COVENANT = {"heroes": ["knight", "sorceress"], "seed": 1}
DUNGEON_ROLL = {"heroes": ["spellsword", "crusader"], "seed": 5}
DESCENT_MAP = {"id": "duel", "en": "duel", "ar": "مبارزة", "floor": ["....", "...."], "figures": [
    {"id": "ogre", "kind": "monster", "at": [0, 0], "en": "Ogre", "ar": "الغول", "dice": ["red", "blue"]},
    {"id": "hugo", "kind": "hero", "at": [1, 0], "wounds": 12, "damage": 3, "en": "Hugo", "ar": "هوغو",
     "be": "Гуга", "dice": ["blue", "yellow"], "bleed": 1}]}
DESCENT = {"map": DESCENT_MAP, "seed": 3}
SETUPS = {"covenant": COVENANT, "dungeon-roll": DUNGEON_ROLL, "descent": DESCENT}
WAIT_S = 5.0


def table_of(tmp_path: Path, game: str, setup: dict[str, Any] | None = None) -> tuple[Table, StoredSession]:
    store = Store(tmp_path / "sessions.sqlite3")
    session = store.start(game, setup or SETUPS[game])
    assert isinstance(session, StoredSession)
    events: queue.Queue[DomainEvent] = queue.Queue()
    return Table(session, events), session


@contextmanager
def served(tmp_path: Path, game: str = "covenant", setup: dict[str, Any] | None = None
           ) -> Iterator[tuple[Table, WebServer]]:
    """A stored game of `game` (from `setup`, or its usual one) at a table whose phones' server listens on
    127.0.0.1."""
    table, _ = table_of(tmp_path, game, setup)
    server = WebServer(table.events)
    server.start("127.0.0.1", 0)
    table.phones = server
    server.new_game(table)
    try:
        yield table, server
    finally:
        server.stop()


def ws_url(server: WebServer, seat: str, lang: str = "en") -> str:
    return server.url_for(seat).replace("/join/", "/ws/") + f"?lang={lang}"


async def receive(ws: aiohttp.ClientWebSocketResponse, kind: str, timeout: float = WAIT_S) -> dict[str, Any]:
    """The next message of `kind` ("view" or "refused"), skipping the others."""
    deadline = time.monotonic() + timeout
    while True:
        message = await ws.receive(timeout=max(0.01, deadline - time.monotonic()))
        assert message.type is aiohttp.WSMsgType.TEXT, message
        data: dict[str, Any] = json.loads(message.data)
        if data["type"] == kind:
            return data


async def pump_until(table: Table, timeout: float = WAIT_S) -> Update:
    """What the table does with the next event a phone put on its queue (the UI thread's poll)."""
    deadline = time.monotonic() + timeout
    while table.events.empty():
        assert time.monotonic() < deadline, "no event came from the phone"
        await asyncio.sleep(0.005)
    return table.pump()
