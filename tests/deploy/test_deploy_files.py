"""The files deploy/ installs: the systemd unit (checked by systemd itself), the udev rules, the
shipped settings, and that they agree with one another and with the scripts."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from companion import config

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
UNIT = DEPLOY / "crypt-companion.service"
RULES = DEPLOY / "70-crypt-companion.rules"
MAX_EXPOSURE = 2.5


def lib_value(name: str) -> str:
    result = subprocess.run(["bash", "-c", f'. "{DEPLOY}/lib.sh"; printf %s "${{{name}}}"'],
                            capture_output=True, text=True, check=True)
    return result.stdout


def unit_settings() -> dict[str, list[str]]:
    settings: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            settings.setdefault(key, []).append(value)
    return settings


@pytest.fixture
def unit_root(tmp_path: Path) -> Path:
    """A root holding systemd's own units, the unit and a stand-in for the installed executable,
    so `systemd-analyze --root` checks the unit as it would be on the Pi."""
    analyze = shutil.which("systemd-analyze")
    assert analyze, "systemd-analyze is missing: it is in deploy/dev-packages.txt (package systemd)"
    candidates = (Path("/usr/lib/systemd/system"), Path("/lib/systemd/system"))
    system_units = next(p for p in candidates if p.is_dir())
    shutil.copytree(system_units, tmp_path / "usr/lib/systemd/system", symlinks=True)
    (tmp_path / "etc/systemd/system").mkdir(parents=True)
    shutil.copy(UNIT, tmp_path / "etc/systemd/system" / UNIT.name)
    executable = tmp_path / unit_settings()["ExecStart"][0].split()[0].lstrip("/")
    executable.parent.mkdir(parents=True)
    executable.write_text("#!/bin/sh\n")
    executable.chmod(0o755)
    return tmp_path


def test_systemd_accepts_the_unit_without_a_warning(unit_root: Path) -> None:
    installed = unit_root / "etc/systemd/system" / UNIT.name
    result = subprocess.run(["systemd-analyze", "verify", f"--root={unit_root}", str(installed)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout + result.stderr == ""


def test_the_unit_is_hardened(unit_root: Path) -> None:
    result = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", f"--root={unit_root}", "--no-pager",
         str(unit_root / "etc/systemd/system" / UNIT.name)], capture_output=True, text=True, check=False)
    found = re.search(r"Overall exposure level for \S+: ([\d.]+)", result.stdout + result.stderr)
    assert found, result.stdout + result.stderr
    assert float(found.group(1)) <= MAX_EXPOSURE


def test_unit_agrees_with_the_scripts() -> None:
    unit = unit_settings()
    assert unit["User"] == [lib_value("APP_USER")]
    assert unit["ExecStart"] == [f"{lib_value('VENV')}/bin/companion run"]
    assert unit["StateDirectory"] == [Path(lib_value("STATE_DIR")).name]
    assert f"COMPANION_CONFIG={lib_value('CONF_DIR')}/config.toml" in unit["Environment"]
    for must in ("NoNewPrivileges", "ProtectSystem", "DevicePolicy", "Restart"):
        assert must in unit
    assert unit["ProtectSystem"] == ["strict"]
    assert unit["Restart"] == ["on-failure"]


def test_the_unit_opens_the_devices_the_settings_name() -> None:
    allowed = " ".join(unit_settings()["DeviceAllow"])
    needed = ("char-drm", "char-input", "char-ttyACM", "char-ttyAMA", "char-usb_device", "char-gpiochip")
    for device_class in needed:
        assert device_class in allowed


def test_shipped_settings_are_valid_and_keep_the_documented_pins() -> None:
    settings = config.load(DEPLOY / "config.toml")
    assert settings.gpio.pins == config.Pins()
    assert settings.ui.fullscreen
    assert settings.tray.port == "/dev/dicetray"
    assert Path(settings.store.path).parent == Path(lib_value("STATE_DIR"))


UDEV_KEYS = re.compile(r'^(SUBSYSTEM|KERNEL|ATTR\{\w+\}|ATTRS\{\w+\}|ENV\{\w+\}|SYMLINK|GROUP|MODE|TAG)'
                       r'(==|!=|=|\+=)"[^"]*"$')


def udev_rules() -> list[dict[str, str]]:
    rules = []
    for line in RULES.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        pairs = [p.strip() for p in line.split(", ")]
        for pair in pairs:
            assert UDEV_KEYS.match(pair), f"not a udev key=value this file should use: {pair!r}"
        rules.append({re.split(r"==|\+=|=", p, maxsplit=1)[0]: p.split('"')[1] for p in pairs})
    return rules


def test_udev_rules_name_the_tray_and_keep_modemmanager_away() -> None:
    tray = [r for r in udev_rules() if r.get("SUBSYSTEM") == "tty" and r.get("ATTRS{idVendor}") == "2e8a"]
    assert len(tray) == 1
    assert tray[0]["ATTRS{idProduct}"] == "0005"
    assert tray[0]["SYMLINK"] == Path(config.TraySettings().port).name
    assert tray[0]["GROUP"] == "dialout"
    assert tray[0]["ENV{ID_MM_DEVICE_IGNORE}"] == "1"


def test_udev_rules_give_the_readers_groups_the_service_user_has() -> None:
    groups = lib_value("APP_GROUPS[*]").split()
    rules = udev_rules()
    acr = [r for r in rules if r.get("ATTR{idVendor}") == "072f"]
    assert acr and acr[0]["ATTR{idProduct}"] == "2200"
    for rule in rules:
        if "GROUP" in rule:
            assert rule["GROUP"] in groups
