"""Writing a token to a sticker and verifying it by reading the sticker back from scratch.

The read-back selects the same tag again and reads it through `reader.read_tag`, the very path the game
uses, so a sticker is only reported written when the game will read it as that token.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import msgspec
import nfc
import nfc.tag
from nfc.clf import RemoteTarget

from companion.core.events import TagSeen
from companion.devices.nfc.format import encode_message
from companion.devices.nfc.reader import read_tag
from companion.devices.nfc.tokens import Token

# What a sticker may already hold and still be written without --overwrite: nothing worth keeping.
_WRITABLE_PROBLEMS = frozenset({"blank", "corrupt"})


class Outcome(StrEnum):
    WRITTEN = "written"  # written and read back identical
    ALREADY = "already"  # the sticker already held this very token
    OCCUPIED = "occupied"  # it holds another token or someone else's data: not overwritten
    UNSUPPORTED = "unsupported"  # not a tag nfcpy can write NDEF to (e.g. MIFARE Classic)
    LOCKED = "locked"  # its NDEF area is read-only
    TOO_SMALL = "too-small"
    FAILED = "failed"  # the write or the read-back did not complete (lifted too early)
    MISMATCH = "mismatch"  # read back, but not what was written


class WriteResult(msgspec.Struct, frozen=True):
    outcome: Outcome
    uid: str
    before: TagSeen  # what the sticker held when it was placed
    after: TagSeen | None = None  # what the read-back found


def write_token(clf: nfc.ContactlessFrontend, target: Any, token: Token, *, overwrite: bool = False) -> WriteResult:
    """Write `token` to the tag nfcpy found (`target`, from a sense) and verify it."""
    before, tag = read_tag(clf, target)
    uid = before.uid
    if before.token == token:
        return WriteResult(Outcome.ALREADY, uid, before, before)
    if before.problem == "unreadable":
        return WriteResult(Outcome.FAILED, uid, before)
    area = tag.ndef if tag is not None and before.problem != "unsupported-tag" else None
    if area is None:
        return WriteResult(Outcome.UNSUPPORTED, uid, before)
    if not overwrite and before.problem not in _WRITABLE_PROBLEMS:
        return WriteResult(Outcome.OCCUPIED, uid, before)
    if not area.is_writeable:
        return WriteResult(Outcome.LOCKED, uid, before)
    message = encode_message(token)
    if len(message) > area.capacity:
        return WriteResult(Outcome.TOO_SMALL, uid, before)
    try:
        area.octets = message
    except nfc.tag.TagCommandError:
        return WriteResult(Outcome.FAILED, uid, before)
    again = clf.sense(RemoteTarget("106A", sel_req=bytes(target.sdd_res)))
    if again is None:
        return WriteResult(Outcome.FAILED, uid, before)
    after, _ = read_tag(clf, again)
    return WriteResult(Outcome.WRITTEN if after.token == token else Outcome.MISMATCH, uid, before, after)
