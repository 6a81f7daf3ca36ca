"""The reader thread, reading emulated NTAGs through nfcpy's own UDP driver: one tap one event, every
bad tag, the reader failing and coming back, and the factory."""

from __future__ import annotations

import os
import queue
import socket
import subprocess
import sys
import time
import zlib

import ndef
import nfc
from hypothesis import given, settings
from hypothesis import strategies as st
from nfc_helpers import Events, lift_and_wait, next_event, next_tag

from companion.config import NfcSettings
from companion.core.events import DeviceState, DeviceStatus
from companion.devices.nfc.emulated import EmulatedClassic, EmulatedField, EmulatedTag
from companion.devices.nfc.format import MEDIA_TYPE
from companion.devices.nfc.reader import NfcReader, open_reader, read_tag, wait_for_tag
from companion.devices.nfc.tokens import covenant_tokens

FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "300"))
TRAP = covenant_tokens()[6]
KNIGHT = covenant_tokens()[21]


def test_a_tap_gives_one_event_with_the_token_however_long_the_tag_lies(
    field: EmulatedField, events: Events, reader: NfcReader
) -> None:
    tag = field.present_token(TRAP)
    seen = next_tag(events)
    assert seen.uid == tag.uid_hex
    assert seen.token == {
        "game": "covenant",
        "kind": "room-marker",
        "serial": 7,
        "zone": 1,
        "room": "trap",
        "marker": "z1-trap-1",
    }
    assert seen.problem is None
    time.sleep(1.0)  # the tag lies on the reader for many presence checks
    assert events.empty()


def test_one_missed_presence_check_is_not_a_lift(field: EmulatedField, events: Events, reader: NfcReader) -> None:
    tag = field.present_token(TRAP)
    next_tag(events)
    tag.missed_reads = 3  # nfcpy's presence check tries a read three times: this one fails
    time.sleep(1.0)
    assert tag.missed_reads == 0
    assert events.empty()


def test_lifting_and_tapping_again_is_a_new_scan(field: EmulatedField, events: Events, reader: NfcReader) -> None:
    tag = field.present_token(KNIGHT)
    first = next_tag(events)
    lift_and_wait(field)
    field.present(tag)
    second = next_tag(events)
    assert first == second
    assert second.token == {"game": "covenant", "kind": "hero-card", "serial": 1, "hero": "knight"}


def test_another_tag_put_in_place_of_the_held_one_is_a_new_scan(
    field: EmulatedField, events: Events, reader: NfcReader
) -> None:
    field.present_token(TRAP)
    next_tag(events)
    knight = field.present_token(KNIGHT)  # swapped without the field ever being empty
    assert next_tag(events).uid == knight.uid_hex


def test_taps_from_the_screen_lift_by_themselves(field: EmulatedField, events: Events, reader: NfcReader) -> None:
    first = field.tap_token(KNIGHT, hold=0.2)
    assert next_tag(events).uid == first.uid_hex
    assert field.wait_polled(timeout=5.0)
    second = field.tap_token(KNIGHT, hold=0.2)
    assert next_tag(events).uid == second.uid_hex
    assert field.wait_polled(timeout=5.0) and field.tag is None


def test_every_bad_tag_gets_its_problem_and_no_token(field: EmulatedField, events: Events, reader: NfcReader) -> None:
    wrong_version = b"v=2;game=covenant;kind=hero-card;serial=1;hero=knight;crc=00000000"
    unknown_hero = b"v=1;game=covenant;kind=hero-card;serial=5;hero=bard"
    unknown_hero += b";crc=%08x" % zlib.crc32(unknown_hero)
    cases = {
        "blank": EmulatedTag.blank(),
        "foreign": EmulatedTag.with_ndef(b"".join(ndef.message_encoder([ndef.UriRecord("https://example.org")]))),
        "corrupt": EmulatedTag.half_written(TRAP),
        "unknown-version": EmulatedTag.with_ndef(_ours(wrong_version)),
        "unknown-token": EmulatedTag.with_ndef(_ours(unknown_hero)),
        "unsupported-tag": EmulatedClassic(),
    }
    for problem, tag in cases.items():
        field.present(tag)
        seen = next_tag(events)
        assert (seen.uid, seen.token, seen.problem) == (tag.uid_hex, None, problem)
        lift_and_wait(field)


def test_a_tag_lifted_in_the_middle_of_the_read_is_unreadable_not_blank(
    field: EmulatedField, events: Events, reader: NfcReader
) -> None:
    tag = EmulatedTag.with_token(TRAP)
    tag.reads_left = 2  # the capability container and the first pages, then it is gone
    field.present(tag)
    seen = next_tag(events)
    assert (seen.uid, seen.token, seen.problem) == (tag.uid_hex, None, "unreadable")


def test_undecodable_ndef_bytes_are_corrupt(field: EmulatedField, events: Events, reader: NfcReader) -> None:
    field.present(EmulatedTag.with_ndef(b"\xd1\x01\x40T"))  # a record claiming 64 payload bytes it lacks
    assert next_tag(events).problem == "corrupt"


def test_the_reader_failing_is_reported_and_survived(field: EmulatedField, events: Events, reader: NfcReader) -> None:
    field.unplug()
    lost = next_event(events)
    assert isinstance(lost, DeviceStatus) and lost.state == DeviceState.DISCONNECTED
    time.sleep(0.5)  # several reconnections fail meanwhile: reported once
    field.plug_in()
    back = next_event(events)
    assert isinstance(back, DeviceStatus) and back.state == DeviceState.SIMULATED
    tag = field.present_token(TRAP)
    assert next_tag(events).uid == tag.uid_hex


