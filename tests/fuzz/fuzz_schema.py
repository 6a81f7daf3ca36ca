"""The fuzzer's two halves (issue 24): inputs generated from the schemas, and each input run under a cap.

`values(T)` draws plain data (what YAML, TOML or JSON give) from a msgspec type, read with
`msgspec.inspect`, so that a bound declared in a schema (`Meta(ge=…, max_length=…)`, a `Literal`) is
what the fuzzer aims at: in range most of the time, and, from `edges(T)`, exactly on each bound, one past
it, and the wrong types everywhere. `mutated` plants those values at any place of a real file's data.

`run_case` runs one input with a time cap (a SIGALRM timer) and a memory cap (RLIMIT_AS: the process's
size now plus `CASE_MEMORY`), and counts per target what the issue asks for: inputs tried, tracebacks,
hangs, memory blow-ups, the peak of memory (tracemalloc) and messages over their bound. `FIGURES` is
recorded on the test's report by `finish` and printed at the end of the run (tests/conftest.py).
"""

from __future__ import annotations

import json
import os
import resource
import signal
import time
import traceback
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import msgspec.inspect as mi
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

T = TypeVar("T")

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))
CASE_SECONDS = float(os.environ.get("FUZZ_CASE_SECONDS", "10"))
CASE_MEMORY = 1 << 30
# A refusal is a few lines (the first 20 problems and a count), each of a bounded length.
MESSAGE_LINES = 25
MESSAGE_CHARS = 1000
# Each input is capped, so a test's time is too: pytest-timeout's own limit is set from it.
TIMEOUT = max(300, int(EXAMPLES * CASE_SECONDS))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.data_too_large, HealthCheck.large_base_example])

# Wrong in any place: the wrong type, a digit Python's int() refuses, a number past every bound, a long
# string, an isolate, nesting.
GENERIC: list[Any] = [None, True, -1, 0, 10**30, -(10**30), 2.5, float("inf"), "", "²", "x" * 10_000, "\u2066a\u2069",
                      "9" * 5000, [], {}, [[[[]]]], {"a": 1}, [0, 0], "-1"]


@dataclass
class Figures:
    tried: int = 0
    tracebacks: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    blowups: list[str] = field(default_factory=list)
    unbounded: list[str] = field(default_factory=list)
    peak: int = 0


FIGURES: dict[str, Figures] = {}


class Hang(BaseException):
    """Raised by the timer inside a case that ran past `CASE_SECONDS` (BaseException: a guard that catches
    Exception must not swallow it)."""


def _alarm(signum: int, frame: object) -> None:
    raise Hang


def _vm_size() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        line = next(line for line in status if line.startswith("VmSize:"))
    return int(line.split()[1]) * 1024


def run_case(target: str, what: str, case: Callable[[], T]) -> T | None:
    """`case()` under the caps; None when it raised, hung or ran out of memory (each counted with `what`)."""
    figures = FIGURES.setdefault(target, Figures())
    figures.tried += 1
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = _vm_size() + CASE_MEMORY
    resource.setrlimit(resource.RLIMIT_AS, (cap if hard == resource.RLIM_INFINITY else min(cap, hard), hard))
    previous = signal.signal(signal.SIGALRM, _alarm)
    # pytest-timeout's own alarm, if any, is put back with the time it has left.
    left, interval = signal.setitimer(signal.ITIMER_REAL, CASE_SECONDS)
    started = time.monotonic()
    tracemalloc.start()
    try:
        return case()
    except Hang:
        figures.hangs.append(what)
    except MemoryError:
        figures.blowups.append(what)
    except Exception as exc:
        figures.tracebacks.append(f"{cause(exc)}\n{what}\n{traceback.format_exc(limit=-4)}")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
        signal.signal(signal.SIGALRM, previous)
        if left:
            signal.setitimer(signal.ITIMER_REAL, max(left - (time.monotonic() - started), 0.001), interval)
        figures.peak = max(figures.peak, peak)
    return None


