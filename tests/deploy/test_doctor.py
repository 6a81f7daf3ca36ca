"""`companion doctor` on this machine, and on situations broken on purpose (through the settings,
`COMPANION_FONT_DIR`, `COMPANION_DATA`, and a pseudo-terminal standing in for the tray's port)."""

from __future__ import annotations

import contextlib
import grp
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli
from companion.commands import doctor
from companion.config import NfcSettings, Settings
from companion.devices.gpio import is_raspberry_pi

REPO = Path(__file__).resolve().parents[2]
HARDWARE = ("display", "touchscreen", "NFC reader", "dice tray", "GPIO")
Report = dict[str, list[tuple[str, str]]]
Capture = pytest.CaptureFixture[str]
Patch = pytest.MonkeyPatch


def parse(out: str) -> Report:
    """check -> [(level, text)], fixes as level "fix"."""
    report: Report = {}
    last = ""
    for line in out.splitlines()[1:-1]:
        level, check, text = line[2:12].strip(), line[13:31].strip(), line[32:]
        if level:
            last = check
            report.setdefault(check, []).append((level, text))
        else:
            report[last].append(("fix", text.removeprefix("fix: ")))
    return report


def run_doctor(tmp_path: Path, capsys: Capture, settings: str = "") -> tuple[int, Report]:
    path = tmp_path / "config.toml"
    path.write_text(settings)
    code = cli.main(["doctor", "--config", str(path)])
    return code, parse(capsys.readouterr().out)


def levels(report: Report, check: str) -> list[str]:
    return [level for level, _ in report[check] if level != "fix"]


def test_this_machine(tmp_path: Path, capsys: Capture) -> None:
    code = cli.main(["doctor"])
    out = capsys.readouterr().out
    report = parse(out)
    assert set(report) >= {"settings", "serial permissions", "fonts", "game data", "session store", *HARDWARE}
    problems = [c for c, found in report.items() if "PROBLEM" in [lvl for lvl, _ in found]]
    assert code == (1 if problems else 0)
    if not is_raspberry_pi():
        assert "absent hardware is simulated" in out.splitlines()[0]
        assert not set(problems) & set(HARDWARE), out
        assert levels(report, "GPIO") == ["SIMULATED"]


def test_a_readable_tray_port_is_ok(tmp_path: Path, capsys: Capture) -> None:
    master, slave = os.openpty()
    try:
        settings = f'[tray]\nbackend = "serial"\nport = "{os.ttyname(slave)}"\n'
        _, report = run_doctor(tmp_path, capsys, settings)
    finally:
        os.close(master)
        os.close(slave)
    assert levels(report, "dice tray") == ["OK"]


def test_an_unreadable_tray_port_says_which_group(tmp_path: Path) -> None:
    """The port is a pseudo-terminal nobody may open. Root may open anything, so as root the doctor
    runs without the capabilities that let it ignore file permissions."""
    master, slave = os.openpty()
    port = os.ttyname(slave)
    with contextlib.suppress(KeyError, PermissionError):
        os.chown(port, -1, grp.getgrnam("dialout").gr_gid)
    group = grp.getgrgid(os.stat(port).st_gid).gr_name
    os.chmod(port, 0)
    config = tmp_path / "config.toml"
    config.write_text(f'[tray]\nbackend = "serial"\nport = "{port}"\n')
    command = [sys.executable, "-m", "companion", "doctor", "--config", str(config)]
    if os.getuid() == 0:
        setpriv = shutil.which("setpriv")
        assert setpriv, "setpriv (util-linux) is needed to test permissions as root"
        command = [setpriv, "--bounding-set=-dac_override,-dac_read_search", "--inh-caps=-all", *command]
    try:
        result = subprocess.run(command, capture_output=True, text=True, cwd=REPO, timeout=60, check=False)
    finally:
        os.close(master)
        os.close(slave)
    report = parse(result.stdout)
    assert result.returncode == 1, result.stdout + result.stderr
    assert levels(report, "dice tray") == ["PROBLEM"]
    assert "cannot be opened by this user" in report["dice tray"][0][1]
    assert report["dice tray"][1][0] == "fix"
    assert f"usermod -aG {group} " in report["dice tray"][1][1]


