"""`companion doctor`: checks this machine for the table and says what is wrong and how to fix it.

Each check reports OK, SIMULATED (the part is absent and the app will stand in for it, which is fine
on a developer's machine) or PROBLEM (with the fix). The exit code is 1 when any check found a problem.
Run it as the user the app runs as (`sudo -u companion companion doctor` on the Pi), since
permissions are the usual trouble. It only looks: it opens no device and writes no file.
"""

from __future__ import annotations

import argparse
import grp
import os
import pwd
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from companion import config
from companion.config import Settings

ACR122U = ("072f", "2200")
TRAY_USB = ("2e8a", "0005")
FONT_PACKAGE = "fonts-noto-core"


class Level(StrEnum):
    OK = "OK"
    SIMULATED = "SIMULATED"
    PROBLEM = "PROBLEM"


@dataclass(frozen=True)
class Finding:
    check: str
    level: Level
    text: str
    fix: str = ""


@dataclass(frozen=True)
class Machine:
    """What the checks look at; the defaults are this machine's real places."""

    settings: Settings
    on_pi: bool
    sys_root: Path = Path("/sys")
    dev_root: Path = Path("/dev")
    proc_root: Path = Path("/proc")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", type=Path, help="settings file (default: $COMPANION_CONFIG, then /etc)")


def run(args: argparse.Namespace) -> int:
    from companion.devices.gpio import is_raspberry_pi

    findings: list[Finding] = []
    try:
        settings = config.load(args.config)
        findings.append(Finding("settings", Level.OK, settings_source(args.config)))
    except config.ConfigError as exc:
        settings = Settings()
        findings.append(Finding("settings", Level.PROBLEM, f"{exc}; the checks below use the defaults",
                                "correct that field (every field and its default: companion/config.py)"))
    machine = Machine(settings, is_raspberry_pi())
    where = "a Raspberry Pi" if machine.on_pi else "not a Raspberry Pi: absent hardware is simulated"
    print(f"Crypt Companion doctor: checking this machine ({where})")
    for check in CHECKS:
        findings.extend(check(machine))
    for finding in findings:
        print(f"  {finding.level.value:<10} {finding.check:<18} {finding.text}")
        if finding.fix:
            print(f"  {'':<10} {'':<18} fix: {finding.fix}")
    problems = sum(f.level is Level.PROBLEM for f in findings)
    print(f"{problems} problem(s)." if problems else "No problems.")
    return 1 if problems else 0


def settings_source(path: Path | None) -> str:
    chosen = path or Path(os.environ.get("COMPANION_CONFIG") or config.DEFAULT_PATH)
    return f"read from {chosen}" if chosen.exists() else f"defaults ({chosen} does not exist)"


def device_access(check: str, path: Path, what: str) -> Finding:
    """Whether `path` is a character device this user may read and write, and if not, why."""
    if not path.exists():
        return Finding(check, Level.PROBLEM, f"{what}: {path} points at nothing",
                       "plug the device in; if it is plugged in, sudo deploy/install.sh (the udev rules)")
    target = path.resolve()
    if not stat.S_ISCHR(target.stat().st_mode):
        return Finding(check, Level.PROBLEM, f"{what}: {path} is not a device",
                       f"point the settings at the {what}")
    if not os.access(target, os.R_OK | os.W_OK):
        group = group_name(target.stat().st_gid)
        return Finding(check, Level.PROBLEM, f"{what}: {target} cannot be opened by this user",
                       f"sudo usermod -aG {group} {user_name()}, then log in again (or restart the service)")
    shown = f"{path} -> {target}" if target != path else str(path)
    return Finding(check, Level.OK, f"{what} at {shown}")


def group_name(gid: int) -> str:
    try:
        return grp.getgrgid(gid).gr_name
    except KeyError:
        return str(gid)


def user_name() -> str:
    try:
        return pwd.getpwuid(os.getuid()).pw_name
    except KeyError:
        return str(os.getuid())


