"""The tag format, version 1: what an NFC sticker holds and how it is read (hw/nfc/tag-format.md).

A sticker holds one NDEF record of media type `application/x-crypt-companion` whose payload is one
ASCII line of `key=value` fields joined by `;`:

    v=1;game=covenant;kind=room-marker;serial=7;zone=1;room=trap;marker=z1-trap-1;crc=c45a45e3

`v` comes first so that a later format can change everything after it; `crc` comes last and is the
CRC-32 (zlib) of every byte before `;crc=`, in eight lowercase hex digits. Only the canonical form is
read: a payload byte for byte as `encode_payload` writes its token (the set's order of fields, numbers
without leading zeros); any other spelling of the same fields is `corrupt`. Parsing never raises: every
input gives either a token or a stable problem code (`PROBLEMS`), which `problem_message` turns into a
bilingual message for the screen.
"""

from __future__ import annotations

import re
import zlib

import msgspec
import ndef

from companion.core.messages import Msg
from companion.devices.nfc.tokens import Token, is_known, token_set

MEDIA_TYPE = "application/x-crypt-companion"
VERSION = 1
NTAG213_NDEF_BYTES = 142  # 144 bytes of user memory less the 2-byte NDEF TLV header

_FIELD = re.compile(r"([a-z]+)=([a-z0-9-]{1,32})")
_CRC = re.compile(rb"(.*);crc=([0-9a-f]{8})", re.DOTALL)
# Any version number, so that one beyond ours (of any length) reads as unknown-version, not corrupt.
_VERSION = re.compile(rb"v=([1-9][0-9]*);")
_INT_FIELDS = frozenset({"serial", "zone"})
_HEAD = ("v", "game", "kind", "serial")

# code -> what a player is told (the English text is the catalogue id; Arabic in nfc.po)
PROBLEMS: dict[str, str] = {
    "blank": "This tag is blank: write it with “companion tags write” before playing.",
    "foreign": "This tag does not belong to Crypt Companion.",
    "corrupt": "This tag is damaged or was only half written: write it again.",
    "unknown-version": "This tag was written by a newer Crypt Companion: update the app to read it.",
    "unknown-token": "This tag names a token that is not part of this game.",
    "unreadable": "The tag was lifted before it could be read: hold it still on the reader.",
    "unsupported-tag": "This kind of tag cannot be read: use NTAG213 or NTAG215 stickers.",
}
_UNKNOWN_PROBLEM = "This tag cannot be used."


class Reading(msgspec.Struct, frozen=True):
    """What a tag's NDEF message says: a token of ours, or why not."""

    token: Token | None = None
    problem: str | None = None


def problem_message(code: str) -> Msg:
    return Msg(PROBLEMS.get(code, _UNKNOWN_PROBLEM))


def encode_payload(token: Token) -> bytes:
    fields = {"v": VERSION, **{k: token[k] for k in _HEAD[1:]}}
    fields |= {k: v for k, v in token.items() if k not in fields}
    body = ";".join(f"{k}={v}" for k, v in fields.items()).encode("ascii")
    return body + b";crc=%08x" % zlib.crc32(body)


def encode_message(token: Token) -> bytes:
    """The NDEF message octets for a token of a known set (ValueError otherwise)."""
    if not is_known(token):
        raise ValueError(f"not a token of any known set: {token!r}")
    return b"".join(ndef.message_encoder([ndef.Record(MEDIA_TYPE, "", encode_payload(token))]))


def parse_message(octets: bytes) -> Reading:
    """Read the NDEF message octets of a tag. Empty octets are a blank tag."""
    if not octets:
        return Reading(problem="blank")
    try:
        records = list(ndef.message_decoder(octets, errors="strict"))
    except (ndef.DecodeError, ValueError, TypeError):
        return Reading(problem="corrupt")
    ours = [r for r in records if r.type == MEDIA_TYPE]
    if not ours:
        empty = all(r.type == "" and not r.data for r in records)
        return Reading(problem="blank" if empty else "foreign")
    return parse_payload(bytes(ours[0].data))


def parse_payload(payload: bytes) -> Reading:
    version = _VERSION.match(payload)
    if version is None:
        return Reading(problem="corrupt")
    if version.group(1) != b"%d" % VERSION:
        return Reading(problem="unknown-version")
    signed = _CRC.fullmatch(payload)
    if signed is None or zlib.crc32(signed.group(1)) != int(signed.group(2), 16):
        return Reading(problem="corrupt")
    fields = _fields(signed.group(1))
    if fields is None or any(k not in fields for k in _HEAD):
        return Reading(problem="corrupt")
    token: Token = {k: v for k, v in fields.items() if k != "v"}
    known = next((t for t in token_set(str(token["game"])) if t == token), None)
    if known is None:
        return Reading(problem="unknown-token")
    return Reading(token=dict(known)) if encode_payload(known) == payload else Reading(problem="corrupt")


def _fields(body: bytes) -> dict[str, str | int] | None:
    """The fields of a payload whose CRC matched; None if it breaks the grammar."""
    try:
        text = body.decode("ascii")
    except UnicodeDecodeError:
        return None
    fields: dict[str, str | int] = {}
    for part in text.split(";"):
        match = _FIELD.fullmatch(part)
        if match is None or match.group(1) in fields:
            return None
        key, value = match.groups()
        if key in _INT_FIELDS or key == "v":
            if not value.isdigit():
                return None
            fields[key] = int(value)
        else:
            fields[key] = value
    return fields
