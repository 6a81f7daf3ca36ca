"""An emulated NTAG213/215 lying in an emulated NFC field, answering nfcpy's own UDP driver.

The reader side is plain nfcpy: `nfc.ContactlessFrontend("udp:127.0.0.1:PORT")` polls this field
exactly as it polls a PN532 or an ACR122U, activates the tag, reads and writes its pages. Only the
radio is replaced by datagrams (`106A <hex frame>`, no CRC), as described in the field notes.

API (used by the tests, `companion tags` and the app's "tap from the screen"):

    field = EmulatedField()            # binds 127.0.0.1 on a free port; field.device is the nfcpy path
    field.present_token(token)         # a sticker holding a token (a flat dict of tokens.py)
    field.present(EmulatedTag.blank()) # ...or any tag: blank(), with_ndef(octets), half_written(token),
                                       # or EmulatedClassic() (a sticker nfcpy cannot read)
    field.tag                          # the tag lying in the field (None when empty); it stays there
                                       # ("held") until lifted, and keeps what a writer wrote to it
    field.lift()                       # take it away; presenting it again is a new tap
    field.tap_token(token, hold=0.5)   # present now, lift by itself later: a tap from the screen
    field.unplug(); field.plug_in()    # the reader's link breaks / comes back (see `unplug`)
    field.wait_polled(timeout)         # block until the reader polls the empty field (it saw the lift)
    field.close()                      # or use the field as a context manager

A tag presented while the reader is waiting for an answer to its poll (nfcpy's UDP driver waits a
whole second after each REQA) answers that poll at once, as a tag entering a real reader's field
answers the reader's next poll a few milliseconds later. `arrived_at` is the `time.perf_counter()`
of the latest presentation, for the benchmark.
"""

from __future__ import annotations

import os
import select
import socket
import threading
import time
from binascii import hexlify, unhexlify
from functools import reduce
from operator import xor
from types import TracebackType
from typing import TypeVar

from companion.devices.nfc.format import encode_message
from companion.devices.nfc.tokens import Token

# model -> (GET_VERSION answer, number of pages, capability container, first configuration page)
MODELS: dict[str, tuple[bytes, int, bytes, int]] = {
    "NTAG213": (bytes.fromhex("0004040201000F03"), 45, bytes.fromhex("E1101200"), 41),
    "NTAG215": (bytes.fromhex("0004040201001103"), 135, bytes.fromhex("E1103E00"), 131),
}
_FACTORY_CONFIG = bytes.fromhex("040000FF00050000")  # AUTH0 = FF: no page is password protected
_ACK = b"\x0a"
_NAK = b"\x00"
_POLL_WINDOW = 0.9  # how long after a REQA nfcpy's UDP driver still listens for the answer (1.0 s)


Tag = TypeVar("Tag", "EmulatedTag", "EmulatedClassic")


