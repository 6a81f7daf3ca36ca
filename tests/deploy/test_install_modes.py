"""The installer sets the modes of the code the service runs, whatever the checkout's (issue 14, finding
10): from a checkout anyone may write to, the copy in /opt is writable by its owner only, and a copy
left so by an older installer is not taken as up to date."""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def install_step(snippet: str) -> subprocess.CompletedProcess[str]:
    """A step of install.sh, for real, under the loosest umask a caller could have."""
    return subprocess.run(["bash", "-c", f'umask 000; . "{DEPLOY}/install.sh"; {snippet}'], capture_output=True,
                          text=True, timeout=60, check=False)


def world_writable_checkout(root: Path) -> Path:
    checkout = root / "checkout"
    (checkout / "companion").mkdir(parents=True)
    (checkout / "companion" / "app.py").write_text("print('hi')\n")
    (checkout / "deploy").mkdir()
    (checkout / "deploy" / "update.sh").write_text("#!/bin/sh\n")
    for path in [checkout, *checkout.rglob("*")]:
        path.chmod(0o777 if path.is_dir() or path.suffix == ".sh" else 0o666)
    return checkout


def modes(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix() or ".": stat.filemode(p.stat().st_mode)
            for p in [root, *sorted(root.rglob("*"))]}


def test_a_0777_checkout_is_copied_writable_by_its_owner_only(tmp_path: Path) -> None:
    checkout = world_writable_checkout(tmp_path)
    copy = tmp_path / "src"
    copy.mkdir(mode=0o777)
    result = install_step(f'copy_tree "{checkout}" "{copy}"; same_tree "{checkout}" "{copy}" && echo same')
    assert result.stdout.strip() == "same", result.stderr
    assert modes(copy) == {".": "drwxr-xr-x", "companion": "drwxr-xr-x", "companion/app.py": "-rw-r--r--",
                           "deploy": "drwxr-xr-x", "deploy/update.sh": "-rwxr-xr-x"}
    assert {p.stat().st_uid for p in [copy, *copy.rglob("*")]} == {os.getuid()}


def test_a_copy_that_others_may_write_is_not_up_to_date(tmp_path: Path) -> None:
    checkout = world_writable_checkout(tmp_path)
    copy = tmp_path / "src"
    copy.mkdir()
    install_step(f'copy_tree "{checkout}" "{copy}"')
    (copy / "companion" / "app.py").chmod(0o666)
    result = install_step(f'same_tree "{checkout}" "{copy}" || echo differs')
    assert result.stdout.strip() == "differs"


def test_the_installer_sets_its_own_umask() -> None:
    result = install_step("DRY_RUN=1; need_root() { :; }; check_platform() { umask; exit 0; }; main --dry-run")
    assert result.stdout.strip().splitlines()[-1] == "0022", result.stdout + result.stderr