def check_display(m: Machine) -> Iterator[Finding]:
    """The screen as `companion run` will probe it: a desktop session's socket, else the Pi's DRM card."""
    from companion.commands.run import display_problem, kms_problem

    env = dict(os.environ)
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        problem = display_problem(env, m.dev_root / "dri")
        yield (Finding("display", Level.PROBLEM, problem.removeprefix("companion run: "),
                       "run it inside the desktop session") if problem else
               Finding("display", Level.OK, "a desktop session's display"))
        return
    connectors = sorted(p.parent.name for p in (m.sys_root / "class/drm").glob("card*-*/status")
                        if p.read_text().strip() == "connected")
    if not connectors:
        if m.on_pi:
            yield Finding("display", Level.PROBLEM, "no screen is connected",
                          "check the display's ribbon or HDMI cable and its power, then reboot")
        else:
            yield Finding("display", Level.SIMULATED, "no display: the app can only draw offscreen (as in tests)")
        return
    problem = kms_problem(m.dev_root / "dri")
    if problem is None:
        yield Finding("display", Level.OK, f"screen connected: {', '.join(connectors)}")
    elif "may not open" in problem:
        yield Finding("display", Level.PROBLEM, problem.removeprefix("companion run: "),
                      f"sudo usermod -aG video,render {user_name()}")
    else:
        yield Finding("display", Level.PROBLEM, problem.removeprefix("companion run: "),
                      "dtoverlay=vc4-kms-v3d in /boot/firmware/config.txt, then reboot")


# What SDL's drivers load for GL under Kivy's sdl2 backend: GLX and the desktop libGL under X (even with
# KIVY_GL_BACKEND=sdl2), EGL and GLES on the console and under Wayland.
SESSION_LIBRARIES = {
    "x11": (("libGL.so.1", "libGLX_mesa.so.0"), "sudo apt-get install libgl1 libglx-mesa0"),
    "kmsdrm": (("libEGL.so.1", "libGLESv2.so.2", "libgbm.so.1"),
               "sudo apt-get install libegl1 libgles2 libgbm1 libgl1-mesa-dri"),
    "wayland": (("libEGL.so.1", "libGLESv2.so.2"), "sudo apt-get install libegl1 libgles2"),
}


def library_loads(name: str) -> bool:
    import ctypes

    try:
        ctypes.CDLL(name)
    except OSError:
        return False
    return True


def check_session(m: Machine) -> Iterator[Finding]:
    """X or the console: which one the app would draw on here, with which GL, and whether its libraries load."""
    from companion.ui.kivy_setup import GL_BACKEND

    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if not driver:
        driver = "x11" if os.environ.get("DISPLAY") else "wayland" if os.environ.get("WAYLAND_DISPLAY") else "kmsdrm"
    backend = os.environ.get("KIVY_GL_BACKEND") or GL_BACKEND
    names = {"x11": "X (DISPLAY=" + os.environ.get("DISPLAY", "") + ")", "kmsdrm": "the console (KMS/DRM)",
             "wayland": "Wayland"}
    if driver not in SESSION_LIBRARIES:
        yield Finding("session", Level.SIMULATED, f"SDL_VIDEODRIVER={driver}: nothing is drawn on a screen")
        return
    libraries, fix = SESSION_LIBRARIES[driver]
    missing = [name for name in libraries if not library_loads(name)]
    text = f"{names[driver]}: SDL's {driver} driver, Kivy's {backend} GL backend"
    if missing:
        yield Finding("session", Level.PROBLEM, f"{text}; cannot load {', '.join(missing)}", fix)
    else:
        yield Finding("session", Level.OK, f"{text} ({', '.join(libraries)} load)")


SERVICE = "crypt-companion.service"


