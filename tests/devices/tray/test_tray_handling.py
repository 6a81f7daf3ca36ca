"""A die picked up while the table waits for a throw, through the whole stack (the physical model, the
firmware on the simulated tray, the pty, the driver): no throw, and the die where it was put down. A die
whose sensor fails is named to the table."""

from __future__ import annotations

from tray_rig import Rig

from companion.core.events import DeviceState, DeviceStatus, DiceRolling, DiceThrown, SettledDie
from companion.devices.tray import driver as drv
from companion.devices.tray.dicetray import wire


def test_a_die_picked_up_and_put_down_is_not_a_throw(rig: Rig) -> None:
    rig.sim.handle({"D1": 4, "T1": 2})
    rig.quiet(1.0)
    assert not [e for e in rig.seen if isinstance(e, DiceRolling | DiceThrown)]
    assert (rig.driver.dice["D1"].state, rig.driver.dice["D1"].face) == (wire.SETTLED, 4)
    rig.sim.throw({"D2": "5"})
    (thrown,) = rig.wait_for(DiceThrown)
    assert isinstance(thrown, DiceThrown) and thrown.dice == [SettledDie("D2", "d6", "5")]


def test_a_die_whose_sensor_fails_is_named_to_the_table(rig: Rig) -> None:
    # What the die's radio report says when its accelerometer stopped answering (beacon.NO_READING).
    with rig.sim._lock:
        rig.sim.tray.reading("D2", None, None, None, rig.sim.now_ms, 100, 4100)
    rig.wait_for(DeviceStatus)
    assert rig.statuses()[-1] == DeviceStatus("tray", DeviceState.FAULT, drv.FAULTS[wire.FAULT_DIE_SENSOR])
