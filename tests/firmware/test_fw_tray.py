"""The tray's logic: throws, retransmission, the state dump, pairing and calibration commands."""

from __future__ import annotations

from dicetray import FIRMWARE_VERSION, faces, wire
from dicetray import tray as fw
from dicetray.motion import SETTLE_READINGS

STEP = 20


class Bench:
    """A tray with a clock, two paired dice and a host that decodes whatever the tray sends."""

    def __init__(self, fail_save: bool = False) -> None:
        self.now = 0
        self.saved: list[dict[str, object]] = []
        self.fail_save = fail_save
        config = {"dice": {d: {"kind": k, "normals": faces.default_normals(6)} for d, k in
                           (("D1", "d6"), ("T1", "trap"))}}
        self.tray = fw.Tray("TRAY1", 77, config, self.save, self.now)
        self.host = wire.Deframer()
        self.host_seq = 100
        self.sent: list[wire.Frame] = []

    def save(self, config: dict[str, object]) -> None:
        if self.fail_save:
            raise OSError("flash full")
        self.saved.append(config)

    def frames(self, kind: int | None = None) -> list[wire.Frame]:
        self.sent += self.host.feed(self.tray.take())
        return [f for f in self.sent if kind is None or f.kind == kind]

    def command(self, kind: int, fields: list[object]) -> int:
        self.host_seq += 1
        self.tray.feed(wire.encode(kind, self.host_seq, fields), self.now)
        return self.host_seq

    def step(self, readings: dict[str, tuple[float, float, float]]) -> None:
        self.now += STEP
        for die_id, (x, y, z) in readings.items():
            self.tray.reading(die_id, x, y, z, self.now)
        self.tray.tick(self.now)

    def run(self, ms: int, readings: dict[str, tuple[float, float, float]]) -> None:
        for _ in range(ms // STEP):
            self.step(readings)

    def tumble(self, die_ids: list[str], readings: int = 6) -> None:
        """Thrown: in free fall, then hitting the felt."""
        for i in range(readings):
            self.step({d: ((2.5, 0.3, 0.2) if i % 6 == 5 else (0.05, -0.04, 0.1)) for d in die_ids})

    def knock(self, die_id: str, onto: int) -> None:
        """Hit where it lies, and tipped onto another face: no free fall."""
        for reading in ((1.9, 0.3, 1.1), (0.3, 0.6, 0.8), (0.5, 0.7, 0.4)):
            self.step({die_id: reading})
        self.step({die_id: up(onto)})


def up(face: int) -> tuple[float, float, float]:
    return faces.D6_NORMALS[face - 1]


def test_boot_says_hello() -> None:
    bench = Bench()
    assert [f.fields for f in bench.frames(wire.HELLO)] == [[FIRMWARE_VERSION, "TRAY1", 77]]


def test_dice_lying_still_at_boot_are_not_a_throw() -> None:
    bench = Bench()
    bench.run(2000, {"D1": up(3), "T1": up(5)})
    assert bench.frames(wire.ROLLING) == [] and bench.frames(wire.THROW) == []
    assert [f.fields[2:] for f in bench.frames(wire.DIE)] == [[wire.SETTLED, 3], [wire.SETTLED, 5]]


def test_a_throw_is_reported_once_everything_rested_for_the_quiet_time() -> None:
    bench = Bench()
    bench.run(200, {"D1": up(1), "T1": up(1)})
    bench.tumble(["D1", "T1"])
    assert [f.fields for f in bench.frames(wire.ROLLING)] == [[1]]
    bench.run((SETTLE_READINGS + 1) * STEP, {"D1": up(4), "T1": up(5)})
    assert bench.frames(wire.THROW) == []
    bench.run(fw.QUIET_MS, {"D1": up(4), "T1": up(5)})
    throws = bench.frames(wire.THROW)
    assert [f.fields for f in throws] == [[1, [("D1", "d6", wire.SETTLED, 4), ("T1", "trap", wire.SETTLED, 5)]]]


def test_a_thrown_die_knocked_by_another_is_reported_where_it_came_to_rest() -> None:
    bench = Bench()
    bench.tumble(["D1", "T1"])
    bench.run(120, {"D1": up(2), "T1": up(1)})
    bench.knock("D1", 3)
    bench.run(fw.QUIET_MS + 600, {"D1": up(3), "T1": up(1)})
    assert [f.fields[1] for f in bench.frames(wire.THROW)] == [
        [("D1", "d6", wire.SETTLED, 3), ("T1", "trap", wire.SETTLED, 1)]
    ]


def test_a_die_knocked_without_being_thrown_stays_out_of_the_throw() -> None:
    bench = Bench()
    bench.run(200, {"D1": up(1), "T1": up(1)})
    bench.tumble(["D1"])
    bench.run(60, {"D1": up(2), "T1": up(1)})
    bench.knock("T1", 4)
    bench.run(fw.QUIET_MS + 600, {"D1": up(2), "T1": up(4)})
    throws = bench.frames(wire.THROW)
    assert {f.fields[0] for f in throws} == {1}  # one throw (sent again until acknowledged)
    assert throws[0].fields[1] == [("D1", "d6", wire.SETTLED, 2)]
    assert bench.tray.dice["T1"].motion.face == 4


def test_a_die_picked_up_and_held_is_handling_never_a_throw() -> None:
    # Finding 1 of issue 13: lifted (a little over 1 g, turning), then held still in a palm.
    bench = Bench()
    bench.run(200, {"D1": up(5), "T1": up(1)})
    for reading in ((0.2, 0.3, 1.4), (0.4, 0.5, 1.2), (0.3, 0.2, 0.8)):
        bench.step({"D1": reading, "T1": up(1)})
    bench.run(3000, {"D1": up(5), "T1": up(1)})
    assert bench.frames(wire.ROLLING) == [] and bench.frames(wire.THROW) == []
    assert [f.fields[2:] for f in bench.frames(wire.DIE) if f.fields[0] == "D1"] == [
        [wire.SETTLED, 5], [wire.HANDLING, 0], [wire.SETTLED, 5]
    ]


def test_the_report_is_resent_until_acknowledged_with_the_same_sequence_number() -> None:
    bench = Bench()
    bench.tumble(["D1"])
    bench.run(600, {"D1": up(2), "T1": up(1)})
    first = bench.frames(wire.THROW)
    assert len(first) == 1
    bench.run(fw.RETRY_MS * 2, {"D1": up(2), "T1": up(1)})
    again = bench.frames(wire.THROW)
    assert len(again) == 3 and {f.seq for f in again} == {first[0].seq}
    bench.command(wire.THROW_ACK, [1])
    bench.run(fw.RETRY_MS * 3, {"D1": up(2), "T1": up(1)})
    assert len(bench.frames(wire.THROW)) == 3


def test_resending_stops_after_the_retries_but_the_dump_keeps_the_throw() -> None:
    bench = Bench()
    bench.tumble(["T1"])
    bench.run(600, {"D1": up(1), "T1": up(3)})
    bench.run(fw.RETRY_MS * (fw.RETRIES + 4), {"D1": up(1), "T1": up(3)})
    assert len(bench.frames(wire.THROW)) == 1 + fw.RETRIES
    bench.command(wire.DUMP_REQ, [])
    (dump,) = bench.frames(wire.DUMP)
    boot, last_id, is_open, acked, dice, last_throw = dump.fields
    assert (boot, last_id, is_open, acked) == (77, 1, 0, 0)
    assert sorted(dice) == [("D1", "d6", wire.SETTLED, 1, 0), ("T1", "trap", wire.SETTLED, 3, 0)]
    assert last_throw == [("T1", "trap", wire.SETTLED, 3)]


def test_the_dump_shows_an_open_throw() -> None:
    bench = Bench()
    bench.tumble(["D1"])
    bench.command(wire.DUMP_REQ, [])
    (dump,) = bench.frames(wire.DUMP)
    assert dump.fields[1:4] == [0, 1, 1]


def test_a_die_still_rolling_at_the_timeout_is_reported_as_rolling() -> None:
    bench = Bench()
    for _ in range(fw.THROW_TIMEOUT_MS // (6 * STEP) + 2):
        bench.tumble(["D1"])
    assert [f.fields[0] for f in bench.frames(wire.FAULT)] == [wire.FAULT_THROW_TIMEOUT]
    assert [f.fields[1] for f in bench.frames(wire.THROW)] == [[("D1", "d6", wire.ROLLING_STATE, 0)]]


def test_a_die_that_falls_silent_mid_throw_is_reported_lost() -> None:
    bench = Bench()
    bench.tumble(["D1", "T1"])
    bench.run(fw.LOST_MS + 400, {"T1": up(2)})
    assert [f.fields for f in bench.frames(wire.FAULT)] == [[wire.FAULT_DIE_LOST, "D1"]]
    assert [f.fields[1] for f in bench.frames(wire.THROW)] == [
        [("D1", "d6", wire.UNKNOWN, 0), ("T1", "trap", wire.SETTLED, 2)]
    ]


def test_an_unpaired_die_is_reported_once_and_can_then_be_paired() -> None:
    bench = Bench()
    bench.run(100, {"X9": up(1)})
    assert [f.fields for f in bench.frames(wire.FAULT)] == [[wire.FAULT_UNPAIRED_DIE, "X9"]]
    seq = bench.command(wire.PAIR, ["X9", "treasure", 6])
    assert [f.fields for f in bench.frames(wire.ACK)] == [[seq, wire.OK]]
    assert bench.saved[-1]["dice"]["X9"]["kind"] == "treasure"  # type: ignore[index]
    bench.tumble(["X9"])
    bench.run(600, {"X9": up(6)})
    assert [f.fields[1] for f in bench.frames(wire.THROW)] == [[("X9", "treasure", wire.SETTLED, 6)]]


def test_bad_pairings_are_refused() -> None:
    bench = Bench()
    bad = [bench.command(wire.PAIR, fields) for fields in
           (["TOOLONGID", "d6", 6], ["D5", "kindtoolong", 6], ["D5", "d6", 1], ["", "d6", 6])]
    assert [f.fields for f in bench.frames(wire.ACK)] == [[seq, wire.BAD_REQUEST] for seq in bad]
    assert bench.saved == []


def test_unpair() -> None:
    bench = Bench()
    ok = bench.command(wire.UNPAIR, ["T1"])
    unknown = bench.command(wire.UNPAIR, ["T1"])
    assert [f.fields for f in bench.frames(wire.ACK)] == [[ok, wire.OK], [unknown, wire.UNKNOWN_DIE]]
    assert "T1" not in bench.saved[-1]["dice"]  # type: ignore[operator]


def turned(face: int) -> tuple[float, float, float]:
    """What a die whose accelerometer was mounted a quarter turn round reads with `face` up."""
    x, y, z = up(face)
    return (y, -x, z)


def test_calibration_records_the_current_up_as_that_face() -> None:
    bench = Bench()
    bench.run(200, {"D1": turned(3), "T1": up(1)})
    assert bench.tray.dice["D1"].motion.face == 5
    for face in range(1, 7):
        bench.tumble(["D1"])
        bench.run(200, {"D1": turned(face), "T1": up(1)})
        seq = bench.command(wire.CALIBRATE, ["D1", face])
        assert bench.frames(wire.ACK)[-1].fields == [seq, wire.OK]
    assert bench.saved[-1]["dice"]["D1"]["normals"][2] == [0.0, -1.0, 0.0]  # type: ignore[index]
    bench.tumble(["D1"])
    bench.run(600, {"D1": turned(3), "T1": up(1)})
    assert bench.frames(wire.THROW)[-1].fields[1] == [("D1", "d6", wire.SETTLED, 3)]


def test_calibration_refuses_unknown_dice_bad_faces_and_moving_dice() -> None:
    bench = Bench()
    unknown = bench.command(wire.CALIBRATE, ["ZZ", 1])
    unheard = bench.command(wire.CALIBRATE, ["D1", 1])
    bench.run(200, {"D1": up(1)})
    bad_face = bench.command(wire.CALIBRATE, ["D1", 7])
    bench.tumble(["D1"])
    moving = bench.command(wire.CALIBRATE, ["D1", 1])
    assert [f.fields[1] for f in bench.frames(wire.ACK)] == [
        wire.UNKNOWN_DIE, wire.BAD_REQUEST, wire.BAD_REQUEST, wire.BAD_REQUEST
    ]
    assert [f.fields[0] for f in bench.frames(wire.ACK)] == [unknown, unheard, bad_face, moving]


def test_a_storage_failure_is_answered_and_reported() -> None:
    bench = Bench(fail_save=True)
    seq = bench.command(wire.PAIR, ["D5", "d6", 6])
    assert [f.fields for f in bench.frames(wire.ACK)] == [[seq, wire.STORAGE_ERROR]]
    assert [f.fields[0] for f in bench.frames(wire.FAULT)] == [wire.FAULT_STORAGE]


def test_heartbeat_every_second_and_hello_on_request() -> None:
    bench = Bench()
    bench.run(3000, {})
    assert [f.fields for f in bench.frames(wire.HEARTBEAT)] == [[77, 1, 0, 0], [77, 2, 0, 0], [77, 3, 0, 0]]
    bench.command(wire.HELLO_REQ, [])
    assert len(bench.frames(wire.HELLO)) == 2


def test_a_message_meant_for_the_host_is_refused_as_a_command() -> None:
    bench = Bench()
    seq = bench.command(wire.ROLLING, [1])
    assert [f.fields for f in bench.frames(wire.ACK)] == [[seq, wire.BAD_REQUEST]]


def test_sequence_numbers_increase_and_wrap() -> None:
    bench = Bench()
    bench.tray.seq = 0xFFFE
    bench.run(3000, {})
    seqs = [f.seq for f in bench.frames()]
    assert seqs == [0, 0xFFFE, 0xFFFF, 0]
