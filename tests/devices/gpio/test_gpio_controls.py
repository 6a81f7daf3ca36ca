"""The controls on gpiozero's mock pins: presses become events, LEDs and the buzzer are read back
from the states the mock pins record."""

from __future__ import annotations

import queue
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from gpiozero.pins.mock import MockPin

from companion.config import GpioSettings, Pins
from companion.core.events import ButtonPressed, DeviceState, DeviceStatus, DomainEvent
from companion.core.messages import LOCALE_DIR, Msg
from companion.devices.gpio import Controls, Sound, is_raspberry_pi, open_controls
from companion.devices.gpio import factory as gpio_factory
from companion.devices.gpio.controls import pin_problems

PINS = Pins()


@pytest.fixture
def events() -> queue.Queue[DomainEvent]:
    return queue.Queue()


@pytest.fixture
def controls(events: queue.Queue[DomainEvent]) -> Iterator[Controls]:
    opened = open_controls(GpioSettings(backend="mock"), events)
    assert events.get_nowait() == opened.status
    yield opened
    opened.factory.reset()
    opened.close()


def pin(controls: Controls, number: int) -> MockPin:
    found: MockPin = controls.factory.pin(number)
    return found


def wait_for_states(mock: MockPin, count: int, timeout: float = 3.0) -> list[bool]:
    deadline = time.monotonic() + timeout
    while len(mock.states) < count and time.monotonic() < deadline:
        time.sleep(0.01)
    return [state.state for state in mock.states]


def test_each_button_puts_its_own_event(controls: Controls, events: queue.Queue[DomainEvent]) -> None:
    for name, number in (("next", PINS.next), ("undo", PINS.undo)):
        pin(controls, number).drive_low()
        pin(controls, number).drive_high()
        assert events.get(timeout=1) == ButtonPressed(name=name)
    assert events.empty()


def test_release_alone_is_not_a_press(controls: Controls, events: queue.Queue[DomainEvent]) -> None:
    pin(controls, PINS.next).drive_high()
    assert events.empty()


def test_pins_come_from_the_settings(events: queue.Queue[DomainEvent]) -> None:
    moved = Pins(next=5, undo=6, led_tray=13, led_reader=19, buzzer=26)
    opened = open_controls(GpioSettings(backend="mock", pins=moved), events)
    try:
        opened.factory.pin(5).drive_low()
        opened.factory.pin(17).drive_low()
        assert events.get_nowait() == opened.status
        assert events.get_nowait() == ButtonPressed(name="next")
        assert events.empty()
        opened.show(DeviceStatus("tray", DeviceState.CONNECTED))
        assert opened.factory.pin(13).state == 1
    finally:
        opened.close()


@pytest.mark.parametrize(("device", "number"), [("tray", PINS.led_tray), ("reader", PINS.led_reader)])
def test_led_steady_when_connected_off_when_not(controls: Controls, device: str, number: int) -> None:
    controls.show(DeviceStatus(device, DeviceState.CONNECTED))
    assert pin(controls, number).state == 1
    controls.show(DeviceStatus(device, DeviceState.DISCONNECTED))
    assert pin(controls, number).state == 0
    assert [s.state for s in pin(controls, number).states] == [False, True, False]


def test_nfc_and_reader_share_one_led_and_other_devices_none(controls: Controls) -> None:
    controls.show(DeviceStatus("nfc", DeviceState.CONNECTED))
    controls.show(DeviceStatus("buttons", DeviceState.CONNECTED))
    assert pin(controls, PINS.led_reader).state == 1
    assert pin(controls, PINS.led_tray).state == 0


def test_fault_blinks_fast(controls: Controls) -> None:
    controls.show(DeviceStatus("tray", DeviceState.FAULT))
    states = wait_for_states(pin(controls, PINS.led_tray), 5)
    assert states[:5] == [False, True, False, True, False]
    on_times = [s.timestamp for s in pin(controls, PINS.led_tray).states[2:5:2]]
    assert all(0.15 <= t <= 0.45 for t in on_times), on_times


