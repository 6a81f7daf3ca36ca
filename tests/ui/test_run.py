"""`companion run` before Kivy starts: finding a screen, the window size, and failing clearly."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.commands.run import NO_DISPLAY, NO_SCREEN_EXIT, display_problem, window_size


def test_a_screen_is_found_or_its_absence_explained(tmp_path: Path) -> None:
    dri, x11 = tmp_path / "dri", tmp_path / "x11"
    assert display_problem({}, dri, x11) == NO_DISPLAY
    assert display_problem({"SDL_VIDEODRIVER": "offscreen"}, dri, x11) is None

    assert "no X server" in str(display_problem({"DISPLAY": ":0"}, dri, x11))
    x11.mkdir()
    (x11 / "X0").touch()
    assert display_problem({"DISPLAY": ":0.0"}, dri, x11) is None
    assert display_problem({"DISPLAY": "remote:10"}, dri, x11) is None

    assert "socket is missing" in str(display_problem({"WAYLAND_DISPLAY": "w-1", "XDG_RUNTIME_DIR": str(tmp_path)},
                                                      dri, x11))
    dri.mkdir()
    (dri / "card1").touch()
    env: dict[str, str] = {}
    assert display_problem(env, dri, x11) is None
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"  # so that a failing screen is reported, not drawn offscreen


def test_window_sizes() -> None:
    assert window_size("800x480") == (800, 480)
    assert window_size("1920x1080") == (1920, 1080)
    for bad in ("800", "x480", "100x100", "axb", ""):
        assert window_size(bad) is None


@pytest.mark.skipif(Path("/dev/dri").is_dir(), reason="this machine has a screen device")
def test_with_no_screen_the_command_says_so_and_fails_without_a_traceback(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["KIVY_HOME"] = str(tmp_path)
    result = subprocess.run([sys.executable, "-m", "companion", "run"], env=env, capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == NO_SCREEN_EXIT
    assert "no screen to draw on" in result.stderr and "Traceback" not in result.stderr


def start_app(tmp_path: Path, env_extra: dict[str, str], settings: str = "") -> tuple[int, str]:
    """`companion run` headless on simulated devices until its main loop runs, then `systemctl stop`'s
    SIGTERM: (exit code, Kivy's log)."""
    config = tmp_path / "config.toml"
    config.write_text('[tray]\nbackend = "simulated"\n[nfc]\nbackend = "emulated"\n[gpio]\nbackend = "mock"\n'
                      f'[store]\npath = "{tmp_path}/sessions.sqlite3"\n{settings}')
    env = {k: v for k, v in os.environ.items() if k not in ("KIVY_GL_BACKEND", "KIVY_NO_CONSOLELOG")}
    env |= {"SDL_VIDEODRIVER": "offscreen", "KIVY_HOME": str(tmp_path / "kivy"), "COMPANION_CONFIG": str(config),
            **env_extra}
    process = subprocess.Popen([sys.executable, "-m", "companion", "run"], env=env, stderr=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, text=True)
    assert process.stderr is not None
    log: list[str] = []
    for line in process.stderr:
        log.append(line)
        if "Start application main loop" in line:
            process.send_signal(signal.SIGTERM)
    return process.wait(timeout=60), "".join(log)


def test_the_app_starts_without_the_desktop_gl_library(tmp_path: Path) -> None:
    """Finding 3 of issue 13: Raspberry Pi OS Lite has no libGL.so.1, and Kivy's default GL backends link
    it. An empty libGL.so.1 first on the library path makes loading it fail here as its absence does there."""
    hidden = tmp_path / "nogl"
    hidden.mkdir()
    (hidden / "libGL.so.1").write_bytes(b"")
    code, log = start_app(tmp_path, {"LD_LIBRARY_PATH": str(hidden)})
    assert "Backend used <sdl2>" in log, log[-3000:]
    assert code == 0, log[-3000:]
