"""Scenarios: a setup and a list of inputs, played through a rule system to a transcript.

The file format (YAML) is documented in `docs/scenarios.md`. A scenario may carry expectations — lines
the transcript must contain in order, values of the final state, rejection codes — so the rulebook's
worked examples are golden tests, and a table's exported session is a bug report anyone can replay.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import yaml

from companion.core.flow import Act, Draw, Input, Rejection, Roll, Throw
from companion.core.messages import Lang
from companion.core.rules import Session, SetupError, find, parse_input


class Expect(msgspec.Struct, forbid_unknown_fields=True):
    transcript: list[str] = []
    state: dict[str, Any] = {}
    rejections: list[str] = []
    outcome: str | None = None


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
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        return msgspec.convert(raw, Scenario)
    except (OSError, yaml.YAMLError, msgspec.ValidationError) as exc:
        raise ScenarioError(f"{path}: {exc}") from exc


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
    try:
        session: Session[Any] = Session(find(scenario.game), scenario.setup)
    except SetupError as exc:
        raise ScenarioError(str(exc)) from exc
    result = Result(session)
    for number, raw in enumerate(scenario.inputs, 1):
        parsed = parse_input(raw)
        if isinstance(parsed, Rejection):
            _refused(result, f"input {number}", parsed, lang)
            continue
        outcome = session.submit(parsed)
        if isinstance(outcome, Rejection):
            _refused(result, describe(parsed), outcome, lang)
            continue
        result.transcript.append(f"#{outcome.seq} {describe(parsed)}")
        result.transcript += [f"    {e.msg.text(lang)}  [{e.rule}]" for e in outcome.events]
    _check(scenario.expect, result)
    return result


def _refused(result: Result, what: str, rejection: Rejection, lang: Lang) -> None:
    result.rejections.append(rejection.code)
    result.transcript.append(f"✗ {what}: {rejection.code}: {rejection.msg.text(lang)}  [{rejection.rule}]")


def _check(expect: Expect, result: Result) -> None:
    text = "\n".join(result.transcript)
    position = 0
    for line in expect.transcript:
        found = text.find(line, position)
        if found < 0:
            result.failures.append(f"transcript lacks (in order): {line!r}")
        else:
            position = found + len(line)
    state = msgspec.to_builtins(result.session.state)
    for path, wanted in expect.state.items():
        actual = _dig(state, path)
        if actual != wanted:
            result.failures.append(f"state {path} is {actual!r}, expected {wanted!r}")
    if expect.rejections and expect.rejections != result.rejections:
        result.failures.append(f"rejections {result.rejections}, expected {expect.rejections}")
    if expect.outcome is not None and state.get("outcome") != expect.outcome:
        result.failures.append(f"outcome {state.get('outcome')!r}, expected {expect.outcome!r}")


def _dig(data: Any, path: str) -> Any:
    for part in path.split("."):
        if isinstance(data, list) and part.lstrip("-").isdigit():
            data = data[int(part)] if -len(data) <= int(part) < len(data) else None
        elif isinstance(data, dict):
            data = data.get(part)
        else:
            return None
    return data
