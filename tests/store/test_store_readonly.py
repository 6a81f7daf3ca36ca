"""A store this user may not change (a backup restored as root, a folder of another user): it opens
read-only, says so, never claims to be durable, and refuses to save rather than failing at every input.

The app runs as an ordinary user; when the tests run as root (who may write anything), the store is
opened from a child process that has become the user `nobody`, so the kernel refuses as it would."""

from __future__ import annotations

import multiprocessing
import os
import random
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from store_helpers import play, start

from companion.core.flow import Rejection
from companion.store import Store, StoredSession, export
from companion.store.drive import long_setup, pick

NOBODY = 65534


@pytest.fixture
def folder() -> Iterator[Path]:
    """A folder another user can reach (pytest's own temporary folders are private to root)."""
    made = Path(tempfile.mkdtemp(prefix="store-read-only-"))
    made.chmod(0o755)
    yield made
    shutil.rmtree(made)


def _as_the_app_user(work: Callable[[], Any]) -> Any:
    if os.geteuid() != 0:
        return work()
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)

    def child() -> None:
        os.setgid(NOBODY)
        os.setuid(NOBODY)
        send.send(work())

    process = context.Process(target=child)
    process.start()
    result = receive.recv() if receive.poll(60) else None
    process.join()
    assert process.exitcode == 0 and result is not None, "the child failed"
    return result


def _look(path: Path, sid: int) -> dict[str, Any]:
    with Store(path) as store:
        resumed = store.resume(sid)
        assert isinstance(resumed, StoredSession)
        prompt = resumed.prompt()
        assert prompt is not None
        submitted = resumed.submit(pick(prompt, random.Random(1)))
        started = store.start("covenant", long_setup(2))
        return {
            "codes": [p.code for p in store.problems], "durable": store.durable, "read_only": store.read_only,
            "messages": [p.msg for p in store.problems],
            "head": resumed.head, "submitted": submitted.code if isinstance(submitted, Rejection) else "accepted",
            "started": getattr(started, "code", "started"), "exported": export.dump(resumed).count("\n  - "),
        }


def _stored_session(path: Path) -> int:
    with Store(path) as store:
        session = start(store, long_setup(1))
        play(session, 25, seed=1)
        return session.id


@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_store_this_user_may_not_change_opens_read_only_and_says_so(folder: Path, what: str) -> None:
    path = folder / "sessions.sqlite3"
    sid = _stored_session(path)
    before = path.read_bytes()
    if what == "file":
        path.chmod(0o444)
        if os.geteuid() == 0:
            os.chown(folder, NOBODY, NOBODY)  # the folder is the user's, the restored file is root's
    else:
        if os.geteuid() == 0:
            os.chown(path, NOBODY, NOBODY)  # the file is the user's, the folder is not
        folder.chmod(0o555)
    try:
        seen = _as_the_app_user(lambda: _look(path, sid))
    finally:
        folder.chmod(0o755)
    assert seen["codes"] == ["read-only"] and seen["read_only"] and not seen["durable"]
    (msg,) = seen["messages"]  # read in this process: the child may not read the interpreter's own files
    en, ar = msg.text("en"), msg.text("ar")
    assert "cannot be changed" in en and "nothing new is saved" in en and ar != en and str(path) in ar
    assert seen["head"] == 25 and seen["exported"] == 25  # its sessions can be looked at and exported
    assert seen["submitted"] == "read-only" and seen["started"] == "read-only"
    assert path.read_bytes() == before