def service_state() -> dict[str, str]:
    """The installed service's state and its main process's last exit status ({} where there is none)."""
    import shutil
    import subprocess

    if shutil.which("systemctl") is None:
        return {}
    shown = subprocess.run(["systemctl", "show", "--property=LoadState,ActiveState,ExecMainStatus", SERVICE],
                           capture_output=True, text=True, timeout=10, check=False)
    state = dict(line.split("=", 1) for line in shown.stdout.splitlines() if "=" in line)
    return state if state.get("LoadState") == "loaded" else {}


def check_service(m: Machine) -> Iterator[Finding]:
    """Why the service stopped, when it stopped for a reason a restart cannot mend."""
    from companion.commands.run import NO_SCREEN_EXIT

    state = service_state()
    if not state or state.get("ActiveState") == "active":
        return
    status = state.get("ExecMainStatus", "")
    if status == str(NO_SCREEN_EXIT):
        yield Finding("service", Level.PROBLEM, f"{SERVICE} stopped: it had no screen to draw on (exit status "
                      f"{status}; the display check above says why)", f"then: sudo systemctl restart {SERVICE}")
    elif status == "2":
        yield Finding("service", Level.PROBLEM, f"{SERVICE} stopped: its settings cannot be read (exit status 2; "
                      "the settings check above says why)", f"then: sudo systemctl restart {SERVICE}")


def check_touchscreen(m: Machine) -> Iterator[Finding]:
    from companion.ui.kivy_setup import touchscreens

    found = list(touchscreens(m.proc_root, m.dev_root))
    if found:
        name, node = found[0]
        if os.access(node, os.R_OK):
            yield Finding("touchscreen", Level.OK, f"{name} at {node}")
        else:
            yield Finding("touchscreen", Level.PROBLEM, f"{name}: {node} cannot be read by this user",
                          f"sudo usermod -aG input {user_name()}")
    elif m.on_pi:
        yield Finding("touchscreen", Level.PROBLEM, "no touchscreen found",
                      "check the touch panel's cable (the 7-inch display: the ribbon; others: the USB cable)")
    else:
        yield Finding("touchscreen", Level.SIMULATED, "no touchscreen: the mouse stands in for touches")


def check_serial_group(m: Machine) -> Iterator[Finding]:
    try:
        dialout = grp.getgrnam("dialout").gr_gid
    except KeyError:
        yield Finding("serial permissions", Level.PROBLEM, "this system has no dialout group")
        return
    if os.getuid() == 0 or dialout in os.getgroups():
        yield Finding("serial permissions", Level.OK, "this user may open serial ports (dialout)")
    else:
        yield Finding("serial permissions", Level.PROBLEM, f"{user_name()} is not in the dialout group",
                      f"sudo usermod -aG dialout {user_name()}, then log in again")


def usb_devices(m: Machine, vendor: str, product: str) -> list[Path]:
    return sorted(d for d in (m.sys_root / "bus/usb/devices").glob("*")
                  if (d / "idVendor").exists() and (d / "idVendor").read_text().strip() == vendor
                  and (d / "idProduct").read_text().strip() == product)


def check_tray(m: Machine) -> Iterator[Finding]:
    tray = m.settings.tray
    if tray.backend == "simulated":
        yield Finding("dice tray", Level.SIMULATED, "the settings ask for the simulated tray")
        return
    port = Path(tray.port)
    if port.exists() or port.is_symlink():
        yield device_access("dice tray", port, "the tray")
    elif usb_devices(m, *TRAY_USB):
        yield Finding("dice tray", Level.PROBLEM, f"a tray is plugged in but {port} is missing",
                      "sudo deploy/install.sh (it installs the udev rule that names the tray)")
    elif tray.backend == "serial":
        yield Finding("dice tray", Level.PROBLEM, f"no tray at {port}",
                      "plug the tray into a USB port (a data cable, not a charge-only one)")
    else:
        yield Finding("dice tray", Level.SIMULATED, f"no tray at {port}: the app will use the simulated tray")


