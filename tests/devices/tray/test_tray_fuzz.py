"""Fuzz the driver with well-formed frames carrying any field values, mixed with garbage: it never
raises, and every throw it reports names only faces the die's kind has."""

from __future__ import annotations

import os
import queue

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.dice import DieKind
from companion.core.events import DiceThrown, DomainEvent
from companion.devices.tray.dicetray import wire
from companion.devices.tray.driver import TrayDriver
from companion.devices.tray.kinds import load_kinds

KINDS = load_kinds()
FUZZ = int(os.environ.get("FUZZ_EXAMPLES", "200"))
TRAY_TYPES = [wire.HELLO, wire.HEARTBEAT, wire.DIE, wire.THROW, wire.ROLLING, wire.BATTERY, wire.FAULT,
              wire.DUMP, wire.ACK]

kind_ids = st.sampled_from([*KINDS, "nosuch", ""])
die_ids = st.sampled_from(["D1", "D2", "T1", "", "X" * 8])
small = st.integers(0, 8)
u8 = st.integers(0, 255)
u16 = st.integers(0, 0xFFFF)
text = st.text(alphabet="abc XYZ09", max_size=wire.MAX_STR)
entry = st.tuples(die_ids, kind_ids, small, small)
FIELDS = {
    wire.HELLO: st.tuples(text, text, u16),
    wire.HEARTBEAT: st.tuples(u16, st.integers(0, 2**32 - 1), u16, st.integers(0, 1)),
    wire.DIE: entry,
    wire.THROW: st.tuples(u16, st.lists(entry, max_size=6)),
    wire.ROLLING: st.tuples(u16),
    wire.BATTERY: st.tuples(die_ids, u8, u16),
    wire.FAULT: st.tuples(u8, text),
    wire.DUMP: st.tuples(u16, u16, st.integers(0, 1), st.integers(0, 1),
                         st.lists(st.tuples(die_ids, kind_ids, small, small, u8), max_size=5),
                         st.lists(entry, max_size=5)),
    wire.ACK: st.tuples(u16, u8),
}
frames = st.sampled_from(TRAY_TYPES).flatmap(
    lambda kind: st.tuples(u16, FIELDS[kind]).map(lambda sf: wire.encode(kind, sf[0], list(sf[1])))
)
stream = st.lists(st.one_of(frames, st.binary(max_size=40)), max_size=25)


def valid(thrown: DiceThrown, kinds: dict[str, DieKind]) -> bool:
    for die in thrown.dice:
        if die.face is not None and (die.kind not in kinds or kinds[die.kind].face(die.face) is None):
            return False
        if die.cocked and die.face is not None:
            return False
    return True


@settings(max_examples=FUZZ, deadline=None)
@given(stream, st.integers(1, 64))
def test_fuzz_the_driver_never_raises_and_never_invents_a_face(chunks: list[bytes], split: int) -> None:
    events: queue.Queue[DomainEvent] = queue.Queue()
    driver = TrayDriver("/nonexistent", 115200, events, KINDS)
    data = b"".join(chunks)
    for i in range(0, len(data), split):
        driver.feed(data[i : i + split])
    seen_ids: list[int] = []
    while not events.empty():
        event = events.get()
        if isinstance(event, DiceThrown):
            assert valid(event, KINDS)
            seen_ids.append(event.throw_id)
    assert len(seen_ids) == len(set(seen_ids))
