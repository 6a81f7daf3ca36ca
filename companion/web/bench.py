"""The phones' load test (issue 27), on loopback: eight phones joined (a seat each of four heroes, and four
spectators) in the three languages, over aiohttp's WebSocket client, while the bots play The Last Covenant
through the table, its store and the web server, as fast as the engine and the store go (a table plays at a
human's pace: this is far harder). Each accepted input, committed, is published; every phone must get every
view, in order, none lost; the figure is the time from the commit to a phone holding its new view.

The bots' games follow one another on the same table, the same heroes seated, so that the phones stay joined.
"""

from __future__ import annotations

import asyncio
import json
import queue
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import cycle
from pathlib import Path

import aiohttp

from companion.benchmarks import Figure, median, percentile
from companion.core.events import DomainEvent
from companion.core.flow import Rejection
from companion.core.messages import LANGS
from companion.games.covenant.bots import Bot
from companion.games.covenant.engine import CovenantRules
from companion.games.covenant.simulate import _fallback as fallback
from companion.games.covenant.simulate import setups
from companion.store import Store, StoredSession
from companion.table import Table
from companion.web.server import WebServer
from companion.web.tokens import SPECTATOR

PHONES = 8
INPUTS = 1000
HEROES = ["knight", "rogue", "huntress", "mage"]
GOAL_MS = 100.0
WAIT_S = 30.0  # the longest the bench waits for the phones to join, or for the last view to reach them


@dataclass
class Phone:
    """What one phone saw: each view's revision, and when it came (perf_counter, the same clock as the commit)."""

    seat: str
    lang: str
    views: list[tuple[int, float]] = field(default_factory=list)


@dataclass(frozen=True)
class Load:
    phones: int
    inputs: int
    lost: int
    out_of_order: int
    latencies: list[float]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def games(store: Store) -> Iterator[StoredSession]:
    """The bots' games, one after another, each with the four heroes."""
    for setup in setups(11, 10_000, [HEROES], ("normal",)):
        session = store.start("covenant", setup)
        assert isinstance(session, StoredSession), session
        yield session


async def _phone(url: str, phone: Phone, stop: asyncio.Event) -> None:
    async with aiohttp.ClientSession() as client, client.ws_connect(url.replace("/join/", "/ws/")) as ws:
        await ws.send_json({"type": "hello", "lang": phone.lang})
        while not stop.is_set():
            try:
                message = await ws.receive(timeout=0.2)
            except TimeoutError:
                continue
            if message.type != aiohttp.WSMsgType.TEXT:
                return
            body = json.loads(message.data)
            if body.get("type") == "view":
                phone.views.append((int(body["view"]["seq"]), time.perf_counter()))


def _phones(urls: list[tuple[str, Phone]], stop: asyncio.Event) -> threading.Thread:
    async def all_of() -> None:
        await asyncio.gather(*(_phone(url, phone, stop) for url, phone in urls))

    thread = threading.Thread(target=asyncio.run, args=(all_of(),), name="bench-phones", daemon=True)
    thread.start()
    return thread


def _until(done: object, what: str) -> None:
    deadline = time.monotonic() + WAIT_S
    while not done():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise TimeoutError(f"after {WAIT_S} s, still waiting for {what}")
        time.sleep(0.005)


def load(phones: int = PHONES, inputs: int = INPUTS) -> Load:
    rules = CovenantRules()
    bot = Bot(rules.data)
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "bench.sqlite3")
        played = games(store)
        events: queue.Queue[DomainEvent] = queue.Queue()
        table = Table(next(played), events)
        web = WebServer()
        web.start("127.0.0.1", free_port())
        try:
            web.new_game(table)
            table.phones = web
            web.publish(table)
            seats = [*HEROES, *[SPECTATOR] * (phones - len(HEROES))][:phones]
            seen = [Phone(seat, lang) for seat, lang in zip(seats, cycle(LANGS), strict=False)]
            stop = asyncio.Event()
            thread = _phones([(web.url_for(p.seat), p) for p in seen], stop)
            _until(lambda: all(p.views for p in seen), "every phone's first view")
            committed: dict[int, float] = {}
            first = table.revision
            while table.revision - first < inputs:
                prompt = table.prompt
                if prompt is None:
                    table.session = next(played)
                    continue
                update = table.submit(bot.decide(table.session.state, prompt))
                if isinstance(update.rejection, Rejection):
                    update = table.submit(fallback(prompt))
                committed[table.revision] = time.perf_counter()
                web.publish(table)
            last = table.revision
            _until(lambda: all(p.views[-1][0] >= last for p in seen), "the last view on every phone")
            stop.set()
            thread.join(WAIT_S)
        finally:
            web.stop()
            store.close()
    return measured(seen, committed, first)


def measured(seen: list[Phone], committed: dict[int, float], first: int) -> Load:
    """Every phone's views after the first: each revision committed must come once, in order."""
    lost = out_of_order = 0
    latencies = []
    for phone in seen:
        seqs = [seq for seq, _ in phone.views if seq > first]
        lost += len(set(committed) - set(seqs))
        out_of_order += sum(1 for a, b in zip(seqs, seqs[1:], strict=False) if b <= a)
        latencies += [at - committed[seq] for seq, at in phone.views if seq in committed]
    return Load(len(seen), len(committed), lost, out_of_order, latencies)


def bench() -> list[Figure]:
    result = load()
    where = f"{result.phones} phones, {result.inputs} inputs"
    return [
        Figure(f"commit → phone view, 99th percentile ({where})", percentile(result.latencies, 99) * 1e3, "ms",
               f"<= {GOAL_MS:g}", "web.view-p99"),
        Figure("commit → phone view, median", median(result.latencies) * 1e3, "ms"),
        Figure("views lost or out of order, all phones", result.lost + result.out_of_order, "", "0"),
    ]
