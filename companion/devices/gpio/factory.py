"""Choosing the pin factory: the Pi's own pins through lgpio, or gpiozero's mock pins elsewhere."""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
import queue
import shutil
import tempfile
from pathlib import Path
from types import ModuleType

from gpiozero.exc import GPIOZeroError
from gpiozero.pins import Factory
from gpiozero.pins.mock import MockFactory

from companion.config import GpioSettings
from companion.core.events import DeviceState, DeviceStatus, DomainEvent
from companion.core.messages import N_
from companion.devices.gpio.controls import Controls, pin_problems

log = logging.getLogger(__name__)

MODEL_PATH = Path("/proc/device-tree/model")
DEVICE = "buttons"

# The status details, message ids of the gpio.po catalogue (the status screen translates them).
NOT_A_PI = N_("Buttons and lights are simulated: this is not a Raspberry Pi.")
MOCK_ASKED = N_("Buttons and lights are simulated, as the settings ask.")
PINS_FAILED = N_("The GPIO pins could not be opened; use the screen instead of the buttons.")
BAD_PIN_MAP = N_("The pin map in the settings is wrong; run companion doctor.")
DETAILS = (NOT_A_PI, MOCK_ASKED, PINS_FAILED, BAD_PIN_MAP)


def is_raspberry_pi(model_path: Path = MODEL_PATH) -> bool:
    try:
        return model_path.read_bytes().startswith(b"Raspberry Pi")
    except OSError:
        return False


def import_lgpio() -> ModuleType:
    """lgpio, imported so that it works from any folder. On import it makes a notification pipe in the
    current folder (or in $LG_WD, where it then moves the whole process): from a folder this user cannot
    write, such as an admin's home under `sudo -u companion`, the import raises FileNotFoundError. Unless
    $LG_WD names a folder, the pipe goes to a private temporary one, and the process stays where it was."""
    if not os.environ.get("LG_WD"):
        folder = tempfile.mkdtemp(prefix="lgpio-")
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        os.environ["LG_WD"] = folder
    here = os.getcwd()
    try:
        import lgpio
    finally:
        with contextlib.suppress(OSError):
            os.chdir(here)
    return lgpio


def real_factory() -> Factory:
    """lgpio drives /dev/gpiochip*, the one interface that works on both the Pi 4 and the Pi 5
    (RPi.GPIO cannot reach the Pi 5's RP1 chip)."""
    import_lgpio()
    from gpiozero.pins.lgpio import LGPIOFactory

    return LGPIOFactory()


def open_controls(
    settings: GpioSettings, events: queue.Queue[DomainEvent], model_path: Path = MODEL_PATH
) -> Controls:
    """The controls, and their `DeviceStatus` ("buttons") put on `events`. Never raises for a missing
    library, a busy pin or a bad pin map: the controls then fall back to mock pins (or none) and the
    status says why, since every button has its twin on the screen."""
    problems = pin_problems(settings.pins)
    if problems:
        log.error("GPIO pin map: %s", "; ".join(problems))
        controls = Controls(None, events, MockFactory(), DeviceStatus(DEVICE, DeviceState.FAULT, BAD_PIN_MAP))
    elif settings.backend == "mock" or (settings.backend == "auto" and not is_raspberry_pi(model_path)):
        detail = MOCK_ASKED if settings.backend == "mock" else NOT_A_PI
        controls = _mock(settings, events, DeviceStatus(DEVICE, DeviceState.SIMULATED, detail))
    else:
        try:
            connected = DeviceStatus(DEVICE, DeviceState.CONNECTED)
            controls = Controls(settings.pins, events, real_factory(), connected)
        except (ImportError, GPIOZeroError, OSError) as exc:
            log.error("GPIO pins could not be opened (%s: %s); using mock pins", type(exc).__name__, exc)
            controls = _mock(settings, events, DeviceStatus(DEVICE, DeviceState.FAULT, PINS_FAILED))
    events.put(controls.status)
    return controls


def _mock(settings: GpioSettings, events: queue.Queue[DomainEvent], status: DeviceStatus) -> Controls:
    return Controls(settings.pins, events, MockFactory(), status)
