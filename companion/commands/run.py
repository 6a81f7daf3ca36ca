"""`companion run`: the touchscreen app, windowed at 800×480 on a desktop, full screen when the settings
say `ui.fullscreen`. With no screen to draw on it says so and stops, rather than drawing to nothing."""

from __future__ import annotations

import argparse
import gc
import logging
import os
import re
import sys
from collections.abc import Mapping, MutableMapping
from pathlib import Path
from typing import Any

from companion import config
from companion.core.messages import LANGS

NO_DISPLAY = (
    "companion run: no screen to draw on (no DISPLAY or WAYLAND_DISPLAY, and no /dev/dri for the Pi's own "
    "screen): on the Pi attach the screen and start the app again (`companion doctor` checks it); on a desktop "
    "run it inside the session; SDL_VIDEODRIVER=offscreen draws off screen (tests, benchmarks)"
)

NO_SCREEN_EXIT = 69
"""The exit status when there is no screen to draw on (sysexits' EX_UNAVAILABLE). The unit lists it in
RestartPreventExitStatus=: restarting brings no screen, and a loop of restarts buries the one line that says
why. (Kivy itself exits with 1 when no window opens, which the unit would restart.)"""


TAP_HOLD_S = 1.5
"""How long an on-screen "tap" leaves a token on the emulated reader: a hand's tap, and long enough for
the reader's poll (every 0.1 s) to find it on a busy machine."""


