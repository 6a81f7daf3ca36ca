"""The phones' web server (issue 27): aiohttp's HTTP and WebSocket server, in a thread of its own with its own
asyncio loop, so that the table's UI thread never waits on the network, and a phone that is slow, lost or
abusive never slows the table.

Routes, each behind a token (`companion.web.tokens`): `GET /join/{token}` the phone's page,
`GET /join/{token}/{asset}` its script and style, `GET /ws/{token}` its WebSocket. A wrong or revoked token
gets a short page saying so, and nothing else.

The UI thread calls `publish(table)` after each committed update: it reads the table into one snapshot per
seat (`views.snapshot`), and the loop puts each in the language of each phone and sends it. A phone's choice
goes onto the table's event queue as a `PhoneChoice`; the table controller resolves it (`resolve`, on the UI
thread, against the table as it stands then) and submits it as a touch, or tells the phone why not (`refuse`).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import queue
import socket
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import msgspec
from aiohttp import WSCloseCode, WSMessage, WSMsgType, web

from companion.config import WebSettings
from companion.core.events import DomainEvent, PhoneChoice
from companion.core.flow import Input
from companion.core.messages import LANGS, Lang, Msg, Plural
from companion.table import Table
from companion.web import views
from companion.web.schema import INBOUND, LIMITS, Choose, Hello, Limits, SetLang
from companion.web.tokens import SPECTATOR, Tokens

LOG = logging.getLogger("companion.web")
STATIC = Path(__file__).resolve().parent / "static"
ASSETS = {"phone.js": "text/javascript", "phone.css": "text/css"}
PAGE = "phone.html"
TOKEN_MARK = "__TOKEN__"
START_TIMEOUT_S = 10.0
ENV = "COMPANION_WEB"
OUTBOX = 64  # messages waiting for one phone; beyond, the phone is behind and gets the newest view alone
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}
ENCODE = msgspec.json.Encoder()


class View(msgspec.Struct, frozen=True, tag="view", tag_field="type"):
    view: views.PhoneView[str]


class Refused(msgspec.Struct, frozen=True, tag="refused", tag_field="type"):
    message: str


@dataclass(eq=False)
class Phone:
    """One open WebSocket: the seat its token opens, its language, its messages of the current second, and what
    is to be sent to it, in order, by its one writer."""

    id: int
    seat: str
    generation: int
    lang: Lang
    socket: web.WebSocketResponse
    window: float = 0.0
    count: int = 0
    warned: bool = False
    outbox: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(OUTBOX))

    def post(self, text: str) -> None:
        """`text` queued after what is already to be sent. A phone that does not keep up has its queue emptied
        first: every view is whole, so the newest stands for those it missed."""
        if self.outbox.full():
            while not self.outbox.empty():
                self.outbox.get_nowait()
        self.outbox.put_nowait(text)

    async def write(self) -> None:
        """Sends what is posted, in order, until the connection ends."""
        while True:
            text = await self.outbox.get()
            if self.socket.closed:
                return
            try:
                await self.socket.send_str(text)
            except ConnectionError:
                LOG.info("a phone left while it was being sent to")
                return


def open_web(settings: WebSettings, events: queue.Queue[DomainEvent]) -> WebServer | None:
    """The phones' server as the settings ask, started; None when they turn it off, when the environment does
    (`COMPANION_WEB=off`: the test suite's default, so that no test listens on a port it did not ask for), or
    when it cannot listen (the table plays on without phones, and the log says why)."""
    if not settings.enabled or os.environ.get(ENV) == "off":
        return None
    server = WebServer(events)
    try:
        server.start(settings.host, settings.port)
    except OSError as exc:
        LOG.warning("%s", exc)
        return None
    LOG.info("the phones' web view listens on %s:%d", server.host, server.port)
    return server


def lan_address() -> str:
    """The Pi's address on the local network: the one its route out leaves from (a UDP socket connected to a
    documentation address sends nothing). Loopback when there is no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


