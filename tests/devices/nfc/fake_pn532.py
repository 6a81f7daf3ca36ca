"""A PN532 on a UART, as nfcpy's own `pn532` driver meets it, behind a pseudo-terminal.

What the chip senses is modelled, not what our code expects: it answers only bytes sent at its current
rate, which a pseudo-terminal does not carry, so the rate the host's UART runs at is read from the
terminal's settings (the speed the opener set, `tcgetattr` on the slave side) when the bytes arrive. It
starts at 115,200 baud, moves to another rate after SetSerialBaudRate and the host's ACK, and keeps its
rate whatever happens to the host's process (the fake holds the slave open, so the terminal lives on).
Its RSTPDN line, when the test wires one (a gpiozero mock pin), resets it to 115,200 while held low.

One liberty: a real host's UART has sent the ACK that ends SetSerialBaudRate (6 bytes, well under a
millisecond) before it changes speed, while on a pseudo-terminal the ACK waits until the fake reads it,
and nfcpy's reopen (`flushOutput`) may discard it first. So once SetSerialBaudRate is answered, bytes that
arrive at the new rate count as coming after that ACK. No tag is ever in the field: InListPassiveTarget
finds none.

The port is reached as nfcpy's `com:COMn:pn532` path, which nfcpy opens relative to the current folder,
so the fake puts a `COMn` link to the terminal in `folder` (run the reader from there).
"""

from __future__ import annotations

import os
import select
import termios
import threading
import tty
from pathlib import Path
from typing import Any

ACK = bytes.fromhex("0000ff00ff00")
RATES = (9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600)
SPEEDS = {getattr(termios, f"B{rate}"): rate for rate in RATES}
FIRMWARE = bytes.fromhex("32010607")  # PN532 v1.6, all card types


def frame(tfi_and_data: bytes) -> bytes:
    size = len(tfi_and_data)
    checksum = (-sum(tfi_and_data)) & 0xFF
    if size < 255:
        head = bytes([0, 0, 0xFF, size, (-size) & 0xFF])
    else:
        head = bytes([0, 0, 0xFF, 0xFF, 0xFF, size >> 8, size & 0xFF, (-(size >> 8) - size) & 0xFF])
    return head + tfi_and_data + bytes([checksum, 0])


class FakePN532:
    def __init__(self, folder: Path, name: str = "COM7") -> None:
        self.master, self._slave = os.openpty()
        tty.setraw(self._slave)  # as a UART's line is: no echo, no line editing, before any host opens it
        self.link = folder / name
        self.link.symlink_to(os.ttyname(self._slave))
        self.device = f"com:{name}:pn532"
        self.rate = 115200
        self.reset_pin: Any = None
        self.resets = 0
        self.commands: list[int] = []
        self._next_rate: int | None = None
        self._buffer = bytearray()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="fake-pn532", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(2)
        os.close(self.master)
        os.close(self._slave)
        self.link.unlink(missing_ok=True)

    def host_rate(self) -> int:
        return SPEEDS.get(termios.tcgetattr(self._slave)[4], 0)

    def _run(self) -> None:
        while not self._stop.is_set():
            self._watch_reset()
            ready, _, _ = select.select([self.master], [], [], 0.002)
            if not ready:
                continue
            try:
                data = os.read(self.master, 4096)
            except OSError:
                continue
            rate = self.host_rate()
            if rate == self._next_rate:
                self.rate, self._next_rate = rate, None
                data = data.removeprefix(ACK)
            if rate == self.rate:
                self._receive(data)
            else:
                self._buffer.clear()  # at the wrong rate the UART sees noise and framing errors

    def _watch_reset(self) -> None:
        if self.reset_pin is not None and not self.reset_pin.state:
            if self.rate != 115200 or self._next_rate is not None or self._buffer:
                self.resets += 1
            self.rate, self._next_rate = 115200, None
            self._buffer.clear()

    def _receive(self, data: bytes) -> None:
        self._buffer += data
        while True:
            start = self._buffer.find(b"\x00\xff")
            if start < 0:
                del self._buffer[:-1]
                return
            body = self._buffer[start + 2:]
            if body[:3] == b"\x00\xff\x00":  # an ACK from the host
                del self._buffer[:start + 5]
                self._host_ack()
                continue
            if len(body) < 2:
                return
            if body[0] == 0xFF and body[1] == 0xFF:
                if len(body) < 5:
                    return
                size, header = body[2] << 8 | body[3], 5
            else:
                size, header = body[0], 2
            if len(body) < header + size + 1:
                return
            payload = bytes(body[header:header + size])
            del self._buffer[:start + 2 + header + size + 1]
            if payload and payload[0] == 0xD4 and (-sum(payload)) & 0xFF == body[header + size]:
                self._command(payload[1], payload[2:])

    def _host_ack(self) -> None:
        if self._next_rate is not None:
            self.rate, self._next_rate = self._next_rate, None

    def _command(self, code: int, data: bytes) -> None:
        self.commands.append(code)
        answers = {
            0x00: data,  # Diagnose: the line test echoes
            0x02: FIRMWARE,
            0x06: bytes(len(data) // 2),  # ReadRegister: every register reads 0
            0x16: b"\x00",  # PowerDown: status OK
            0x4A: b"\x00",  # InListPassiveTarget: no target
            0x44: b"\x00", 0x52: b"\x00",
        }
        if code == 0x10:
            self._next_rate = RATES[data[0]]
        os.write(self.master, ACK + frame(bytes([0xD5, code + 1]) + answers.get(code, b"")))
