"""Issue 27 on the Pi's screen: the Phones panel draws a QR code for each seat of the game and one for
spectators, each encoding the URL the phones' server gives that seat (read back from the pixels drawn, module by
module, and compared with segno's encoding of `url_for(seat)`: nothing is decoded by hand); a phone that joins in
another language leaves the Pi's own; "Forget phones" in the settings turns the old URLs away with the clear
refusal page. A Kivy app of its own process, with the web server on (COMPANION_WEB=on, port on 127.0.0.1)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import segno
from app_runs import ROOT, offscreen, shot_folder, soaked
from PIL import Image

from companion.core.messages import Msg

pytestmark = pytest.mark.timeout(300)
KEPT = ("en",)

SCRIPT = """
import asyncio, json, os, socket, sys, urllib.error, urllib.request
from pathlib import Path
from kivy.config import Config
Config.set("graphics", "width", "800")
Config.set("graphics", "height", "480")
import aiohttp
from harness import Driver
from kivy.core.window import Window
from companion.commands.run import build_app
from companion.config import Settings
from companion.ui.qr import QrCode
from companion.ui.widgets import BidiLabel

lang, phone_lang, out = sys.argv[1], sys.argv[2], Path(sys.argv[3])
with socket.socket() as probe:
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
settings = Settings()
settings.ui.lang = lang
settings.store.path = str(Path(os.environ["KIVY_HOME"]) / "sessions.sqlite3")
settings.tray.backend, settings.nfc.backend, settings.gpio.backend = "simulated", "emulated", "mock"
settings.web.host, settings.web.port = "127.0.0.1", port
app = build_app(settings, "/etc/crypt-companion/config.toml", seed=1)
web = app.table.phones
d = Driver(app, out, lang)

async def phone(url, asked):
    async with aiohttp.ClientSession() as client:
        async with client.ws_connect(url.replace("/join/", "/ws/")) as ws:
            await ws.send_json({"type": "hello", "lang": asked})
            while True:
                message = json.loads((await ws.receive(timeout=10)).data)
                if message["type"] == "view" and message["view"]["lang"] == asked:
                    return message["view"]

def steps():
    yield 1.0
    session = app.store.start("covenant", {"heroes": ["knight", "rogue"], "seed": 1})
    app.resume(session.id)
    yield from d.until(lambda: app.session is not None and not d.modal_open(), "the game to load")
    yield from d.tap(d.t("Heroes"))
    yield from d.tap(d.t("Phones"))
    yield from d.until(d.modal_open, "the Phones panel")
    yield 0.5
    yield from d.settle()
    urls = {seat: web.url_for(seat) for seat in web.tokens.seats()}
    d.report.update(urls=urls, codes={qr.text: [*qr.square, qr.texture.width] for qr in d.widgets(QrCode)},
                    texts=[w.logical for w in d.widgets(BidiLabel)], window=[*Window.size])
    yield from d.shot("phones-" + lang)
    view = asyncio.run(phone(urls["knight"], phone_lang))
    d.report.update(phone=[view["lang"], view["dir"], view["seat"]["name"]], pi=app.lang,
                    pi_texts=[w.logical for w in d.widgets(BidiLabel)])
    yield from d.tap(d.t("Close"))
    app.go("settings")
    yield from d.tap(d.t("Forget phones"))
    try:
        with urllib.request.urlopen(urls["knight"], timeout=10) as answer:
            d.report["forgotten"] = [answer.status, answer.read().decode()]
    except urllib.error.HTTPError as refused:
        d.report["forgotten"] = [refused.code, refused.read().decode()]
    d.report["after"] = web.url_for("knight")
    yield from d.shot("settings-phones-" + lang)

app.bind(on_start=lambda *_: d.start(steps()))
app.run()
print(json.dumps({"failure": d.failure, **d.report}))
"""


def modules(screen: Image.Image, left: int, bottom: int, side: int, count: int) -> list[list[bool]]:
    """The code's modules as the screen shows them, top row first: dark where the pixel at a module's centre is.
    `bottom` counts upwards, as Kivy does; the screenshot's rows, downwards."""
    module = side // count
    top = screen.height - bottom - side
    return [[screen.getpixel((left + col * module + module // 2, top + row * module + module // 2)) < 128
             for col in range(count)] for row in range(count)]


@pytest.mark.parametrize("lang", soaked(["en", "ar", "be"], KEPT))
def test_the_phones_panel_draws_each_seats_join_url_and_forget_turns_them_away(
        tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, lang: str) -> None:
    phone_lang = "ar" if lang != "ar" else "en"
    shots = shot_folder(tmp_path_factory, "phones")
    env = {**offscreen(tmp_path, f"{ROOT}{os.pathsep}{Path(__file__).parent}"), "COMPANION_WEB": "on"}
    done = subprocess.run([sys.executable, "-c", SCRIPT, lang, phone_lang, str(shots)], env=env,
                          capture_output=True, text=True, timeout=280)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert not report["failure"], report["failure"]

    urls = report["urls"]
    assert set(urls) == {"knight", "rogue", "spectator"}
    assert sorted(report["codes"]) == sorted(urls.values()), "one code a seat, each its seat's URL"
    with Image.open(shots / f"phones-{lang}.png") as screenshot:
        assert list(screenshot.size) == report["window"]
        for seat, url in urls.items():
            wanted = [[bool(dark) for dark in row]
                      for row in segno.make(url, error="m", micro=False).matrix_iter(scale=1, border=4)]
            drawn = modules(screenshot.convert("L"), *report["codes"][url])
            assert drawn == wanted, f"the code drawn for {seat} is not segno's encoding of {url}"
    spectator = Msg("Spectator").text(lang)  # type: ignore[arg-type]
    assert spectator in report["texts"]

    assert report["phone"][0] == phone_lang and report["phone"][1] == ("rtl" if phone_lang == "ar" else "ltr")
    assert report["pi"] == lang, "a phone's language changed the Pi's"
    assert Msg("Phones").text(lang) in report["pi_texts"]  # type: ignore[arg-type]

    status, page = report["forgotten"]
    assert status == 403
    assert "This link does not open this table" in page and urls["knight"].rsplit("/", 1)[1] not in page
    assert report["after"] == "", "a forgotten seat still has a URL"
