"""Scenarios: a setup and a list of inputs, played through a rule system to a transcript.

The file format (YAML) is documented in `docs/scenarios.md`. A scenario may carry expectations — lines
the transcript must contain in order, values of the final state, rejection codes — so the rulebook's
worked examples are golden tests, and a table's exported session is a bug report anyone can replay.
"""

from __future__ import annotations

import reprlib
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import msgspec

from companion.core import files, guard, numbers
from companion.core.flow import Act, Draw, Input, Rejection, Roll, Throw
from companion.core.messages import Lang
from companion.core.rules import Session, SetupError, find, parse_input


class Check(msgspec.Struct, forbid_unknown_fields=True):
    """One value of the state tested more loosely than by equality (any of the tests may be combined).
    `count` is how many items of a list (or values of a mapping) equal `of` and have every field of
    `where` (dotted paths within the item) equal to its value; with neither, every item counts."""

    path: str
    len: int | None = None
    count: int | None = None
    of: Any = msgspec.UNSET
    where: dict[str, Any] = {}
    contains: Any = msgspec.UNSET
    lacks: Any = msgspec.UNSET
    min: int | float | None = None
    max: int | float | None = None
    not_: Any = msgspec.field(default=msgspec.UNSET, name="not")


class Expectations(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    transcript: list[str] = []
    absent: list[str] = []
    state: dict[str, Any] = {}
    checks: list[Check] = []
    rejections: list[str] | None = None
    outcome: str | None = None


class Checkpoint(Expectations, kw_only=True):
    """Expectations on the game as it stands after input number `input` (counting refused ones)."""

    input: int


class Expect(Expectations, kw_only=True):
    after: list[Checkpoint] = []


class Scenario(msgspec.Struct, forbid_unknown_fields=True):
    game: str
    setup: dict[str, Any]
    inputs: list[dict[str, Any]] = []
    title: str = ""
    rule: str = ""
    expect: Expect = msgspec.field(default_factory=Expect)


class ScenarioError(ValueError):
    """A scenario file that cannot be read or played (the message says which part)."""


@dataclass
class Result:
    session: Session[Any]
    transcript: list[str] = field(default_factory=list)
    rejections: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


def load(path: Path) -> Scenario:
    """A scenario file, read within the limits of `companion.core.files` and checked against the schema."""
    try:
        return files.load(path, Scenario)
    except files.FileError as exc:
        raise ScenarioError(str(exc)) from exc


def describe(inp: Input) -> str:
    if isinstance(inp, Act):
        target = f" {inp.target}" if inp.target is not None else ""
        args = "".join(f" {k}={v}" for k, v in sorted(inp.args.items()))
        return f"{inp.actor}: {inp.action}{target}{args}"
    if isinstance(inp, Roll):
        return f"die {inp.die}: {inp.face if inp.face is not None else 'rolled by the app'} ({inp.source})"
    if isinstance(inp, Draw):
        return f"card from {inp.deck}: {inp.card if inp.card is not None else 'dealt by the app'} ({inp.source})"
    if isinstance(inp, Throw):
        faces = " ".join(f"{die}={face}" for die, face in sorted(inp.faces.items())) or "rolled by the app"
        return f"throw: {faces} ({inp.source})"
    return f"choice: {inp.option}"


def play(scenario: Scenario, lang: Lang = "en") -> Result:
    """The scenario played, guarded as the table is (`companion.core.guard`): an engine exception refuses the
    input (`engine-bug`, also a failure), or the setup (a `ScenarioError`), and the log says where."""
    try:
        started = guard.guarded(lambda: Session(find(scenario.game), scenario.setup),
                                msgspec.json.encode(scenario.setup), where=f"the setup of {scenario.game}",
                                expected=(SetupError,))
    except SetupError as exc:
        raise ScenarioError(str(exc)) from exc
    if isinstance(started, Rejection):
        raise ScenarioError(f"{started.code}: {started.msg.text(lang)}")
    session: Session[Any] = started
    result = Result(session)
    checkpoints = sorted(scenario.expect.after, key=lambda c: c.input)
    for checkpoint in checkpoints:
        if not 0 <= checkpoint.input <= len(scenario.inputs):
            result.failures.append(f"after input {checkpoint.input}: the scenario has {len(scenario.inputs)} inputs")
    _check_after(0, checkpoints, result)
    for number, raw in enumerate(scenario.inputs, 1):
        parsed = parse_input(raw)
        if isinstance(parsed, Rejection):
            _refused(result, f"input {number}", parsed, lang)
        else:
            outcome = guard.guarded(partial(session.submit, parsed), msgspec.json.encode(parsed), session,
                                    where=f"input {number} of the scenario")
            if isinstance(outcome, Rejection):
                _refused(result, describe(parsed), outcome, lang)
                if outcome.code == guard.CODE:
                    result.failures.append(f"input {number}: {outcome.msg.text(lang)}")
            else:
                result.transcript.append(f"#{outcome.seq} {describe(parsed)}")
                result.transcript += [f"    {e.msg.text(lang)}  [{e.rule}]" for e in outcome.events]
        _check_after(number, checkpoints, result)
    _check(scenario.expect, result, "")
    return result


def _check_after(number: int, checkpoints: list[Checkpoint], result: Result) -> None:
    for checkpoint in checkpoints:
        if checkpoint.input == number:
            _check(checkpoint, result, f"after input {number}: ")


def _refused(result: Result, what: str, rejection: Rejection, lang: Lang) -> None:
    result.rejections.append(rejection.code)
    result.transcript.append(f"✗ {what}: {rejection.code}: {rejection.msg.text(lang)}  [{rejection.rule}]")


def _check(expect: Expectations, result: Result, when: str) -> None:
    failures: list[str] = []
    text = "\n".join(result.transcript)
    position = 0
    for line in expect.transcript:
        found = text.find(line, position)
        if found < 0:
            failures.append(f"transcript lacks (in order): {_show(line)}")
        else:
            position = found + len(line)
    failures += [f"transcript has {_show(line)}, which must be absent" for line in expect.absent if line in text]
    state = plain(msgspec.to_builtins(result.session.state))
    for path, wanted in expect.state.items():
        actual = _dig(state, path)
        if actual is _MISSING:
            failures.append(f"state {path}: no such value in the state")
        elif not _equal(actual, wanted):
            failures.append(f"state {path} is {_show(actual)}, expected {_show(wanted)}")
    for check in expect.checks:
        failures += _test(check, _dig(state, check.path))
    if expect.rejections is not None and expect.rejections != result.rejections:
        failures.append(f"rejections {_show(result.rejections)}, expected {_show(expect.rejections)}")
    if expect.outcome is not None and state.get("outcome") != expect.outcome:
        failures.append(f"outcome {_show(state.get('outcome'))}, expected {_show(expect.outcome)}")
    result.failures += [when + f for f in failures]


def _test(check: Check, actual: Any) -> list[str]:
    name = f"state {check.path}"
    if actual is _MISSING:
        return [f"{name}: no such value in the state"]
    out: list[str] = []
    if check.len is not None:
        size = len(actual) if isinstance(actual, (list, dict, str)) else None
        if size != check.len:
            out.append(f"{name} has length {size}, expected {check.len}" if size is not None
                       else f"{name} is {_show(actual)}, which has no length")
    for wanted, present in ((check.contains, True), (check.lacks, False)):
        if wanted is not msgspec.UNSET and _holds(actual, wanted) is not present:
            out.append(f"{name} is {_show(actual)}, which {'lacks' if present else 'contains'} {_show(wanted)}")
    number = actual if isinstance(actual, (int, float)) and not isinstance(actual, bool) else None
    for bound, low in ((check.min, True), (check.max, False)):
        if bound is not None and (number is None or (number < bound if low else number > bound)):
            out.append(f"{name} is {_show(actual)}, expected {'at least' if low else 'at most'} {_show(bound)}")
    if check.not_ is not msgspec.UNSET and actual == check.not_:
        out.append(f"{name} is {_show(actual)}, expected anything else")
    if check.count is not None:
        out += _count(check, actual, name)
    elif check.of is not msgspec.UNSET or check.where:
        out.append(f"{name}: `of` and `where` say what `count` counts, and no count is given")
    return out


def _count(check: Check, actual: Any, name: str) -> list[str]:
    items = list(actual.values()) if isinstance(actual, dict) else actual if isinstance(actual, list) else None
    if items is None:
        return [f"{name} is {_show(actual)}, which has no items to count"]
    found = sum(1 for item in items if (check.of is msgspec.UNSET or _equal(item, check.of))
                and all(_equal(_dig(item, field), value) for field, value in check.where.items()))
    if found == check.count:
        return []
    what = " and ".join([*([f"equal to {_show(check.of)}"] if check.of is not msgspec.UNSET else []),
                         *([f"with {_show(check.where)}"] if check.where else [])]) or "in all"
    return [f"{name} has {found} items {what}, expected {check.count}"]


def _equal(actual: Any, wanted: Any) -> bool:
    """Equal as the state expectations compare: a missing value equals nothing, `true` is not `1`."""
    return actual is not _MISSING and actual == wanted and isinstance(actual, bool) == isinstance(wanted, bool)


def plain(value: Any) -> Any:
    """The state as the scenario file writes values: a tuple (a square, a size) as a list, at any depth, so
    `[3, 1]` equals a position and `figures.0.at.0` reads its x."""
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


def _holds(container: Any, item: Any) -> bool | None:
    if isinstance(container, str):
        return isinstance(item, str) and item in container
    if isinstance(container, (list, dict)):
        return any(item == x for x in container)
    return None


_MISSING = object()
SHOW_LIMIT = 120
_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict, _REPR.maxstring, _REPR.maxother = 3, 8, 8, 60, 60


def _show(value: Any) -> str:
    """A value for a failure message, cut short: an expectation may be as large as the file allows."""
    text = _REPR.repr(value)
    return text if len(text) <= SHOW_LIMIT else text[:SHOW_LIMIT] + f"… ({len(text)} characters)"


def _dig(data: Any, path: str) -> Any:
    for part in path.split("."):
        if isinstance(data, list):
            index = numbers.whole(part, -len(data), len(data) - 1)
            if index is None:
                return _MISSING
            data = data[index]
        elif isinstance(data, dict) and part in data:
            data = data[part]
        else:
            return _MISSING
    return data
