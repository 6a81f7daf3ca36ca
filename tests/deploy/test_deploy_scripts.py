"""The deploy scripts as far as a machine that is not the Pi can check them: shellcheck, the dry runs
(which must change nothing), and the pieces the scripts share.

Commands that change a system are replaced on PATH by recorders, so a dry run that would change
something is caught instead of done; read-only commands (getent, dpkg-query, cmp...) are the real ones.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
SCRIPTS = sorted(DEPLOY.glob("*.sh"))
MUTATING = ["apt-get", "useradd", "usermod", "userdel", "groupadd", "udevadm", "raspi-config", "install",
            "cp", "mv", "rm", "mkdir", "tar", "ln", "chown", "chmod", "tee", "runuser", "git", "reboot"]
MODEL = Path("/proc/device-tree/model")
ON_A_PI = MODEL.exists() and MODEL.read_bytes().startswith(b"Raspberry Pi")
Recorder = tuple[dict[str, str], Path]


@pytest.fixture
def recorder(tmp_path: Path) -> Recorder:
    """An environment whose PATH starts with recorders of system-changing commands, and their log."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "calls.log"
    log.touch()
    record = f'printf "%s\\n" "$(basename "$0") $*" >> {log}\n'
    for name in MUTATING:
        (bin_dir / name).write_text(f"#!/bin/sh\n{record}exit 0\n")
    # Whether udevd runs is only asked: the answer is UDEVD's exit status (running, unless told otherwise).
    (bin_dir / "udevadm").write_text(f'#!/bin/sh\n[ "$1 $2" = "control --ping" ] && exit "${{UDEVD:-0}}"\n'
                                     f"{record}exit 0\n")
    real_sed, real_python = shutil.which("sed"), shutil.which("python3")
    (bin_dir / "sed").write_text(
        f'#!/bin/sh\nfor a in "$@"; do case $a in -i*) {record.strip()}; exit 0;; esac; done\n'
        f'exec {real_sed} "$@"\n')
    (bin_dir / "python3").write_text(
        f'#!/bin/sh\n[ "$1 $2" = "-m venv" ] && {{ {record.strip()}; exit 0; }}\nexec {real_python} "$@"\n')
    (bin_dir / "systemctl").write_text(
        "#!/bin/sh\n"
        'case $1 in get-default) echo graphical.target; exit 0;; is-active|is-enabled|cat) exit 3;; esac\n'
        f"{record}exit 0\n")
    for script in bin_dir.iterdir():
        script.chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    return env, log


def run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, env=env, capture_output=True, text=True, timeout=60, check=False)


