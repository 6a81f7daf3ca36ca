"""The physical controls: Next and Undo buttons, LEDs for the tray and the reader, a buzzer.

`open_controls(settings, events)` returns `Controls` on the real pins of a Raspberry Pi (gpiozero's
lgpio factory, the one that works on both the Pi 4 and the Pi 5) or on gpiozero's mock pins anywhere
else, so the rest of the app never asks which.
"""

from companion.devices.gpio.controls import BUTTONS, LEDS, Controls, Sound
from companion.devices.gpio.factory import is_raspberry_pi, open_controls

__all__ = ["BUTTONS", "LEDS", "Controls", "Sound", "is_raspberry_pi", "open_controls"]