def test_a_reader_that_is_not_there_is_retried_until_stopped(events: Events) -> None:
    absent = NfcReader("tty:NOSUCHPORT:pn532", events, backoff=(0.01, 0.05)).start()
    status = next_event(events)
    assert isinstance(status, DeviceStatus) and status.state == DeviceState.DISCONNECTED
    time.sleep(0.3)
    assert events.empty()
    absent.stop(timeout=2.0)
    assert not absent.running


def test_open_reader_falls_back_to_an_emulated_field_the_screen_can_tap() -> None:
    events: Events = queue.Queue()
    reader = open_reader(NfcSettings(backend="auto", device="tty:NOSUCHPORT:pn532"), events)
    try:
        assert reader.emulated is not None
        assert next_event(events) == DeviceStatus("nfc", DeviceState.SIMULATED, reader.emulated.device)
        reader.emulated.present_token(KNIGHT)
        assert next_tag(events).token == KNIGHT
    finally:
        reader.stop()


def test_fuzz_no_tag_memory_makes_reading_raise() -> None:
    """Random capability containers and TLVs, read by nfcpy: always an event, never an exception (which
    the reader would take for a failing reader)."""
    with EmulatedField() as field:
        clf = nfc.ContactlessFrontend(field.device)

        @settings(max_examples=max(40, FUZZ_EXAMPLES // 10), deadline=None)
        @given(st.binary(min_size=4, max_size=150))
        def read_any(memory: bytes) -> None:
            tag = EmulatedTag.blank()
            tag.memory[12 : 12 + len(memory)] = memory
            field.present(tag)
            target = wait_for_tag(clf, 0.01, lambda: False)
            seen, _ = read_tag(clf, target)
            assert seen.uid == tag.uid_hex and (seen.token is None) != (seen.problem is None)
            field.lift()

        try:
            read_any()
        finally:
            clf.close()


def _ours(payload: bytes) -> bytes:
    return b"".join(ndef.message_encoder([ndef.Record(MEDIA_TYPE, "", payload)]))


def _poll(field: EmulatedField) -> socket.socket:
    """A reader's REQA sent to the empty field from a bare socket, which then waits for an answer."""
    reader = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    reader.bind(("127.0.0.1", 0))
    reader.settimeout(0.3)
    reader.sendto(b"106A 26", (field.host, field.port))
    return reader


def test_a_tag_presented_while_the_reader_waits_answers_its_poll(field: EmulatedField) -> None:
    with _poll(field) as reader:
        time.sleep(0.1)
        field.present_token(TRAP)
        assert reader.recvfrom(64)[0] == b"106A 4400"


# A reader in a process of its own: it sends the frames given before the last one, each answered, says
# "ready", then sends the last frame and prints how long after it each answer came.
_LATE_READER = """
import socket, sys, time
reader = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
reader.bind(("127.0.0.1", 0))
field = ("127.0.0.1", int(sys.argv[1]))
reader.settimeout(1.0)
for frame in sys.argv[2:-1]:
    reader.sendto(b"106A " + frame.encode(), field)
    reader.recvfrom(64)
print("ready", flush=True)
time.sleep(0.5)
sent = time.time()
reader.sendto(b"106A " + sys.argv[-1].encode(), field)
reader.settimeout(0.2)
while time.time() - sent < 2.5:
    try:
        reader.recvfrom(64)
    except TimeoutError:
        continue
    print(round(time.time() - sent, 3), flush=True)
"""


def _late_answers(field: EmulatedField, frames: list[str], present: EmulatedTag | None) -> list[float]:
    """The delays of the answers to the reader's last frame, which arrives while this process's thread holds
    the interpreter, as a busy app's does, so that the field's thread reads it late; `present` is laid in
    the field once the interpreter is free again."""
    reader = subprocess.Popen([sys.executable, "-c", _LATE_READER, str(field.port), *frames],
                              stdout=subprocess.PIPE, text=True)
    assert reader.stdout is not None and reader.stdout.readline() == "ready\n"
    switching = sys.getswitchinterval()
    sys.setswitchinterval(5.0)
    try:
        busy = time.time()
        while time.time() - busy < 1.5:
            pass
    finally:
        sys.setswitchinterval(switching)
    time.sleep(0.1)
    if present is not None:
        field.present(present)
    return [float(line) for line in reader.communicate(timeout=10)[0].split()]


def test_a_poll_read_late_by_a_busy_app_is_not_answered_after_the_reader_gave_up(field: EmulatedField) -> None:
    """A tag presented after the reader stopped waiting for the answer to its poll (nfcpy waits 1.0 s) must
    not answer it: the answer would be taken for the answer to the reader's next command, and a good sticker
    read as damaged (issue 21, finding 7). The old field counted the wait from when its thread read the poll."""
    assert [delay for delay in _late_answers(field, ["26"], EmulatedTag.with_token(TRAP)) if delay > 1.0] == []


def test_a_read_answered_late_by_a_busy_app_is_not_answered_at_all(field: EmulatedField) -> None:
    """nfcpy waits 5 ms for a page; an answer after that shifts every later page by one (the tag read as
    damaged or half written, issue 21 finding 7). A real tag answers in microseconds: a late emulator is
    silent, and nfcpy asks again."""
    uid = bytes.fromhex("04A1B2C3D4E5F6")
    field.present_token(TRAP, uid=uid)
    cl1 = bytes([0x88, *uid[:3], 0x88 ^ uid[0] ^ uid[1] ^ uid[2]]).hex()
    cl2 = bytes([*uid[3:], uid[3] ^ uid[4] ^ uid[5] ^ uid[6]]).hex()
    selection = ["26", "9320", "9370" + cl1, "9520", "9570" + cl2]
    assert [delay for delay in _late_answers(field, [*selection, "3004"], None) if delay > 0.005] == []
