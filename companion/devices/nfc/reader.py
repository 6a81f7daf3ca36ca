"""The NFC reader: nfcpy polling one device on a background thread, turning taps into domain events.

One tap is one `TagSeen`, however long the tag lies on the reader: after reading a tag the thread only
checks that it is still there, and polls for a new one once it has been lifted. A reader that cannot be
opened, or that fails while polling (unplugged, a UART that stops answering), is reported with a
`DeviceStatus` and reopened after a delay that doubles up to a ceiling; the thread never dies of it.

`open_reader(settings, events)` picks the backend: the configured device (a PN532 on the Pi's UART, an
ACR122U on USB, or an `udp:` path), or else an `EmulatedField` on loopback read through nfcpy's UDP
driver, exposed as `reader.emulated` so the screen can "tap" a token (see `emulated.py`).

A PN532 left fast: nfcpy moves a PN532 on a UART to 921,600 baud when it opens it and back to 115,200
only when it closes it. After a crash or a SIGKILL the chip stays fast (it runs from the Pi's 3V3, so
even a reboot leaves it so), and nfcpy, which always starts at 115,200, gets ENODEV or ETIMEDOUT. `open_frontend`
then speaks to the chip at each faster rate and sends it back to 115,200; if none answers, it pulses the
chip's RSTPDN line when one is wired (`nfc.reset_pin`), which restarts it at 115,200. The reader is
closed (and the chip sent back) when it is stopped, and at the interpreter's exit.
"""

from __future__ import annotations

import atexit
import errno
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

import nfc
import nfc.tag
import serial
from nfc.clf import RemoteTarget, transport

from companion.config import NfcSettings
from companion.core.events import DeviceState, DeviceStatus, DomainEvent, TagSeen
from companion.devices.nfc.emulated import EmulatedField
from companion.devices.nfc.format import parse_message

log = logging.getLogger(__name__)

DEVICE = "nfc"
_ACCESS_ERRORS = (errno.EACCES, errno.EBUSY)
_LIFTED_AFTER_MISSES = 2
_MIFARE_CLASSIC_SAK = 0x08  # SAK bit 3: a MIFARE Classic, which nfcpy cannot read (nfcpy#32)

# The PN532's frames (user manual UM0701-02, §6.2): an ACK, and SetSerialBaudRate(115,200) with its answer.
PN532_ACK = bytes.fromhex("0000ff00ff00")
PN532_TO_115200 = bytes.fromhex("0000ff03fdd410041800")
PN532_RATE_SET = bytes.fromhex("0000ff02fed5111a00")
PN532_FAST_RATES = (921600, 460800, 230400)  # what nfcpy may have left it at, likeliest first
RESET_LOW_S = 0.1  # RSTPDN held low: far beyond the chip's minimum
RESET_BOOT_S = 0.1  # after release, before the chip answers

# What nfcpy raises when the chip does not answer its first command at 115,200: ETIMEDOUT when nothing
# comes back, ENODEV when something does but not the answer.
_SILENT_CHIP = (errno.ENODEV, errno.ETIMEDOUT)
Reset = Callable[[], None]


def pn532_ports(device: str) -> list[str]:
    """The serial ports nfcpy would try for `device` when it names the PN532 driver on a UART."""
    try:
        found = transport.TTY.find(device)
    except OSError:
        return []
    return list(found[0]) if found and found[1] == "pn532" else []


def slow_down_pn532(port: str) -> int | None:
    """Find a PN532 left at a faster rate on `port` and send it back to 115,200: the rate it was at, or
    None if it answered at none of them."""
    for rate in PN532_FAST_RATES:
        with serial.Serial(port, rate, timeout=0.1) as link:
            link.reset_input_buffer()
            link.write(PN532_ACK + PN532_TO_115200)  # the ACK ends whatever command was cut short
            answer = link.read(len(PN532_ACK) + len(PN532_RATE_SET))
            if answer == PN532_ACK + PN532_RATE_SET:
                link.write(PN532_ACK)  # the chip changes its rate on this ACK
                link.flush()
                time.sleep(0.01)
                return rate
    return None


def open_frontend(device: str, reset: Reset | None = None) -> nfc.ContactlessFrontend:
    """nfcpy's frontend on `device`; a PN532 that does not answer at 115,200 is sent back to it, or reset
    through `reset` (its RSTPDN line), and opened again. Raises what nfcpy raised when that fails too."""
    try:
        return nfc.ContactlessFrontend(device)
    except OSError as exc:
        ports = pn532_ports(device) if exc.errno in _SILENT_CHIP else []
        if not ports:
            raise
        first = exc
    for port in ports:
        try:
            rate = slow_down_pn532(port)
        except (OSError, serial.SerialException) as exc:
            log.info("PN532 on %s: %r", port, exc)
            continue
        if rate is not None:
            log.warning("PN532 on %s was left at %d baud (a crash?): sent back to 115,200", port, rate)
            return nfc.ContactlessFrontend(device)
    if reset is None:
        raise first
    log.warning("PN532 on %s answers at no rate: pulsing its RSTPDN line", device)
    reset()
    return nfc.ContactlessFrontend(device)


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
        reset: Reset | None = None,
    ) -> None:
        self.device = device
        self._reset = reset
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
        atexit.register(self.stop)  # a daemon thread dies unclosed at exit, leaving a PN532 fast
        return self

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def stop(self, timeout: float = 5.0) -> None:
        atexit.unregister(self.stop)
        self._stop.set()
        self._thread.join(timeout)
        if self.emulated is not None:
            self.emulated.close()

    def _run(self) -> None:
        delay = self._backoff[0]
        while not self._stop.is_set():
            try:
                clf = open_frontend(self.device, self._reset)
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


def open_reader(settings: NfcSettings, events: queue.Queue[DomainEvent], reset: Reset | None = None) -> NfcReader:
    """Start the reader the settings ask for: `reader` uses `settings.device` (and waits for it if it is
    not there yet), `emulated` an emulated field, `auto` the device if it opens now, else the field.
    `reset` pulses the PN532's RSTPDN line, when one is wired."""
    if settings.backend == "reader" or (settings.backend == "auto" and _opens(settings.device, reset)):
        return NfcReader(settings.device, events, reset=reset).start()
    field = EmulatedField()
    return NfcReader(field.device, events, emulated=field).start()


def _opens(device: str, reset: Reset | None) -> bool:
    # Twice, because opening a PN532 sometimes fails with ENODEV and works on retry (nfcpy#40, #178).
    for _ in range(2):
        try:
            open_frontend(device, reset).close()
        except Exception:  # any failure to open means "not present" for the auto backend
            continue
        return True
    return False


def nfc_reset(pin: int | None, factory: Any) -> Reset | None:
    """A pulse on the PN532's RSTPDN (active low) through `pin`, held high otherwise; None when no pin is
    wired or it cannot be had (the reader then works without the last resort)."""
    from gpiozero import DigitalOutputDevice
    from gpiozero.exc import GPIOZeroError

    if pin is None:
        return None
    try:
        line = DigitalOutputDevice(pin, initial_value=True, pin_factory=factory)
    except (GPIOZeroError, OSError) as exc:
        log.error("the PN532's reset pin GPIO%d cannot be used: %s", pin, exc)
        return None

    def pulse() -> None:
        line.off()
        time.sleep(RESET_LOW_S)
        line.on()
        time.sleep(RESET_BOOT_S)

    return pulse