def test_a_port_link_that_points_at_nothing(tmp_path: Path, capsys: Capture) -> None:
    port = tmp_path / "dicetray"
    port.symlink_to(tmp_path / "ttyACM9")
    code, report = run_doctor(tmp_path, capsys, f'[tray]\nport = "{port}"\n')
    assert code == 1
    assert "points at nothing" in report["dice tray"][0][1]


def test_a_port_that_is_not_a_device(tmp_path: Path, capsys: Capture) -> None:
    port = tmp_path / "ttyFAKE"
    port.write_text("")
    code, report = run_doctor(tmp_path, capsys, f'[tray]\nbackend = "serial"\nport = "{port}"\n')
    assert code == 1
    assert "is not a device" in report["dice tray"][0][1]


@pytest.mark.parametrize(("backend", "level", "code"),
                         [("serial", "PROBLEM", 1), ("auto", "SIMULATED", None)])
def test_an_absent_tray(tmp_path: Path, capsys: Capture, backend: str, level: str,
                        code: int | None) -> None:
    got, report = run_doctor(tmp_path, capsys, f'[tray]\nbackend = "{backend}"\nport = "{tmp_path}/none"\n')
    assert levels(report, "dice tray") == [level]
    if code is not None:
        assert got == code


def test_missing_font_dir(tmp_path: Path, capsys: Capture, monkeypatch: Patch) -> None:
    monkeypatch.setenv("COMPANION_FONT_DIR", str(tmp_path / "no-fonts"))
    code, report = run_doctor(tmp_path, capsys)
    assert code == 1
    assert levels(report, "fonts") == ["PROBLEM"]
    assert "NotoSansArabic-Regular.ttf" in report["fonts"][0][1]
    assert report["fonts"][1] == ("fix", "sudo apt-get install fonts-noto-core")


def test_a_font_file_that_is_not_a_font(tmp_path: Path, capsys: Capture,
                                        monkeypatch: Patch) -> None:
    from companion.ui import fonts

    folder = tmp_path / "fonts"
    folder.mkdir()
    for font in fonts.FONTS.values():
        if font.exists():
            shutil.copy(font, folder / font.name)
    broken = fonts.FONTS[("arabic", False)].name
    (folder / broken).write_text("<html>not found</html>")
    monkeypatch.setenv("COMPANION_FONT_DIR", str(folder))
    _, report = run_doctor(tmp_path, capsys)
    assert levels(report, "fonts") == ["PROBLEM"]
    assert broken in report["fonts"][0][1]


def test_broken_game_data(tmp_path: Path, capsys: Capture, monkeypatch: Patch) -> None:
    copy = tmp_path / "data"
    shutil.copytree(REPO / "data", copy)
    (copy / "covenant" / "dice.yaml").write_text("dice: [unclosed\n")
    monkeypatch.setenv("COMPANION_DATA", str(copy))
    code, report = run_doctor(tmp_path, capsys)
    assert code == 1
    assert levels(report, "game data") == ["PROBLEM"]
    assert "dice.yaml" in report["game data"][0][1]


def test_store_path_that_cannot_be_created(tmp_path: Path, capsys: Capture) -> None:
    (tmp_path / "a-file").write_text("")
    code, report = run_doctor(tmp_path, capsys, f'[store]\npath = "{tmp_path}/a-file/sessions.sqlite3"\n')
    assert code == 1
    assert levels(report, "session store") == ["PROBLEM"]


def test_store_path_that_will_be_created(tmp_path: Path, capsys: Capture) -> None:
    _, report = run_doctor(tmp_path, capsys, f'[store]\npath = "{tmp_path}/new/dir/sessions.sqlite3"\n')
    assert report["session store"] == [("OK", f"{tmp_path}/new/dir/sessions.sqlite3 will be created on the "
                                               "first game")]


def test_a_damaged_store_is_reported_and_left_as_it_is(tmp_path: Path, capsys: Capture) -> None:
    from companion.store import Store

    path = tmp_path / "sessions.sqlite3"
    Store(path).close()
    _, report = run_doctor(tmp_path, capsys, f'[store]\npath = "{path}"\n')
    assert report["session store"] == [("OK", f"{path} is writable and sound")]
    path.write_bytes(b"this is no database" * 100)
    code, report = run_doctor(tmp_path, capsys, f'[store]\npath = "{path}"\n')
    assert code == 1 and levels(report, "session store") == ["PROBLEM"]
    assert path.read_bytes() == b"this is no database" * 100