def check_reader(m: Machine) -> Iterator[Finding]:
    nfc = m.settings.nfc
    if nfc.backend == "emulated" or nfc.device.startswith("udp:"):
        yield Finding("NFC reader", Level.SIMULATED, "the settings ask for emulated tags")
        return
    kind, _, rest = nfc.device.partition(":")
    if kind == "tty":
        yield from uart_reader(m, Path(m.dev_root, "tty" + rest.split(":")[0]))
    elif kind == "usb":
        yield from usb_reader(m, rest)
    else:
        yield Finding("NFC reader", Level.PROBLEM, f"unknown reader device {nfc.device!r}",
                      "use tty:AMA0:pn532 (PN532 on the UART) or usb:072f:2200 (ACR122U)")


def uart_reader(m: Machine, path: Path) -> Iterator[Finding]:
    yield from reset_pin(m)
    if not path.exists():
        yield absent_reader(m, f"no UART at {path}",
                            "sudo deploy/install.sh switches the UART on (then reboot); wiring: hw/README.md")
        return
    yield device_access("NFC reader", path, "the PN532 reader's UART")
    cmdline = (m.proc_root / "cmdline").read_text() if (m.proc_root / "cmdline").exists() else ""
    if any(f"console={name}" in cmdline for name in ("serial0", path.name)):
        yield Finding("NFC reader", Level.PROBLEM, "a login console is on the reader's UART",
                      "sudo raspi-config nonint do_serial_cons 1, then reboot")


def reset_pin(m: Machine) -> Iterator[Finding]:
    """The PN532's RSTPDN line must not share a pin with the buttons, LEDs, buzzer or the UART."""
    from companion.devices.gpio.controls import HEADER_GPIOS

    pin = m.settings.nfc.reset_pin
    taken = {getattr(m.settings.gpio.pins, f): f"gpio.pins.{f}" for f in m.settings.gpio.pins.__struct_fields__}
    taken |= {14: "the reader's UART (TX)", 15: "the reader's UART (RX)"}
    if pin is not None and (pin not in HEADER_GPIOS or pin in taken):
        why = taken.get(pin, "not a GPIO on the 40-pin header")
        yield Finding("NFC reader", Level.PROBLEM, f"nfc.reset_pin = {pin}: {why}",
                      "choose a free GPIO for the PN532's RSTPDN (deploy/config.toml suggests 25)")


def usb_reader(m: Machine, rest: str) -> Iterator[Finding]:
    wanted = tuple(rest.split(":")) if rest.count(":") == 1 and len(rest) == 9 else ACR122U
    found = usb_devices(m, *wanted)
    if not found:
        yield absent_reader(m, f"no USB reader {':'.join(wanted)} plugged in", "plug the reader in")
        return
    device = found[0]
    bus, dev = ((device / n).read_text().strip() for n in ("busnum", "devnum"))
    yield device_access("NFC reader", m.dev_root / f"bus/usb/{int(bus):03d}/{int(dev):03d}", "the USB reader")
    if (m.sys_root / "module/pn533_usb").exists():
        yield Finding("NFC reader", Level.PROBLEM, "the kernel's pn533_usb driver holds the reader",
                      "sudo deploy/install.sh (it blacklists the driver), then reboot")


def absent_reader(m: Machine, text: str, fix: str) -> Finding:
    if m.settings.nfc.backend == "reader":
        return Finding("NFC reader", Level.PROBLEM, text, fix)
    return Finding("NFC reader", Level.SIMULATED, f"{text}: the app will use emulated tags")


