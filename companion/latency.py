"""End-to-end latency, from the hardware to the ruling on the screen, through the whole app.

"Die comes to rest → ruling on the screen": the simulated tray (the real firmware logic behind a
pseudo-terminal) throws a die in an attack; the firmware decides the throw has settled and sends its
report; the app's real tray driver reads it through pyserial, the table hands it to the engine, the
store commits it, and the screen shows it. "Tag placed → ruling on the screen": a room marker laid on
the emulated reader (nfcpy's own UDP driver) reveals a room.

Each chain runs in a fresh process of the real app (`companion run`'s `build_app`, SDL's offscreen
driver at 800×480), with stamps taken where the chain crosses a boundary:

- rest: the moment the simulated die stops tumbling (`sim.throw` plus its tumbling time);
- decision: the last byte of the tray's throw report, seen by a relay between the simulated tray's
  port and the port the driver reads (the relay forwards within a fraction of a millisecond);
- event: the device's event put on the table's queue;
- taken, ruled: the app's poll hands the event to the table, and the table returns the ruling (engine
  and store done);
- redrawn, frame: the table screen updated with the ruling (in place: only the texts, buttons and figures
  that changed, `companion/ui/table_screen.py`), and the end of the first frame drawn after that (with the
  board's map drawn again into its frame buffer when the ruling changed it).

On a busy machine every wall-clock figure grows with the load (printed first); the main thread's CPU
time for the table's and the screen's work is printed beside them, as the load does not inflate it.

Our software's share is decision → frame (the goal: under 20 ms); the firmware's is rest → decision,
which its settle rules set (readings at rest, then the tray's quiet time). A real tray adds the report's
time on the wire (USB serial: about a millisecond).
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import tempfile
import threading
import time
import tty
from typing import Any

from companion.benchmarks import Figure, median, percentile

THROWS = 12
TAPS = 8
SETTLE_S = 1.0
FIGHT = {"heroes": {"knight": {"space": "m1", "gold": 0}},
         "monsters": [{"uid": "m1", "kind": "troll", "space": "m2"}], "next_uid": 2}
ROOM = {"heroes": {"knight": {"space": "t2"}}}
MARKER = {"game": "covenant", "kind": "room-marker", "zone": 1, "room": "trap", "serial": 7, "marker": "z1-trap-1"}


class Relay:
    """Copies bytes both ways between the simulated tray's port and a pseudo-terminal the driver opens,
    stamping the moment each throw report's last byte goes through."""

    def __init__(self, tray_port: str) -> None:
        from companion.devices.tray.dicetray import wire

        self._wire = wire
        self._tray = os.open(tray_port, os.O_RDWR | os.O_NOCTTY)
        tty.setraw(self._tray)
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self.port = os.ttyname(self._slave)
        self.reports: list[float] = []
        self._deframer = wire.Deframer()
        self._stop = threading.Event()
        threading.Thread(target=self._run, name="latency-relay", daemon=True).start()

    def _run(self) -> None:
        while not self._stop.is_set():
            ready, _, _ = select.select([self._tray, self._master], [], [], 0.05)
            for fd in ready:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    continue
                if fd == self._tray:
                    stamp = time.perf_counter()  # before forwarding: the driver may act on it at once
                    os.write(self._master, data)
                    if any(f.kind == self._wire.THROW for f in self._deframer.feed(data)):
                        self.reports.append(stamp)
                else:
                    os.write(self._tray, data)

    def close(self) -> None:
        self._stop.set()
        for fd in (self._tray, self._master, self._slave):
            os.close(fd)


