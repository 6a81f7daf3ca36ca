"""The dice tray: its wire protocol and firmware logic (`dicetray`, shared with the board), the host
driver, the simulated tray, and `open_tray`, the one call the app makes.

    handle = open_tray(settings.tray, events)   # events: the table's queue.Queue
    handle.start()
    ...                                         # DiceRolling / DiceThrown / DeviceStatus arrive on it
    handle.stop()

`DiceThrown.dice` holds one `SettledDie(die_id, kind, face, cocked)` per die of the throw: `kind` is a die
kind id from `data/*/dice.yaml`, `face` a face id of that kind, or None when the die is cocked (throw
it again) or its face could not be read (enter it by hand). `DiceThrown.throw_id` is unique per tray
boot and throw (boot id << 16 | throw number); the driver already dropped repeats. `source` is "tray",
or "tray-sim" for the simulator. `DeviceStatus.detail` is a message id translated in `tray.po`.

When the simulator is chosen, `handle.simulator` is the `SimulatedTray` (see `sim.py` for its API:
`dice()`, `throw()`, `roll()`, `handle()`, `inject()`, `noise()`, `unplug()`, `replug()`), which a screen or the
keyboard can drive; otherwise it is None. `handle.driver` sends pairing and calibration commands
(`pair`, `calibrate`, answers in `acks`), and shows what the tray last said: `hello` (firmware version,
tray id, boot id), `dice` (each die's state, face number and battery) and `stats` (frames, rejects by
reason, duplicates, throws, connections, dump requests). All of it is safe to call from the UI thread:
nothing waits on the port.
"""

from __future__ import annotations

import queue
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from companion.config import TraySettings
from companion.core.events import DeviceState, DomainEvent
from companion.devices.tray.driver import TRAY_USB_IDS, TrayDriver
from companion.devices.tray.kinds import load_kinds
from companion.devices.tray.sim import DEFAULT_DICE, SimulatedTray


@dataclass
class TrayHandle:
    driver: TrayDriver
    simulator: SimulatedTray | None = None

    def start(self) -> None:
        if self.simulator is not None:
            self.simulator.start()
        self.driver.start()

    def stop(self) -> None:
        self.driver.stop()
        if self.simulator is not None:
            self.simulator.stop()


def open_tray(
    settings: TraySettings,
    events: queue.Queue[DomainEvent],
    sim_dice: Iterable[tuple[str, str]] = DEFAULT_DICE,
) -> TrayHandle:
    """The real tray when the backend is "serial", or "auto" and its port (the stable name, else a USB
    serial port with MicroPython's RP2040 ids) exists; else the simulator,
    holding `sim_dice` (die id, kind id) — by default The Last Covenant's: D1-D3 (d6), T1 (trap), G1
    (treasure)."""
    kinds = load_kinds()
    real = TrayDriver(settings.port, settings.baud, events, kinds, usb_ids=TRAY_USB_IDS)
    if settings.backend == "serial" or (settings.backend == "auto" and Path(real.find_port()).exists()):
        return TrayHandle(real)
    simulator = SimulatedTray(kinds, sim_dice)
    driver = TrayDriver(
        simulator.port, settings.baud, events, kinds, source="tray-sim", online=DeviceState.SIMULATED
    )
    return TrayHandle(driver, simulator)