DUNGEON_ROLL_DICE = (*((f"P{n}", "party") for n in range(1, 8)), *((f"K{n}", "dungeon") for n in range(1, 8)))
"""Dungeon Roll's seven party and seven dungeon dice, on the simulated tray beside The Last Covenant's, each
paired with its kind as a real tray's dice are."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=LANGS, help="the language to start in (default: ui.lang)")
    parser.add_argument("--size", default="800x480", help="the window's size on a desktop (default 800x480)")


def display_problem(env: MutableMapping[str, str], dri: Path = Path("/dev/dri"),
                    x11: Path = Path("/tmp/.X11-unix")) -> str | None:
    """Why SDL would find no screen (and quietly draw to an offscreen one instead), or None.

    An explicit SDL_VIDEODRIVER is probed, not trusted: the unit sets `kmsdrm`, which needs a DRM card this
    user may open, and `x11` or `wayland` need their socket; drivers that need no screen (`offscreen`,
    `dummy`) pass. With none set, a local X display or a Wayland one must have its socket; with neither,
    the Pi's own screen (KMS/DRM) is chosen outright, so that a failure there is reported rather than hidden
    by SDL's offscreen fallback.
    """
    driver = env.get("SDL_VIDEODRIVER", "")
    if driver == "kmsdrm":
        return kms_problem(dri)
    if driver == "x11":
        return x11_problem(env, x11)
    if driver == "wayland":
        return wayland_problem(env)
    if driver:
        return None
    if env.get("DISPLAY"):
        return x11_problem(env, x11)
    if env.get("WAYLAND_DISPLAY"):
        return wayland_problem(env)
    if dri.is_dir() and any(dri.glob("card*")):
        env["SDL_VIDEODRIVER"] = "kmsdrm"
        return kms_problem(dri)
    return NO_DISPLAY


def kms_problem(dri: Path) -> str | None:
    cards = sorted(dri.glob("card*")) if dri.is_dir() else []
    if not cards:
        return (f"companion run: SDL_VIDEODRIVER is kmsdrm, but {dri} has no card: no screen driver is loaded "
                "(on the Pi: dtoverlay=vc4-kms-v3d in config.txt, a screen attached, then reboot)")
    if not any(os.access(card, os.R_OK | os.W_OK) for card in cards):
        return (f"companion run: this user may not open {cards[0]} (the screen): it must be in the video and "
                "render groups (sudo deploy/install.sh adds the service's user)")
    return None


def x11_problem(env: Mapping[str, str], x11: Path) -> str | None:
    display = env.get("DISPLAY", "")
    if not display:
        return "companion run: SDL_VIDEODRIVER is x11, but DISPLAY is not set"
    host, _, number = display.partition(":")
    if host not in ("", "unix") or (x11 / f"X{number.split('.')[0]}").exists():
        return None
    return f"companion run: DISPLAY is {display}, but no X server listens there ({x11} has no socket)."


def wayland_problem(env: Mapping[str, str]) -> str | None:
    wayland = env.get("WAYLAND_DISPLAY", "")
    if not wayland:
        return "companion run: SDL_VIDEODRIVER is wayland, but WAYLAND_DISPLAY is not set"
    if (Path(env.get("XDG_RUNTIME_DIR", "/run/user/0")) / wayland).exists() or wayland.startswith("/"):
        return None
    return f"companion run: WAYLAND_DISPLAY is {wayland}, but its socket is missing."


def log_whole_lines(env: MutableMapping[str, str]) -> None:
    """Log lines as they were written. In its default mode Kivy formats every Python logger's records as its
    own, taking the text before the first ':' for a tag: nfcpy's "no reader available on path tty:AMA0:pn532"
    came out as "[no reader available on path tty]AMA0:pn532". Kivy's MIXED mode keeps its formatter to its
    own logger; the others (ours, nfcpy's) get a plain one. Before Kivy is imported."""
    env.setdefault("KIVY_LOG_MODE", "MIXED")
    logging.basicConfig(level=logging.INFO, format="[%(levelname)-7s] %(name)s: %(message)s")


def open_window(env: Mapping[str, str]) -> str | None:
    """Opens Kivy's window, or says in one line why it would not open. Kivy logs that as one record of many
    lines (each provider's error and its stack), which the journal shows as a wall; its first line per
    provider ("sdl2 - RuntimeError: b'Could not initialize EGL'") is the cause, and is kept."""
    from kivy.logger import Logger

    causes: list[str] = []

    def shorten(record: logging.LogRecord) -> bool:
        text = str(record.msg)
        if record.levelno < logging.CRITICAL or "valuable Window provider" not in text:
            return True
        causes.extend(line for line in text.splitlines()[1:] if re.match(r"\w+ - \w+: ", line))
        return False

    Logger.addFilter(shorten)
    try:
        from kivy.core.window import Window
    finally:
        Logger.removeFilter(shorten)
    if Window is not None:
        return None
    return (f"companion run: the screen would not open ({'; '.join(causes) or 'no window provider'}; "
            f"SDL_VIDEODRIVER={env.get('SDL_VIDEODRIVER', '')}, KIVY_GL_BACKEND={env.get('KIVY_GL_BACKEND', '')}):"
            " `companion doctor` checks the display")


def window_size(text: str) -> tuple[int, int] | None:
    width, _, height = text.partition("x")
    if width.isdigit() and height.isdigit() and int(width) >= 320 and int(height) >= 240:
        return int(width), int(height)
    return None


def run(args: argparse.Namespace) -> int:
    try:
        settings = config.load()
    except config.ConfigError as exc:
        print(f"companion run: the settings cannot be read: {exc}", file=sys.stderr)
        return 2
    size = window_size(args.size)
    if size is None:
        print(f"companion run: --size wants WIDTHxHEIGHT, at least 320x240; got {args.size!r}", file=sys.stderr)
        return 2
    problem = display_problem(os.environ)
    if problem:
        print(problem, file=sys.stderr)
        return NO_SCREEN_EXIT
    from companion.ui.fonts import FontsMissing, check_fonts

    try:
        check_fonts()
    except FontsMissing as exc:
        print(f"companion run: {exc}", file=sys.stderr)
        return 1
    if args.lang:
        settings.ui.lang = args.lang
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    log_whole_lines(os.environ)
    from companion.ui.kivy_setup import choose_gl_backend, choose_image_loader, configure

    choose_gl_backend(os.environ)
    choose_image_loader(os.environ)
    from kivy.config import Config

    configure(Config, settings.ui.touch, settings.ui.rotation)

    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))
    Config.set("graphics", "fullscreen", "auto" if settings.ui.fullscreen else "0")
    Config.set("kivy", "exit_on_escape", "0")  # a stray Esc on a kiosk must not end the game

    # The window before the devices: a screen that will not open is said in one line before anything else,
    # and the unit does not restart it.
    problem = open_window(os.environ)
    if problem:
        print(problem, file=sys.stderr)
        return NO_SCREEN_EXIT

    app = build_app(settings, str(os.environ.get("COMPANION_CONFIG") or config.DEFAULT_PATH))
    stop_on_sigterm(app)
    # What is loaded by now (modules, game data, fonts, screens) lives as long as the process: kept out of
    # the collector's counts, each collection of a game's short-lived objects need not walk it again.
    gc.freeze()
    app.run()  # stops the devices
    return 0


