"""Kivy's settings for this machine, made by `companion run` before Kivy starts: the GL backend and the
one input provider that reads the touchscreen.

GL: Kivy 2.3's Linux wheels try the `glew` and `gl` backends first, which link the desktop `libGL.so.1`;
Raspberry Pi OS Lite has no such library (only Mesa's EGL and GLES), and the import fails. The `sdl2`
backend takes its GL functions from SDL, which gets them from EGL on the Pi's KMS console and from GLX on
a desktop, so it is chosen everywhere (an explicit `KIVY_GL_BACKEND` still wins).

Images: the app draws no image files, only Kivy's own theme atlas (PNG), which SDL2_image reads. Kivy's
default list of image loaders imports Pillow (and through it numpy) and ffpyplayer's FFmpeg libraries
first: some 13 MB of resident memory and half a second of the start on a Pi (issue 26), for nothing.
So the loader is SDL2's alone (an explicit `KIVY_IMAGE` still wins).

Input: Kivy's defaults (`mouse = mouse` and `%(name)s = probesysfs`) deliver one finger twice on a Pi
touchscreen: once as the mouse SDL makes of the touch, once from the touchscreen's event device
(kivy#1903, #4724). So the `[input]` section is rewritten at every start with a single entry: Kivy's
`mtdev` (or `hidinput`) on the touchscreen, with the rotation and inversion of a mounted screen, or the
mouse alone when there is no touchscreen (a desktop).
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from pathlib import Path
from typing import Any

from companion.config import TouchSettings

GL_BACKEND = "sdl2"
IMAGE_LOADER = "sdl2"
INPUT_PROP_DIRECT = 1 << 1  # linux/input-event-codes.h: a touchscreen, not a touchpad
MOUSE = {"mouse": "mouse"}


def choose_gl_backend(env: MutableMapping[str, str]) -> None:
    env.setdefault("KIVY_GL_BACKEND", GL_BACKEND)


def choose_image_loader(env: MutableMapping[str, str]) -> None:
    env.setdefault("KIVY_IMAGE", IMAGE_LOADER)


def touchscreens(proc_root: Path = Path("/proc"), dev_root: Path = Path("/dev")) -> Iterator[tuple[str, Path]]:
    """(name, event device) of each direct-touch input device the kernel lists."""
    devices = proc_root / "bus/input/devices"
    if not devices.exists():
        return
    for block in devices.read_text(errors="replace").split("\n\n"):
        fields = dict(line.split("=", 1) for line in block.splitlines() if "=" in line)
        props = int(fields.get("B: PROP", "0"), 16)
        event = next((h for h in fields.get("H: Handlers", "").split() if h.startswith("event")), None)
        if props & INPUT_PROP_DIRECT and event:
            yield fields.get("N: Name", "?").strip('"'), dev_root / "input" / event


def input_entries(touch: TouchSettings, found: list[Path]) -> dict[str, str]:
    """The whole `[input]` section: exactly one provider, so that one touch is one event."""
    device = touch.device or (str(found[0]) if found else "")
    if touch.input == "mouse" or not device:
        return dict(MOUSE)
    provider = "hidinput" if touch.input == "hidinput" else "mtdev"
    # hidinput reads the panel's y downwards and flips it by default (invert_y=1 is upright); mtdev does not.
    invert_y = touch.invert_y != (provider == "hidinput")
    params = f"rotation={touch.rotation},invert_x={int(touch.invert_x)},invert_y={int(invert_y)}"
    return {"touchscreen": f"{provider},{device},{params}"}


def write_input(config: Any, entries: dict[str, str]) -> None:
    """Replace Kivy's `[input]` (its defaults, or what an older run left in KIVY_HOME) with `entries`."""
    if not config.has_section("input"):
        config.add_section("input")
    for key in list(config.options("input")):
        config.remove_option("input", key)
    for key, value in entries.items():
        config.set("input", key, value)


def configure(config: Any, touch: TouchSettings, rotation: int, proc_root: Path = Path("/proc"),
              dev_root: Path = Path("/dev")) -> dict[str, str]:
    """Kivy's input and screen rotation from the settings; returns the `[input]` entries written."""
    entries = input_entries(touch, [device for _, device in touchscreens(proc_root, dev_root)])
    write_input(config, entries)
    config.set("graphics", "rotation", str(rotation))
    return entries
