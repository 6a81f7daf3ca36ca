"""The tag format: every token round-trips and fits an NTAG213, every kind of bad payload gets its
problem code, the parser never raises (fuzzed), and every problem has its Arabic."""

from __future__ import annotations

import os
import zlib

import ndef
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.messages import translate
from companion.devices.nfc.format import (
    MEDIA_TYPE,
    NTAG213_NDEF_BYTES,
    PROBLEMS,
    encode_message,
    encode_payload,
    parse_message,
    parse_payload,
    problem_message,
)
from companion.devices.nfc.tokens import covenant_tokens, token_id

FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "300"))
TOKENS = covenant_tokens()
MESSAGES = [encode_message(t) for t in TOKENS]


def signed(body: bytes) -> bytes:
    return body + b";crc=%08x" % zlib.crc32(body)


def test_the_set_is_21_markers_and_4_heroes_with_distinct_ids() -> None:
    kinds = [t["kind"] for t in TOKENS]
    assert kinds.count("room-marker") == 21 and kinds.count("hero-card") == 4
    assert len({token_id(t) for t in TOKENS}) == 25
    assert {t["hero"] for t in TOKENS if t["kind"] == "hero-card"} == {"knight", "sorceress", "rogue", "ranger"}


@pytest.mark.parametrize("token", TOKENS, ids=token_id)
def test_every_token_round_trips_and_fits_an_ntag213(token: dict[str, str | int]) -> None:
    message = encode_message(token)
    assert len(message) <= NTAG213_NDEF_BYTES
    assert parse_message(message).token == token


def test_the_payload_is_the_documented_line() -> None:
    trap = next(t for t in TOKENS if t.get("marker") == "z1-trap-1")
    assert (
        encode_payload(trap)
        == b"v=1;game=covenant;kind=room-marker;serial=7;zone=1;room=trap;marker=z1-trap-1;crc=c45a45e3"
    )


def test_a_token_outside_every_set_cannot_be_encoded() -> None:
    with pytest.raises(ValueError):
        encode_message({"game": "covenant", "kind": "hero-card", "serial": 9, "hero": "bard"})


@pytest.mark.parametrize(
    ("octets", "problem"),
    [
        (b"", "blank"),
        (b"\xd0\x00\x00", "blank"),  # one empty record, as some phone apps "erase" a tag
        (b"".join(ndef.message_encoder([ndef.TextRecord("hello")])), "foreign"),
        (b"".join(ndef.message_encoder([ndef.Record("application/json", "", b"{}")])), "foreign"),
        (b"\xd2\x1d", "corrupt"),
        (MESSAGES[0][:-10], "corrupt"),
    ],
)
def test_messages_that_are_not_a_token(octets: bytes, problem: str) -> None:
    assert parse_message(octets).problem == problem
    assert parse_message(octets).token is None


@pytest.mark.parametrize(
    ("payload", "problem"),
    [
        (signed(b"v=2;game=covenant;kind=hero-card;serial=1;hero=knight"), "unknown-version"),
        (b"v=9;anything at all", "unknown-version"),
        (b"game=covenant;kind=hero-card;serial=1;hero=knight", "corrupt"),
        (b"v=1;game=covenant;kind=hero-card;serial=1;hero=knight;crc=00000000", "corrupt"),
        (b"v=1;game=covenant;kind=hero-card;serial=1;hero=knight", "corrupt"),
        (signed(b"v=1;game=covenant;kind=hero-card;serial=1;hero=knight;hero=rogue"), "corrupt"),
        (signed(b"v=1;game=covenant;kind=hero-card;hero=knight"), "corrupt"),
        (signed(b"v=1;game=covenant;kind=hero-card;serial=one;hero=knight"), "corrupt"),
        (signed(b"v=1;game=covenant;kind=hero-card;serial=1;hero=Knight"), "corrupt"),
        (signed(b"v=1;game=covenant;kind=hero-card;serial=1;hero=bard"), "unknown-token"),
        (signed(b"v=1;game=covenant;kind=hero-card;serial=2;hero=knight"), "unknown-token"),
        (signed(b"v=1;game=covenant;kind=hero-card;serial=1;hero=knight;extra=1"), "unknown-token"),
        (signed(b"v=1;game=descent;kind=hero-card;serial=1;hero=knight"), "unknown-token"),
        # Issue 24 finding 13: only the canonical form; any version beyond ours is unknown, however long.
        (signed(b"v=01;game=covenant;kind=hero-card;serial=1;hero=knight"), "corrupt"),
        (signed(b"v=1;game=covenant;kind=hero-card;serial=01;hero=knight"), "corrupt"),
        (signed(b"v=1;game=covenant;kind=room-marker;serial=7;zone=01;room=trap;marker=z1-trap-1"), "corrupt"),
        (signed(b"v=1;game=covenant;kind=room-marker;serial=7;room=trap;zone=1;marker=z1-trap-1"), "corrupt"),
        (signed(b"v=1;kind=hero-card;game=covenant;serial=1;hero=knight"), "corrupt"),
        (signed(b"v=1000;game=covenant;kind=hero-card;serial=1;hero=knight"), "unknown-version"),
        (b"v=" + b"9" * 5000 + b";anything", "unknown-version"),
    ],
)
def test_payloads_that_are_not_a_token(payload: bytes, problem: str) -> None:
    assert parse_payload(payload).problem == problem
    assert parse_message(b"".join(ndef.message_encoder([ndef.Record(MEDIA_TYPE, "", payload)]))).problem == problem


def test_every_problem_has_an_arabic_message() -> None:
    for code, english in PROBLEMS.items():
        msg = problem_message(code)
        assert msg.text("en") == english
        assert any("\u0600" <= ch <= "\u06ff" for ch in msg.text("ar")), code
    assert translate(problem_message("no-such-code").id, "ar") != problem_message("no-such-code").id


@settings(max_examples=FUZZ_EXAMPLES, deadline=None)
@given(st.binary(max_size=300))
def test_fuzz_the_parser_never_raises_on_any_bytes(octets: bytes) -> None:
    reading = parse_message(octets)
    assert (reading.token is None) != (reading.problem is None)


@settings(max_examples=FUZZ_EXAMPLES, deadline=None)
@given(
    st.sampled_from(MESSAGES),
    st.lists(st.tuples(st.integers(0, 140), st.integers(0, 255)), max_size=4),
    st.integers(0, 140),
)
def test_fuzz_a_damaged_message_is_never_read_as_another_token(
    message: bytes, damage: list[tuple[int, int]], keep: int
) -> None:
    damaged = bytearray(message[:keep])
    for index, value in damage:
        if index < len(damaged):
            damaged[index] = value
    reading = parse_message(bytes(damaged))
    assert reading.token is None or bytes(damaged) == message or reading.token == parse_message(message).token
