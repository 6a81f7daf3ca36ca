"""deploy/install.sh run whole, for real, with its system paths moved into a temporary folder and the system's
commands replaced by stand-ins that keep state (issue 25): each step says what it did, changed or skipped;
where udevd or systemd is not running it goes on and says how to finish; a failure names its step and what is
left undone, and a failed reload or pip install is done again by the next run; a dry run prints the real
run's plan; a copy holding a symlink is up to date (a symlink's mode is 0777)."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"

# The stand-ins: their state in $STATE, their calls in $STATE/calls.log (those that change something).
# UDEVD=1: no udevd (so its reload fails, as on a machine without it); RELOAD_FAILS=1: daemon-reload fails
# once; PIP_FAILS=1: pip cannot install the app; X_SERVER=pkg: that package is installed (an X session).
STUBS = {
    "dpkg-query": 'pkg=$(eval echo "\\$$#"); case " $INSTALLED " in *" $pkg "*|*" all "*) '
                  'echo "install ok installed"; exit 0;; esac; exit 1',
    "apt-get": 'log "$@"',
    "getent": "exit 0",
    "id": '[ "$1" = -u ] && exec /usr/bin/id -u; echo "dialout gpio plugdev video render input"',
    "useradd": 'log "$@"',
    "usermod": 'log "$@"',
    "udevadm": '[ "$1 $2" = "control --ping" ] && exit "${UDEVD:-0}"; log "$@"; exit "${UDEVD:-0}"',
    "systemctl": """case $1 in
  get-default) cat "$STATE/default";;
  set-default) log "$@"; echo "$2" > "$STATE/default";;
  is-enabled) [ -e "$STATE/enabled" ];;
  is-active) [ "$3" = crypt-companion.service ] && [ -e "$STATE/active" ];;
  enable) log "$@"; touch "$STATE/enabled";;
  daemon-reload) log "$@"; if [ -n "$RELOAD_FAILS" ] && [ ! -e "$STATE/reload-failed" ]; then
      touch "$STATE/reload-failed"; echo "Failed to reload daemon: Access denied" >&2; exit 1; fi;;
  *) log "$@";;
esac""",
    "python3": """if [ "$1 $2" = "-m venv" ]; then log "$@"; mkdir -p "$3/bin"
  for tool in python pip; do
    printf '#!/bin/sh\\nVENV_DIR=%s exec %s "$@"\\n' "$3" "$STATE/bin/venv-$tool" > "$3/bin/$tool"
    chmod +x "$3/bin/$tool"; done; exit 0; fi
exec /usr/bin/python3 "$@\"""",
    "venv-pip": """log pip "$@"; case "$*" in *" -e "*) [ -n "$PIP_FAILS" ] && {
  echo "ERROR: Could not find a version that satisfies the requirement kivy" >&2; exit 1; }
  printf '#!/bin/sh\\n' > "$VENV_DIR/bin/companion"; chmod +x "$VENV_DIR/bin/companion"
  touch "$STATE/pip-done";; esac""",
    "venv-python": 'log python "$@"',
}


@pytest.fixture
def machine(tmp_path: Path) -> dict[str, str]:
    state = tmp_path / "state"
    bin_dir = state / "bin"
    bin_dir.mkdir(parents=True)
    for name, body in STUBS.items():
        (bin_dir / name).write_text(f'#!/bin/bash\nlog() {{ echo "{name} $*" >> "$STATE/calls.log"; }}\n{body}\n')
        (bin_dir / name).chmod(0o755)
    (state / "default").write_text("graphical.target\n")
    (state / "calls.log").touch()
    checkout = tmp_path / "checkout"
    (checkout / "companion/devices/tray").mkdir(parents=True)
    (checkout / "companion/app.py").write_text("print('hi')\n")
    (checkout / "companion/devices/tray/dicetray").symlink_to("../../app.py")
    (tmp_path / "boot").mkdir()
    (tmp_path / "boot/config.txt").write_text("dtparam=audio=on\n")
    (tmp_path / "systemd").mkdir()
    return {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "STATE": str(state), "ROOT": str(tmp_path),
            "INSTALLED": "all"}


