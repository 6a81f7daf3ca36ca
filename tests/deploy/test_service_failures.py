"""The service when the screen is missing or will not open (issue 25, finding 3): `companion run` probes the
driver the unit names instead of trusting it, says so in one line and exits with a status the unit does not
restart on; `companion doctor` names the cause and the session (X or the console); and the log lines of
nfcpy and the app reach the journal whole, not cut at their first ':' by Kivy's formatter."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.commands import doctor
from companion.commands.run import NO_SCREEN_EXIT, display_problem
from companion.config import Settings

UNIT = Path(__file__).resolve().parents[2] / "deploy" / "crypt-companion.service"


def unit_values(key: str) -> list[str]:
    return [word for line in UNIT.read_text().splitlines() if line.startswith(f"{key}=")
            for word in line.split("=", 1)[1].split()]


def unit_environment() -> dict[str, str]:
    return dict(value.split("=", 1) for value in unit_values("Environment"))


def test_an_explicit_driver_is_probed_not_trusted(tmp_path: Path) -> None:
    """The unit sets SDL_VIDEODRIVER=kmsdrm; with no DRM card the app went on into Kivy's traceback."""
    dri, x11 = tmp_path / "dri", tmp_path / "x11"
    assert "has no card" in str(display_problem({"SDL_VIDEODRIVER": "kmsdrm"}, dri, x11))
    assert "DISPLAY is not set" in str(display_problem({"SDL_VIDEODRIVER": "x11"}, dri, x11))
    assert "WAYLAND_DISPLAY is not set" in str(display_problem({"SDL_VIDEODRIVER": "wayland"}, dri, x11))
    assert "no X server" in str(display_problem({"SDL_VIDEODRIVER": "x11", "DISPLAY": ":3"}, dri, x11))
    assert display_problem({"SDL_VIDEODRIVER": "offscreen"}, dri, x11) is None
    dri.mkdir()
    (dri / "card0").touch()
    assert display_problem({"SDL_VIDEODRIVER": "kmsdrm"}, dri, x11) is None


def test_the_unit_does_not_restart_on_the_no_screen_status() -> None:
    assert str(NO_SCREEN_EXIT) in unit_values("RestartPreventExitStatus")
    assert unit_values("Restart") == ["on-failure"]