class EmulatedTag:
    """The memory of one NTAG: pages of 4 bytes, the UID in pages 0-2, the capability container in page 3.

    `reads_left` / `writes_left` make the tag leave the field (go silent to everything) after answering
    that many READ / WRITE commands, as a sticker lifted in the middle of being read or written does;
    `keeps_writes = False` makes it acknowledge writes it does not keep, as a faulty sticker does;
    `missed_reads` is a number of READ commands it does not hear, as a tag at the edge of the field.
    """

    def __init__(self, uid: bytes, memory: bytes, model: str = "NTAG213") -> None:
        if len(uid) != 7 or uid[0] != 0x04:
            raise ValueError("an NTAG has a 7-byte UID starting with 04 (NXP)")
        self.uid = uid
        self.model = model
        self.version, pages, _, config = MODELS[model]
        self.memory = bytearray(memory[: pages * 4].ljust(pages * 4, b"\x00"))
        self.memory[config * 4 : config * 4 + 8] = _FACTORY_CONFIG
        self.reads_left: int | None = None
        self.writes_left: int | None = None
        self.keeps_writes = True
        self.missed_reads = 0
        self._gone = False
        self._active = False

    @classmethod
    def with_ndef(cls, octets: bytes, uid: bytes | None = None, model: str = "NTAG213") -> EmulatedTag:
        """A tag whose NDEF TLV holds these octets (written as a phone app or our writer would)."""
        uid = uid or b"\x04" + os.urandom(6)
        bcc0 = 0x88 ^ reduce(xor, uid[:3])
        bcc1 = reduce(xor, uid[3:])
        length = bytes([len(octets)]) if len(octets) < 255 else b"\xff" + len(octets).to_bytes(2, "big")
        head = uid[:3] + bytes([bcc0]) + uid[3:] + bytes([bcc1, 0x48, 0, 0]) + MODELS[model][2]
        return cls(uid, head + b"\x03" + length + octets + b"\xfe", model)

    @classmethod
    def blank(cls, uid: bytes | None = None, model: str = "NTAG213") -> EmulatedTag:
        """A new sticker as it leaves the factory: formatted, with an empty NDEF message."""
        return cls.with_ndef(b"", uid, model)

    @classmethod
    def with_token(cls, token: Token, uid: bytes | None = None, model: str = "NTAG213") -> EmulatedTag:
        return cls.with_ndef(encode_message(token), uid, model)

    @classmethod
    def half_written(cls, token: Token, uid: bytes | None = None) -> EmulatedTag:
        """A sticker whose writer set the message length first and was lifted halfway through the rest."""
        octets = encode_message(token)
        cut = len(octets) // 2
        return cls.with_ndef(octets[:cut] + bytes(len(octets) - cut), uid)

    @property
    def uid_hex(self) -> str:
        return self.uid.hex().upper()

    def enter_field(self) -> None:
        """A tag entering the field powers up idle: it answers a poll, and commands only once selected.
        One that had left in the middle of a read or write is back, with whatever it holds now."""
        self._active = False
        if self._gone:
            self._gone = False
            self.reads_left = self.writes_left = None

    def answer(self, frame: bytes) -> bytes | None:
        """The tag's answer to one frame from the reader; None is silence (an unknown command, which also
        sends a real tag back to idle, or any command before it is selected)."""
        if self._gone:
            return None
        uid = self.uid
        cl1 = b"\x88" + uid[:3] + bytes([reduce(xor, b"\x88" + uid[:3])])
        cl2 = uid[3:] + bytes([reduce(xor, uid[3:])])
        selecting = {
            b"\x26": b"\x44\x00",
            b"\x52": b"\x44\x00",
            b"\x93\x20": cl1,
            b"\x93\x70" + cl1: b"\x04",
            b"\x95\x20": cl2,
            b"\x95\x70" + cl2: b"\x00",
        }
        if frame in selecting:
            self._active = frame == b"\x95\x70" + cl2
            return selecting[frame]
        if not self._active:
            return None
        if frame == b"\x60":
            return self.version
        if len(frame) == 2 and frame[0] == 0x30 and self.missed_reads > 0:
            self.missed_reads -= 1
            return None
        if len(frame) == 2 and frame[0] == 0x30 and not self._spend("reads_left"):
            start = frame[1] * 4 % len(self.memory)
            return bytes((self.memory * 2)[start : start + 16])
        if len(frame) == 6 and frame[0] == 0xA2:
            return self._write(frame[1], frame[2:])
        self._active = False
        return None

    def _spend(self, budget: str) -> bool:
        """Count one command against a budget; True once it is spent (the tag has left the field)."""
        left: int | None = getattr(self, budget)
        if left is not None:
            self._gone = left <= 0
            setattr(self, budget, left - 1)
        return self._gone

    def _write(self, page: int, data: bytes) -> bytes | None:
        if self._spend("writes_left"):
            return None
        if not 2 <= page < len(self.memory) // 4:
            return _NAK
        if self.keeps_writes:
            self.memory[page * 4 : page * 4 + 4] = data
        return _ACK


class EmulatedClassic:
    """A MIFARE Classic 1K sticker (4-byte UID, SAK 08), often sold as "NTAG compatible": it answers the
    anticollision and selection, and nothing of Type 2, like the real one to nfcpy (nfcpy#194)."""

    def __init__(self, uid: bytes | None = None) -> None:
        self.uid = uid or os.urandom(4)
        cl1 = self.uid + bytes([reduce(xor, self.uid)])
        self._answers = {b"\x26": b"\x04\x00", b"\x52": b"\x04\x00", b"\x93\x20": cl1, b"\x93\x70" + cl1: b"\x08"}

    @property
    def uid_hex(self) -> str:
        return self.uid.hex().upper()

    def enter_field(self) -> None:
        """Nothing to reset: it never gets further than being selected."""

    def answer(self, frame: bytes) -> bytes | None:
        return self._answers.get(frame)


