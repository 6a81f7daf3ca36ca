"""Nothing is served without a valid token (issue 27, "Bad input and abuse"): no token, a wrong one or a revoked
one gets a short page saying so and nothing of the game; a new game or "forget phones" revokes every token and
turns away the phones that joined by them."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp
import pytest
from web_helpers import receive, served, ws_url

from companion.web.server import HEADERS, WebServer
from companion.web.tokens import SPECTATOR, Tokens

TURNED_AWAY = "This link does not open this table (any more)."


def base(server: WebServer) -> str:
    return f"http://127.0.0.1:{server.port}"


async def nothing_served(server: WebServer, token: str) -> None:
    """The page, its assets and the socket of `token` all refused, with no word of the game in them."""
    async with aiohttp.ClientSession() as client:
        for path in (f"/join/{token}", f"/join/{token}/phone.js", f"/ws/{token}"):
            async with client.get(base(server) + path) as answer:
                text = await answer.text()
                assert answer.status == 403, path
                assert TURNED_AWAY in text and "هذا الرابط" in text and "Гэтая спасылка" in text
                assert "Knight" not in text and "knight" not in text
                assert answer.headers["X-Frame-Options"] == "DENY"
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await client.ws_connect(base(server) + f"/ws/{token}")


def test_a_seat_token_opens_the_page_and_no_token_or_a_wrong_one_opens_nothing(tmp_path: Path) -> None:
    with served(tmp_path) as (_table, server):
        token = server.url_for("knight").rsplit("/", 1)[1]

        async def run() -> None:
            async with aiohttp.ClientSession() as client:
                async with client.get(server.url_for("knight")) as page:
                    assert page.status == 200 and f"{token}/phone.js" in await page.text()
                    assert page.headers["Content-Security-Policy"].startswith("default-src 'self'")
                    assert {k: page.headers[k] for k in HEADERS} == HEADERS
                async with client.get(base(server) + "/join/") as none:
                    assert none.status == 404 and "knight" not in await none.text()
            await nothing_served(server, token[:-1] + ("A" if token[-1] != "A" else "B"))
            await nothing_served(server, "x")

        asyncio.run(run())


def test_a_new_game_revokes_every_token_and_turns_away_the_phones_that_joined(tmp_path: Path) -> None:
    with served(tmp_path) as (table, server):
        old = {seat: server.url_for(seat).rsplit("/", 1)[1] for seat in ("knight", "sorceress", SPECTATOR)}

        async def run() -> None:
            async with aiohttp.ClientSession() as client, client.ws_connect(ws_url(server, "knight")) as ws:
                await receive(ws, "view")
                server.new_game(table)
                closed = await ws.receive(timeout=5)
                assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                assert ws.close_code == 1008
            for token in old.values():
                await nothing_served(server, token)
            async with aiohttp.ClientSession() as client, client.get(server.url_for("knight")) as page:
                assert page.status == 200

        asyncio.run(run())
        assert all(server.url_for(seat).rsplit("/", 1)[1] != token for seat, token in old.items())


def test_forgetting_the_phones_leaves_no_token_at_all(tmp_path: Path) -> None:
    with served(tmp_path) as (_table, server):
        token = server.url_for(SPECTATOR).rsplit("/", 1)[1]
        server.forget()
        assert server.url_for(SPECTATOR) == "" and server.url_for("knight") == ""
        asyncio.run(nothing_served(server, token))


def test_tokens_are_random_one_per_seat_and_the_spectators() -> None:
    tokens = Tokens()
    tokens.new_game(["a", "b"])
    made = {seat: tokens.token(seat) for seat in tokens.seats()}
    assert list(made) == ["a", "b", SPECTATOR] and len(set(made.values())) == 3
    assert all(t is not None and len(t) >= 22 for t in made.values())  # 16 random bytes, base64
    assert tokens.seat_of(made["b"] or "") == ("b", 1)
    tokens.new_game(["a", "b"])
    assert tokens.seat_of(made["b"] or "") is None
