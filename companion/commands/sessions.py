"""`companion sessions list|export|import`: the stored sessions, a session as a replay file or a
transcript (for a bug report), and a replay file as a new session."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from companion.core.messages import LANGS
from companion.core.text import clipped, clipped_text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--store", help="the session store (default: [store] path in the settings)")
    parser.add_argument("--lang", choices=LANGS, default="en", help="the language of messages")
    sub = parser.add_subparsers(dest="action", required=True)
    listing = sub.add_parser("list", help="list the sessions, newest first")
    listing.add_argument("--unfinished", action="store_true", help="only the games not over")
    export = sub.add_parser("export", help="write a session as a scenario file (companion replay plays it)")
    export.add_argument("id", type=int)
    export.add_argument("-o", "--out", type=Path, help="the file to write (default: the screen)")
    export.add_argument("--transcript", action="store_true", help="a readable transcript instead of a scenario")
    importing = sub.add_parser("import", help="store a scenario file as a new session")
    importing.add_argument("file", type=Path)


def run(args: argparse.Namespace) -> int:
    from companion import config
    from companion.store import Store, StoredSession, export
    from companion.store.session import heroes_of

    try:
        path = args.store or config.load().store.path
    except config.ConfigError as exc:
        print(f"companion sessions: the settings cannot be read: {exc}", file=sys.stderr)
        return 2
    with Store(path) as store:
        for problem in store.problems:
            print(problem.msg.text(args.lang))
        if args.action == "list":
            for info in store.unfinished() if args.unfinished else store.sessions():
                heroes = heroes_of(info.setup)
                when = time.strftime("%Y-%m-%d %H:%M", time.localtime(info.updated))
                print(f"{info.id:>5}  {when}  {info.game:<10} {info.head:>6} inputs  "
                      f"{info.outcome or 'unfinished':<16} {heroes}")
            return 0
        if args.action == "import":
            imported = export.import_file(store, args.file)
            if not isinstance(imported, tuple):
                print(clipped_text(imported.msg.text(args.lang)), file=sys.stderr)
                return 2
            session, refused = imported
            print(f"session {session.id}: {session.head} inputs stored")
            for line in clipped([f"skipped {line}" for line in refused]):
                print(line)
            return 0
        resumed = store.resume(args.id)
        if isinstance(resumed, StoredSession):
            text = export.transcript(resumed, args.lang) if args.transcript else export.dump(resumed)
        elif resumed.code == "cannot-resume" and not args.transcript:
            # What the store holds, read without the engine: the bug report the message asks for.
            print(resumed.msg.text(args.lang), file=sys.stderr)
            stored = export.dump_stored(store, args.id)
            if not isinstance(stored, str):
                print(stored.msg.text(args.lang))
                return 2
            text = stored
        else:
            print(resumed.msg.text(args.lang))
            return 2
        if args.out is None:
            print(text, end="")
        else:
            args.out.write_text(text, encoding="utf-8")
        return 0
