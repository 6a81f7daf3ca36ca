"""The phones at play (issue 27): a phone answers its own seat's choice through the table's one queue (stored as
a touch on the screen would be), is refused in its own language a choice that is not its seat's or no longer
pending, gets every new view after a commit and the whole current one when it reconnects; oversized,
malformed and too-fast messages are refused and a ninth phone turned away, while the table plays on."""

from __future__ import annotations

import asyncio
import json
import queue
from pathlib import Path

import aiohttp
import pytest
from web_helpers import COVENANT, pump_until, receive, served, ws_url

from companion.config import WebSettings
from companion.core.events import DomainEvent, PhoneChoice
from companion.core.flow import Act, Choose
from companion.web.schema import LIMITS
from companion.web.server import open_web
from companion.web.tokens import SPECTATOR

END = Act("knight", "end", "turn")  # what the "end" button of the Knight's prompt gives (R-TURN-1)


def choose(seq: int, choice: str) -> str:
    return json.dumps({"type": "choose", "seq": seq, "choice": choice})


def test_a_choice_from_its_own_seat_goes_through_the_table_and_is_stored(tmp_path: Path) -> None:
    """R-TURN-1: the Exiled Knight's phone ends his turn; the store logs the input, every phone gets the new view."""
    with served(tmp_path) as (table, server):
        async def run() -> None:
            async with aiohttp.ClientSession() as client, \
                    client.ws_connect(ws_url(server, "knight", "ar")) as knight, \
                    client.ws_connect(ws_url(server, "sorceress", "be")) as sorceress:
                first = (await receive(knight, "view"))["view"]
                await receive(sorceress, "view")
                assert first["seq"] == 0 and first["prompt"]["mine"]
                await knight.send_str(choose(first["seq"], "end"))
                update = await pump_until(table)
                assert update.rejection is None and len(update.accepted) == 1
                after = (await receive(sorceress, "view"))["view"]
                assert after["seq"] == 1 and after["prompt"]["mine"] and after["lang"] == "be"
                assert (await receive(knight, "view"))["view"]["prompt"]["mine"] is False

        asyncio.run(run())
        assert table.session.accepted() == [END]  # type: ignore[attr-defined]
        resumed = table.session.store.resume(table.session.id)  # type: ignore[attr-defined]
        assert resumed.accepted() == [END]


def test_another_seats_choice_and_a_stale_one_are_refused_in_the_phones_language(tmp_path: Path) -> None:
    with served(tmp_path) as (table, server):
        async def run() -> None:
            async with aiohttp.ClientSession() as client, \
                    client.ws_connect(ws_url(server, "sorceress", "ar")) as sorceress, \
                    client.ws_connect(ws_url(server, "knight", "be")) as knight, \
                    client.ws_connect(ws_url(server, SPECTATOR, "en")) as spectator:
                seq = (await receive(sorceress, "view"))["view"]["seq"]
                await sorceress.send_str(choose(seq, "end"))  # the Knight's turn, not hers
                await pump_until(table)
                assert (await receive(sorceress, "refused"))["message"] == "ليس هذا الخيار لك."
                await spectator.send_str(choose(seq, "end"))
                assert (await receive(spectator, "refused"))["message"] == "A spectator watches and answers nothing."
                await knight.send_str(choose(seq + 5, "end"))
                assert (await receive(knight, "refused"))["message"].startswith("Гэтага выбару ўжо не чакаюць")
                assert table.events.empty()  # a stale seq never reaches the table

        asyncio.run(run())
        assert table.session.accepted() == []  # type: ignore[attr-defined]


def test_a_choice_overtaken_on_the_queue_is_refused_by_the_table_to_that_phone_alone(tmp_path: Path) -> None:
    """Sent for revision 0, the choice meets the table at revision 1 (the screen answered first): refused."""
    with served(tmp_path) as (table, server):
        async def run() -> None:
            async with aiohttp.ClientSession() as client, \
                    client.ws_connect(ws_url(server, "knight", "en")) as knight, \
                    client.ws_connect(ws_url(server, "sorceress", "en")) as sorceress:
                await receive(knight, "view")
                await receive(sorceress, "view")
                await knight.send_str(choose(0, "end"))
                while table.events.empty():
                    await asyncio.sleep(0.005)
                assert table.submit(Act("knight", "end")).rejection is None  # the screen, first
                assert table.pump().accepted == []
                refused = await receive(knight, "refused")
                assert refused["message"] == "That choice is no longer pending: the table has moved on."
                assert (await receive(sorceress, "view"))["view"]["seq"] == 1
                assert all(json.loads(m.data)["type"] != "refused" for m in await drain(sorceress))

        asyncio.run(run())
        assert table.session.accepted() == [Act("knight", "end")]  # type: ignore[attr-defined]