class WebServer:
    """The phones' server. `events` is the table's event queue; `limits` the bounds of `companion.web.schema`."""

    def __init__(self, events: queue.Queue[DomainEvent], limits: Limits = LIMITS) -> None:
        self.events = events
        self.limits = limits
        self.tokens = Tokens()
        self.host = ""
        self.port = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._phones: dict[int, Phone] = {}  # the loop's own: touched only on its thread
        self._ids = itertools.count(1)
        self._snapshots: dict[str, views.PhoneView[Msg]] = {}
        self._revision = -1

    # ---- the UI thread's side -----------------------------------------------------------------------

    def start(self, host: str, port: int) -> None:
        """Serve on `host` ("" for the LAN address) and `port` (0: a free one, then in `self.port`), in a
        thread of its own; returns once the socket listens, or raises OSError when it cannot."""
        self.host = host or lan_address()
        ready = threading.Event()
        failed: list[BaseException] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                loop.run_until_complete(self._listen(self.host, port))
            except BaseException as exc:  # handed to the starting thread, which raises it
                failed.append(exc)
                ready.set()
                loop.close()
                return
            ready.set()
            loop.run_forever()
            loop.run_until_complete(self._shut())
            loop.close()

        self._thread = threading.Thread(target=run, name="companion-web", daemon=True)
        self._thread.start()
        ready.wait(START_TIMEOUT_S)
        if failed:
            self._thread.join()
            self._thread, self._loop = None, None
            raise OSError(f"the phones' web server cannot listen on {self.host}:{port}: {failed[0]}") from failed[0]

    def stop(self) -> None:
        """Close every phone's connection and stop serving."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        loop.call_soon_threadsafe(loop.stop)
        thread.join(START_TIMEOUT_S)
        self._loop, self._thread = None, None

    def url_for(self, seat: str) -> str:
        """The URL a phone joins `seat` by (SPECTATOR to watch), its token in it; "" when the seat has none."""
        token = self.tokens.token(seat)
        if token is None:
            return ""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/join/{token}"

    def new_game(self, table: Table) -> None:
        """Fresh tokens for the seats of the game in play (and the spectators); every phone of the game before
        is turned away. Then the phones of the new game may join."""
        rules = table.rules
        self.tokens.new_game(rules.seated(table.session.state) if rules is not None else [])
        self._call(self._close_all)
        self.publish(table)

    def forget(self) -> None:
        """"Forget phones": every token revoked, every phone turned away, none may join until a new game."""
        self.tokens.forget()
        self._call(self._close_all)

    def publish(self, table: Table) -> None:
        """After a committed update: every seat's view read from the table, then sent to its phones."""
        snapshots, revision = views.snapshots(table, self.tokens.seats()), table.revision
        self._call(lambda: self._push(snapshots, revision))

    def resolve(self, choice: PhoneChoice, table: Table) -> Input | Msg:
        """The input a phone's choice gives at the table as it stands, or why it is refused (`Phones`)."""
        if choice.seat == SPECTATOR:
            return Msg("A spectator watches and answers nothing.")
        if choice.seq != table.revision:
            return Msg("That choice is no longer pending: the table has moved on.")
        prompt = table.prompt
        if prompt is None or views.owner(prompt) != choice.seat:
            return Msg("That choice is not yours to make.")
        found = views.answer(table, choice.choice)
        return found if found is not None else Msg("That choice is not offered now.")

    def refuse(self, choice: PhoneChoice, msg: Msg) -> None:
        """Tell the phone that sent `choice`, and it alone, why it was refused (`Phones`)."""
        self._call(lambda: self._refuse_phone(choice.phone, msg))

    # ---- the loop's side ----------------------------------------------------------------------------

    def _call(self, work: Callable[[], object]) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(work)

    async def _listen(self, host: str, port: int) -> None:
        app = web.Application(middlewares=[_secure], client_max_size=self.limits.message_bytes)
        app.router.add_get("/join/{token}", self._page)
        app.router.add_get("/join/{token}/{asset}", self._asset)
        app.router.add_get("/ws/{token}", self._socket)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port, reuse_address=True)
        await site.start()
        server = site._server  # the bound port, when 0 asked for any
        sockets = getattr(server, "sockets", None) or []
        self.port = int(sockets[0].getsockname()[1]) if sockets else port

    async def _shut(self) -> None:
        await self._close_all_async()
        if self._runner is not None:
            await self._runner.cleanup()

    def _seat(self, request: web.Request) -> tuple[str, int] | None:
        return self.tokens.seat_of(request.match_info["token"])

    async def _page(self, request: web.Request) -> web.StreamResponse:
        if self._seat(request) is None:
            return _turned_away()
        page = (STATIC / PAGE).read_text(encoding="utf-8").replace(TOKEN_MARK, request.match_info["token"])
        return web.Response(text=page, content_type="text/html", charset="utf-8")

    async def _asset(self, request: web.Request) -> web.StreamResponse:
        asset = request.match_info["asset"]
        if self._seat(request) is None or asset not in ASSETS:
            return _turned_away()
        return web.Response(body=(STATIC / asset).read_bytes(), content_type=ASSETS[asset], charset="utf-8")

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        seated = self._seat(request)
        if seated is None:
            return _turned_away()
        asked = request.query.get("lang", "")
        lang: Lang = next((known for known in LANGS if known == asked), "en")
        ws = web.WebSocketResponse(max_msg_size=self.limits.message_bytes, heartbeat=20.0)
        await ws.prepare(request)
        if not self.tokens.valid(seated[1]):  # revoked while the handshake went on
            await ws.close(code=WSCloseCode.POLICY_VIOLATION, message=b"token revoked")
            return ws
        if len(self._phones) >= self.limits.phones:
            full = Msg.of(Plural("The table has {n} phone already.", "The table has {n} phones already."),
                          {"n": self.limits.phones})
            await ws.send_str(_encode(Refused(full.text(lang))))
            await ws.close(code=WSCloseCode.TRY_AGAIN_LATER)
            return ws
        phone = Phone(next(self._ids), seated[0], seated[1], lang, ws)
        self._phones[phone.id] = phone
        writer = asyncio.ensure_future(phone.write())
        try:
            self._send_view(phone)
            async for message in ws:
                self._heard(phone, message)
        finally:
            self._phones.pop(phone.id, None)
            writer.cancel()
        return ws

    def _heard(self, phone: Phone, message: WSMessage) -> None:
        now = time.monotonic()
        if now - phone.window >= 1.0:
            phone.window, phone.count, phone.warned = now, 0, False
        phone.count += 1
        if phone.count > self.limits.per_second:
            if not phone.warned:  # one word a second: the refusals of a flood would flood back
                phone.warned = True
                self._tell(phone, Msg("Too many messages: slow down."))
            return
        if message.type is not WSMsgType.TEXT:
            self._tell(phone, Msg("That message could not be read."))
            return
        try:
            inbound = INBOUND.decode(message.data)
        except msgspec.DecodeError:
            self._tell(phone, Msg("That message could not be read."))
            return
        if isinstance(inbound, Hello | SetLang):
            phone.lang = inbound.lang
            self._send_view(phone)
        elif isinstance(inbound, Choose):
            self._choose(phone, inbound)

    def _choose(self, phone: Phone, choose: Choose) -> None:
        """A choice is checked here first against what the phone was last sent (a stale one never reaches the
        table), then by the table against the game as it stands when its turn on the queue comes."""
        if phone.seat == SPECTATOR:
            self._tell(phone, Msg("A spectator watches and answers nothing."))
        elif choose.seq != self._revision:
            self._tell(phone, Msg("That choice is no longer pending: the table has moved on."))
        else:
            self.events.put(PhoneChoice(phone.seat, choose.choice, choose.seq, phone.id))

    def _push(self, snapshots: dict[str, views.PhoneView[Msg]], revision: int) -> None:
        self._snapshots, self._revision = snapshots, revision
        rendered: dict[tuple[str, Lang], str] = {}
        for phone in list(self._phones.values()):
            if not self.tokens.valid(phone.generation):
                continue
            key = (phone.seat, phone.lang)
            if key not in rendered and phone.seat in snapshots:
                rendered[key] = _encode(View(views.render(snapshots[phone.seat], phone.lang)))
            if key in rendered:
                phone.post(rendered[key])

    def _send_view(self, phone: Phone) -> None:
        snapshot = self._snapshots.get(phone.seat)
        if snapshot is not None:
            phone.post(_encode(View(views.render(snapshot, phone.lang))))

    def _tell(self, phone: Phone, msg: Msg) -> None:
        phone.post(_encode(Refused(msg.text(phone.lang))))

    def _refuse_phone(self, phone_id: int, msg: Msg) -> None:
        phone = self._phones.get(phone_id)
        if phone is not None:
            self._tell(phone, msg)

    def _close_all(self) -> None:
        _spawn(self._close_all_async())

    async def _close_all_async(self) -> None:
        for phone in list(self._phones.values()):
            await phone.socket.close(code=WSCloseCode.POLICY_VIOLATION, message=b"token revoked")
        self._phones.clear()


_TASKS: set[asyncio.Task[None]] = set()


def _spawn(work: Awaitable[None]) -> None:
    """A send run on the loop, kept until done (asyncio holds only a weak reference to a task)."""
    task = asyncio.ensure_future(work)
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)


def _encode(message: View | Refused) -> str:
    return ENCODE.encode(message).decode()


@web.middleware
async def _secure(request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                  ) -> web.StreamResponse:
    """Every answer with the security headers: no script, style or frame from elsewhere, no referrer."""
    try:
        response = await handler(request)
    except web.HTTPException as exc:
        for name, value in HEADERS.items():
            exc.headers.setdefault(name, value)
        raise
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def _turned_away() -> web.Response:
    """A wrong or revoked token: a page that says so in every language, and nothing of the game."""
    text = "\n".join(Msg("This link does not open this table (any more). Scan the code on the table's screen "
                         "again.").text(lang) for lang in LANGS)
    return web.Response(status=403, text=text, content_type="text/plain", charset="utf-8")
