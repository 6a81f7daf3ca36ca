"""The phones' load test (issue 27), on loopback: eight phones joined (a seat each of four heroes, and four
spectators) in the three languages over aiohttp's WebSocket client, while the bots play The Last Covenant
through the table, its store and the web server. Each accepted input, committed, is published; every phone
must get every view, in order, none lost; the figure is the time from the commit (the table hands the server
its new revision right after the store has it) to a phone holding the view of it. The time from the input to
its commit (the engine and the store) is printed beside it.

The phones run in a process of their own, as phones are devices of their own: in the table's process their
JSON decoding would hold its interpreter lock and slow the server they measure. Both read the same monotonic
clock (CLOCK_MONOTONIC, one per machine). The bots' games follow one another on the same table, the same
heroes seated, so that the phones stay joined.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import multiprocessing
import queue
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import cycle, pairwise
from multiprocessing.connection import Connection
from pathlib import Path

import aiohttp

from companion.benchmarks import Figure, median, percentile
from companion.core.events import DomainEvent
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
HEROES = ["knight", "ranger", "rogue", "sorceress"]
GOAL_MS = 100.0
PACE_S = 0.02
"""An input every 20 ms at most, 50 a second: far faster than a table (a throw, a tap, a card take a second or
more), slow enough that what is measured is the time a view takes, not a queue of views the bench piled up."""
WAIT_S = 60.0  # the longest the bench waits for the phones to join, or for the last view to reach them


@dataclass
class Phone:
    """What one phone saw: each view's revision, and when it came (time.monotonic, the commit's clock)."""

    url: str
    lang: str
    views: list[tuple[int, float]] = field(default_factory=list)


@dataclass(frozen=True)
class Load:
    phones: int
    inputs: int
    lost: int
    out_of_order: int
    latencies: list[float]
    commits: list[float] = dataclasses.field(default_factory=list)
    """Each input's time from given to committed (the engine, the store's write)."""
    cpu: float = 0.0
    """CPU seconds of the table's process (the bots, the engine, the store, the server) while it played."""


class Clocked(WebServer):
    """The server, noting when each revision reaches it: the moment the table has it committed."""

    def __init__(self, events: queue.Queue[DomainEvent]) -> None:
        super().__init__(events)
        self.committed: dict[int, float] = {}

    def publish(self, table: Table) -> None:
        self.committed[table.revision] = time.monotonic()
        super().publish(table)


def games(store: Store) -> Iterator[StoredSession]:
    """The bots' games, one after another, each with the four heroes."""
    for setup in setups(11, 10_000, [HEROES], ("normal",)):
        session = store.start("covenant", setup)
        assert isinstance(session, StoredSession), session
        yield session


async def _phone(phone: Phone, last: list[int]) -> None:
    """One phone: joins in its language, then keeps every view's revision and time until it holds `last[0]`."""
    async with aiohttp.ClientSession() as client, client.ws_connect(phone.url.replace("/join/", "/ws/")) as ws:
        await ws.send_json({"type": "hello", "lang": phone.lang})
        while not (phone.views and last and phone.views[-1][0] >= last[0]):
            try:
                message = await ws.receive(timeout=0.1)
            except TimeoutError:
                continue
            if message.type != aiohttp.WSMsgType.TEXT:
                return
            body = json.loads(message.data)
            if body["type"] == "view":
                phone.views.append((int(body["view"]["seq"]), time.monotonic()))


async def _phones_async(phones: list[Phone], pipe: Connection) -> None:
    last: list[int] = []
    joined = False

    async def watch() -> None:
        nonlocal joined
        while not last:
            if not joined and all(p.views for p in phones):
                joined = True
                pipe.send("joined")
            if pipe.poll():
                last.append(int(pipe.recv()))
            await asyncio.sleep(0.01)

    await asyncio.gather(watch(), *(_phone(p, last) for p in phones))


def phones_process(phones: list[Phone], pipe: Connection) -> None:
    """The phones' process: they join, say so, and, told the last revision, send back what each saw."""
    asyncio.run(_phones_async(phones, pipe))
    pipe.send([p.views for p in phones])


def load(phones: int = PHONES, inputs: int = INPUTS) -> Load:
    rules = CovenantRules()
    bot = Bot(rules.data)
    spawn = multiprocessing.get_context("spawn")  # not a fork of a process running the server's thread
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "bench.sqlite3")
        played = games(store)
        events: queue.Queue[DomainEvent] = queue.Queue()
        table = Table(next(played), events)
        web = Clocked(events)
        web.start("127.0.0.1", 0)
        ours, theirs = spawn.Pipe()
        try:
            table.phones = web
            web.new_game(table)
            seats = [*HEROES, *[SPECTATOR] * (phones - len(HEROES))][:phones]
            seen = [Phone(web.url_for(seat), lang) for seat, lang in zip(seats, cycle(LANGS), strict=False)]
            process = spawn.Process(target=phones_process, args=(seen, theirs), daemon=True)
            process.start()
            if not ours.poll(WAIT_S):
                raise TimeoutError(f"the phones did not all join in {WAIT_S} s")
            assert ours.recv() == "joined"
            given: dict[int, float] = {}
            first, cpu = table.revision, time.process_time()
            due = time.monotonic()
            while table.revision - first < inputs:
                due = max(due + PACE_S, time.monotonic())  # after a stall, the pace again: no burst to catch up
                time.sleep(max(0.0, due - time.monotonic()))
                prompt = table.prompt
                if prompt is None:
                    table.session = next(played)
                    continue
                inp, at = bot.decide(table.session.state, prompt), time.monotonic()
                if table.submit(inp).rejection is not None:
                    inp, at = fallback(prompt), time.monotonic()
                    table.submit(inp)
                given[table.revision] = at
            cpu = time.process_time() - cpu
            ours.send(table.revision)
            if not ours.poll(WAIT_S):
                raise TimeoutError(f"the last view did not reach every phone in {WAIT_S} s")
            for phone, views in zip(seen, ours.recv(), strict=True):
                phone.views = views
            process.join(WAIT_S)
        finally:
            web.stop()
            store.close()
    committed = {revision: at for revision, at in web.committed.items() if revision in given}
    return dataclasses.replace(measured(seen, committed), cpu=cpu,
                               commits=[at - given[revision] for revision, at in committed.items()])


def measured(seen: list[Phone], committed: dict[int, float]) -> Load:
    """Every phone's views of the revisions committed: each must come once, and in order."""
    lost = out_of_order = 0
    latencies = []
    for phone in seen:
        seqs = [seq for seq, _ in phone.views if seq in committed]
        lost += len(set(committed) - set(seqs))
        out_of_order += sum(1 for a, b in pairwise(seqs) if b <= a)
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
        Figure("input → committed (engine and store), 99th percentile", percentile(result.commits, 99) * 1e3, "ms"),
        # What the tail above waits for on a loaded machine is the processor; this is the work itself.
        Figure("CPU of the table's process per input (bots, engine, store, 8 views)", result.cpu / result.inputs * 1e3,
               "ms"),
    ]
