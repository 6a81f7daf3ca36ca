"""`companion replay FILE`: play a scenario and print the referee's transcript (or JSON with --json)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.core.messages import LANGS
from companion.core.text import clipped_text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="a scenario file (docs/scenarios.md)")
    parser.add_argument("--json", action="store_true", help="print the final state and the input log as JSON")
    parser.add_argument("--lang", choices=LANGS, default="en", help="the transcript's language")


def run(args: argparse.Namespace) -> int:
    import msgspec

    from companion.core import scenario

    try:
        loaded = scenario.load(args.file)
    except scenario.ScenarioError as exc:
        print(clipped_text(f"cannot play {exc}"), file=sys.stderr)
        return 2
    try:
        result = scenario.play(loaded, args.lang)
    except scenario.ScenarioError as exc:
        print(clipped_text(f"cannot play {args.file}: {exc}"), file=sys.stderr)
        return 2
    if args.json:
        session = result.session
        print(json.dumps({"state": msgspec.to_builtins(session.state),
                          "log": msgspec.to_builtins(session.log.entries),
                          "rejections": result.rejections, "failures": result.failures},
                         ensure_ascii=False, indent=1))
    else:
        print("\n".join(result.transcript))
        for failure in result.failures:
            print(f"EXPECTATION FAILED: {failure}")
    return 1 if result.failures else 0
