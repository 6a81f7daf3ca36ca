"""The append-only log of accepted inputs. Sequence numbers start at 1 and only grow."""

from __future__ import annotations

import msgspec

from companion.core.flow import Input


class Entry(msgspec.Struct, frozen=True):
    seq: int
    input: Input


class InputLog(msgspec.Struct):
    entries: list[Entry] = []

    @property
    def last_seq(self) -> int:
        return self.entries[-1].seq if self.entries else 0

    def append(self, inp: Input) -> Entry:
        entry = Entry(seq=self.last_seq + 1, input=inp)
        self.entries.append(entry)
        return entry

    def inputs(self) -> list[Input]:
        return [e.input for e in self.entries]
