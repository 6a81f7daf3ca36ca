"""One finger on the touchscreen, through the input providers Kivy builds from its `[input]` section.
Run in its own process (Kivy keeps one window per process) by test_touch_input.py:

    python tests/ui/touch_probe.py ROOT SETTINGS_JSON [kivy-defaults]

with SDL_VIDEODRIVER=offscreen and a fresh KIVY_HOME, whose config.ini Kivy fills with its defaults
(`mouse = mouse`, `%(name)s = probesysfs`). Unless `kivy-defaults` is given, `companion.ui.kivy_setup`
rewrites the section from the settings as `companion run` does, finding the touchscreen in
ROOT/proc/bus/input/devices. ROOT/dev/input/event4 is a FIFO standing in for the panel's event device:
the kernel's answers to the evdev ioctls (a multitouch panel, 800 × 480) come from `Evdev` below.

On a Pi a touch reaches Kivy by two roads: SDL turns it into a mouse click on the window, and the kernel
reports it on the event device. The probe sends one touch down both roads, as both would, and prints one
JSON line: the providers built, and how many touches (and where) reached the window.
"""

from __future__ import annotations

import errno
import json
import os
import struct
import sys
import time
from pathlib import Path
from typing import Any

import msgspec

from companion.config import TouchSettings

ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x35, 0x36, 0x39
EV_SYN, EV_ABS, SYN_REPORT, SYN_MT_REPORT = 0, 3, 0, 2
WIDTH, HEIGHT = 800, 480


class Evdev:
    """The evdev ioctls a multitouch panel answers (linux/input.h): its name, that it has absolute axes,
    which ones, and their ranges."""

    EVIOCGNAME, EVIOCGBIT, EVIOCGABS = 0x80004506, 0x80004520, 0x80404540

    @staticmethod
    def ioctl(fd: Any, request: int, arg: Any = 0, *_: Any) -> bytes:
        code = request & 0xFFFF
        if code == Evdev.EVIOCGNAME & 0xFFFF:
            return b"probe touchscreen".ljust(256, b"\0")
        if code == Evdev.EVIOCGBIT & 0xFFFF:
            return struct.pack("Q", 1 << EV_ABS)
        if code == (Evdev.EVIOCGBIT + EV_ABS) & 0xFFFF:
            return struct.pack("Q", (1 << ABS_MT_POSITION_X) | (1 << ABS_MT_POSITION_Y) | (1 << ABS_MT_TRACKING_ID))
        axis = code - (Evdev.EVIOCGABS & 0xFFFF)
        top = {ABS_MT_POSITION_X: WIDTH - 1, ABS_MT_POSITION_Y: HEIGHT - 1}.get(axis, 65535)
        return struct.pack("iiiiii", 0, 0, top, 0, 0, 0)


def events(*items: tuple[int, int, int]) -> bytes:
    return b"".join(struct.pack("LLHHi", 0, 0, kind, code, value) for kind, code, value in items)


def pi_defaults(config: Any, root: Path) -> None:
    """Kivy's own `[input]` on a Raspberry Pi (kivy/config.py), its sysfs probe finding the panel."""
    from kivy.input.providers import probesysfs

    config.set("input", "mouse", "mouse")
    config.set("input", "%(name)s", "probesysfs,provider=hidinput")
    sysfs = root / "sys/class/input/event4"
    (sysfs / "device/capabilities").mkdir(parents=True, exist_ok=True)
    (sysfs / "device/name").write_text("probe touchscreen\n")
    (sysfs / "device/capabilities/abs").write_text(f"{(1 << ABS_MT_POSITION_X) | (1 << ABS_MT_POSITION_Y):x}\n")

    class Panel(probesysfs.Input):  # type: ignore[misc, name-defined]
        device = str(root / "dev/input/event4")

    probesysfs._cache_input = [Panel(str(sysfs))]  # type: ignore[attr-defined]


def frames() -> None:
    from kivy.base import EventLoop

    for _ in range(20):
        EventLoop.idle()
        time.sleep(0.01)


def main(argv: list[str]) -> int:
    root, touch = Path(argv[1]), msgspec.json.decode(argv[2], type=TouchSettings)
    from kivy.config import Config

    if argv[3:] == ["kivy-defaults"]:
        pi_defaults(Config, root)
    else:
        from companion.ui.kivy_setup import configure

        configure(Config, touch, 0, root / "proc", root / "dev")
    from kivy.base import EventLoop
    from kivy.core.window import Window
    from kivy.input.factory import MotionEventFactory
    from kivy.input.providers import hidinput
    from kivy.uix.widget import Widget

    hidinput.fcntl = Evdev  # type: ignore[attr-defined]
    Window.size = (WIDTH, HEIGHT)
    downs: list[tuple[int, int]] = []

    class Counter(Widget):
        def on_touch_down(self, touch: Any) -> bool:
            downs.append((round(touch.x), round(touch.y)))
            return True

    Window.add_widget(Counter(size=(WIDTH, HEIGHT)))
    for key, value in Config.items("input"):  # as kivy.base.runTouchApp builds them
        provider_id, _, args = str(value).partition(",")
        provider = MotionEventFactory.get(provider_id)
        made = provider(key, args) if provider is not None else None
        if made:
            EventLoop.add_input_provider(made, True)
    # The window's own SDL provider passes finger events on only on iOS and Android (window_sdl2.py).
    built = [type(p).__name__ for p in EventLoop.input_providers if type(p).__name__ != "SDL2MotionEventProvider"]
    EventLoop.start()
    time.sleep(0.3)  # the providers' threads open their devices

    # A finger at (200, 120) from the panel's top-left corner, pressed and lifted.
    try:
        panel = os.open(root / "dev/input/event4", os.O_WRONLY | os.O_NONBLOCK)
    except OSError as exc:  # no provider reads the panel
        assert exc.errno == errno.ENXIO
        panel = -1
    Window.dispatch("on_mouse_down", 200, HEIGHT - 120, "left", [])
    if panel >= 0:
        os.write(panel, events((EV_ABS, ABS_MT_TRACKING_ID, 1), (EV_ABS, ABS_MT_POSITION_X, 200),
                               (EV_ABS, ABS_MT_POSITION_Y, 120), (EV_SYN, SYN_MT_REPORT, 0), (EV_SYN, SYN_REPORT, 0)))
    frames()
    Window.dispatch("on_mouse_up", 200, HEIGHT - 120, "left", [])
    if panel >= 0:
        os.write(panel, events((EV_SYN, SYN_REPORT, 0)))
        os.close(panel)
    frames()
    print(json.dumps({"providers": built, "downs": downs}))
    EventLoop.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