def cause(exc: BaseException) -> str:
    """Where an exception came from: the last frame in the app's own code, and its type."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/companion/" in f.filename]
    where = f"{frames[-1].filename.split('/companion/')[-1]}:{frames[-1].name}" if frames else "?"
    return f"{type(exc).__name__} in companion/{where}"


def bounded(target: str, what: str, message: str) -> None:
    """Counts a refusal longer than `MESSAGE_LINES` lines or with a line over `MESSAGE_CHARS` characters."""
    lines = message.splitlines()
    if len(lines) > MESSAGE_LINES or any(len(line) > MESSAGE_CHARS for line in lines):
        FIGURES.setdefault(target, Figures()).unbounded.append(
            f"{what}: {len(lines)} lines, the longest {max(map(len, lines), default=0)} characters: {message[:200]!r}")


def finish(record_property: Callable[[str, object], None], target: str) -> None:
    """Records the target's figures for the summary, then fails on any traceback, hang, blow-up or
    unbounded refusal, showing the first."""
    figures = FIGURES.pop(target, Figures())
    record_property("fuzz", json.dumps({target: {
        "tried": figures.tried, "tracebacks": len(figures.tracebacks), "hangs": len(figures.hangs),
        "blowups": len(figures.blowups), "unbounded": len(figures.unbounded), "peak": figures.peak}}))
    for name in ("tracebacks", "hangs", "blowups", "unbounded"):
        found: list[str] = getattr(figures, name)
        causes = sorted({f.splitlines()[0] for f in found})
        assert not found, f"{target}: {len(found)} {name} ({'; '.join(causes)}); the first:\n{found[0]}"


# Schema-derived strategies.
def values(info: Any, depth: int = 0) -> st.SearchStrategy[Any]:
    """Plain data for a msgspec type (or its `msgspec.inspect` info), within its declared bounds."""
    t = info if isinstance(info, mi.Type) else mi.type_info(info)
    if isinstance(t, mi.Metadata):
        return values(t.type, depth)
    if isinstance(t, mi.IntType):
        lo = t.ge if t.ge is not None else t.gt + 1 if t.gt is not None else -3
        hi = t.le if t.le is not None else t.lt - 1 if t.lt is not None else lo + 15
        return st.integers(lo, max(lo, hi))
    if isinstance(t, mi.FloatType):
        return st.floats(t.ge if t.ge is not None else -10, t.le if t.le is not None else 100, allow_nan=False)
    if isinstance(t, mi.StrType):
        if t.pattern:
            return st.from_regex(t.pattern, fullmatch=True).filter(lambda s: len(s) <= (t.max_length or 10**6))
        return st.text(min_size=t.min_length or 0, max_size=min(t.max_length or 12, 12))
    if isinstance(t, mi.BoolType):
        return st.booleans()
    if isinstance(t, mi.NoneType):
        return st.none()
    if isinstance(t, mi.LiteralType):
        return st.sampled_from(t.values)
    if isinstance(t, (mi.ListType, mi.VarTupleType, mi.SetType, mi.FrozenSetType)):
        low = t.min_length or 0
        return st.lists(values(t.item_type, depth + 1), min_size=low, max_size=max(low, min(t.max_length or 4, 4)))
    if isinstance(t, mi.TupleType):
        return st.tuples(*(values(i, depth + 1) for i in t.item_types)).map(list)
    if isinstance(t, mi.DictType):
        return st.dictionaries(values(t.key_type, depth + 1), values(t.value_type, depth + 1), max_size=3)
    if isinstance(t, mi.StructType):
        if depth > 8:
            return st.just({})
        required = {f.encode_name: values(f.type, depth + 1) for f in t.fields if f.required}
        optional = {f.encode_name: values(f.type, depth + 1) for f in t.fields if not f.required}
        if t.tag_field is not None:
            required[t.tag_field] = st.just(t.tag)
        return st.fixed_dictionaries(required, optional=optional)
    if isinstance(t, mi.UnionType):
        return st.one_of(*(values(u, depth + 1) for u in t.types))
    return st.sampled_from(GENERIC[:9])


def edges(info: Any) -> list[Any]:
    """Every value on or one past a bound the type declares, with a wrong literal for each `Literal`."""
    out: list[Any] = []
    seen: set[int] = set()

    def walk(t: Any) -> None:
        if isinstance(t, mi.Metadata):
            walk(t.type)
        elif isinstance(t, (mi.IntType, mi.FloatType)):
            for bound, past in ((t.ge, -1), (t.gt, 0), (t.le, 1), (t.lt, 0)):
                if bound is not None:
                    out.extend([bound, bound + past] if past else [bound])
        elif isinstance(t, mi.StrType):
            if t.max_length is not None:
                out.extend(["x" * t.max_length, "x" * (t.max_length + 1)])
            if t.min_length:
                out.append("x" * (t.min_length - 1))
        elif isinstance(t, mi.LiteralType):
            out.append(f"not-{t.values[0]}")
        elif isinstance(t, (mi.ListType, mi.VarTupleType, mi.SetType, mi.FrozenSetType)):
            if t.max_length is not None:
                out.append([0] * (t.max_length + 1))
            walk(t.item_type)
        elif isinstance(t, mi.TupleType):
            for i in t.item_types:
                walk(i)
        elif isinstance(t, mi.DictType):
            walk(t.value_type)
        elif isinstance(t, mi.UnionType):
            for u in t.types:
                walk(u)
        elif isinstance(t, mi.StructType) and id(t.cls) not in seen:
            seen.add(id(t.cls))
            for f in t.fields:
                walk(f.type)

    walk(mi.type_info(info))
    return out


def _places(raw: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    places = [at]
    if isinstance(raw, dict):
        places += [p for k, v in raw.items() for p in _places(v, (*at, k))]
    elif isinstance(raw, list):
        places += [p for i, v in enumerate(raw) for p in _places(v, (*at, i))]
    return places


def _set(raw: Any, place: tuple[Any, ...], value: Any) -> Any:
    if not place:
        return value
    head, rest = place[0], place[1:]
    if isinstance(raw, dict):
        return {**raw, head: _set(raw[head], rest, value)}
    return [_set(v, rest, value) if i == head else v for i, v in enumerate(raw)]


def _get(raw: Any, place: tuple[Any, ...]) -> Any:
    for key in place:
        raw = raw[key]
    return raw


@st.composite
def mutated(draw: st.DrawFn, raw: Any, pool: list[Any]) -> Any:
    """`raw` with one to three places changed: a value from `pool` or `GENERIC`, or a list's item repeated."""
    for _ in range(draw(st.integers(1, 3))):
        place = draw(st.sampled_from(_places(raw)))
        old = _get(raw, place)
        if isinstance(old, list) and old and draw(st.booleans()):
            new: Any = old + [draw(st.sampled_from(old))] * draw(st.sampled_from([1, 2, 50, 1000]))
        else:
            new = draw(st.sampled_from(pool + GENERIC))
        raw = _set(raw, place, new)
    return raw


def plain(kind: type[Any]) -> st.SearchStrategy[Any]:
    """Data for `kind` from its schema, sometimes with a bound's edge planted in it."""
    pool = edges(kind)
    return values(kind).flatmap(lambda raw: st.one_of(st.just(raw), mutated(raw, pool)))


def as_yaml(raw: Any) -> bytes:
    import yaml

    return yaml.safe_dump(raw, allow_unicode=True, sort_keys=False, width=10**6).encode("utf-8")
