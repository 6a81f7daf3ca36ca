"""On a real reader (skipped elsewhere): set NFC_DEVICE (e.g. `usb`, `tty:AMA0:pn532`) to run them, and
NFC_SCRATCH_STICKER=1 with a sticker on the reader that may be overwritten."""

from __future__ import annotations

import os
import time

import nfc
import pytest
from nfc.clf import RemoteTarget

from companion.devices.nfc.reader import wait_for_tag
from companion.devices.nfc.tokens import covenant_tokens
from companion.devices.nfc.writer import Outcome, write_token

DEVICE = os.environ.get("NFC_DEVICE", "")
pytestmark = [pytest.mark.hardware, pytest.mark.skipif(not DEVICE, reason="no NFC_DEVICE: no real reader")]


def test_the_reader_opens_and_polls() -> None:
    clf = nfc.ContactlessFrontend(DEVICE)
    try:
        for _ in range(3):
            clf.sense(RemoteTarget("106A"))  # raises if the reader does not answer
    finally:
        clf.close()


@pytest.mark.skipif(not os.environ.get("NFC_SCRATCH_STICKER"), reason="no scratch sticker on the reader")
def test_a_scratch_sticker_is_written_and_read_back() -> None:
    clf = nfc.ContactlessFrontend(DEVICE)
    try:
        end = time.monotonic() + 10
        target = wait_for_tag(clf, 0.1, lambda: time.monotonic() > end)
        assert target is not None, "put the scratch sticker on the reader"
        result = write_token(clf, target, covenant_tokens()[0], overwrite=True)
        assert result.outcome in (Outcome.WRITTEN, Outcome.ALREADY), result
    finally:
        clf.close()
