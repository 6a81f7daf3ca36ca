"""A die picked up while the table waits for a throw, through the whole stack (the physical model, the
firmware on the simulated tray, the pty, the driver): no throw, and the die where it was put down."""

from __future__ import annotations

from tray_rig import Rig

from companion.core.events import DiceRolling, DiceThrown, SettledDie
from companion.devices.tray.dicetray import wire


def test_a_die_picked_up_and_put_down_is_not_a_throw(rig: Rig) -> None:
    rig.sim.handle({"D1": 4, "T1": 2})
    rig.quiet(1.0)
    assert not [e for e in rig.seen if isinstance(e, DiceRolling | DiceThrown)]
    assert (rig.driver.dice["D1"].state, rig.driver.dice["D1"].face) == (wire.SETTLED, 4)
    rig.sim.throw({"D2": "5"})
    (thrown,) = rig.wait_for(DiceThrown)
    assert isinstance(thrown, DiceThrown) and thrown.dice == [SettledDie("D2", "d6", "5")]
