"""Buttons that become `ButtonPressed` events, LEDs that show a device's state, buzzer sounds.

Everything here talks to gpiozero devices built on the pin factory it is given, never to the global
default one, so a mock factory in a test or a simulated table cannot leak into another.
"""

from __future__ import annotations

import logging
import queue
from enum import StrEnum
from functools import partial

from gpiozero import LED, Button, Buzzer
from gpiozero.pins import Factory

from companion.config import Pins
from companion.core.events import ButtonPressed, DeviceState, DeviceStatus, DomainEvent

log = logging.getLogger(__name__)

BUTTONS = ("next", "undo")
# DeviceStatus.device -> the pin setting of the LED that shows it (the names the adapters report under,
# as companion.ui.status accepts them).
LEDS: dict[str, str] = {"tray": "led_tray", "dice-tray": "led_tray", "reader": "led_reader", "nfc": "led_reader"}
# Pins that are GPIO lines on the 40-pin header (BCM numbers); 0 and 1 are the HAT EEPROM's I²C.
HEADER_GPIOS = range(2, 28)
# Contacts of cheap tactile switches chatter for a few milliseconds.
DEBOUNCE_S = 0.03


class Sound(StrEnum):
    ESCAPE_ROUND = "escape-round"
    FALL = "fall"


# (seconds on, seconds off, times): three chirps mark an escape round, one long tone a fall.
SOUNDS: dict[Sound, tuple[float, float, int]] = {
    Sound.ESCAPE_ROUND: (0.1, 0.1, 3),
    Sound.FALL: (0.8, 0.2, 1),
}

# An LED is steady on (True), off (False) or blinks (seconds on, seconds off): a short flash every two
# seconds means "simulated, nothing to worry about", a fast blink asks for attention.
LED_PATTERNS: dict[DeviceState, bool | tuple[float, float]] = {
    DeviceState.CONNECTED: True,
    DeviceState.DISCONNECTED: False,
    DeviceState.SIMULATED: (0.1, 1.9),
    DeviceState.FAULT: (0.2, 0.2),
}


def pin_problems(pins: Pins) -> list[str]:
    """What is wrong with a pin map, in words a table owner can act on; empty when it is usable."""
    problems = []
    seen: dict[int, str] = {}
    for name, number in ((f, getattr(pins, f)) for f in pins.__struct_fields__):
        if number not in HEADER_GPIOS:
            problems.append(f"pins.{name} = {number} is not a GPIO on the 40-pin header (use 2 to 27)")
        elif number in seen:
            problems.append(f"pins.{name} and pins.{seen[number]} both use GPIO {number}")
        else:
            seen[number] = name
    return problems


class Controls:
    """The buttons, LEDs and buzzer on one pin factory; with `pins=None`, none of them (a broken pin
    map): the app still runs, and every control stays available on the screen."""

    def __init__(
        self,
        pins: Pins | None,
        events: queue.Queue[DomainEvent],
        factory: Factory,
        status: DeviceStatus,
    ) -> None:
        self.factory = factory
        self.status = status
        self._events = events
        self._buttons: dict[str, Button] = {}
        self._leds: dict[str, LED] = {}
        self._buzzer: Buzzer | None = None
        if pins is None:
            return
        try:
            for name in BUTTONS:
                button = Button(getattr(pins, name), bounce_time=DEBOUNCE_S, pin_factory=factory)
                button.when_pressed = partial(self._pressed, name)
                self._buttons[name] = button
            for field in sorted(set(LEDS.values())):
                self._leds[field] = LED(getattr(pins, field), pin_factory=factory)
            self._buzzer = Buzzer(pins.buzzer, pin_factory=factory)
        except BaseException:
            self.close()
            raise

    def _pressed(self, name: str) -> None:
        self._events.put(ButtonPressed(name=name))

    def show(self, status: DeviceStatus) -> None:
        """Light the LED of `status.device` (tray or reader) for its state; other devices have none."""
        led = self._leds.get(LEDS.get(status.device, ""))
        if led is None:
            return
        pattern = LED_PATTERNS[status.state]
        if pattern is True:
            led.on()
        elif pattern is False:
            led.off()
        else:
            led.blink(on_time=pattern[0], off_time=pattern[1])

    def sound(self, sound: Sound) -> None:
        """Play a sound in the background; a new one cuts the one still playing."""
        if self._buzzer is not None:
            on, off, times = SOUNDS[sound]
            self._buzzer.blink(on_time=on, off_time=off, n=times)

    def close(self) -> None:
        for device in [*self._buttons.values(), *self._leds.values(), self._buzzer]:
            if device is not None:
                device.close()
        self._buttons.clear()
        self._leds.clear()
        self._buzzer = None
        self.factory.close()
