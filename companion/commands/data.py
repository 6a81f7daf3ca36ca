"""`companion data check`: validate every game data file and list each problem (file, entry, field), the
first 20 of them and how many more."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.core.text import clipped


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="data_command", required=True)
    check = sub.add_parser("check", help="validate the data files")
    check.add_argument("--game", choices=("covenant", "descent", "dungeon-roll"), default="covenant",
                       help="whose data to check (default: covenant)")
    check.add_argument("--dir", type=Path, help="the game's data folder to check (default: the one in use)")
    check.add_argument("--provisional", action="store_true", help="also list the provisional entries")


def run(args: argparse.Namespace) -> int:
    if args.game == "descent":
        from companion.games.descent import data as descent

        root = args.dir or descent.data_dir()
        return _verdict(root, descent.read(root)[1])
    if args.game == "dungeon-roll":
        from companion.games.dungeon_roll import data as dungeon_roll

        root = args.dir or dungeon_roll.data_dir()
        return _verdict(root, dungeon_roll.read(root)[1])
    from companion.games.covenant import data

    root = args.dir or data.data_dir()
    game, errors = data.read(root)
    if _verdict(root, errors) or game is None:
        return 1
    if args.provisional:
        print("provisional entries (designed values, not rulebook text):")
        for name in game.provisional():
            print(f"  {name}")
    return 0


def _verdict(root: Path, errors: list[str]) -> int:
    for error in clipped(errors):
        print(error)
    if errors:
        print(f"{len(errors)} problem(s) in {root}")
        return 1
    print(f"{root}: all data files are valid")
    return 0