def check_gpio(m: Machine) -> Iterator[Finding]:
    from companion.devices.gpio.controls import pin_problems

    gpio = m.settings.gpio
    for problem in pin_problems(gpio.pins):
        yield Finding("GPIO", Level.PROBLEM, problem, "correct [gpio.pins] in the settings (hw/pinmap.md)")
    if gpio.backend == "mock" or (gpio.backend == "auto" and not m.on_pi):
        yield Finding("GPIO", Level.SIMULATED, "buttons, LEDs and buzzer on gpiozero's mock pins")
        return
    if not m.on_pi:
        yield Finding("GPIO", Level.PROBLEM, "the settings ask for real pins, but this is not a Raspberry Pi",
                      'set [gpio] backend = "auto"')
        return
    from companion.devices.gpio.factory import import_lgpio

    try:
        import_lgpio()
    except ImportError:
        yield Finding("GPIO", Level.PROBLEM, "the lgpio library is missing", "sudo deploy/install.sh")
        return
    except OSError as exc:
        yield Finding("GPIO", Level.PROBLEM, f"the lgpio library cannot start: {exc}",
                      "set LG_WD to a folder this user may write")
        return
    chips = sorted(m.dev_root.glob("gpiochip*"))
    if not chips:
        yield Finding("GPIO", Level.PROBLEM, "no /dev/gpiochip* device", "use Raspberry Pi OS Bookworm")
    else:
        yield device_access("GPIO", chips[0], "the GPIO chip")


def check_fonts(m: Machine) -> Iterator[Finding]:
    from companion.ui import fonts

    folder = Path(os.environ.get("COMPANION_FONT_DIR") or fonts.NOTO_DIR)
    needed = sorted({p.name for p in fonts.FONTS.values()})
    missing = [name for name in needed if not font_readable(folder / name)]
    if missing:
        yield Finding("fonts", Level.PROBLEM, f"missing or unreadable in {folder}: {', '.join(missing)}",
                      f"sudo apt-get install {FONT_PACKAGE}")
    else:
        yield Finding("fonts", Level.OK, f"{len(needed)} Noto fonts (Arabic, Latin, maths) in {folder}")


def font_readable(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(4) in (b"\x00\x01\x00\x00", b"OTTO", b"true")
    except OSError:
        return False


def check_data(m: Machine) -> Iterator[Finding]:
    from companion.games.covenant import data

    errors = data.check_all()
    if errors:
        shown = "; ".join(errors[:3]) + (f"; and {len(errors) - 3} more" if len(errors) > 3 else "")
        yield Finding("game data", Level.PROBLEM, f"{len(errors)} error(s) in {data.data_dir()}: {shown}",
                      "companion data check lists them all; restore the files from the release")
    else:
        yield Finding("game data", Level.OK, f"{data.data_dir()} is sound")


def check_store(m: Machine) -> Iterator[Finding]:
    try:
        yield from store_findings(Path(m.settings.store.path).expanduser())
    # A path the system refuses (a name longer than the file system allows, a home folder that is not there).
    except (OSError, RuntimeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        yield Finding("session store", Level.PROBLEM, f"{m.settings.store.path} cannot be used: {reason}",
                      "set [store] path to a shorter path in a folder this user owns")


def store_findings(path: Path) -> Iterator[Finding]:
    if path.exists():
        if not (path.is_file() and os.access(path, os.R_OK | os.W_OK)):
            yield Finding("session store", Level.PROBLEM, f"{path} is not a file this user may write",
                          f"sudo chown {user_name()} {path}")
            return
        from companion.store.db import inspect

        problem = inspect(path)
        yield (Finding("session store", Level.OK, f"{path} is writable and sound") if problem is None else
               Finding("session store", Level.PROBLEM, f"{path} is {problem}",
                       "start the app once: it keeps the file aside and starts a new store (docs/store.md)"))
        return
    ancestor = next(p for p in path.parents if p.exists())
    if ancestor.is_dir() and os.access(ancestor, os.W_OK | os.X_OK):
        yield Finding("session store", Level.OK, f"{path} will be created on the first game")
    else:
        yield Finding("session store", Level.PROBLEM, f"{path} cannot be created: {ancestor} is not a "
                      "writable folder", "set [store] path to a folder this user owns")


CHECKS: list[Callable[[Machine], Iterator[Finding]]] = [
    check_display, check_session, check_service, check_touchscreen, check_serial_group, check_reader, check_tray,
    check_gpio, check_fonts, check_data, check_store,
]
