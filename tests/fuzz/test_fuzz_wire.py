"""The fuzzer on the wire formats and the settings (issue 24): NFC tag payloads, the tray's frames,
config.toml, and what a phone sends (issue 27). Each input from the format's own schema (the tag's token set
and field grammar, wire.SCHEMAS, the Settings struct, the phones' Inbound), with its bounds' edges planted;
each run under a time and memory cap (fuzz_schema.run_case). None may raise; a tag or frame is a value or a
counted refusal, never a wrong one."""

from __future__ import annotations

import queue
import zlib
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest
import tomli_w
from fuzz_schema import FUZZ, TIMEOUT, bounded, finish, plain, run_case
from hypothesis import given, reject
from hypothesis import strategies as st

from companion import config
from companion.core.events import DiceThrown, DomainEvent, PhoneChoice
from companion.devices.nfc.format import PROBLEMS, encode_payload, parse_payload
from companion.devices.nfc.tokens import token_set
from companion.devices.tray.dicetray import wire
from companion.devices.tray.driver import TrayDriver
from companion.devices.tray.kinds import load_kinds
from companion.store import Store
from companion.table import Table
from companion.web.schema import INBOUND, Choose, Inbound
from companion.web.server import WebServer

Record = Callable[[str, object], None]
pytestmark = pytest.mark.timeout(TIMEOUT)
TAGS, FRAMES, SETTINGS = "nfc tag payloads", "tray frames", "settings (config.toml)"
PHONES = "phone messages"

# Tags: every token of every set, and the grammar's bounds (a value of 32 characters and of 33, numbers
# with leading zeros, versions past ours, fields reordered or repeated).
TOKENS = [t for game in ("covenant", "dungeon-roll", "descent") for t in token_set(game)]
TAG_VALUES = ["0", "01", "1", "2", "1000", "9" * 40, "x" * 32, "x" * 33, "", "-", "A", "z1-trap-1", "knight", "é"]


@st.composite
def payloads(draw: st.DrawFn) -> bytes:
    token = dict(draw(st.sampled_from(TOKENS)))
    fields = [("v", "1"), *((k, str(v)) for k, v in token.items())]
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(fields) - 1))
        how = draw(st.sampled_from(["value", "key", "swap", "repeat", "drop"]))
        if how == "value":
            fields[at] = (fields[at][0], draw(st.sampled_from(TAG_VALUES)))
        elif how == "key":
            fields[at] = (draw(st.sampled_from(["v", "serial", "zone", "Game", "extra", "crc"])), fields[at][1])
        elif how == "swap":
            other = draw(st.integers(0, len(fields) - 1))
            fields[at], fields[other] = fields[other], fields[at]
        elif how == "repeat":
            fields.insert(at, fields[at])
        elif len(fields) > 1:
            del fields[at]
    body = ";".join(f"{k}={v}" for k, v in fields).encode()
    # Mostly with a right CRC, so that the fields are read at all.
    return body + b";crc=%08x" % zlib.crc32(body) if draw(st.integers(0, 9)) else body


def test_fuzz_tag_payloads(record_property: Record) -> None:
    @FUZZ
    @given(st.one_of(payloads(), st.binary(max_size=200)))
    def one(payload: bytes) -> None:
        reading = run_case(TAGS, repr(payload), lambda: parse_payload(payload))
        if reading is not None:
            assert (reading.token is None) != (reading.problem is None)
            assert reading.problem is None or reading.problem in PROBLEMS
            # A token is read only from its one canonical spelling (issue 24 finding 13).
            assert reading.token is None or encode_payload(reading.token) == payload

    one()
    finish(record_property, TAGS)


# Tray frames: each type's fields from wire.SCHEMAS, at and past its bounds (a string of 32 printable
# characters and of 33, a non-printable byte, u8/u16/u32 at their ends, lists naming one die twice, a list
# count that lies), CRC-valid so that the body is read; mixed with line noise.
KINDS = load_kinds()
NUMBER = {"B": st.sampled_from([0, 1, 2, 3, 4, 5, 6, 7, 255]) | st.integers(0, 255),
          "H": st.sampled_from([0, 1, 0xFFFF]) | st.integers(0, 0xFFFF),
          "I": st.sampled_from([0, 2**32 - 1]) | st.integers(0, 2**32 - 1)}
# One string in five past its bounds, so that most frames are read through to their meaning.
TEXT = st.integers(0, 4).flatmap(lambda n: st.sampled_from(
    [b"D1", b"D2", b"T1", b"G1", b"", b"x" * 32, *(k.encode() for k in KINDS)] if n else
    [b"x" * 33, b"\x01", "é".encode(), b"\x7f"]))


