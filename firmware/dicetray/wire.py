"""The tray's wire protocol, version 1 (specified in hw/tray/protocol.md): framing, checksum, messages.

A frame on the wire is COBS(payload) followed by one 0x00 byte, so a reader that lost its place (noise,
a cut cable, the REPL's banner) finds the next frame at the next zero. The payload is

    version u8 | type u8 | seq u16 LE | body length u16 LE | body | CRC-16/CCITT-FALSE of all before, BE

and a body is laid out by its type's schema: B = u8, H = u16 LE, I = u32 LE, s = an ASCII string of at
most 32 printable characters after a u8 length, and (...) = a u8 count then that many groups.
Anything that does not check out in every one of these respects is dropped and counted, never raised.
"""

import struct

VERSION = 1
HEADER = 6
MAX_BODY = 1024
MAX_STR = 32
# COBS adds one code byte per 254 bytes of payload.
MAX_ENCODED = HEADER + MAX_BODY + 2 + (HEADER + MAX_BODY + 2) // 254 + 1

# Tray -> host.
HELLO = 0x01
HEARTBEAT = 0x02
DIE = 0x03
THROW = 0x04
ROLLING = 0x05
BATTERY = 0x06
FAULT = 0x07
DUMP = 0x08
ACK = 0x09
# Host -> tray.
HELLO_REQ = 0x41
DUMP_REQ = 0x42
THROW_ACK = 0x43
PAIR = 0x44
UNPAIR = 0x45
CALIBRATE = 0x46

SCHEMAS = {
    HELLO: "ssH",  # firmware version, tray id, boot id
    HEARTBEAT: "HIHB",  # boot id, uptime s, last throw id, throw open (0/1)
    DIE: "ssBB",  # die id, kind, state, face
    THROW: "H(ssBB)",  # throw id, (die id, kind, state, face)...
    ROLLING: "H",  # throw id of the throw that just started
    BATTERY: "sBH",  # die id, percent, millivolts
    FAULT: "Bs",  # fault code, detail
    DUMP: "HHBB(ssBBB)(ssBB)",  # boot id, last throw id, throw open, last throw acked,
    # every paired die (id, kind, state, face, battery %), the last throw's dice (as in THROW)
    ACK: "HB",  # seq of the command answered, status
    HELLO_REQ: "",
    DUMP_REQ: "",
    THROW_ACK: "H",  # throw id
    PAIR: "ssB",  # die id, kind, number of faces
    UNPAIR: "s",  # die id
    CALIBRATE: "sB",  # die id, face number whose normal is the die's current "up"
}
# The lists, by field number, whose groups each name a different die (by their first field): a die lies
# once on the tray, so a frame that names one twice would count it twice.
UNIQUE_DICE = {
    THROW: (1,),
    DUMP: (4, 5),
}

# Die states, as Pixels dice name them (on face = SETTLED, crooked = COCKED).
UNKNOWN = 0
ROLLING_STATE = 1
SETTLED = 2
COCKED = 3
HANDLING = 4

# ACK statuses.
OK = 0
UNKNOWN_DIE = 1
BAD_REQUEST = 2
STORAGE_ERROR = 3

# Fault codes.
FAULT_UNPAIRED_DIE = 1
FAULT_DIE_LOST = 2
FAULT_STORAGE = 3
FAULT_THROW_TIMEOUT = 4
FAULT_FIRMWARE = 5
FAULT_DIE_SENSOR = 6


def _crc_table():
    table = []
    for i in range(256):
        c = i << 8
        for _ in range(8):
            c = (c << 1) ^ 0x1021 if c & 0x8000 else c << 1
        table.append(c & 0xFFFF)
    return table


_TABLE = _crc_table()


def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): `binascii.crc_hqx(data, 0xFFFF)` on CPython."""
    for b in data:
        crc = ((crc << 8) & 0xFF00) ^ _TABLE[((crc >> 8) ^ b) & 0xFF]
    return crc


def cobs_encode(data):
    out = bytearray(b"\x00")
    code_at = 0
    code = 1
    for b in data:
        if b:
            out.append(b)
            code += 1
        if not b or code == 0xFF:
            out[code_at] = code
            code_at = len(out)
            out.append(0)
            code = 1
    out[code_at] = code
    return bytes(out)


def cobs_decode(data):
    """The decoded bytes, or None when `data` is not valid COBS."""
    out = bytearray()
    i = 0
    n = len(data)
    while i < n:
        code = data[i]
        if code == 0 or i + code > n:
            return None
        out.extend(data[i + 1 : i + code])
        i += code
        if code < 0xFF and i < n:
            out.append(0)
    return bytes(out)


class Frame:
    """One message: its type, its sender's sequence number and its fields in schema order."""

    def __init__(self, kind, seq, fields):
        self.kind = kind
        self.seq = seq
        self.fields = fields

    def __eq__(self, other):
        return (
            isinstance(other, Frame)
            and (self.kind, self.seq, self.fields) == (other.kind, other.seq, other.fields)
        )

    def __repr__(self):
        return f"Frame(0x{self.kind:02x}, {self.seq}, {self.fields!r})"