def child(chain: str, count: int) -> None:
    """Inside the measured process: the app on one chain's devices; prints one line of stamps per run."""
    from kivy.config import Config

    Config.set("graphics", "width", "800")
    Config.set("graphics", "height", "480")
    from kivy.clock import Clock
    from kivy.core.window import Window

    from companion.commands.run import build_app
    from companion.config import Settings
    from companion.core.flow import Act, Draw
    from companion.devices.tray.kinds import load_kinds
    from companion.devices.tray.sim import SimulatedTray
    from companion.store import StoredSession

    settings = Settings()
    settings.store.path = os.path.join(os.environ["KIVY_HOME"], "sessions.sqlite3")
    settings.gpio.backend, settings.nfc.backend = "mock", "emulated"
    sim = relay = None
    if chain == "dice":
        sim = SimulatedTray(load_kinds())
        sim.start()
        relay = Relay(sim.port)
        settings.tray.backend, settings.tray.port = "serial", relay.port
    else:
        settings.tray.backend = "simulated"
    app = build_app(settings, "bench")
    events: Any = app.table.events
    put = events.put
    stamps: dict[str, float] = {}
    cpu: dict[str, float] = {}  # the main thread's CPU time: the work itself, without waiting for the CPU

    def stamped_put(event: Any, *args: Any, **kwargs: Any) -> None:
        if type(event).__name__ in ("DiceThrown", "TagSeen"):
            stamps.setdefault("event", time.perf_counter())
        put(event, *args, **kwargs)

    events.put = stamped_put
    handle = app.table.handle

    def stamped_handle(event: Any) -> Any:
        if type(event).__name__ in ("DiceThrown", "TagSeen"):
            stamps.setdefault("taken", time.perf_counter())
            cpu.setdefault("taken", time.thread_time())
        update = handle(event)
        if type(event).__name__ in ("DiceThrown", "TagSeen"):
            stamps.setdefault("ruled", time.perf_counter())
            cpu.setdefault("ruled", time.thread_time())
        return update

    app.table.handle = stamped_handle

    def stamp_redraws() -> None:
        """The table screen in use (the app makes its screens anew when the window changes size)."""
        screen = app.screen("table")
        if getattr(screen.redraw, "stamped", False):
            return
        redraw = screen.redraw

        def stamped_redraw() -> None:
            redraw()
            if "ruled" in stamps and len(app.referee.transcript) > seen[0]:
                stamps.setdefault("redrawn", time.perf_counter())

        stamped_redraw.stamped = True  # type: ignore[attr-defined]
        screen.redraw = stamped_redraw
    seen = [0]

    def on_flip(*_: object) -> None:
        if "redrawn" in stamps and "frame" not in stamps:
            stamps["frame"] = time.perf_counter()
            cpu["frame"] = time.thread_time()

    def new_game(position: dict[str, object], deal: dict[str, str]) -> int:
        session = app.store.start("covenant", {"heroes": ["knight"], "seed": 1, "position": position,
                                               "deal": deal})
        assert isinstance(session, StoredSession), session
        app.resume(session.id)
        return session.id

    def run(n: int) -> None:
        if n >= count:
            app.stop()
            return
        stamps.clear()
        cpu.clear()
        started = new_game(FIGHT, {"combat": "table"}) if chain == "dice" else new_game(ROOM, {"markers": "table"})
        Clock.schedule_once(lambda _dt: play(n, started), 0.05)

    def play(n: int, started: int) -> None:
        """Once the resumed game is in play (a resume shows "Loading…" first and replays a frame later)."""
        if app.session is None or app.session.id != started:
            Clock.schedule_once(lambda _dt: play(n, started), 0.05)
            return
        if chain == "dice":
            assert sim is not None and relay is not None
            app.answer(Act(actor="knight", action="attack", target="m1"))
            app.answer(Act(actor="knight", action="attack", target="m1"))  # past the odds shown first
            app.answer(Draw(deck="combat", card="5"))
        reports = len(relay.reports) if relay is not None else 0
        Clock.schedule_once(lambda _dt: measure(n, reports), SETTLE_S)  # the table screen shown and still

    def measure(n: int, reports: int) -> None:
        stamp_redraws()
        seen[0] = len(app.referee.transcript)
        stamps["start"] = time.perf_counter()
        if chain == "dice":
            assert sim is not None
            stamps["rest"] = stamps["start"] + sim.throw({"D1": 4}) / 1000 / sim.time_scale
        else:
            assert app.simulated is not None and app.simulated.tap is not None, "the emulated reader is not in use"
            app.simulated.tap(MARKER)

        def finish(_dt: float) -> None:
            if "frame" not in stamps:
                if time.perf_counter() - stamps["start"] > 10:
                    raise RuntimeError(f"no ruling on the screen for the {chain} after 10 s")
                Clock.schedule_once(finish, 0.05)
                return
            if chain == "dice":
                assert relay is not None
                stamps["decision"] = next(t for t in relay.reports[reports:] if t > stamps["start"])
            print(" ".join(f"{k}={v - stamps['start']:.6f}" for k, v in stamps.items()),
                  f"table_cpu={cpu['ruled'] - cpu['taken']:.6f} screen_cpu={cpu['frame'] - cpu['ruled']:.6f}",
                  flush=True)
            Clock.schedule_once(lambda _dt: run(n + 1), 1.5)  # the tag lifted, the dice still

        Clock.schedule_once(finish, 0.05)

    Window.bind(on_flip=on_flip)
    app.bind(on_start=lambda *_: Clock.schedule_once(lambda _dt: run(0), 2.0))
    try:
        app.run()
    finally:
        if relay is not None:
            relay.close()
        if sim is not None:
            sim.stop()


