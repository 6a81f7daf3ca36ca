"""The one way a file from outside is read: scenarios, session imports, game data, settings.

Such a file may be hostile or merely wrong (a device, a FIFO, a huge file, another encoding, a YAML
alias bomb, thousands of nested brackets, a misspelt key). Each is refused with a `FileError` whose
text is one line: the file, the place in it, and the reason. The limits are in `docs/scenarios.md`.
Every string of a YAML file comes in NFC-normalised, without control or bidi-control characters
(companion/core/text.py).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any, TypeVar

import msgspec
import yaml
import yaml.reader

from companion.core.text import TextError, normalised, shortened

T = TypeVar("T")

MAX_BYTES = 2 * 1024 * 1024
MAX_DEPTH = 50
MAX_NODES = 100_000


class FileError(ValueError):
    """A file that cannot be used; `str()` is one line: file, place, reason."""

    def __init__(self, path: Path | str, place: str, reason: str) -> None:
        # A reason may quote the file's own value, of any length: a line of the file is not repeated whole.
        self.path, self.place, self.reason = str(path), place, shortened(reason)
        where = f"{self.path}: {place}" if place else self.path
        super().__init__(f"{where}: {self.reason}".replace("\n", " "))


def read_bytes(path: Path | str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes.

    Opened without blocking and checked before a byte is read, so neither a FIFO (which would wait for
    a writer forever) nor a device such as /dev/zero (which never ends) is read.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as exc:
        raise FileError(path, "", f"cannot open: {exc.strerror}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileError(path, "", f"not a regular file ({_kind(info.st_mode)})")
        if info.st_size > limit:
            raise FileError(path, "", f"{info.st_size} bytes; the limit is {limit}")
        data = _read_up_to(fd, limit + 1)
    except OSError as exc:
        raise FileError(path, "", f"cannot read: {exc.strerror}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileError(path, "", f"more than {limit} bytes; the limit is {limit}")
    return data


def _read_up_to(fd: int, count: int) -> bytes:
    chunks: list[bytes] = []
    while count > 0 and (chunk := os.read(fd, min(count, 1 << 16))):
        chunks.append(chunk)
        count -= len(chunk)
    return b"".join(chunks)


def _kind(mode: int) -> str:
    kinds = {stat.S_ISDIR: "a folder", stat.S_ISFIFO: "a FIFO", stat.S_ISCHR: "a device",
             stat.S_ISBLK: "a device", stat.S_ISSOCK: "a socket"}
    return next((name for test, name in kinds.items() if test(mode)), "not a plain file")


def decode(path: Path | str, data: bytes) -> str:
    """UTF-8 text (a leading byte-order mark is dropped); other encodings are named, not guessed."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data:
        raise FileError(path, "", "UTF-16 (or binary) text; save it as UTF-8")
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise FileError(path, f"line {line}, column {column}",
                        f"byte 0x{data[exc.start]:02X} is not UTF-8 (Latin-1?); save the file as UTF-8") from None


def read_text(path: Path | str, limit: int = MAX_BYTES) -> str:
    return decode(path, read_bytes(path, limit))


class _Refused(Exception):
    """Valid YAML that goes beyond what this reader accepts, at the parser's `mark`."""

    def __init__(self, problem: str, mark: Any) -> None:
        super().__init__(problem)
        self.problem, self.mark = problem, mark


# libyaml's parser and loader when PyYAML has them (its wheels do): several times faster than PyYAML's own.
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_OPEN = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_CLOSE = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


def _within_limits(text: str) -> None:
    """Walks the parser's events, before anything is built: no alias, bounded nesting and count of values.

    The events come one by one without recursion, so 5,000 nested brackets or an alias bomb are refused
    here, before the composer (recursive) or the constructor (which would expand the aliases) sees them.
    """
    depth = values = 0
    for event in yaml.parse(text, Loader=_LOADER):
        if isinstance(event, yaml.AliasEvent):
            raise _Refused("aliases (*name) are not allowed", event.start_mark)
        if isinstance(event, _CLOSE):
            depth -= 1
        elif isinstance(event, (*_OPEN, yaml.ScalarEvent)):
            values += 1
            if values > MAX_NODES:
                raise _Refused(f"more than {MAX_NODES} values", event.start_mark)
            if isinstance(event, _OPEN):
                depth += 1
                if depth > MAX_DEPTH:
                    raise _Refused(f"nested deeper than {MAX_DEPTH}", event.start_mark)


