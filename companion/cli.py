"""The `companion` command. Each subcommand lives in its own module under `companion.commands`, with
`add_arguments(parser)` and `run(args) -> int`; a module imports its heavy dependencies (Kivy, nfcpy,
pyserial) inside `run`, so `companion replay` never loads Kivy."""

from __future__ import annotations

import argparse
import importlib
import signal
import sys
from collections.abc import Sequence

# name -> (module under companion.commands, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "run": ("run", "start the touchscreen app (windowed at 800x480 on a desktop)"),
    "data": ("data", "check the game data files"),
    "bench": ("bench", "print this machine's speed and memory figures"),
    "replay": ("replay", "play a scenario file and print the transcript"),
    "tags": ("tags", "write and read the NFC stickers of room markers and hero cards"),
    "doctor": ("doctor", "check this machine's hardware, permissions, fonts and data"),
    "tray": ("tray", "see the dice tray, pair and calibrate dice, or throw simulated ones"),
    "simulate": ("simulate", "let the bots play many games of The Last Covenant and print the figures"),
    "sessions": ("sessions", "list the stored sessions, export one as a replay file or transcript, import one"),
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion", description="Crypt Companion, a table-side referee.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (module, help_text) in COMMANDS.items():
        command = importlib.import_module(f"companion.commands.{module}")
        command.add_arguments(sub.add_parser(name, help=help_text, description=help_text))
    args = parser.parse_args(argv)
    # `systemctl stop` or `kill`: unwind as Ctrl-C would, so that devices are closed (a PN532 left at
    # nfcpy's fast rate stays there until its power is cut).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    command = importlib.import_module(f"companion.commands.{COMMANDS[args.command][0]}")
    try:
        result: int = command.run(args)
    except BrokenPipeError:
        # The reader of our output went away (`companion replay … | head`): not an error of ours.
        sys.stderr.close()
        return 0
    return result


if __name__ == "__main__":
    sys.exit(main())