def test_bad_settings_file_is_reported_and_the_rest_still_checked(tmp_path: Path,
                                                                  capsys: Capture) -> None:
    code, report = run_doctor(tmp_path, capsys, "[tray]\nspeed = 9600\n")
    assert code == 1
    assert levels(report, "settings") == ["PROBLEM"]
    assert "speed" in report["settings"][0][1]
    assert "fonts" in report


def test_bad_pin_map(tmp_path: Path, capsys: Capture) -> None:
    code, report = run_doctor(tmp_path, capsys, "[gpio.pins]\nundo = 17\n")
    assert code == 1
    assert "pins.undo and pins.next both use GPIO 17" in report["GPIO"][0][1]


@pytest.mark.skipif(is_raspberry_pi(), reason="this is a Pi")
def test_real_pins_asked_for_off_a_pi(tmp_path: Path, capsys: Capture) -> None:
    code, report = run_doctor(tmp_path, capsys, '[gpio]\nbackend = "pi"\n')
    assert code == 1
    assert levels(report, "GPIO") == ["PROBLEM"]


def fake_machine(tmp_path: Path, settings: Settings | None = None) -> doctor.Machine:
    for folder in ("sys", "dev/input", "proc/bus/input"):
        (tmp_path / folder).mkdir(parents=True)
    return doctor.Machine(settings or Settings(), on_pi=True, sys_root=tmp_path / "sys",
                          dev_root=tmp_path / "dev", proc_root=tmp_path / "proc")


INPUT_DEVICES = """I: Bus=0003 Vendor=046d Product=c31c Version=0110
N: Name="Logitech USB Keyboard"
H: Handlers=sysrq kbd leds event0
B: PROP=0
B: EV=120013

I: Bus=0018 Vendor=0000 Product=0000 Version=0000
N: Name="10-0038 generic ft5x06 (79)"
H: Handlers=event4
B: PROP=2
B: EV=b
"""


def test_touchscreen_is_the_direct_input_device(tmp_path: Path) -> None:
    machine = fake_machine(tmp_path)
    (tmp_path / "proc/bus/input/devices").write_text(INPUT_DEVICES)
    assert [f.level for f in doctor.check_touchscreen(machine)] == [doctor.Level.PROBLEM]
    (tmp_path / "dev/input/event4").write_text("")
    [found] = doctor.check_touchscreen(machine)
    assert found.level is doctor.Level.OK
    assert found.text == f"10-0038 generic ft5x06 (79) at {tmp_path}/dev/input/event4"


