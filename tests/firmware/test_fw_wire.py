"""The wire protocol: checksum, COBS, every message type round-trips, corruption is refused."""

from __future__ import annotations

import binascii
import os

import pytest
from dicetray import wire
from hypothesis import given, settings
from hypothesis import strategies as st

SAMPLES = [
    (wire.HELLO, 0, ["1.0.0", "E66118604B3A2C21", 4242]),
    (wire.HEARTBEAT, 65535, [4242, 86400, 17, 1]),
    (wire.THROW, 513, [7, [("A1B2C3", "trap", wire.SETTLED, 3), ("D1", "d6", wire.COCKED, 0)]]),
    (wire.DUMP, 9, [1, 7, 0, 0, [("D1", "d6", wire.SETTLED, 4, 87)], [("D1", "d6", wire.SETTLED, 4)]]),
    (wire.PAIR, 3, ["D7", "treasure", 6]),
    (wire.HELLO_REQ, 1, []),
]

ascii_text = st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=wire.MAX_STR)


def values_for(schema: str) -> st.SearchStrategy[list[object]]:
    parts: list[st.SearchStrategy[object]] = []
    i = 0
    while i < len(schema):
        c = schema[i]
        if c == "(":
            end = schema.index(")", i)
            group = values_for(schema[i + 1 : end]).map(tuple)
            # Every list is of dice, each named once (wire.UNIQUE_DICE).
            parts.append(st.lists(group, max_size=6, unique_by=lambda g: g[0]))
            i = end + 1
            continue
        parts.append(
            {"B": st.integers(0, 255), "H": st.integers(0, 0xFFFF), "I": st.integers(0, 0xFFFFFFFF),
             "s": ascii_text}[c]
        )
        i += 1
    return st.tuples(*parts).map(list)


messages = st.sampled_from(sorted(wire.SCHEMAS)).flatmap(
    lambda kind: st.tuples(st.just(kind), st.integers(0, 0xFFFF), values_for(wire.SCHEMAS[kind]))
)


def test_crc_is_ccitt_false() -> None:
    assert wire.crc16(b"123456789") == 0x29B1
    data = os.urandom(300)
    assert wire.crc16(data) == binascii.crc_hqx(data, 0xFFFF)


@given(st.binary(max_size=700))
def test_cobs_round_trips_without_zeros(data: bytes) -> None:
    encoded = wire.cobs_encode(data)
    assert b"\x00" not in encoded
    assert wire.cobs_decode(encoded) == data


@given(messages)
def test_every_message_round_trips(message: tuple[int, int, list[object]]) -> None:
    kind, seq, fields = message
    frame = wire.encode(kind, seq, fields)
    assert frame.endswith(b"\x00") and frame.count(0) == 1
    assert wire.Deframer().feed(frame) == [wire.Frame(kind, seq, fields)]


