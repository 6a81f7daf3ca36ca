"""Every fault of the issue, through a real pseudo-terminal and pyserial: nothing is lost, nothing
wrong is applied, and the driver keeps running."""

from __future__ import annotations

import time

import pytest
from tray_rig import TIME_SCALE, Rig

from companion.core.events import DeviceState, DeviceStatus, DiceRolling, DiceThrown, SettledDie
from companion.devices.tray import driver as drv
from companion.devices.tray.dicetray import tray as fw
from companion.devices.tray.dicetray import wire
from companion.devices.tray.driver import TrayDriver


def by_die(throw: DiceThrown) -> dict[str, SettledDie]:
    return {d.die_id: d for d in throw.dice}


def throw_and_wait(rig: Rig, faces: dict[str, str | int], **kwargs: object) -> DiceThrown:
    rig.sim.throw(faces, **kwargs)  # type: ignore[arg-type]
    (thrown,) = rig.wait_for(DiceThrown)
    assert isinstance(thrown, DiceThrown)
    return thrown


def still_works(rig: Rig) -> None:
    thrown = throw_and_wait(rig, {"D3": "4"})
    assert by_die(thrown) == {"D3": SettledDie("D3", "d6", "4")}
    assert rig.driver._thread is not None and rig.driver._thread.is_alive()


def test_a_clean_throw(rig: Rig) -> None:
    thrown = throw_and_wait(rig, {"D1": "6", "T1": "teleport", "G1": "equipment"})
    assert any(isinstance(e, DiceRolling) for e in rig.seen)
    assert by_die(thrown) == {
        "D1": SettledDie("D1", "d6", "6"),
        "T1": SettledDie("T1", "trap", "teleport"),
        "G1": SettledDie("G1", "treasure", "equipment"),
    }
    assert thrown.source == "tray-sim"
    assert thrown.throw_id & 0xFFFF == 1
    assert not [e for e in rig.quiet(0.5) if isinstance(e, DiceThrown)]
    assert rig.driver.stats.rejected == {}


def test_throws_get_increasing_ids(rig: Rig) -> None:
    ids = [throw_and_wait(rig, {"D1": n}).throw_id for n in (1, 2, 3)]
    assert [i & 0xFFFF for i in ids] == [1, 2, 3]
    assert len({i >> 16 for i in ids}) == 1


def test_noise_between_frames(rig: Rig) -> None:
    rig.sim.noise(True)
    for face in ("spikes", "poison", "rocks"):
        assert by_die(throw_and_wait(rig, {"T1": face}))["T1"].face == face
    assert sum(rig.driver.stats.rejected.values()) > 0
    assert len(rig.throws()) == 3
    rig.sim.noise(False)
    still_works(rig)


@pytest.mark.parametrize("fault", ["flip", "truncate", "drop"])
def test_a_spoilt_throw_report_is_refused_then_received_again(rig: Rig, fault: str) -> None:
    rig.sim.inject(fault, wire.THROW)
    thrown = throw_and_wait(rig, {"D1": 5, "G1": "potion"})
    assert by_die(thrown) == {"D1": SettledDie("D1", "d6", "5"), "G1": SettledDie("G1", "treasure", "potion")}
    if fault != "drop":
        assert sum(rig.driver.stats.rejected.values()) >= 1
    assert not [e for e in rig.quiet(0.4) if isinstance(e, DiceThrown)]
    still_works(rig)


def test_many_spoilt_frames_of_every_kind(rig: Rig) -> None:
    rig.sim.inject("flip", kind=None, count=15)
    rig.sim.inject("truncate", kind=None, count=5)
    thrown = throw_and_wait(rig, {"D2": 2, "T1": "spikes"})
    assert by_die(thrown) == {"D2": SettledDie("D2", "d6", "2"), "T1": SettledDie("T1", "trap", "spikes")}
    assert sum(rig.driver.stats.rejected.values()) >= 10
    still_works(rig)


def test_a_duplicated_throw_report_is_applied_once(rig: Rig) -> None:
    rig.sim.inject("duplicate", wire.THROW)
    throw_and_wait(rig, {"D1": 1})
    rig.quiet(0.4)
    assert len(rig.throws()) == 1
    assert rig.driver.stats.duplicate_frames >= 1


def test_a_duplicated_frame_is_dropped_by_its_sequence_number(rig: Rig) -> None:
    rig.sim.inject("duplicate", wire.ROLLING)
    throw_and_wait(rig, {"D1": 1})
    assert len([e for e in rig.seen if isinstance(e, DiceRolling)]) == 1
    assert rig.driver.stats.duplicate_frames == 1


def test_a_throw_whose_every_report_was_lost_is_recovered_from_the_dump(rig: Rig) -> None:
    rig.sim.inject("drop", wire.THROW, count=fw.RETRIES + 1)
    # No THROW frame ever arrives: the heartbeat names a throw the host never saw, so it asks for the dump.
    thrown = throw_and_wait(rig, {"G1": "gold"})
    assert by_die(thrown) == {"G1": SettledDie("G1", "treasure", "gold")}
    assert rig.driver.stats.duplicate_throws == 0
    still_works(rig)