def _fields(draw: st.DrawFn, schema: str) -> bytes:
    out = bytearray()
    i = 0
    while i < len(schema):
        c = schema[i]
        if c == "(":
            end = schema.index(")", i)
            groups = [_fields(draw, schema[i + 1:end]) for _ in range(draw(st.integers(0, 4)))]
            if groups and draw(st.booleans()):
                groups.append(draw(st.sampled_from(groups)))  # one die named twice
            out.append(draw(st.sampled_from([len(groups)] * 4 + [255])))
            out += b"".join(groups)
            i = end + 1
            continue
        if c == "s":
            text = draw(TEXT)
            out += bytes([len(text)]) + text
        else:
            out += draw(NUMBER[c]).to_bytes({"B": 1, "H": 2, "I": 4}[c], "little")
        i += 1
    return bytes(out)


@st.composite
def frames(draw: st.DrawFn) -> bytes:
    kind = draw(st.sampled_from([k for k in wire.SCHEMAS if k < wire.HELLO_REQ] + [0x00, 0x7F]))
    body = _fields(draw, wire.SCHEMAS.get(kind, "sB"))
    if draw(st.integers(0, 9)) == 0:
        body += b"x" * draw(st.sampled_from([1, wire.MAX_BODY]))
    head = bytes([wire.VERSION, kind]) + draw(NUMBER["H"]).to_bytes(2, "little") + len(body).to_bytes(2, "little")
    crc = wire.crc16(head + body)
    return wire.cobs_encode(head + body + bytes([crc >> 8, crc & 0xFF])) + b"\x00"


def test_fuzz_tray_frames(record_property: Record) -> None:
    @FUZZ
    @given(st.lists(frames() | st.binary(max_size=40), max_size=20), st.integers(1, 64))
    def one(chunks: list[bytes], split: int) -> None:
        events: queue.Queue[DomainEvent] = queue.Queue()
        driver = TrayDriver("/nonexistent", 115200, events, KINDS)
        data = b"".join(chunks)

        def feed() -> None:
            for i in range(0, len(data), split):
                driver.feed(data[i:i + split])

        run_case(FRAMES, repr(data[:200]), feed)
        while not events.empty():
            event = events.get()
            if isinstance(event, DiceThrown):
                ids = [d.die_id for d in event.dice]
                assert len(ids) == len(set(ids)), event  # issue 24 finding 10
                for die in event.dice:
                    assert die.face is None or (die.kind in KINDS and KINDS[die.kind].face(die.face) is not None)

    one()
    finish(record_property, FRAMES)


# Settings: the Settings struct's own fields and bounds (TrayBaud, the Literals, pins), as TOML.
def _no_nulls(raw: object) -> object:
    if isinstance(raw, dict):
        return {str(k): _no_nulls(v) for k, v in raw.items() if v is not None}
    if isinstance(raw, list):
        return [_no_nulls(v) for v in raw if v is not None]
    return raw


def test_fuzz_settings(record_property: Record, tmp_path: Path) -> None:
    path = tmp_path / "config.toml"

    @FUZZ
    @given(plain(config.Settings))
    def one(raw: object) -> None:
        table = _no_nulls(raw)
        if not isinstance(table, dict):  # a mutation put a value where the whole file was
            table = {} if table is None else {"tray": {"port": table}}
        try:
            text = tomli_w.dumps(table)
        except (TypeError, ValueError):
            reject()  # data TOML cannot say (tomli_w refuses it)
        path.write_text(text, encoding="utf-8")

        def load() -> None:
            try:
                config.load(path)
            except config.ConfigError as exc:
                assert str(exc).startswith(f"{path}: ") and "\n" not in str(exc)
                bounded(SETTINGS, str(raw)[:200], str(exc))

        run_case(SETTINGS, repr(table)[:300], load)

    one()
    finish(record_property, SETTINGS)


def test_fuzz_phone_messages(record_property: Record, tmp_path: Path) -> None:
    """What a phone sends (issue 27), from its schema (companion.web.schema.Inbound) with its bounds' edges, and
    raw bytes: the server's own decoder reads each as a message or refuses it, and a choice goes to a served
    table as a phone's does (resolved against the table, then submitted or refused to that phone). None raises;
    a refused choice leaves the game as it was."""
    store = Store(tmp_path / "sessions.sqlite3")
    session = store.start("covenant", {"heroes": ["knight", "sorceress"], "seed": 1})
    events: queue.Queue[DomainEvent] = queue.Queue()
    table = Table(session, events)
    server = WebServer(events)
    server.start("127.0.0.1", 0)
    table.phones = server
    server.new_game(table)
    try:
        @FUZZ
        @given(st.one_of(plain(Inbound).map(msgspec.json.encode), st.binary(max_size=300)),
               st.sampled_from(server.tokens.seats()), st.booleans())
        def one(raw: bytes, seat: str, current: bool) -> None:
            def read() -> None:
                try:
                    message = INBOUND.decode(raw)
                except msgspec.DecodeError:
                    return
                if isinstance(message, Choose):
                    seq = table.revision if current else message.seq  # half of them past the stale check
                    before = session.rules.encode(session.state)
                    update = table.handle(PhoneChoice(seat, message.choice, seq))
                    assert update.accepted or session.rules.encode(session.state) == before

            run_case(PHONES, repr(raw[:200]), read)

        one()
    finally:
        server.stop()
    finish(record_property, PHONES)