def test_no_touchscreen_or_screen_on_a_pi_is_a_problem(tmp_path: Path, monkeypatch: Patch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    machine = fake_machine(tmp_path)
    (tmp_path / "proc/bus/input/devices").write_text(INPUT_DEVICES.split("\n\n")[0])
    assert [f.level for f in doctor.check_touchscreen(machine)] == [doctor.Level.PROBLEM]
    assert [f.level for f in doctor.check_display(machine)] == [doctor.Level.PROBLEM]
    status = tmp_path / "sys/class/drm/card1-DSI-1/status"
    status.parent.mkdir(parents=True)
    status.write_text("connected\n")
    (tmp_path / "dev/dri").mkdir()
    (tmp_path / "dev/dri/card1").write_text("")
    [found] = doctor.check_display(machine)
    assert (found.level, found.text) == (doctor.Level.OK, "screen connected: card1-DSI-1")


def test_login_console_on_the_readers_uart(tmp_path: Path) -> None:
    machine = fake_machine(tmp_path)
    master, slave = os.openpty()
    try:
        (tmp_path / "dev/ttyAMA0").symlink_to(os.ttyname(slave))
        (tmp_path / "proc/cmdline").write_text("console=serial0,115200 console=tty1 root=PARTUUID=1-02\n")
        found = list(doctor.check_reader(machine))
    finally:
        os.close(master)
        os.close(slave)
    assert [f.level for f in found] == [doctor.Level.OK, doctor.Level.PROBLEM]
    assert "do_serial_cons 1" in found[1].fix


@pytest.mark.parametrize(("nfc", "level"), [(NfcSettings("reader", "usb:072f:2200"), "PROBLEM"),
                                            (NfcSettings("auto", "usb"), "SIMULATED"),
                                            (NfcSettings("emulated"), "SIMULATED"),
                                            (NfcSettings("auto", "spi:0:pn532"), "PROBLEM")])
def test_reader_absent_or_misnamed(tmp_path: Path, nfc: NfcSettings, level: str) -> None:
    machine = fake_machine(tmp_path, Settings(nfc=nfc))
    assert [f.level.value for f in doctor.check_reader(machine)] == [level]


def test_usb_reader_found_and_its_kernel_driver(tmp_path: Path) -> None:
    machine = fake_machine(tmp_path, Settings(nfc=NfcSettings("reader", "usb:072f:2200")))
    usb = tmp_path / "sys/bus/usb/devices/1-1.2"
    usb.mkdir(parents=True)
    for name, value in (("idVendor", "072f"), ("idProduct", "2200"), ("busnum", "1"), ("devnum", "4")):
        (usb / name).write_text(value + "\n")
    node = tmp_path / "dev/bus/usb/001/004"
    node.parent.mkdir(parents=True)
    os.symlink(os.devnull, node)
    [found] = doctor.check_reader(machine)
    assert (found.level, found.text) == (doctor.Level.OK, f"the USB reader at {node} -> {os.devnull}")
    (tmp_path / "sys/module/pn533_usb").mkdir(parents=True)
    assert [f.level for f in doctor.check_reader(machine)] == [doctor.Level.OK, doctor.Level.PROBLEM]


def test_gpio_check_from_a_folder_lgpio_cannot_write(tmp_path: Path) -> None:
    """Finding 6 of issue 13: lgpio makes a pipe in the current folder on import, so `sudo -u companion
    companion doctor` from an admin's home crashed with FileNotFoundError. /proc is a folder nobody,
    not even root, can make a pipe in; the check must still run and leave the process where it was."""
    script = (
        "import os, pathlib\n"
        "from companion.commands.doctor import Machine, check_gpio\n"
        "from companion.config import GpioSettings, Settings\n"
        "m = Machine(Settings(gpio=GpioSettings(backend='pi')), on_pi=True,\n"
        f"            dev_root=pathlib.Path({str(tmp_path)!r}))\n"
        "for f in check_gpio(m): print(f.level.value, f.text)\n"
        "print('cwd', os.getcwd())\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "LG_WD"} | {"PYTHONPATH": str(REPO)}
    result = subprocess.run([sys.executable, "-c", script], cwd="/proc", env=env, capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert "PROBLEM no /dev/gpiochip* device" in result.stdout  # lgpio imported; the chips were looked for
    assert "cwd /proc" in result.stdout


def test_the_files_named_in_fixes_and_settings_exist() -> None:
    named = {m for path in (REPO / "companion/commands/doctor.py", REPO / "deploy/config.toml")
             for m in re.findall(r"\bhw/[\w./-]+\.\w+", path.read_text())}
    assert named
    assert [name for name in named if not (REPO / name).exists()] == []


@pytest.mark.parametrize("pin", [17, 14, 40])
def test_a_reset_pin_on_a_taken_or_missing_gpio(tmp_path: Path, capsys: Capture, pin: int) -> None:
    code, report = run_doctor(tmp_path, capsys, f'[nfc]\nbackend = "auto"\ndevice = "tty:AMA0:pn532"\n'
                                                f"reset_pin = {pin}\n")
    assert code == 1
    assert any(level == "PROBLEM" and f"nfc.reset_pin = {pin}" in text for level, text in report["NFC reader"])


@pytest.mark.parametrize("baud", ["-1", str(10**30), "115201", "0"])
def test_a_baud_rate_no_serial_port_has_is_a_settings_problem(tmp_path: Path, capsys: Capture, baud: str) -> None:
    """Issue 24 finding 14: any baud rate was taken, and the doctor said OK."""
    code, report = run_doctor(tmp_path, capsys, f"[tray]\nbaud = {baud}\n")
    assert code == 1 and levels(report, "settings") == ["PROBLEM"]
    assert "tray.baud" in report["settings"][0][1]
