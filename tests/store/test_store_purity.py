"""The store is game-neutral and hardware-free: importing it loads no game package and no device library."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

BLOCKED = ("kivy", "serial", "nfc", "gpiozero", "companion.games")


def test_the_store_imports_neither_a_game_nor_a_device_library() -> None:
    script = textwrap.dedent(f"""
        import importlib.abc, sys
        class Block(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name.startswith({BLOCKED!r}):
                    raise ImportError("blocked: " + name)
        sys.meta_path.insert(0, Block())
        import companion.store, companion.store.export, companion.store.bench, companion.store.drive
        import companion.commands.sessions
        print("ok")
    """)
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "ok", done.stderr