def stop_on_sigterm(app: Any) -> None:
    """`systemctl stop` sends SIGTERM, which would end Python without a word: stop the app as its own Exit
    does instead, so the devices are closed (the PN532 is sent back to its start-up speed) and the store
    shut."""
    import signal

    from kivy.clock import Clock

    signal.signal(signal.SIGTERM, lambda *_: Clock.schedule_once(lambda _dt: app.stop()))


def build_app(settings: config.Settings, settings_path: str, *, position: dict[str, Any] | None = None,
              seed: int | None = None) -> Any:
    """The app, wired: the session store, the devices (each real, or simulated when absent or when the
    settings say so) on one event queue, the table controller between them and the engine, and the
    screens. Every device is stopped and the store closed when the app stops. `position` and `seed` lay
    a scenario's position over each new game (tests and demonstrations)."""
    import queue

    from companion.core.events import DomainEvent
    from companion.devices.gpio.factory import open_controls
    from companion.devices.nfc.format import problem_message
    from companion.devices.nfc.reader import nfc_reset, open_reader
    from companion.devices.nfc.tokens import TOKEN_SETS
    from companion.devices.tray import open_tray
    from companion.devices.tray.sim import DEFAULT_DICE
    from companion.games.covenant.data import default
    from companion.store import Store
    from companion.table import Table
    from companion.ui.app import CompanionApp
    from companion.ui.referee import NoGame
    from companion.ui.rulebook import rule_texts, sections
    from companion.ui.simulated import Simulated
    from companion.web.server import open_web

    data = default()
    store = Store(Path(settings.store.path).expanduser())
    events: queue.Queue[DomainEvent] = queue.Queue()
    controls = open_controls(settings.gpio, events)
    tray = open_tray(settings.tray, events, (*DEFAULT_DICE, *DUNGEON_ROLL_DICE))
    tray.start()
    reader = open_reader(settings.nfc, events, nfc_reset(settings.nfc.reset_pin, controls.factory))
    sim_tray, field = tray.simulator, reader.emulated
    simulated = None
    if sim_tray is not None or field is not None:
        simulated = Simulated(
            tokens=tuple(token for tokens in TOKEN_SETS.values() for token in tokens()),
            dice=tuple(sim_tray.dice()) if sim_tray is not None else (),
            tap=(lambda token: field.tap_token(token, hold=TAP_HOLD_S)) if field is not None else None,
            throw=(lambda faces: sim_tray.throw({die: sim_tray.rng.randint(1, 6) if face is None else face
                                                 for die, face in faces.items()}))
            if sim_tray is not None else None,
        )

    table = Table(NoGame(), events, controls, problem_message)
    table.phones = phones = open_web(settings.web, events)

    def stop() -> None:
        if phones is not None:
            phones.stop()
        reader.stop()
        tray.stop()
        controls.close()
        store.close()

    return CompanionApp(settings, table, data=data, store=store, rule_text=rule_texts(sections()).get,
                        settings_path=settings_path, simulated=simulated, on_exit=stop, position=position,
                        seed=seed)