class EmulatedField:
    """The loopback UDP endpoint nfcpy's UDP driver talks to, with at most one tag lying in it."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self._sock = _bind(host, port)
        self.host, self.port = self._sock.getsockname()
        self.device = f"udp:{self.host}:{self.port}"
        self.tag: EmulatedTag | EmulatedClassic | None = None
        self.arrived_at = 0.0
        self._unplugged = False
        self._pending_poll: tuple[tuple[str, int], float] | None = None
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._polled_empty = threading.Event()
        self._thread = threading.Thread(target=self._serve, name=f"nfc-field-{self.port}", daemon=True)
        self._thread.start()

    def present(self, tag: Tag) -> Tag:
        """Lay a tag in the field (replacing any other); it lies there until `lift()`."""
        tag.enter_field()
        with self._lock:
            self.tag = tag
            self.arrived_at = time.perf_counter()
            pending, self._pending_poll = self._pending_poll, None
        if pending and time.monotonic() - pending[1] < _POLL_WINDOW:
            self._send(b"\x44\x00", pending[0])
        return tag

    def present_token(self, token: Token, uid: bytes | None = None) -> EmulatedTag:
        return self.present(EmulatedTag.with_token(token, uid))

    def tap(self, tag: Tag, hold: float = 0.5) -> Tag:
        """Present a tag and lift it `hold` seconds later (unless another was presented meanwhile): a
        tap from the screen. Returns at once."""
        self.present(tag)
        timer = threading.Timer(hold, self._lift_if, args=(tag,))
        timer.daemon = True
        timer.start()
        return tag

    def tap_token(self, token: Token, hold: float = 0.5) -> EmulatedTag:
        return self.tap(EmulatedTag.with_token(token), hold)

    def _lift_if(self, tag: EmulatedTag | EmulatedClassic) -> None:
        with self._lock:
            if self.tag is tag:
                self.tag = None

    def lift(self) -> EmulatedTag | EmulatedClassic | None:
        with self._lock:
            tag, self.tag = self.tag, None
        return tag

    def wait_polled(self, timeout: float) -> bool:
        """Wait for the reader's next poll (REQA) of the field while it is empty: once it comes, the
        reader has finished with the tag that was lifted and a tag presented now is a new tap."""
        self._polled_empty.clear()
        return self._polled_empty.wait(timeout)

    def unplug(self) -> None:
        """Break the reader's link: every frame from the reader is answered with a datagram nfcpy's UDP
        driver cannot decode, so nfcpy raises out of its polling as it does when a USB or UART reader
        vanishes. Reopening the device succeeds (UDP needs no handshake) but fails at the first poll."""
        self._unplugged = True

    def plug_in(self) -> None:
        self._unplugged = False

    def close(self) -> None:
        self._closed.set()
        self._thread.join()
        self._sock.close()

    def __enter__(self) -> EmulatedField:
        return self

    def __exit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        self.close()

    def _serve(self) -> None:
        while not self._closed.is_set():
            if not select.select([self._sock], [], [], 0.05)[0]:
                continue
            datagram, addr = self._sock.recvfrom(1024)
            parts = datagram.split()
            if len(parts) != 2 or parts[0] != b"106A":
                continue  # RFOFF, or another technology: an NTAG stays silent
            if self._unplugged:
                self._sock.sendto(b"106A not-a-frame", addr)
                continue
            try:
                frame = unhexlify(parts[1])
            except ValueError:
                continue
            with self._lock:
                tag = self.tag
                if tag is None and frame in (b"\x26", b"\x52"):
                    self._pending_poll = (addr, time.monotonic())
                    self._polled_empty.set()
            answer = tag.answer(frame) if tag else None
            if answer is not None:
                self._send(answer, addr)

    def _send(self, frame: bytes, addr: tuple[str, int]) -> None:
        self._sock.sendto(b"106A " + hexlify(frame), addr)


def _bind(host: str, port: int) -> socket.socket:
    """A UDP socket on `port`, or on a free port with no service name: nfcpy's UDP driver turns the port
    back into a number with getnameinfo, which answers a name (e.g. `discard`) for a registered port."""
    while True:
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.bind((host, port))
        if port or socket.getnameinfo(sock.getsockname(), socket.NI_NUMERICHOST)[1].isdigit():
            return sock
        sock.close()