async def drain(ws: aiohttp.ClientWebSocketResponse, wait: float = 0.3) -> list[aiohttp.WSMessage]:
    """The messages that come within `wait`."""
    found = []
    while True:
        try:
            found.append(await ws.receive(timeout=wait))
        except TimeoutError:
            return found


def test_a_reconnecting_phone_gets_the_whole_current_view(tmp_path: Path) -> None:
    with served(tmp_path) as (table, server):
        async def run() -> None:
            async with aiohttp.ClientSession() as client:
                async with client.ws_connect(ws_url(server, "sorceress", "en")) as phone:
                    assert (await receive(phone, "view"))["view"]["seq"] == 0
                assert table.submit(Act("knight", "end")).rejection is None  # while the phone is away
                async with client.ws_connect(ws_url(server, "sorceress", "ar")) as phone:
                    view = (await receive(phone, "view"))["view"]
                    assert view["seq"] == 1 and view["prompt"]["mine"] and view["dir"] == "rtl"
                    await phone.send_str(json.dumps({"type": "lang", "lang": "be"}))
                    assert (await receive(phone, "view"))["view"]["lang"] == "be"

        asyncio.run(run())


def test_oversized_malformed_and_too_fast_messages_are_refused_and_the_table_plays_on(tmp_path: Path) -> None:
    with served(tmp_path) as (table, server):
        async def run() -> None:
            async with aiohttp.ClientSession() as client:
                async with client.ws_connect(ws_url(server, "knight", "ar")) as phone:
                    await receive(phone, "view")
                    for bad in ("{", '{"type": "choose", "seq": -1, "choice": "end"}', '{"type": "admin"}',
                                json.dumps({"type": "choose", "seq": 0, "choice": "x" * 300}), "[]"):
                        await phone.send_str(bad)
                        assert (await receive(phone, "refused"))["message"] == "تعذّرت قراءة تلك الرسالة.", bad
                    await phone.send_bytes(b"\x00\x01")
                    assert (await receive(phone, "refused"))["message"] == "تعذّرت قراءة تلك الرسالة."
                async with client.ws_connect(ws_url(server, "knight", "en")) as phone:
                    await receive(phone, "view")
                    for _ in range(LIMITS.per_second * 2):
                        await phone.send_str(json.dumps({"type": "lang", "lang": "en"}))
                    refused = [m for m in await drain(phone) if json.loads(m.data)["type"] == "refused"]
                    assert [json.loads(m.data)["message"] for m in refused] == ["Too many messages: slow down."]
                async with client.ws_connect(ws_url(server, "knight", "en")) as phone:
                    await receive(phone, "view")
                    await phone.send_str(json.dumps({"type": "hello", "lang": "en",
                                                     "pad": "x" * LIMITS.message_bytes}))
                    closed = await phone.receive(timeout=5)
                    assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                    assert phone.close_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
                async with client.ws_connect(ws_url(server, "knight", "en")) as phone:
                    view = (await receive(phone, "view"))["view"]
                    await phone.send_str(choose(view["seq"], "end"))
                    assert (await pump_until(table)).accepted

        asyncio.run(run())
        assert table.session.accepted() == [END]  # type: ignore[attr-defined]


