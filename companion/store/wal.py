"""The write-ahead log read by hand, so that a damaged one is noticed before SQLite throws it away.

SQLite's recovery reads the `-wal` frame by frame and stops at the first frame whose checksum fails;
every later frame is dropped without a word, and the log is then checkpointed and deleted. A flipped
bit on an SD card would so lose acknowledged inputs silently. Before the store is opened, `read` takes
the log's bytes and finds the commits its checksums vouch for (as SQLite will) and the commits written
after a damaged frame (frames with the log's salts, which SQLite will drop). After opening, SQLite's own
count of frames (`PRAGMA wal_checkpoint`) is compared with the commits the file held: any commit beyond
it is lost, and `salvage` rebuilds from the bytes set aside what the damaged frames held, so that the
table is told which sessions lost what.

Format (sqlite.org/fileformat2.html#walformat): a 32-byte header (magic, version, page size, checkpoint
count, two salts, a checksum of its first 24 bytes), then frames of a 24-byte header (page number, the
database size in pages for a commit frame else 0, the two salts, a cumulative checksum over the frame
header's first 8 bytes and the page) and one page.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

_MAGIC = {0x377F0682: "<", 0x377F0683: ">"}  # the low bit: checksums over big-endian words
_VERSION = 3007000
HEADER = 32
FRAME_HEADER = 24


@dataclass(frozen=True)
class Frame:
    index: int  # 1-based, as SQLite counts frames
    page: int
    commit: int  # the database size in pages after this commit; 0 for a frame that is not a commit
    salts: tuple[int, int]
    offset: int  # where the page's bytes start in the log
    checks: bool  # its checksum agrees, counted on from the checksum stored in the frame before it
    sound: bool  # its bytes are whole: it checks, or only its stored checksum was damaged (see `read`)


@dataclass(frozen=True)
class Log:
    """The log as it was on the card: its frames, the salts of its current generation, and how many frames
    a recovery will keep (up to the last commit before the first frame that fails its checksum)."""

    data: bytes
    page_size: int
    salts: tuple[int, int] | None
    frames: list[Frame]
    recoverable: int

    def commits_after(self, kept: int) -> list[Frame]:
        """The commit frames of this generation that lie beyond frame `kept`: the ones a recovery that
        kept `kept` frames has lost."""
        return [f for f in self.frames if f.commit and f.salts == self.salts and f.index > kept]


def checksum(data: bytes, order: str, s0: int = 0, s1: int = 0) -> tuple[int, int]:
    words = struct.unpack(f"{order}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def page_size_of(database: Path) -> int | None:
    """The page size the database file's header gives (bytes 16-17; 1 means 65536)."""
    try:
        with database.open("rb") as handle:
            head = handle.read(18)
    except OSError:
        return None
    if len(head) < 18 or not head.startswith(b"SQLite format 3\0"):
        return None
    size = int.from_bytes(head[16:18], "big")
    return 65536 if size == 1 else size


def read(data: bytes, page_size: int | None) -> Log:
    """The frames of a log (even one whose header is destroyed: then the database file's page size and the
    first frame's salts stand in), and how many of them SQLite's recovery keeps."""
    header_ok = False
    order = "<"  # when the header is lost: the byte order of the machines this runs on (x86-64, the Pi)
    salts: tuple[int, int] | None = None
    if len(data) >= HEADER:
        magic, version, size, _, salt1, salt2, c0, c1 = struct.unpack(">8I", data[:HEADER])
        if magic in _MAGIC and version == _VERSION and size >= 512 and size & (size - 1) == 0:
            order = _MAGIC[magic]
            header_ok = checksum(data[:24], order) == (c0, c1)
            page_size = size
            salts = (salt1, salt2)
    if not page_size:
        return Log(data, 0, None, [], 0)
    # Each frame's checksum continues the one stored in the frame before it, so a frame can be checked on
    # its own and one damaged frame does not condemn the ones after it (what `salvage` needs). A frame
    # whose stored checksum alone was hit is known whole when the next frame checks from its computed sums.
    starts = range(HEADER, len(data) - FRAME_HEADER - page_size + 1, FRAME_HEADER + page_size)
    heads = [struct.unpack(">6I", data[start:start + FRAME_HEADER]) for start in starts]
    stored = [struct.unpack(">2I", data[24:HEADER]) if len(data) >= HEADER else (0, 0)]
    stored += [(h[4], h[5]) for h in heads]

    def sums_of(i: int, seed: tuple[int, int]) -> tuple[int, int]:
        start = starts[i]
        return checksum(data[start + FRAME_HEADER:start + FRAME_HEADER + page_size], order,
                        *checksum(data[start:start + 8], order, *seed))

    computed = [sums_of(i, stored[i]) for i in range(len(heads))]
    frames: list[Frame] = []
    for i, (page, commit, salt1, salt2, _, _) in enumerate(heads):
        checks = computed[i] == stored[i + 1]
        sound = (checks or (i > 0 and computed[i - 1] != stored[i] and sums_of(i, computed[i - 1]) == stored[i + 1])
                 or (i + 1 < len(heads) and sums_of(i + 1, computed[i]) == stored[i + 2]))
        frames.append(Frame(i + 1, page, commit, (salt1, salt2), starts[i] + FRAME_HEADER, checks, sound))
    if salts is None and frames:
        salts = frames[0].salts
    recoverable = 0
    if header_ok:  # as SQLite's recovery: up to the last commit before the first frame that fails
        for frame in frames:
            if frame.salts != salts or not frame.checks or frame.page == 0:
                break
            if frame.commit:
                recoverable = frame.index
    return Log(data, page_size, salts, frames, recoverable)


def salvage(database: bytes, log: Log, out: Path) -> None:
    """A database rebuilt from the file as it was before opening and every sound frame of the log's generation
    up to its last commit, past the damaged ones: what the damaged log held, for the message and for repair."""
    commits = log.commits_after(0)
    if not commits:
        out.write_bytes(database)
        return
    image = bytearray(database)
    for frame in log.frames[:commits[-1].index]:
        if frame.salts != log.salts or frame.page == 0 or not frame.sound:
            continue
        at = (frame.page - 1) * log.page_size
        if len(image) < at:
            image.extend(bytes(at - len(image)))
        image[at:at + log.page_size] = log.data[frame.offset:frame.offset + log.page_size]
    del image[commits[-1].commit * log.page_size:]
    out.write_bytes(bytes(image))