def test_simulated_gives_short_flashes(controls: Controls) -> None:
    controls.show(DeviceStatus("reader", DeviceState.SIMULATED))
    mock = pin(controls, PINS.led_reader)
    assert wait_for_states(mock, 3)[:3] == [False, True, False]
    assert 0.05 <= mock.states[2].timestamp <= 0.35
    controls.show(DeviceStatus("reader", DeviceState.CONNECTED))
    assert mock.state == 1


@pytest.mark.parametrize(("sound", "beeps"), [(Sound.ESCAPE_ROUND, 3), (Sound.FALL, 1)])
def test_sounds_are_their_number_of_beeps(controls: Controls, sound: Sound, beeps: int) -> None:
    controls.sound(sound)
    mock = pin(controls, PINS.buzzer)
    states = wait_for_states(mock, 1 + 2 * beeps)
    time.sleep(0.3)
    assert states == [False] + [True, False] * beeps
    assert [s.state for s in mock.states] == states


def test_fall_is_longer_than_an_escape_chirp(controls: Controls) -> None:
    mock = pin(controls, PINS.buzzer)
    controls.sound(Sound.FALL)
    wait_for_states(mock, 3)
    fall = mock.states[2].timestamp
    mock.clear_states()
    controls.sound(Sound.ESCAPE_ROUND)
    wait_for_states(mock, 3)
    chirp = mock.states[2].timestamp
    assert fall > 3 * chirp


def test_broken_pin_map_gives_no_controls_and_a_fault(events: queue.Queue[DomainEvent]) -> None:
    opened = open_controls(GpioSettings(backend="mock", pins=Pins(next=17, undo=17, buzzer=40)), events)
    try:
        status = events.get_nowait()
        assert status.state is DeviceState.FAULT
        opened.show(DeviceStatus("tray", DeviceState.CONNECTED))
        opened.sound(Sound.FALL)
        assert opened.factory.pins == {}
    finally:
        opened.close()


def test_pin_problems_name_the_fields() -> None:
    assert pin_problems(Pins()) == []
    problems = pin_problems(Pins(undo=17, buzzer=1))
    assert any("pins.undo" in p and "pins.next" in p for p in problems)
    assert any("pins.buzzer = 1" in p for p in problems)


def test_pi_backend_without_lgpio_falls_back_to_mock_with_a_fault(events: queue.Queue[DomainEvent]) -> None:
    try:
        import lgpio  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip("lgpio is installed here: the fallback path cannot be reached")
    opened = open_controls(GpioSettings(backend="pi"), events)
    try:
        assert events.get_nowait() == DeviceStatus("buttons", DeviceState.FAULT, gpio_factory.PINS_FAILED)
        opened.factory.pin(PINS.undo).drive_low()
        assert events.get_nowait() == ButtonPressed(name="undo")
    finally:
        opened.close()


def test_auto_picks_mock_off_a_pi_and_says_so(events: queue.Queue[DomainEvent], tmp_path: Path) -> None:
    model = tmp_path / "model"
    model.write_bytes(b"Generic x86 box\x00")
    opened = open_controls(GpioSettings(), events, model_path=model)
    opened.close()
    assert events.get_nowait() == DeviceStatus("buttons", DeviceState.SIMULATED, gpio_factory.NOT_A_PI)


def test_raspberry_pi_is_recognised_by_its_device_tree_model(tmp_path: Path) -> None:
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\x00")
    assert is_raspberry_pi(model)
    assert not is_raspberry_pi(tmp_path / "missing")


def test_every_status_detail_is_translated_and_nothing_else() -> None:
    with (LOCALE_DIR / "ar" / "LC_MESSAGES" / "gpio.po").open("rb") as handle:
        po = {str(m.id): str(m.string) for m in read_po(handle) if m.id}
    assert set(po) == set(gpio_factory.DETAILS)
    for text in gpio_factory.DETAILS:
        assert any("\u0600" <= ch <= "\u06ff" for ch in po[text])
        assert Msg(text).text("ar") == po[text], f"another catalogue overrides {text!r}"