def test_a_ninth_phone_is_turned_away_in_its_language_and_the_eight_stay(tmp_path: Path) -> None:
    with served(tmp_path) as (_table, server):
        async def run() -> None:
            async with aiohttp.ClientSession() as client:
                phones = [await client.ws_connect(ws_url(server, SPECTATOR)) for _ in range(LIMITS.phones)]
                for phone in phones:
                    await receive(phone, "view")
                ninth = await client.ws_connect(ws_url(server, "knight", "be"))
                assert (await receive(ninth, "refused"))["message"] == "За сталом ужо 8 тэлефонаў."
                closed = await ninth.receive(timeout=5)
                assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                await phones[0].send_str(json.dumps({"type": "hello", "lang": "en"}))
                assert (await receive(phones[0], "view"))["view"]["seat"]["id"] == SPECTATOR
                await phones[1].close()
                await asyncio.sleep(0.1)
                again = await client.ws_connect(ws_url(server, "knight", "en"))
                assert (await receive(again, "view"))["view"]["seat"]["id"] == "knight"
                for phone in [*phones, again]:
                    await phone.close()

        asyncio.run(run())


def test_a_phone_choice_is_an_event_of_the_queue_like_any_device_s(tmp_path: Path) -> None:
    """Without phones at the table (no server), a phone's event is dropped, as a throw nobody asked for is."""
    with served(tmp_path) as (table, _server):
        table.phones = None
        assert table.handle(PhoneChoice("knight", "end", 0, 1)).accepted == []
        assert table.session.accepted() == []  # type: ignore[attr-defined]


def test_the_app_opens_the_server_only_when_the_settings_and_the_environment_ask(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`web.enabled`, on at the table by default; COMPANION_WEB=off (the test suite's default) keeps it shut."""
    events: queue.Queue[DomainEvent] = queue.Queue()
    assert WebSettings().enabled and WebSettings().host == ""
    assert open_web(WebSettings(host="127.0.0.1", port=0), events) is None  # the suite's COMPANION_WEB=off
    monkeypatch.setenv("COMPANION_WEB", "on")
    assert open_web(WebSettings(enabled=False, host="127.0.0.1", port=0), events) is None
    server = open_web(WebSettings(host="127.0.0.1", port=0), events)
    assert server is not None and server.port > 0
    try:
        assert open_web(WebSettings(host="127.0.0.1", port=server.port), events) is None  # the port taken
    finally:
        server.stop()


def test_views_published_in_a_burst_reach_each_phone_all_and_in_order(tmp_path: Path) -> None:
    """Issue 27, "Live and exact": every committed revision, in order, to every phone of every language."""
    burst = 50
    with served(tmp_path) as (table, server):
        async def run() -> None:
            async with aiohttp.ClientSession() as client:
                phones = [await client.ws_connect(ws_url(server, seat, lang))
                          for seat, lang in (("knight", "ar"), ("sorceress", "be"), (SPECTATOR, "en"))]
                for phone in phones:
                    assert (await receive(phone, "view"))["view"]["seq"] == 0
                for _ in range(burst):
                    table.revision += 1
                    server.publish(table)
                for phone in phones:
                    seen = [(await receive(phone, "view"))["view"]["seq"] for _ in range(burst)]
                    assert seen == list(range(1, burst + 1))
                    await phone.close()

        asyncio.run(run())


def test_the_hero_keeps_their_attack_roll_from_their_phone(tmp_path: Path) -> None:
    """R-COMBAT-1: after the attack's die, its hero keeps the roll or pays to reroll; the Exiled Knight's phone
    answers Keep, the engine takes it as the screen's Keep, and the die stays physical (no face on the phone)."""
    position = {"heroes": {"knight": {"space": "m1"}}, "monsters": [{"uid": "m1", "kind": "troll", "space": "m2"}]}
    with served(tmp_path, setup={**COVENANT, "position": position}) as (table, server):
        assert table.submit(Act("knight", "attack", "m1")).accepted

        async def run() -> None:
            async with aiohttp.ClientSession() as client, client.ws_connect(ws_url(server, "knight", "ar")) as phone:
                rolling = (await receive(phone, "view"))["view"]
                assert rolling["prompt"]["mine"] and rolling["prompt"]["choices"] == []  # the d6 is thrown by hand
                assert table.app_roll().accepted
                asked = (await receive(phone, "view"))["view"]
                assert {c["id"] for c in asked["prompt"]["choices"]} == {"keep", "gold"}
                await phone.send_str(choose(asked["seq"], "keep"))
                assert (await pump_until(table)).accepted

        asyncio.run(run())
        assert table.session.accepted()[-1] == Choose("keep", "knight")  # type: ignore[attr-defined]