def runs(chain: str, count: int) -> list[dict[str, float]]:
    """`count` runs of a chain ("dice" or "tags") in a fresh app: each run's stamps, in seconds from its
    start."""
    with tempfile.TemporaryDirectory(prefix="kivy-latency-") as home:
        env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "KIVY_NO_ARGS": "1", "KIVY_HOME": home,
               "KIVY_NO_CONSOLELOG": "1"}
        code = f"from companion.latency import child; child({chain!r}, {count})"
        process = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                 timeout=180, check=False)
    found = [{k: float(v) for k, _, v in (w.partition("=") for w in line.split())}
             for line in process.stdout.splitlines() if line.startswith("start=")]
    if len(found) < count:
        raise RuntimeError(f"the {chain} chain ran {len(found)} of {count} times (exit code "
                           f"{process.returncode}): {process.stderr[-1500:]}")
    return found


def bench() -> list[Figure]:
    load = os.getloadavg()[0]
    dice, tags = runs("dice", THROWS), runs("tags", TAPS)

    def ms(found: list[dict[str, float]], start: str, end: str, pick: Any = median) -> float:
        return float(pick([r[end] - r[start] for r in found])) * 1000

    def p95(values: list[float]) -> float:
        return percentile(values, 95)

    return [
        Figure("load average (1 min) when the runs began: high inflates every figure", load, ""),
        Figure(f"die at rest → ruling on the screen, median of {len(dice)}", ms(dice, "rest", "frame"), "ms",
               "<= 400 ms"),
        Figure("  the firmware: at rest → last byte of its report", ms(dice, "rest", "decision"), "ms"),
        Figure("  our software: report → ruling on the screen", ms(dice, "decision", "frame"), "ms", "< 20 ms"),
        Figure("  our software, 95th percentile", ms(dice, "decision", "frame", p95), "ms", "< 20 ms"),
        Figure("    driver: report → event on the queue", ms(dice, "decision", "event"), "ms"),
        Figure("    app: event waits for its poll", ms(dice, "event", "taken"), "ms"),
        Figure("    table, engine, store: event → ruling stored", ms(dice, "taken", "ruled"), "ms"),
        Figure("    screen: ruling → table screen updated", ms(dice, "ruled", "redrawn"), "ms"),
        Figure("    screen: updated → its frame drawn", ms(dice, "redrawn", "frame"), "ms"),
        *cpu_figures(dice),
        Figure(f"tag placed → ruling on the screen (emulated reader), median of {len(tags)}",
               ms(tags, "start", "frame"), "ms", "<= 300 ms"),
        Figure("  the reader: tag placed → event (nfcpy over UDP)", ms(tags, "start", "event"), "ms"),
        Figure("  our software: event → ruling on the screen", ms(tags, "event", "frame"), "ms", "< 20 ms"),
        Figure("  our software, 95th percentile", ms(tags, "event", "frame", p95), "ms", "< 20 ms"),
        Figure("    app: event waits for its poll", ms(tags, "event", "taken"), "ms"),
        Figure("    table, engine, store: event → ruling stored", ms(tags, "taken", "ruled"), "ms"),
        Figure("    screen: ruling → table screen updated", ms(tags, "ruled", "redrawn"), "ms"),
        Figure("    screen: updated → its frame drawn", ms(tags, "redrawn", "frame"), "ms"),
        *cpu_figures(tags),
    ]


def cpu_figures(found: list[dict[str, float]]) -> list[Figure]:
    """The main thread's own work, which a busy machine does not inflate (the GL driver's threads, here
    Mesa's llvmpipe drawing in software, are not in it)."""
    return [Figure("    table, engine, store: CPU time of the main thread", median([r["table_cpu"] for r in found])
                   * 1000, "ms"),
            Figure("    screen: CPU time of the main thread (update and draw)",
                   median([r["screen_cpu"] for r in found]) * 1000, "ms")]