# After sourcing: every system path under $ROOT, the checkout a small one, and no root or Pi required.
PATHS = """PREFIX=$ROOT/opt; SRC=$PREFIX/src; VENV=$PREFIX/venv; INSTALLED_MARK=$PREFIX/.installed
CONF_DIR=$ROOT/etc/crypt-companion; PREVIOUS_TARGET_FILE=$CONF_DIR/previous-default-target
UNIT_PATH=$ROOT/etc/systemd/system/crypt-companion.service; UDEV_PATH=$ROOT/etc/udev/rules.d/70-cc.rules
MODPROBE_PATH=$ROOT/etc/modprobe.d/cc.conf; MODULES_PATH=$ROOT/etc/modules-load.d/cc.conf
BOOT_CONFIG=$ROOT/boot/config.txt; PENDING_DIR=$ROOT/run/pending; SYSTEMD_RUN_DIR=$ROOT/systemd
REPO_DIR=$ROOT/checkout; need_root() { :; }; check_platform() { :; }"""


def install(env: dict[str, str], *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    Path(env["STATE"], "calls.log").write_text("")
    return subprocess.run(["bash", "-c", f'. "{DEPLOY}/install.sh"; {PATHS}; main "$@"', "install.sh", *args],
                          env={**env, **extra}, capture_output=True, text=True, timeout=120, check=False)


def calls(env: dict[str, str]) -> list[str]:
    return Path(env["STATE"], "calls.log").read_text().splitlines()


def summary(out: str) -> dict[str, str]:
    """Each step's status in the summary, by the step's name."""
    lines = out.split("==> Summary", 1)[1].splitlines()[1:]
    found = (re.match(r"    (changed|unchanged|skipped|deferred|failed|not done) +([^:]+)", line) for line in lines)
    return {m[2].strip(): m[1] for m in found if m}


def plan(out: str) -> str:
    """What a run said it does, step by step: a dry run's "would" taken out, and its own header lines."""
    kept = [line for line in out.splitlines() if "Dry run" not in line and not line.startswith("==> Summary")]
    return "\n".join(kept).replace("would ", "")


def test_a_dry_run_prints_the_real_runs_plan(machine: dict[str, str]) -> None:
    dry = install(machine, "--dry-run")
    assert dry.returncode == 0, dry.stdout + dry.stderr
    assert calls(machine) == []
    real = install(machine)
    assert real.returncode == 0, real.stdout + real.stderr
    assert plan(dry.stdout) == plan(real.stdout)
    assert "    run: systemctl set-default multi-user.target" in real.stdout
    assert "    would run: systemctl set-default multi-user.target" in dry.stdout


def test_each_step_says_what_it_did_and_the_uart_block_is_announced(machine: dict[str, str]) -> None:
    result = install(machine)
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    assert summary(out) == {"System packages": "unchanged", "User companion": "unchanged",
                            "The app in " + machine["ROOT"] + "/opt/venv": "changed",
                            "Settings in " + machine["ROOT"] + "/etc/crypt-companion/config.toml": "changed",
                            "Device names and permissions": "changed",
                            "The header UART for a PN532 reader": "changed",
                            "Boot to the console": "changed", "Service crypt-companion.service": "deferred"}
    assert f"append to {machine['ROOT']}/boot/config.txt" in out
    assert "        enable_uart=1\n" in out
    assert "    -> deferred: not started now: a reboot is needed first" in out
    assert "To finish:\n        sudo reboot" in out


def test_a_second_run_changes_nothing_even_with_a_symlink_in_the_checkout(machine: dict[str, str]) -> None:
    """Finding 1: `find -perm /022` matched the checkout's symlink (mode 0777): every run reinstalled."""
    assert install(machine).returncode == 0
    Path(machine["STATE"], "active").touch()  # rebooted: the service runs, /run is empty
    again = install(machine)
    assert again.returncode == 0, again.stdout + again.stderr
    assert set(summary(again.stdout).values()) == {"unchanged"}, again.stdout
    assert calls(machine) == []
    assert "unchanged: " + machine["ROOT"] + "/opt/src is this checkout" in again.stdout


def test_no_udevd_and_no_systemd_the_rest_is_done_and_the_way_to_finish_printed(machine: dict[str, str]) -> None:
    """Finding 2: under `set -e` the installer stopped at the udev reload, and the UART, boot and service
    steps never ran, with nothing said."""
    Path(machine["ROOT"], "systemd").rmdir()
    result = install(machine, UDEVD="1")
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    steps = summary(out)
    assert steps["Device names and permissions"] == "deferred"
    assert steps["Service crypt-companion.service"] == "deferred"
    assert steps["The header UART for a PN532 reader"] == steps["Boot to the console"] == "changed"
    assert "udevd is not running here" in out and "systemd is not running here" in out
    assert "sudo udevadm control --reload-rules && sudo udevadm trigger" in out.split("To finish:")[1]
    assert "systemctl enable crypt-companion.service" in calls(machine)
    assert Path(machine["ROOT"], "etc/udev/rules.d/70-cc.rules").exists()  # for the next boot


def test_a_failed_reload_names_its_step_and_is_done_by_the_next_run(machine: dict[str, str]) -> None:
    """Finding 2: on a re-run the unit was "unchanged", so the reload that had failed was never retried."""
    Path(machine["ROOT"], "boot/config.txt").unlink()  # no reboot owed: the service would be started
    first = install(machine, RELOAD_FAILS="1")
    assert first.returncode == 1
    assert 'the step "Service crypt-companion.service' in first.stderr
    assert "failed (exit status 1): systemctl daemon-reload" in first.stdout
    assert summary(first.stdout)["Service crypt-companion.service"] == "failed"
    second = install(machine, RELOAD_FAILS="1")
    assert second.returncode == 0, second.stdout + second.stderr
    assert "unchanged: " + machine["ROOT"] + "/etc/systemd/system/crypt-companion.service" in second.stdout
    assert calls(machine) == ["systemctl daemon-reload", "systemctl restart crypt-companion.service"]


def test_a_pip_failure_is_summarised_what_is_left_undone_named_and_the_next_run_installs_again(
        machine: dict[str, str]) -> None:
    first = install(machine, PIP_FAILS="1")
    assert first.returncode == 1
    assert "pip could not install the app and its Python packages" in first.stdout
    steps = summary(first.stdout)
    assert steps["The app in " + machine["ROOT"] + "/opt/venv"] == "failed"
    assert steps["Service crypt-companion.service"] == steps["Boot to the console"] == "not done"
    assert 'the step "The app in' in first.stderr
    second = install(machine)
    assert second.returncode == 0, second.stdout + second.stderr
    assert summary(second.stdout)["The app in " + machine["ROOT"] + "/opt/venv"] == "changed"
    assert Path(machine["STATE"], "pip-done").exists()


def test_an_x_server_brings_the_desktop_gl_packages(machine: dict[str, str]) -> None:
    """Finding 4: under X, SDL's X11 driver needs libGL.so.1 (libgl1, libglx-mesa0) even with Kivy's sdl2 GL
    backend; the console needs only EGL/GLES, and without X they are not installed."""
    console = install(machine, "--dry-run", INSTALLED="python3-venv")
    assert console.stdout.split("missing: ")[1].splitlines()[0].endswith("libgl1-mesa-dri git")
    assert "under X add: sudo apt-get install libgl1 libglx-mesa0" in console.stdout
    desktop = install(machine, "--dry-run", INSTALLED="python3-venv xserver-xorg-core")
    assert "X server found (xserver-xorg-core)" in desktop.stdout
    assert desktop.stdout.split("missing: ")[1].splitlines()[0].endswith("git libgl1 libglx-mesa0")
