"""Finding 4 of issue 13: a PN532 that nfcpy left at 921,600 baud (its process killed before `close()`)
is sent back to 115,200, or reset through RSTPDN; the reader closes the chip on SIGTERM and at exit.
The chip is fake_pn532.FakePN532, driven through nfcpy's own `pn532` driver on a pseudo-terminal."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fake_pn532 import FakePN532
from gpiozero.pins.mock import MockFactory
from nfc_helpers import Events, next_event

from companion.core.events import DeviceState, DeviceStatus
from companion.devices.nfc.reader import NfcReader, nfc_reset, open_frontend

ROOT = Path(__file__).resolve().parents[3]
HOLD_OPEN = """import sys, time
import nfc
for attempt in range(3):  # a loaded machine can miss nfcpy's 100 ms for the first answer
    try:
        clf = nfc.ContactlessFrontend(sys.argv[1])
        break
    except OSError:
        time.sleep(0.2)
print("open", flush=True)
time.sleep(60)
"""
READER_RETURNS = """import queue, sys
from companion.core.events import DeviceState
from companion.devices.nfc.reader import NfcReader
events = queue.Queue()
NfcReader(sys.argv[1], events).start()
while events.get(timeout=10).state is not DeviceState.CONNECTED:
    pass
print("open", flush=True)
"""  # and the script ends, the reader never stopped by hand


@pytest.fixture
def chip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakePN532]:
    fake = FakePN532(tmp_path)
    monkeypatch.chdir(tmp_path)  # nfcpy opens `com:COM7` relative to it
    yield fake
    fake.close()


def run_until_open(chip: FakePN532, script: str, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, *args] if not script else [sys.executable, "-c", script, *args],
                               cwd=chip.link.parent, env=env, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    assert process.stdout.readline().startswith("open")
    return process


def left_fast(chip: FakePN532) -> None:
    """A process opens the reader and is killed: the chip stays at nfcpy's fast rate."""
    process = run_until_open(chip, HOLD_OPEN, chip.device)
    process.kill()
    process.wait()
    assert chip.rate == 921600


def connected(events: Events) -> DeviceStatus:
    while True:
        event = next_event(events, timeout=10)
        if isinstance(event, DeviceStatus):
            assert event.state is not DeviceState.FAULT, event
            if event.state is DeviceState.CONNECTED:
                return event


def test_a_chip_left_fast_by_a_killed_process_is_sent_back_and_read(chip: FakePN532, events: Events) -> None:
    left_fast(chip)
    reader = NfcReader(chip.device, events, backoff=(0.05, 0.4)).start()
    try:
        connected(events)
    finally:
        reader.stop()
    assert chip.rate == 115200  # stopping closes the chip, which nfcpy sends back


def test_a_chip_that_answers_at_no_rate_is_reset_through_rstpdn(chip: FakePN532, events: Events) -> None:
    chip.rate = 57600  # deaf to nfcpy and to every rate tried
    with pytest.raises(OSError) as failed:
        open_frontend(chip.device)
    assert failed.value.errno in (errno.ENODEV, errno.ETIMEDOUT)
    factory = MockFactory()
    reset = nfc_reset(25, factory)
    chip.reset_pin = factory.pin(25)
    reader = NfcReader(chip.device, events, backoff=(0.05, 0.4), reset=reset).start()
    try:
        connected(events)
    finally:
        reader.stop()
    assert chip.resets == 1
    assert chip.reset_pin.state  # released: the chip runs


def test_sigterm_closes_the_chip(chip: FakePN532) -> None:
    """`companion tags read` waiting for a tag, stopped as systemd stops a command."""
    process = run_until_open(chip, "", "-c", "import sys; print('open', flush=True); from companion.cli import main;"
                             " sys.exit(main(sys.argv[1:]))", "tags", "read", "--device", chip.device)
    deadline = time.monotonic() + 10
    while 0x4A not in chip.commands and time.monotonic() < deadline:  # opened, and polling for a tag
        time.sleep(0.05)
    assert chip.rate == 921600
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=10)
    assert chip.rate == 115200


def test_the_reader_closes_the_chip_at_exit(chip: FakePN532) -> None:
    process = run_until_open(chip, READER_RETURNS, chip.device)
    assert process.wait(timeout=15) == 0
    assert chip.rate == 115200