@pytest.mark.parametrize(("kind", "seq", "fields"), SAMPLES)
def test_every_single_bit_flip_is_refused(kind: int, seq: int, fields: list[object]) -> None:
    frame = wire.encode(kind, seq, fields)
    for bit in range((len(frame) - 1) * 8):
        spoilt = bytearray(frame)
        spoilt[bit // 8] ^= 1 << bit % 8
        deframer = wire.Deframer()
        assert deframer.feed(bytes(spoilt)) == [], f"bit {bit} flipped and still accepted"
        assert sum(deframer.rejected.values()) >= 1


@pytest.mark.parametrize(("kind", "seq", "fields"), SAMPLES)
def test_every_truncation_is_refused_and_the_next_frame_still_read(
    kind: int, seq: int, fields: list[object]
) -> None:
    frame = wire.encode(kind, seq, fields)
    good = wire.encode(wire.ROLLING, 5, [3])
    for cut in range(1, len(frame) - 1):
        deframer = wire.Deframer()
        # Cut short, but with its delimiter: the next frame must come through untouched.
        assert deframer.feed(frame[:cut] + b"\x00" + good) == [wire.Frame(wire.ROLLING, 5, [3])]
        assert sum(deframer.rejected.values()) == 1


def test_garbage_between_frames_is_skipped() -> None:
    frame = wire.encode(wire.ROLLING, 1, [2])
    deframer = wire.Deframer()
    got = deframer.feed(b"MicroPython v1.29 banner\r\n>>> \x00\x00" + frame + b"\xff" * 40 + b"\x00" + frame)
    assert got == [wire.Frame(wire.ROLLING, 1, [2])] * 2
    assert deframer.rejected == {"cobs": 2}


def test_a_frame_split_across_reads_is_reassembled() -> None:
    frame = wire.encode(wire.THROW, 2, [1, [("D1", "d6", wire.SETTLED, 6)]])
    deframer = wire.Deframer()
    assert [f for i in range(len(frame)) for f in deframer.feed(frame[i : i + 1])] == [
        wire.Frame(wire.THROW, 2, [1, [("D1", "d6", wire.SETTLED, 6)]])
    ]


def test_an_endless_run_without_delimiter_is_dropped_and_reading_resumes() -> None:
    deframer = wire.Deframer()
    frame = wire.encode(wire.ROLLING, 1, [2])
    assert deframer.feed(b"\x01" * (wire.MAX_ENCODED * 3)) == []
    assert deframer.feed(b"\x00" + frame) == [wire.Frame(wire.ROLLING, 1, [2])]
    assert deframer.rejected == {"oversize": 1}
    assert len(deframer.buf) == 0


def test_another_protocol_version_is_refused_as_such() -> None:
    payload = bytearray(wire.cobs_decode(wire.encode(wire.ROLLING, 1, [2])[:-1]) or b"")
    payload[0] = 2
    payload[-2:] = wire.crc16(payload[:-2]).to_bytes(2, "big")
    deframer = wire.Deframer()
    assert deframer.feed(wire.cobs_encode(bytes(payload)) + b"\x00") == []
    assert deframer.rejected == {"version": 1}


def test_fields_that_do_not_fit_are_refused_when_encoding() -> None:
    with pytest.raises(ValueError, match="longer"):
        wire.encode(wire.PAIR, 0, ["x" * 33, "d6", 6])
    with pytest.raises(ValueError, match="body"):
        wire.encode(wire.THROW, 0, [1, [("D" * 30, "k" * 30, 2, 1)] * 20])


def test_non_ascii_strings_are_refused_when_decoding() -> None:
    payload = bytearray(wire.cobs_decode(wire.encode(wire.UNPAIR, 1, ["AB"])[:-1]) or b"")
    payload[wire.HEADER + 1] = 0xC3
    payload[-2:] = wire.crc16(payload[:-2]).to_bytes(2, "big")
    deframer = wire.Deframer()
    assert deframer.feed(wire.cobs_encode(bytes(payload)) + b"\x00") == []
    assert deframer.rejected == {"body": 1}


FUZZ = int(os.environ.get("FUZZ_EXAMPLES", "300"))


@settings(max_examples=FUZZ, deadline=None)
@given(st.lists(st.binary(max_size=300), max_size=8))
def test_fuzz_arbitrary_bytes_never_raise(chunks: list[bytes]) -> None:
    deframer = wire.Deframer()
    for chunk in chunks:
        for frame in deframer.feed(chunk):
            assert frame.kind in wire.SCHEMAS
    assert len(deframer.buf) <= wire.MAX_ENCODED


@settings(max_examples=FUZZ, deadline=None)
@given(messages, st.data())
def test_fuzz_a_corrupted_frame_is_never_accepted(message: tuple[int, int, list[object]], data: st.DataObject) -> None:
    kind, seq, fields = message
    frame = wire.encode(kind, seq, fields)
    how = data.draw(st.sampled_from(["flip", "truncate", "insert"]))
    spoilt = bytearray(frame[:-1])
    if how == "flip":
        bit = data.draw(st.integers(0, len(spoilt) * 8 - 1))
        spoilt[bit // 8] ^= 1 << bit % 8
    elif how == "truncate":
        spoilt = spoilt[: data.draw(st.integers(0, len(spoilt) - 1))]
    else:
        at = data.draw(st.integers(0, len(spoilt)))
        spoilt[at:at] = data.draw(st.binary(min_size=1, max_size=1).filter(lambda b: b != b"\x00"))
    good = wire.encode(wire.ROLLING, 77, [9])
    got = wire.Deframer().feed(bytes(spoilt) + b"\x00" + good)
    assert got == [wire.Frame(wire.ROLLING, 77, [9])]