def test_every_script_passes_shellcheck() -> None:
    assert SCRIPTS, "no scripts found in deploy/"
    shellcheck = shutil.which("shellcheck")
    assert shellcheck, "shellcheck is missing: it is in deploy/dev-packages.txt (make installs it)"
    result = subprocess.run([shellcheck, "-x", *map(str, SCRIPTS)], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_install_dry_run_plans_every_step_and_changes_nothing(recorder: Recorder) -> None:
    env, log = recorder
    result = run([str(DEPLOY / "install.sh"), "--dry-run"], env)
    assert result.returncode == 0, result.stderr
    assert log.read_text() == ""
    out = result.stdout
    for step in ("System packages", "User companion", "The app in /opt/crypt-companion/venv",
                 "Settings in /etc/crypt-companion/config.toml", "Device names and permissions",
                 "The header UART", "Boot to the console", "Service crypt-companion.service"):
        assert f"==> {step}" in out
    assert "would run: systemctl enable crypt-companion.service" in out
    assert "would run: systemctl set-default multi-user.target" in out
    assert "/etc/udev/rules.d/70-crypt-companion.rules" in out


@pytest.mark.parametrize("args", [["uninstall.sh", "--dry-run"], ["uninstall.sh", "--purge", "--dry-run"],
                                  ["update.sh", "--dry-run"], ["update.sh", "--no-pull", "--dry-run"]])
def test_update_and_uninstall_dry_runs(recorder: Recorder, args: list[str]) -> None:
    env, log = recorder
    result = run([str(DEPLOY / args[0]), *args[1:]], env)
    assert result.returncode == 0, result.stderr
    assert log.read_text() == ""
    assert "Dry run: nothing will be changed" in result.stdout


def test_update_pulls_as_the_checkouts_owner(recorder: Recorder) -> None:
    if not (REPO / ".git").exists():
        pytest.skip("not a git checkout")
    env, _ = recorder
    result = run([str(DEPLOY / "update.sh"), "--dry-run"], env)
    owner = REPO.owner()
    assert f"would run: runuser -u {owner} -- git -C {REPO} pull --ff-only" in result.stdout


@pytest.mark.parametrize("script", ["install.sh", "update.sh", "uninstall.sh"])
def test_unknown_options_are_refused(recorder: Recorder, script: str) -> None:
    env, log = recorder
    result = run([str(DEPLOY / script), "--dry-run", "--frobnicate"], env)
    assert result.returncode == 2
    assert "usage:" in result.stderr
    assert log.read_text() == ""


@pytest.mark.skipif(ON_A_PI, reason="on a Pi this would be a real install")
def test_a_real_install_off_a_pi_changes_nothing(recorder: Recorder) -> None:
    env, log = recorder
    result = run([str(DEPLOY / "install.sh")], env)
    assert result.returncode != 0
    assert "unsupported platform" in result.stderr or "sudo" in result.stderr
    assert log.read_text() == ""


def lib(snippet: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return run(["bash", "-c", f'set -euo pipefail; . "{DEPLOY}/lib.sh"; {snippet}'], env)


def test_run_does_the_command_unless_dry(recorder: Recorder) -> None:
    env, log = recorder
    dry = lib("DRY_RUN=1; run useradd someone", env)
    assert dry.stdout == "    would run: useradd someone\n"
    assert log.read_text() == ""
    lib("run useradd someone", env)
    assert log.read_text() == "useradd someone\n"


def test_put_file_installs_only_what_differs(recorder: Recorder, tmp_path: Path) -> None:
    env, log = recorder
    src, same, other = tmp_path / "src", tmp_path / "same", tmp_path / "other"
    src.write_text("rule\n")
    same.write_text("rule\n")
    other.write_text("old rule\n")
    unchanged = lib(f'put_file "{src}" "{same}" 0644; echo "changed=$CHANGED"', env)
    assert unchanged.stdout.endswith("changed=0\n")
    changed = lib(f'put_file "{src}" "{other}" 0644; echo "changed=$CHANGED"', env)
    assert changed.stdout.endswith("changed=1\n")
    assert log.read_text() == f"install -D -m 0644 {src} {other}\n"


def step(script: str, snippet: str, env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """One step of install.sh or uninstall.sh, for real, with its system paths moved into `tmp_path`."""
    paths = (f'BOOT_CONFIG="{tmp_path}/config.txt"; CONF_DIR="{tmp_path}/etc"; '
             f'PREVIOUS_TARGET_FILE="{tmp_path}/etc/previous-default-target"')
    return run(["bash", "-c", f'. "{DEPLOY}/{script}"; {paths}; {snippet}'], env)


BOOT_CONFIG = "dtparam=audio=on\ncamera_auto_detect=1"


@pytest.mark.parametrize("ending", ["\n", ""])
def test_uart_block_is_added_once_and_removed_cleanly(recorder: Recorder, tmp_path: Path, ending: str) -> None:
    env, _ = recorder
    (Path(env["PATH"].split(":")[0]) / "sed").unlink()
    (tmp_path / "etc").mkdir()
    shutil.copy(DEPLOY / "config.toml", tmp_path / "etc" / "config.toml")
    boot = tmp_path / "config.txt"
    boot.write_text(BOOT_CONFIG + ending)
    first = step("install.sh", "configure_uart", env, tmp_path)
    second = step("install.sh", "configure_uart", env, tmp_path)
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    text = boot.read_text()
    assert text.startswith(BOOT_CONFIG + "\n# >>> crypt-companion")
    assert text.count("dtoverlay=disable-bt") == 1
    assert "[pi5]\ndtparam=uart0=on\n[all]\n" in text
    assert "already set" in second.stdout
    step("uninstall.sh", "restore_boot", env, tmp_path)
    assert boot.read_text() == BOOT_CONFIG + "\n"


def test_a_usb_reader_leaves_the_boot_config_alone(recorder: Recorder, tmp_path: Path) -> None:
    env, _ = recorder
    (tmp_path / "etc").mkdir()
    (tmp_path / "etc" / "config.toml").write_text('[nfc]\ndevice = "usb:072f:2200"\n')
    boot = tmp_path / "config.txt"
    boot.write_text(BOOT_CONFIG)
    result = step("install.sh", 'configure_uart; echo "$STEP_STATUS: $STEP_WHY"', env, tmp_path)
    assert "skipped: the reader is usb:072f:2200, not on the UART: nothing to do" in result.stdout
    assert boot.read_text() == BOOT_CONFIG


def test_boot_target_is_remembered_and_restored(recorder: Recorder, tmp_path: Path) -> None:
    env, log = recorder
    (tmp_path / "etc").mkdir()
    step("install.sh", "boot_to_console", env, tmp_path)
    remembered = tmp_path / "etc" / "previous-default-target"
    assert remembered.read_text() == "graphical.target\n"
    assert log.read_text().splitlines() == [f"install -d -m 0755 {tmp_path}/etc",
                                            "systemctl set-default multi-user.target"]
    step("uninstall.sh", "restore_boot", env, tmp_path)
    assert log.read_text().splitlines()[2:] == ["systemctl set-default graphical.target",
                                                f"rm -rf -- {remembered}"]


def test_app_copy_leaves_out_caches_and_is_compared_before_it_is_redone(recorder: Recorder,
                                                                         tmp_path: Path) -> None:
    env, _ = recorder
    (Path(env["PATH"].split(":")[0]) / "tar").unlink()
    checkout = tmp_path / "checkout"
    (checkout / "companion" / "__pycache__").mkdir(parents=True)
    (checkout / "companion" / "app.py").write_text("print('hi')\n")
    (checkout / "companion" / "__pycache__" / "app.pyc").write_bytes(b"\0")
    (checkout / ".venv" / "bin").mkdir(parents=True)
    copy = tmp_path / "src"
    copy.mkdir()
    snippet = f'copy_tree "{checkout}" "{copy}"; same_tree "{checkout}" "{copy}" && echo same'
    result = step("install.sh", snippet, env, tmp_path)
    assert result.stdout.strip() == "same", result.stderr
    assert sorted(p.relative_to(copy).as_posix() for p in copy.rglob("*")) == ["companion", "companion/app.py"]
    (checkout / "companion" / "app.py").write_text("print('new')\n")
    assert step("install.sh", f'same_tree "{checkout}" "{copy}" || echo differs', env,
                tmp_path).stdout.strip() == "differs"
