"""`companion tags`: write a game's NFC stickers one at a time, and read what a tag holds.

    companion tags write [--only ID ...] [--overwrite]   walk through the whole set (or some tokens)
    companion tags read [--count N]                      print what the next tag(s) placed hold
    companion tags checklist                             print the checklist of hw/nfc/checklist.md

`--device` names the nfcpy device (default: the settings' `nfc.device`), e.g. `tty:AMA0:pn532`, `usb`,
or `udp:127.0.0.1:PORT` for an emulated tag; `--timeout` bounds each wait for a tag (default: none).
Each sticker is verified by reading it back before the next one is asked for. Exit codes: 0 done,
1 no tag came in time, 2 no reader (or it failed, or a wrong argument), 3 `read` found a tag that is not a
token, 130 interrupted.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from companion.core.messages import LANGS, Field, Lang, Msg, Named

INTRO = "Writing {count} stickers. Place each one on the reader when asked, and lift it when told."
PLACE = "[{n}/{count}] Place the sticker for {what} on the reader."
LIFT = "Lift the sticker."
DONE = "All {count} stickers are written and checked."
NO_READER = "No NFC reader at {device}: {detail}"
LOST = "The NFC reader stopped answering: {detail}"
TIMEOUT = "No tag was placed on the reader in time."
WAITING = "Place a tag on the reader."
UNKNOWN_ID = "This game has no token named {id}."
UNKNOWN_GAME = "No token set is defined for the game {game}."
STOPPED = "Stopped: {done} of {count} stickers written."
OUTCOMES = {
    "written": "Written and checked: stick it on {what}.",
    "already": "This sticker already holds {what}: checked.",
    "occupied": "This sticker holds something else ({held}): use a blank one, or run again with --overwrite.",
    "unsupported": "This sticker cannot be written: use NTAG213 or NTAG215 stickers.",
    "locked": "This sticker is locked against writing: use another.",
    "too-small": "This sticker is too small for this token: use an NTAG213 or larger.",
    "failed": "The sticker was lifted before it was written and checked: place it again and hold it still.",
    "mismatch": "The sticker did not read back as it was written: try another sticker.",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="tags_command", required=True)
    write = sub.add_parser("write", help="write a set of stickers, verifying each by reading it back")
    write.add_argument("--game", default="covenant", help="whose token set to write (default: covenant)")
    write.add_argument(
        "--only", nargs="+", metavar="ID", help="write only these tokens (e.g. z1-trap-1 hero-knight)"
    )
    write.add_argument(
        "--overwrite", action="store_true", help="also overwrite stickers that hold other data"
    )
    read = sub.add_parser("read", help="print what a tag holds")
    read.add_argument("--count", type=int, default=1, help="how many taps to read (default: 1)")
    sub.add_parser("checklist", help="print the printable checklist of the Covenant set")
    for command in (write, read):
        command.add_argument("--device", help="nfcpy device path (default: the settings' nfc.device)")
        command.add_argument(
            "--timeout", type=float, default=0.0, help="seconds to wait for each tag (0: no limit)"
        )
        command.add_argument(
            "--lang", choices=LANGS, help="language of the messages (default: the settings')"
        )


def run(args: argparse.Namespace) -> int:
    from companion.devices.nfc import checklist

    if args.tags_command == "checklist":
        print(checklist.markdown(), end="")
        return 0
    return _with_reader(args)


def _with_reader(args: argparse.Namespace) -> int:

    from companion import config

    try:
        settings = config.load()
    except config.ConfigError as exc:
        print(exc)
        return 2
    lang: Lang = args.lang or settings.ui.lang
    device = args.device or settings.nfc.device

    def say(msg: str, **fields: Field) -> None:
        print(Msg(msg, fields).text(lang), flush=True)

    from companion.devices.nfc.reader import open_frontend

    try:
        clf = open_frontend(device)
    except Exception as exc:  # nfcpy raises OSError, ValueError... for a device it cannot open
        say(NO_READER, device=device, detail=str(exc) or type(exc).__name__)
        return 2
    try:
        command = _write if args.tags_command == "write" else _read
        return command(args, clf, say, lang)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # the reader failing mid-way (unplugged): tell, do not trace back
        say(LOST, detail=str(exc) or type(exc).__name__)
        return 2
    finally:
        clf.close()


Say = Callable[..., None]


def _deadline(timeout: float) -> Callable[[], bool]:
    end = time.monotonic() + timeout
    return (lambda: time.monotonic() > end) if timeout > 0 else (lambda: False)


def _named(msg: Msg) -> Named:
    return {lang: msg.text(lang) for lang in LANGS}


def _write(args: argparse.Namespace, clf: Any, say: Say, lang: Lang) -> int:
    from companion.devices.nfc.format import problem_message
    from companion.devices.nfc.reader import wait_for_tag, wait_lifted
    from companion.devices.nfc.tokens import label, token_id, token_set
    from companion.devices.nfc.writer import Outcome, write_token

    tokens = list(token_set(args.game))
    if args.only:
        by_id = {token_id(t): t for t in tokens}
        for missing in [i for i in args.only if i not in by_id]:
            say(UNKNOWN_ID, id=missing)
            return 2
        tokens = [by_id[i] for i in args.only]
    if not tokens:
        say(UNKNOWN_GAME, game=args.game)
        return 2
    say(INTRO, count=len(tokens))
    done = 0
    try:
        for n, token in enumerate(tokens, start=1):
            what = _named(label(token))
            while True:
                say(PLACE, n=n, count=len(tokens), what=what)
                target = wait_for_tag(clf, 0.1, _deadline(args.timeout))
                if target is None:
                    say(TIMEOUT)
                    return 1
                result = write_token(clf, target, token, overwrite=args.overwrite)
                before = result.before
                held = label(before.token) if before.token else problem_message(before.problem or "")
                say(OUTCOMES[result.outcome], what=what, held=_named(held))
                say(LIFT)
                wait_lifted(clf, target, None, 0.1, _deadline(args.timeout))
                if result.outcome in (Outcome.WRITTEN, Outcome.ALREADY):
                    done += 1
                    break
    except KeyboardInterrupt:
        say(STOPPED, done=done, count=len(tokens))
        return 130
    say(DONE, count=len(tokens))
    return 0


def _read(args: argparse.Namespace, clf: Any, say: Say, lang: Lang) -> int:
    from companion.devices.nfc.format import problem_message
    from companion.devices.nfc.reader import read_tag, wait_for_tag, wait_lifted
    from companion.devices.nfc.tokens import label

    status = 0
    for _ in range(args.count):
        say(WAITING)
        target = wait_for_tag(clf, 0.1, _deadline(args.timeout))
        if target is None:
            say(TIMEOUT)
            return 1
        seen, tag = read_tag(clf, target)
        if seen.token is not None:
            fields = " ".join(f"{k}={v}" for k, v in seen.token.items())
            print(f"{seen.uid}: {label(seen.token).text(lang)}\n  {fields}", flush=True)
        else:
            print(f"{seen.uid}: {problem_message(seen.problem or '').text(lang)}", flush=True)
            status = 3
        if args.count > 1:
            wait_lifted(clf, target, tag, 0.1, lambda: False)
    return status