def _place(mark: Any) -> str:
    return f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""


def parse_yaml(path: Path | str, text: str) -> Any:
    """The plain data of a YAML text, within the limits above, every string made safe (`core.text`)."""
    try:
        _within_limits(text)
        return normalised(yaml.load(text, Loader=_LOADER))
    except TextError as exc:
        raise FileError(path, exc.place, exc.reason) from None
    except _Refused as exc:
        raise FileError(path, _place(exc.mark), exc.problem) from None
    except yaml.MarkedYAMLError as exc:
        reason = str(exc.problem or exc.context)
        if "maximum nesting depth" in reason:
            # libyaml's scanner reads a flow collection ahead and stops at its own limit (1,000 levels)
            # before the events reach ours: the same refusal, said the same way.
            raise FileError(path, "", f"nested deeper than {MAX_DEPTH}") from None
        raise FileError(path, _place(exc.problem_mark or exc.context_mark), f"not valid YAML: {reason}") from None
    except yaml.reader.ReaderError as exc:
        at = int(exc.position)
        place = f"line {text.count(chr(10), 0, at) + 1}, column {at - text.rfind(chr(10), 0, at)}"
        raise FileError(path, place, f"not valid YAML: character U+{int(exc.character):04X} is not allowed") from None
    except (yaml.YAMLError, RecursionError, ValueError, OverflowError) as exc:
        raise FileError(path, "", f"not valid YAML: {type(exc).__name__}") from None


def read_yaml(path: Path | str, limit: int = MAX_BYTES) -> Any:
    """The plain data of a YAML file, within the limits above."""
    return parse_yaml(path, read_text(path, limit))


def convert(path: Path | str, raw: Any, kind: type[T]) -> T:
    """`raw` as `kind` (msgspec; a struct with `forbid_unknown_fields` refuses unknown keys)."""
    try:
        return msgspec.convert(raw, kind)
    except msgspec.ValidationError as exc:
        reason, _, where = str(exc).partition(" - at `$")
        raise FileError(path, where.rstrip("`").lstrip("."), reason) from None


def load(path: Path | str, kind: type[T], limit: int = MAX_BYTES) -> T:
    """A YAML file read within the limits and checked against its schema."""
    return convert(path, read_yaml(path, limit), kind)


def unknown_keys(raw: Any, kind: Any, place: str = "") -> list[str]:
    """The dotted place of every key in `raw` that `kind` (a msgspec struct, nested) has no field for.

    For plain data laid over a struct the lenient way (such as a scenario's position over a game state),
    where `forbid_unknown_fields` cannot be set on the struct itself.
    """
    return _unknown(raw, msgspec.inspect.type_info(kind), place)


def _unknown(raw: Any, info: msgspec.inspect.Type, place: str) -> list[str]:
    at = f"{place}." if place else ""
    if isinstance(info, msgspec.inspect.StructType) and isinstance(raw, dict):
        fields = {f.encode_name: f.type for f in info.fields}
        out: list[str] = []
        for key, value in raw.items():
            if key == info.tag_field:
                continue
            if key not in fields:
                out.append(f"{at}{key}")
            else:
                out += _unknown(value, fields[key], f"{at}{key}")
        return out
    if isinstance(info, msgspec.inspect.DictType) and isinstance(raw, dict):
        return [k for key, value in raw.items() for k in _unknown(value, info.value_type, f"{at}{key}")]
    if isinstance(info, (msgspec.inspect.ListType, msgspec.inspect.VarTupleType)) and isinstance(raw, list):
        return [k for i, value in enumerate(raw) for k in _unknown(value, info.item_type, f"{at}{i}")]
    if isinstance(info, msgspec.inspect.UnionType) and isinstance(raw, dict):
        structs = [t for t in info.types if isinstance(t, msgspec.inspect.StructType)]
        chosen = [t for t in structs if t.tag_field is None or raw.get(t.tag_field) == t.tag]
        return _unknown(raw, chosen[0], place) if len(chosen) == 1 else []
    return []