def _pack(schema, values, out):
    vi = 0
    i = 0
    while i < len(schema):
        c = schema[i]
        value = values[vi]
        vi += 1
        if c == "(":
            end = schema.index(")", i)
            out.append(len(value))
            for item in value:
                _pack(schema[i + 1 : end], item, out)
            i = end + 1
            continue
        if c == "B":
            out.append(value)
        elif c == "H":
            out.extend(struct.pack("<H", value))
        elif c == "I":
            out.extend(struct.pack("<I", value))
        else:
            text = value.encode()
            if len(text) > MAX_STR:
                raise ValueError(f"string longer than {MAX_STR}: {value!r}")
            out.append(len(text))
            out.extend(text)
        i += 1


def encode(kind, seq, fields):
    """The bytes of one frame, delimiter included. Raises ValueError on fields that do not fit."""
    body = bytearray()
    _pack(SCHEMAS[kind], fields, body)
    if len(body) > MAX_BODY:
        raise ValueError(f"body of {len(body)} bytes, at most {MAX_BODY}")
    payload = bytearray(struct.pack("<BBHH", VERSION, kind, seq, len(body)))
    payload.extend(body)
    crc = crc16(payload)
    payload.append(crc >> 8)
    payload.append(crc & 0xFF)
    return cobs_encode(payload) + b"\x00"


def _unpack(schema, body, pos, values):
    """Appends the fields to `values` and returns the position after them, or -1 if malformed."""
    i = 0
    n = len(body)
    while i < len(schema):
        c = schema[i]
        if c == "(":
            end = schema.index(")", i)
            if pos >= n:
                return -1
            count = body[pos]
            pos += 1
            items = []
            for _ in range(count):
                item = []
                pos = _unpack(schema[i + 1 : end], body, pos, item)
                if pos < 0:
                    return -1
                items.append(tuple(item))
            values.append(items)
            i = end + 1
            continue
        if c == "B":
            if pos + 1 > n:
                return -1
            values.append(body[pos])
            pos += 1
        elif c == "H":
            if pos + 2 > n:
                return -1
            values.append(body[pos] | body[pos + 1] << 8)
            pos += 2
        elif c == "I":
            if pos + 4 > n:
                return -1
            values.append(struct.unpack("<I", bytes(body[pos : pos + 4]))[0])
            pos += 4
        else:
            if pos >= n:
                return -1
            size = body[pos]
            text = body[pos + 1 : pos + 1 + size]
            if size > MAX_STR or len(text) != size:
                return -1
            for ch in text:
                if ch < 0x20 or ch > 0x7E:
                    return -1
            values.append(bytes(text).decode())
            pos += 1 + size
        i += 1
    return pos


def parse(payload):
    """(Frame, "") for a valid decoded payload, else (None, the reason it was refused)."""
    if len(payload) < HEADER + 2:
        return None, "short"
    if payload[0] != VERSION:
        return None, "version"
    if payload[4] | payload[5] << 8 != len(payload) - HEADER - 2:
        return None, "length"
    if crc16(payload[:-2]) != (payload[-2] << 8 | payload[-1]):
        return None, "crc"
    kind = payload[1]
    schema = SCHEMAS.get(kind)
    if schema is None:
        return None, "type"
    body = payload[HEADER:-2]
    fields = []
    if _unpack(schema, body, 0, fields) != len(body):
        return None, "body"
    for at in UNIQUE_DICE.get(kind, ()):
        ids = [group[0] for group in fields[at]]
        if len(set(ids)) != len(ids):
            return None, "duplicate"
    return Frame(kind, payload[2] | payload[3] << 8, fields), ""


class Deframer:
    """Turns a byte stream into frames; `rejected` counts the refused ones by reason."""

    def __init__(self):
        self.buf = bytearray()
        self.rejected = {}
        self._skipping = False

    def _reject(self, reason):
        self.rejected[reason] = self.rejected.get(reason, 0) + 1

    def feed(self, data):
        data = bytes(data)
        frames = []
        start = 0
        n = len(data)
        while start < n:
            end = data.find(b"\x00", start)
            chunk = data[start : n if end < 0 else end]
            if not self._skipping:
                self.buf.extend(chunk)
                if len(self.buf) > MAX_ENCODED:
                    self._reject("oversize")
                    self.buf = bytearray()
                    self._skipping = True
            if end < 0:
                break
            start = end + 1
            if self._skipping:
                self._skipping = False
                continue
            if self.buf:
                frame = self._frame(bytes(self.buf))
                self.buf = bytearray()
                if frame is not None:
                    frames.append(frame)
        return frames

    def _frame(self, encoded):
        payload = cobs_decode(encoded)
        if payload is None:
            self._reject("cobs")
            return None
        frame, reason = parse(payload)
        if frame is None:
            self._reject(reason)
        return frame
