"""A simulated tray on a pseudo-terminal and the real driver reading it through pyserial."""

from __future__ import annotations

import queue
from collections.abc import Iterator
from pathlib import Path

import pytest
from tray_rig import TIME_SCALE, Rig

from companion.core.dice import DieKind
from companion.core.events import DeviceState, DeviceStatus, DomainEvent
from companion.devices.tray.driver import TrayDriver
from companion.devices.tray.kinds import load_kinds
from companion.devices.tray.sim import SimulatedTray


@pytest.fixture(scope="session")
def kinds() -> dict[str, DieKind]:
    return load_kinds()


@pytest.fixture
def rig(tmp_path: Path, kinds: dict[str, DieKind]) -> Iterator[Rig]:
    events: queue.Queue[DomainEvent] = queue.Queue()
    sim = SimulatedTray(kinds, time_scale=TIME_SCALE, seed=7, link_dir=tmp_path)
    driver = TrayDriver(
        sim.port, 115200, events, kinds, source="tray-sim", online=DeviceState.SIMULATED, backoff=(0.02, 0.2)
    )
    sim.start()
    driver.start()
    rig = Rig(sim, driver, events)
    rig.wait_for(DeviceStatus)
    yield rig
    driver.stop()
    sim.stop()