def companion_run(env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    config = tmp_path / "config.toml"
    config.write_text('[tray]\nbackend = "simulated"\n[nfc]\nbackend = "emulated"\n[gpio]\nbackend = "mock"\n'
                      f'[store]\npath = "{tmp_path}/sessions.sqlite3"\n')
    base = {k: v for k, v in os.environ.items() if not k.startswith(("KIVY_", "SDL_")) and
            k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    return subprocess.run([sys.executable, "-m", "companion", "run"], capture_output=True, text=True, timeout=120,
                          check=False, env={**base, **unit_environment(), "KIVY_HOME": str(tmp_path / "kivy"),
                                            "COMPANION_CONFIG": str(config), **env})


@pytest.mark.skipif(Path("/dev/dri").is_dir(), reason="this machine has a screen device")
def test_as_the_unit_starts_it_with_no_screen_one_line_and_no_restart(tmp_path: Path) -> None:
    result = companion_run({}, tmp_path)
    assert result.returncode == NO_SCREEN_EXIT, result.stderr[-2000:]
    assert result.stderr.count("\n") == 1, result.stderr[-2000:]
    assert "SDL_VIDEODRIVER is kmsdrm, but /dev/dri has no card" in result.stderr


def test_a_screen_that_will_not_open_ends_in_one_clear_line_and_no_restart(tmp_path: Path) -> None:
    """The probe passes (a remote X display is not checked for a socket) but no window opens: Kivy's many
    lines (each provider's stack) become one with the cause, and its exit status 1, which the unit restarted
    10 times in 5 minutes, becomes one the unit does not restart on."""
    result = companion_run({"SDL_VIDEODRIVER": "x11", "DISPLAY": "127.0.0.1:97"}, tmp_path)
    assert result.returncode == NO_SCREEN_EXIT, result.stderr[-2000:]
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("companion run: the screen would not open (sdl2 - RuntimeError: "), result.stderr
    assert last.endswith("; SDL_VIDEODRIVER=x11, KIVY_GL_BACKEND=sdl2): `companion doctor` checks the display")
    assert "  File " not in result.stderr and "valuable Window provider" not in result.stderr


def test_log_lines_with_a_colon_stay_whole() -> None:
    """nfcpy's "no reader available on path tty:AMA0:pn532" came out of Kivy's logger as
    "[no reader available on path tty]AMA0:pn532"."""
    code = ("import logging, os\nfrom companion.commands.run import log_whole_lines\nlog_whole_lines(os.environ)\n"
            "import kivy\nlogging.getLogger('nfc.clf').error('no reader available on path tty:AMA0:pn532')\n"
            "logging.getLogger('companion.devices.nfc.reader').info('NFC reader %s unavailable: %r', "
            "'tty:AMA0:pn532', OSError(2, 'No such file'))\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("KIVY_LOG")} | {"KIVY_NO_FILELOG": "1"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False,
                            env=env)
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert "[ERROR  ] nfc.clf: no reader available on path tty:AMA0:pn532" in lines, result.stderr
    assert ("[INFO   ] companion.devices.nfc.reader: NFC reader tty:AMA0:pn532 unavailable: "
            "FileNotFoundError(2, 'No such file')") in lines, result.stderr
    assert any("[Kivy        ] v" in line for line in lines)  # Kivy's own lines keep their tags


def fake_pi(tmp_path: Path) -> doctor.Machine:
    for folder in ("sys/class/drm/card1-HDMI-A-1", "dev", "proc"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "sys/class/drm/card1-HDMI-A-1/status").write_text("connected\n")
    return doctor.Machine(Settings(), on_pi=True, sys_root=tmp_path / "sys", dev_root=tmp_path / "dev",
                          proc_root=tmp_path / "proc")


def test_doctor_names_why_the_kms_screen_cannot_open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    [found] = doctor.check_display(fake_pi(tmp_path))
    assert found.level is doctor.Level.PROBLEM
    assert found.text.startswith(f"SDL_VIDEODRIVER is kmsdrm, but {tmp_path}/dev/dri has no card")
    assert "vc4-kms-v3d" in found.fix


def test_doctor_says_which_session_and_its_gl(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Finding 4: under X, SDL's X11 driver needs libGL.so.1 even with Kivy's sdl2 backend; the console needs
    EGL and GLES. The doctor tells which one the app would use, and what is missing for it."""
    machine = fake_pi(tmp_path)
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "KIVY_GL_BACKEND"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(doctor, "library_loads", lambda name: name != "libGL.so.1")
    [console] = doctor.check_session(machine)
    assert (console.level, console.text) == (doctor.Level.OK, "the console (KMS/DRM): SDL's kmsdrm driver, Kivy's "
                                             "sdl2 GL backend (libEGL.so.1, libGLESv2.so.2, libgbm.so.1 load)")
    monkeypatch.setenv("DISPLAY", ":0")
    [x] = doctor.check_session(machine)
    assert x.level is doctor.Level.PROBLEM
    assert x.text == "X (DISPLAY=:0): SDL's x11 driver, Kivy's sdl2 GL backend; cannot load libGL.so.1"
    assert x.fix == "sudo apt-get install libgl1 libglx-mesa0"


@pytest.mark.parametrize(("state", "named"), [
    ({"LoadState": "loaded", "ActiveState": "failed", "ExecMainStatus": "69"}, "it had no screen to draw on"),
    ({"LoadState": "loaded", "ActiveState": "failed", "ExecMainStatus": "2"}, "its settings cannot be read"),
    ({"LoadState": "loaded", "ActiveState": "active", "ExecMainStatus": "0"}, None),
    ({}, None),
])
def test_doctor_names_why_the_service_stopped(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                              state: dict[str, str], named: str | None) -> None:
    monkeypatch.setattr(doctor, "service_state", lambda: state)
    found = list(doctor.check_service(fake_pi(tmp_path)))
    if named is None:
        assert found == []
    else:
        [finding] = found
        assert finding.level is doctor.Level.PROBLEM and named in finding.text
        assert finding.fix == "then: sudo systemctl restart crypt-companion.service"
