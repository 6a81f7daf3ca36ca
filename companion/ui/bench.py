"""The app's figures: time from launch to the first frame, resident memory once started, the time to
redraw every screen in the other language, and the Arabic layout of a paragraph.

Each run starts the real app (`companion run`'s `build_app`: the devices, a store, the table) in a fresh
process on SDL's offscreen driver at 800×480, which reports back on its standard output; the launch time
is measured from outside, so it includes Python's own start and every import.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

from companion.benchmarks import Figure

RUNS = 3
SETTLE_S = 2.0


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def child() -> None:
    """Inside the measured process: start the app as `companion run` does (its GL backend and image loader
    chosen before Kivy loads), report the first frame, then the figures."""
    from companion.ui.kivy_setup import choose_gl_backend, choose_image_loader

    choose_gl_backend(os.environ)
    choose_image_loader(os.environ)
    from kivy.config import Config

    Config.set("graphics", "width", "800")
    Config.set("graphics", "height", "480")
    from kivy.clock import Clock
    from kivy.core.window import Window

    from companion.commands.run import build_app
    from companion.config import Settings

    settings = Settings()  # the devices as `companion run` finds them (simulated where absent)
    settings.store.path = os.path.join(os.environ["KIVY_HOME"], "sessions.sqlite3")  # not the table's own store
    app = build_app(settings, "bench")
    seen: list[bool] = []

    def first_frame(*_: object) -> None:
        if not seen:
            seen.append(True)
            print("first-frame", flush=True)
            print(f"first-frame-cpu {time.process_time():.3f}", flush=True)
            Clock.schedule_once(lambda _dt: measure(), SETTLE_S)

    def measure() -> None:
        print(f"rss-mb {rss_mb():.1f}", flush=True)
        # The bench's own work is imported once the app's memory is read: the Descent map's benchmark loads
        # that rule system's engine and map screen, which the app loads only when Descent is played.
        from companion.benchmarks import median, percentile
        from companion.ui.bidi import display_lines
        from companion.ui.descent.bench import redraw_times
        from companion.ui.fonts import _width, measurer

        start = time.perf_counter()
        app.set_lang("en")
        app.set_lang("ar")
        print(f"switch-s {(time.perf_counter() - start) / 2:.4f}", flush=True)
        text = ("وصل الفارس المنفي Exiled Knight إلى القاعة 7 وفتح الصندوق فوجد 12 قطعة ذهبية، ثم رمى نرد "
                "الكنز مرتين وسحب بطاقة القتال 8 ليهاجم الغول الصغير بقوة 7 + 4 + 1 = 12 ≥ 9 ") * 2
        times = []
        for _ in range(20):
            _width.cache_clear()
            start = time.perf_counter()
            display_lines(text, 480, measurer(20, False), rtl=True)
            times.append(time.perf_counter() - start)
        print(f"layout-s {statistics.median(times):.5f}", flush=True)
        redraws = redraw_times()
        print(f"map-median-s {median(redraws):.5f}", flush=True)
        print(f"map-p99-s {percentile(redraws, 99):.5f}", flush=True)
        app.stop()

    Window.bind(on_flip=first_frame)
    app.run()


def _one_run() -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="kivy-bench-") as home:
        env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "KIVY_NO_ARGS": "1", "KIVY_HOME": home,
               "KIVY_NO_CONSOLELOG": "1"}
        start = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-c", "from companion.ui.bench import child; child()"],
                                   env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert process.stdout is not None
        figures: dict[str, float] = {}
        for line in process.stdout:
            name, _, value = line.strip().partition(" ")
            figures[name] = time.perf_counter() - start if name == "first-frame" else float(value or "nan")
        process.wait(timeout=60)
    if "first-frame" not in figures:
        raise RuntimeError(f"the app did not start (exit code {process.returncode})")
    return figures


def bench() -> list[Figure]:
    runs = [_one_run() for _ in range(RUNS)]

    def median(name: str) -> float:
        return statistics.median(r[name] for r in runs)

    return [
        Figure("app start to first frame (800x480, offscreen), median of 3", median("first-frame"), "s", "< 3 s",
               "app.first-frame"),
        Figure("the same in CPU seconds of the app's process (less hurt by a loaded machine), median of 3",
               median("first-frame-cpu"), "s", "", "app.first-frame-cpu"),
        Figure(f"resident memory {SETTLE_S:.0f} s after start, largest of 3", max(r["rss-mb"] for r in runs),
               "MB", "< 200 MB", "app.rss"),
        Figure("language switch: the screen in front made again (laid out on the next frames)",
               median("switch-s") * 1000, "ms"),
        Figure("Arabic paragraph (60 words) shaped, wrapped, reordered, cold font cache",
               median("layout-s") * 1000, "ms"),
        Figure("Descent map screen redraw, 30×30 with a template marked, median of 3 runs' medians",
               median("map-median-s") * 1000, "ms", "< 16.7 ms (one frame at 60 Hz)"),
        Figure("Descent map screen redraw, 30×30, 99th percentile (median of 3 runs)",
               median("map-p99-s") * 1000, "ms", "< 16.7 ms (one frame at 60 Hz)"),
    ]
