"""The NFC reader: nfcpy polling one device on a background thread, turning taps into domain events.

One tap is one `TagSeen`, however long the tag lies on the reader: after reading a tag the thread only
checks that it is still there, and polls for a new one once it has been lifted. A reader that cannot be
opened, or that fails while polling (unplugged, a UART that stops answering), is reported with a
`DeviceStatus` and reopened after a delay that doubles up to a ceiling; the thread never dies of it.

`open_reader(settings, events)` picks the backend: the configured device (a PN532 on the Pi's UART, an
ACR122U on USB, or an `udp:` path), or else an `EmulatedField` on loopback read through nfcpy's UDP
driver, exposed as `reader.emulated` so the screen can "tap" a token (see `emulated.py`).
"""

from __future__ import annotations

import errno
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

import nfc
import nfc.tag
from nfc.clf import RemoteTarget

from companion.config import NfcSettings
from companion.core.events import DeviceState, DeviceStatus, DomainEvent, TagSeen
from companion.devices.nfc.emulated import EmulatedField
from companion.devices.nfc.format import parse_message

log = logging.getLogger(__name__)

DEVICE = "nfc"
_ACCESS_ERRORS = (errno.EACCES, errno.EBUSY)
_LIFTED_AFTER_MISSES = 2
_MIFARE_CLASSIC_SAK = 0x08  # SAK bit 3: a MIFARE Classic, which nfcpy cannot read (nfcpy#32)


def read_tag(clf: nfc.ContactlessFrontend, target: Any) -> tuple[TagSeen, Any]:
    """Activate the tag nfcpy found and read what it holds: the event, and nfcpy's tag (None if it could
    not be activated). Never raises for a bad tag; a failing reader still raises (the reconnect path)."""
    uid = bytes(target.sdd_res).hex().upper()
    if target.sel_res and target.sel_res[0] & _MIFARE_CLASSIC_SAK:
        return TagSeen(uid, problem="unsupported-tag"), None
    tag = nfc.tag.activate(clf, target)
    if tag is None:
        return TagSeen(uid, problem="unreadable"), None
    if tag.TYPE != "Type2Tag":  # a bank card or a phone: NTAG stickers are Type 2
        return TagSeen(uid, problem="unsupported-tag"), tag
    try:
        found = tag.ndef
        octets = bytes(found.octets) if found is not None else None
    except nfc.tag.TagCommandError:
        return TagSeen(uid, problem="unreadable"), tag
    if octets is None:
        return TagSeen(uid, problem="blank" if tag.is_present else "unreadable"), tag
    reading = parse_message(octets)
    return TagSeen(uid, token=reading.token, problem=reading.problem), tag


def wait_for_tag(clf: nfc.ContactlessFrontend, interval: float, stop: Callable[[], bool]) -> Any:
    """Poll until a Type A tag is in the field (nfcpy's target) or `stop()` says to give up (None)."""
    while not stop():
        started = time.monotonic()
        target = clf.sense(RemoteTarget("106A"))
        if target is not None:
            return target
        time.sleep(max(0.0, interval - (time.monotonic() - started)))
    return None


def wait_lifted(clf: nfc.ContactlessFrontend, target: Any, tag: Any, interval: float, stop: Callable[[], bool]) -> None:
    """Return once the tag has left the field (or `stop()`). nfcpy's presence check (a page read, tried
    three times) answers that for a tag it activated; any other is selected again by its UID. It must
    miss twice in a row, so that one glitch at the edge of the field does not make a second scan."""
    same = RemoteTarget("106A", sel_req=bytes(target.sdd_res))
    misses = 0
    while not stop() and misses < _LIFTED_AFTER_MISSES:
        time.sleep(interval)
        present = tag.is_present if tag is not None else clf.sense(same) is not None
        misses = 0 if present else misses + 1


class NfcReader:
    """Polls `device` with nfcpy on a daemon thread; `stop()` ends it (within one poll, ~1 s on UDP)."""

    def __init__(
        self,
        device: str,
        events: queue.Queue[DomainEvent],
        *,
        emulated: EmulatedField | None = None,
        poll_interval: float = 0.1,
        backoff: tuple[float, float] = (0.5, 8.0),
    ) -> None:
        self.device = device
        self.emulated = emulated
        self._events = events
        self._poll_interval = poll_interval
        self._backoff = backoff
        self._state: DeviceState | None = None
        self._polled = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="nfc-reader", daemon=True)

    def start(self) -> NfcReader:
        self._thread.start()
        return self

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        self._thread.join(timeout)
        if self.emulated is not None:
            self.emulated.close()

    def _run(self) -> None:
        delay = self._backoff[0]
        while not self._stop.is_set():
            try:
                clf = nfc.ContactlessFrontend(self.device)
            except Exception as exc:  # nfcpy raises OSError, ValueError... for a device it cannot open
                self._failed(exc)
            else:
                self._polled = False
                try:
                    self._poll(clf)
                except Exception as exc:  # a reader failing mid-poll raises whatever its transport raised
                    self._failed(exc)
                finally:
                    clf.close()
                if self._polled:
                    delay = self._backoff[0]
            self._stop.wait(delay)
            delay = min(delay * 2, self._backoff[1])

    def _poll(self, clf: nfc.ContactlessFrontend) -> None:
        while not self._stop.is_set():
            started = time.monotonic()
            target = clf.sense(RemoteTarget("106A"))
            self._polled = True  # the reader answered: the next failure starts the back-off afresh
            self._set_state(DeviceState.SIMULATED if self.emulated else DeviceState.CONNECTED)
            if target is None:
                self._stop.wait(self._poll_interval - (time.monotonic() - started))
                continue
            seen, tag = read_tag(clf, target)
            self._events.put(seen)
            wait_lifted(clf, target, tag, self._poll_interval, self._stop.is_set)

    def _failed(self, exc: Exception) -> None:
        log.info("NFC reader %s unavailable: %r", self.device, exc)
        code = getattr(exc, "errno", None)
        self._set_state(DeviceState.FAULT if code in _ACCESS_ERRORS else DeviceState.DISCONNECTED, str(exc))

    def _set_state(self, state: DeviceState, detail: str = "") -> None:
        if state != self._state:
            self._state = state
            self._events.put(DeviceStatus(DEVICE, state, detail or self.device))


def open_reader(settings: NfcSettings, events: queue.Queue[DomainEvent]) -> NfcReader:
    """Start the reader the settings ask for: `reader` uses `settings.device` (and waits for it if it is
    not there yet), `emulated` an emulated field, `auto` the device if it opens now, else the field."""
    if settings.backend == "reader" or (settings.backend == "auto" and _opens(settings.device)):
        return NfcReader(settings.device, events).start()
    field = EmulatedField()
    return NfcReader(field.device, events, emulated=field).start()


def _opens(device: str) -> bool:
    # Twice, because opening a PN532 sometimes fails with ENODEV and works on retry (nfcpy#40, #178).
    for _ in range(2):
        try:
            nfc.ContactlessFrontend(device).close()
        except Exception:  # any failure to open means "not present" for the auto backend
            continue
        return True
    return False