def test_a_cocked_die_asks_for_a_reroll(rig: Rig) -> None:
    thrown = throw_and_wait(rig, {"D1": "2"}, cocked={"D2"})
    assert by_die(thrown) == {"D1": SettledDie("D1", "d6", "2"), "D2": SettledDie("D2", "d6", None, cocked=True)}


def test_a_slow_die_is_waited_for(rig: Rig) -> None:
    start = time.monotonic()
    thrown = throw_and_wait(rig, {"D1": "1", "D2": "5"}, slow={"D2": 2500})
    assert time.monotonic() - start >= 2.5 / TIME_SCALE
    assert by_die(thrown) == {"D1": SettledDie("D1", "d6", "1"), "D2": SettledDie("D2", "d6", "5")}
    rig.quiet(0.3)
    assert len(rig.throws()) == 1


@pytest.mark.parametrize("away_s", [0.4, 1.6], ids=["back-while-resending", "back-after-resending"])
def test_unplugged_mid_throw_and_plugged_back(rig: Rig, away_s: float) -> None:
    rig.sim.throw({"D1": "3", "T1": "poison"})
    rig.wait_for(DiceRolling)
    rig.sim.unplug()
    (status,) = rig.wait_for(DeviceStatus)
    assert status == DeviceStatus("tray", DeviceState.DISCONNECTED, drv.UNPLUGGED)
    time.sleep(away_s)
    rig.sim.replug()
    (thrown,) = rig.wait_for(DiceThrown)
    assert isinstance(thrown, DiceThrown)
    assert by_die(thrown) == {"D1": SettledDie("D1", "d6", "3"), "T1": SettledDie("T1", "trap", "poison")}
    rig.quiet(0.5)
    assert len(rig.throws()) == 1
    assert rig.driver.stats.connects == 2
    still_works(rig)


def test_a_tray_that_lost_power_mid_throw_says_it_restarted(rig: Rig) -> None:
    rig.sim.throw({"D1": "6"})
    rig.wait_for(DiceRolling)
    rig.sim.unplug(power_loss=True)
    time.sleep(0.4)  # the die lands while the tray is off: that throw is gone
    rig.sim.replug()
    rig.wait_for(DeviceStatus, count=2)
    assert DeviceStatus("tray", DeviceState.SIMULATED, drv.RESTARTED) in rig.statuses()
    assert not rig.throws()
    # The dump still says what lies on the tray now.
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and "D1" not in rig.driver.dice:
        time.sleep(0.02)
    view = rig.driver.dice["D1"]
    while time.monotonic() < deadline and view.state != wire.SETTLED:
        time.sleep(0.02)
        view = rig.driver.dice["D1"]
    assert (view.state, view.face) == (wire.SETTLED, 6)
    still_works(rig)


def test_a_face_the_data_does_not_know_is_not_guessed(rig: Rig) -> None:
    rig.driver.kinds = {k: v for k, v in rig.driver.kinds.items() if k != "trap"}
    thrown = throw_and_wait(rig, {"T1": "rocks", "D1": 2})
    assert by_die(thrown) == {"T1": SettledDie("T1", "trap", None), "D1": SettledDie("D1", "d6", "2")}
    assert DeviceStatus("tray", DeviceState.FAULT, drv.UNKNOWN_FACE) in rig.statuses()


def test_commands_are_answered(rig: Rig) -> None:
    pair = rig.driver.pair("X1", "d6", 6)
    unknown = rig.driver.calibrate("ZZ", 1)
    calibrate = rig.driver.calibrate("D1", 1)
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and len(rig.driver.acks) < 3:
        time.sleep(0.02)
    assert rig.driver.acks == {pair: wire.OK, unknown: wire.UNKNOWN_DIE, calibrate: wire.OK}


def test_a_new_session_does_not_reapply_a_throw_already_taken(rig: Rig) -> None:
    throw_and_wait(rig, {"D1": 2})
    rig.driver.stop()
    again = TrayDriver(rig.sim.port, 115200, rig.events, rig.driver.kinds, backoff=(0.02, 0.2))
    again.start()
    try:
        rig.wait_for(DeviceStatus)
        assert not [e for e in rig.quiet(1.5) if isinstance(e, DiceThrown)]
        # Heartbeats name that throw; once the dump said it was taken, nobody asks again.
        assert again.stats.dump_requests == 1
        assert len(rig.throws()) == 1
    finally:
        again.stop()


@pytest.mark.parametrize("kind", [wire.THROW, wire.DUMP])
def test_a_frame_naming_one_die_twice_is_refused(rig: Rig, kind: int) -> None:
    """Issue 24 finding 10: a CRC-valid THROW naming D1 seven times was taken as seven dice, a DUMP's
    last throw naming D1 twice as two."""
    entries = [("D1", "d6", wire.SETTLED, 6)] * (7 if kind == wire.THROW else 2)
    fields: list[object] = [900, entries] if kind == wire.THROW else \
        [rig.sim.tray.boot_id, 900, 0, 0, [], entries]
    rig.sim.forge(kind, fields)
    assert not [e for e in rig.quiet(0.5) if isinstance(e, DiceThrown)]
    assert rig.driver.stats.rejected == {"duplicate": 1}
    still_works(rig)
