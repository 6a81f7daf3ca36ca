"""`companion tray`: look at the dice tray, pair and calibrate its dice, or drive the simulated one.

    companion tray status               who the tray is, its dice and the driver's counters
    companion tray pair A1B2C3 trap     register a die (its id is printed by the die at boot)
    companion tray calibrate A1B2C3     record each face's "up", one face at a time
    companion tray sim                  a simulated tray driven from the keyboard (type `help`)

The app holds the tray's port exclusively while it runs. When it does, status, pair and calibrate stop
the app's service for as long as they run and start it again afterwards, saying so; when something else
holds the port, or the service cannot be stopped by this user, they say what to do and fail.
"""

from __future__ import annotations

import argparse
import errno
import queue
import re
import shlex
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.devices.tray import TrayHandle
    from companion.devices.tray.sim import SimulatedTray

ANSWER_S = 3.0
SERVICE = "crypt-companion"
FREED_S = 5.0
STATUSES = {0: "ok", 1: "unknown die", 2: "refused (bad request, or the die is moving)", 3: "storage error"}
SIM_HELP = """throw D1=3 T1=poison D2=cocked   roll those dice onto those faces (a face id or number)
slow D1=5 3000                     D1 rolls 3000 ms longer before landing on 5
roll [D1 D2 ...]                   random faces (all dice if none named)
fault flip|truncate|duplicate|drop [throw|any] [count]
noise on|off                       random bytes between frames
unplug [power] / replug            the port goes away (power: the tray restarts)
dice / help / quit"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="tray_command", required=True)
    sub.add_parser("status", help="connect and print the tray's identity, dice and counters")
    pair = sub.add_parser("pair", help="register a die with the tray")
    pair.add_argument("die", help="the die's id (6 hex digits, printed by the die at boot)")
    pair.add_argument("kind", help="a die kind id from data/*/dice.yaml, e.g. d6, trap, party, red")
    calibrate = sub.add_parser("calibrate", help="record the 'up' reading of each face of a die")
    calibrate.add_argument("die")
    sub.add_parser("sim", help="run the simulated tray and throw its dice from the keyboard")


def run(args: argparse.Namespace) -> int:
    from companion import config
    from companion.core.events import DomainEvent
    from companion.devices.tray import open_tray

    try:
        settings = config.load().tray
    except config.ConfigError as exc:
        print(f"companion tray: the settings cannot be read: {exc}", file=sys.stderr)
        return 2
    if args.tray_command == "sim":
        settings.backend = "simulated"
    stopped = False
    if settings.backend != "simulated" and port_in_use(settings.port):
        stopped = stop_the_app(settings.port)
        if not stopped:
            return 1
    events: queue.Queue[DomainEvent] = queue.Queue()
    handle = open_tray(settings, events)
    handle.start()
    try:
        return _COMMANDS[args.tray_command](handle, events, args)
    finally:
        handle.stop()
        if stopped:
            started = systemctl("start", SERVICE) == 0
            print(f"the app is started again ({SERVICE})" if started else
                  f"the app could not be started again: sudo systemctl start {SERVICE}")


def port_in_use(port: str) -> bool:
    """Whether another process holds `port` exclusively (pyserial's lock, which the app takes)."""
    import serial

    try:
        serial.Serial(port, exclusive=True).close()
    except serial.SerialException as exc:
        return exc.errno in (errno.EAGAIN, errno.EWOULDBLOCK)
    return False


def stop_the_app(port: str) -> bool:
    """Stop the app's service, which holds `port`, and say so; False (having said why) if it cannot be."""
    if systemctl("is-active", "--quiet", SERVICE) != 0:
        print(f"the tray's port {port} is held by another program (a serial console, mpremote?): "
              "close it and try again")
        return False
    print(f"the app ({SERVICE}) holds the tray's port {port}: stopping it while this command runs")
    if systemctl("stop", SERVICE) == 0 and _wait(lambda: not port_in_use(port), FREED_S):
        return True
    print(f"the app could not be stopped by this user: sudo systemctl stop {SERVICE}, then try again")
    return False


def systemctl(*words: str) -> int:
    try:
        return subprocess.run(["systemctl", *words], capture_output=True, timeout=60, check=False).returncode
    except (OSError, subprocess.TimeoutExpired):
        return -1


def _wait(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


def _answer(handle: TrayHandle, seq: int) -> str:
    if not _wait(lambda: seq in handle.driver.acks, ANSWER_S):
        return "no answer from the tray"
    return STATUSES.get(handle.driver.acks[seq], f"status {handle.driver.acks[seq]}")


def _status(handle: TrayHandle, events: queue.Queue[object], args: argparse.Namespace) -> int:
    if not _wait(lambda: handle.driver.hello is not None, ANSWER_S):
        print(f"no tray answered on {handle.driver.port}")
        return 1
    _wait(lambda: bool(handle.driver.dice), 1.0)
    assert handle.driver.hello is not None
    version, tray_id, boot = handle.driver.hello
    print(f"tray {tray_id}, firmware {version}, boot {boot}, port {handle.driver.port}")
    for view in sorted(handle.driver.dice.values(), key=lambda v: v.die_id):
        print(f"  die {view.die_id:<8} {view.kind:<10} state {view.state} face {view.face} battery {view.battery}%")
    print(f"  {handle.driver.stats}")
    return 0


def _pair(handle: TrayHandle, events: queue.Queue[object], args: argparse.Namespace) -> int:
    if not re.fullmatch(r"[0-9A-Za-z]{1,8}", args.die):
        print(f"a die id is 1 to 8 letters or digits (the die prints its own), not {args.die!r}")
        return 2
    kind = handle.driver.kinds.get(args.kind)
    if kind is None:
        print(f"no die kind {args.kind!r}; known: {', '.join(sorted(handle.driver.kinds))}")
        return 2
    answer = _answer(handle, handle.driver.pair(args.die, kind.id, len(kind.faces)))
    print(f"pair {args.die} as {kind.id}: {answer}")
    return 0 if answer == "ok" else 1


def _calibrate(handle: TrayHandle, events: queue.Queue[object], args: argparse.Namespace) -> int:
    if not _wait(lambda: args.die in handle.driver.dice, ANSWER_S):
        print(f"the tray does not report a die {args.die!r}: pair it first, and wake it with a shake")
        return 1
    kind = handle.driver.kinds.get(handle.driver.dice[args.die].kind)
    if kind is None:
        print(f"the die is paired as {handle.driver.dice[args.die].kind!r}, which no data file defines")
        return 1
    for number, face in enumerate(kind.faces, start=1):
        input(f"Put face {number} ({face.en}) up, let the die lie still, then press Enter: ")
        answer = _answer(handle, handle.driver.calibrate(args.die, number))
        print(f"  face {number}: {answer}")
        if answer != "ok":
            return 1
    return 0


def _sim(handle: TrayHandle, events: queue.Queue[object], args: argparse.Namespace) -> int:
    sim = handle.simulator
    assert sim is not None
    stop = threading.Event()

    def show() -> None:
        while not stop.is_set():
            try:
                print(f"  <- {events.get(timeout=0.2)}")
            except queue.Empty:
                continue

    threading.Thread(target=show, daemon=True).start()
    print(SIM_HELP)
    while True:
        try:
            line = input("tray> ")
        except EOFError:
            break
        if line.strip() in ("quit", "exit"):
            break
        try:
            print(sim_command(sim, line))
        except ValueError as exc:
            print(f"  {exc}")
    stop.set()
    return 0


def sim_command(sim: SimulatedTray, line: str) -> str:
    """Carries out one line typed at `companion tray sim`; raises ValueError on a bad line."""
    from companion.devices.tray.dicetray import wire

    words = shlex.split(line)
    if not words:
        return ""
    verb, rest = words[0], words[1:]
    if verb == "throw" or verb == "slow":
        extra = int(rest.pop()) if verb == "slow" and rest and rest[-1].isdigit() else 0
        pairs = [w.split("=", 1) for w in rest]
        if not pairs or any(len(p) != 2 for p in pairs):
            raise ValueError("write each die as ID=FACE, e.g. D1=3 T1=poison")
        faces = {d: (int(f) if f.isdigit() else f) for d, f in pairs if f != "cocked"}
        cocked = {d for d, f in pairs if f == "cocked"}
        sim.throw(faces, cocked=cocked, slow={d: extra for d in faces})
        return "  thrown"
    if verb == "roll":
        sim.roll(rest or None)
        return "  rolled"
    if verb == "fault" and rest:
        kind = None if len(rest) > 1 and rest[1] == "any" else wire.THROW
        sim.inject(rest[0], kind, int(rest[2]) if len(rest) > 2 else 1)
        return f"  the next frame{'s' if len(rest) > 2 else ''} will be spoilt: {rest[0]}"
    if verb == "noise" and rest in (["on"], ["off"]):
        sim.noise(rest == ["on"])
        return f"  noise {rest[0]}"
    if verb == "unplug":
        sim.unplug(power_loss=rest == ["power"])
        return "  unplugged"
    if verb == "replug":
        sim.replug()
        return "  plugged back"
    if verb == "dice":
        return "\n".join(f"  {die_id}: {kind}" for die_id, kind in sim.dice())
    if verb == "help":
        return SIM_HELP
    raise ValueError(f"unknown command {line!r}; type help")


_COMMANDS = {"status": _status, "pair": _pair, "calibrate": _calibrate, "sim": _sim}
