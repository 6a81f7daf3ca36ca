"""The record of what the store acknowledged, kept apart from the write-ahead log.

SQLite cannot tell a log whose tail the card dropped after fsync from a commit torn by a power cut: it
keeps the whole frames up to the last commit and drops the rest without a word. So after every commit,
before the table is told, the store writes and fsyncs each changed session's acknowledged position in a
file of its own beside the database (`sessions.sqlite3-acked`): where the session stands (its head) and a
hash of the input there. At opening, a session missing from the database, or whose log no longer holds
that input at that place, lost what the table had been shown as done, and is reported by session and
input.

The file is one 32-byte slot per session id (id, head, 16 bytes of BLAKE2b of the stored input, CRC-32),
written in place: a slot never straddles a sector, so a commit costs one small write and one fdatasync.
It is written after the commit, so it never runs ahead of the database: a power cut in between loses
an input that had not been acknowledged, and the record then vouches for the one before it.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import struct
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import msgspec

from companion.core.flow import Input

_INPUT = msgspec.json.Decoder(Input)
SUFFIX = "-acked"
_SLOT = struct.Struct("<II16sI4x")


@dataclass(frozen=True)
class Acked:
    """A session as the table was last told it stood: at input `head`, which hashes to `digest` (a negative
    head empties the session's slot: a session the store no longer has)."""

    session: int
    head: int
    digest: bytes


def digest(stored_input: bytes | None) -> bytes:
    """The hash of an input as the store keeps it (its JSON bytes); none before the first input."""
    return hashlib.blake2b(stored_input, digest_size=16).digest() if stored_input else bytes(16)


def holds(stored_input: bytes, entry: Acked) -> bool:
    """Whether the input the log holds is the one acknowledged: its bytes, or (for a session resumed from an
    older release, whose inputs encode differently now) the same input encoded as this release does."""
    if digest(stored_input) == entry.digest:
        return True
    try:
        return digest(msgspec.json.encode(_INPUT.decode(stored_input))) == entry.digest
    except msgspec.MsgspecError:
        return False


def path_of(database: Path | str) -> Path:
    return Path(f"{database}{SUFFIX}")


def read(database: Path | str) -> dict[int, Acked]:
    """Every slot that checks (a damaged or unwritten one vouches for nothing)."""
    try:
        data = path_of(database).read_bytes()
    except OSError:
        return {}
    out: dict[int, Acked] = {}
    for at in range(_SLOT.size, len(data) - _SLOT.size + 1, _SLOT.size):
        session, head, hashed, crc = _SLOT.unpack_from(data, at)
        if session == at // _SLOT.size and crc == zlib.crc32(data[at:at + 24]):
            out[session] = Acked(session, head, hashed)
    return out


class Record:
    """The open record file of one store, written after each commit."""

    def __init__(self, database: Path | str) -> None:
        self.path = path_of(database)
        self._fd: int | None = None

    def write(self, entries: Iterable[Acked]) -> None:
        """Each session's slot, synced before this returns (raises OSError if the card refuses)."""
        fd = self._open()
        for entry in entries:
            slot = _SLOT.pack(entry.session, max(entry.head, 0), entry.digest, 0)[:24]
            whole = slot + struct.pack("<I4x", zlib.crc32(slot)) if entry.head >= 0 else bytes(_SLOT.size)
            os.pwrite(fd, whole, entry.session * _SLOT.size)
        os.fdatasync(fd)

    def rewrite(self, entries: Iterable[Acked]) -> None:
        """Slots put right once a loss was reported (if the card refuses, the loss is reported again)."""
        with contextlib.suppress(OSError):
            self.write(entries)
        self.close()

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def _open(self) -> int:
        if self._fd is None:
            created = not self.path.exists()
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            if created:  # the new file's name is durable too, or a power cut could take the whole record
                folder = os.open(self.path.parent, os.O_RDONLY)
                try:
                    os.fsync(folder)
                finally:
                    os.close(folder)
        return self._fd
