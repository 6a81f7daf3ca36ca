"""The firmware against the physics of real dice: every trace of the library (synthesised) and every file
in tests/firmware/traces/ (recorded ones go there too, hw/tray/traces.md) replayed through the die's
firmware, its radio report and the tray. A handled die is never a throw; a thrown
one is in exactly one throw, on its face."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
import replay
from dicetray import wire
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.devices.tray import traces

TRACES = Path(__file__).resolve().parent / "traces"
FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "40"))


def run(trace: traces.Trace) -> dict[str, Any]:
    samples, dice = replay.parse(traces.dumps(trace))
    return replay.replay(samples, dice)  # type: ignore[no-any-return]


def check(trace: traces.Trace, result: dict[str, Any]) -> None:
    """Each die as its expectation says, and one throw at most."""
    throws = result["throws"]
    thrown = {die for die, e in trace.expect.items() if e.kind == "throw"}
    assert len(throws) == (1 if thrown else 0), f"{trace.name}: throws {throws}"
    assert result["rolling"] == len(throws), f"{trace.name}: {result['rolling']} ROLLING reports"
    entries = {die: (state, face) for entries in throws.values() for die, state, face in entries}
    for die, expect in trace.expect.items():
        states = result["states"][die]
        if expect.kind == "throw":
            wanted = (wire.COCKED, 0) if expect.face == 0 else (wire.SETTLED, expect.face)
            assert entries.get(die) == wanted, f"{trace.name}: {die} thrown as {entries.get(die)}, not {wanted}"
            continue
        assert die not in entries, f"{trace.name}: {die} was {expect.kind}, reported thrown: {throws}"
        assert wire.ROLLING_STATE not in states, f"{trace.name}: {die} reported rolling: {states}"
        if expect.kind == "handling":
            assert wire.HANDLING in states, f"{trace.name}: {die} never reported handling: {states}"
        else:
            assert states == [wire.SETTLED], f"{trace.name}: {die} lying still moved: {states}"
        if expect.face is not None:
            assert result["final"][die] == [wire.SETTLED, expect.face], f"{trace.name}: {die} {result['final']}"


LIBRARY = traces.library(seed=0)


@pytest.mark.parametrize("trace", LIBRARY, ids=lambda t: t.name)
def test_library_trace(trace: traces.Trace) -> None:
    check(trace, run(trace))


@pytest.mark.parametrize("path", sorted(TRACES.glob("*.csv")), ids=lambda p: p.stem)
def test_trace_file(path: Path) -> None:
    trace = traces.loads(path.read_text())
    assert trace.expect, f"{path.name} says nothing of what to expect"
    check(trace, run(trace))


def test_the_library_holds_every_scenario_the_physics_asks_for() -> None:
    assert {t.name for t in LIBRARY} == set(traces.SCENARIOS)
    assert {t.name for t in LIBRARY} >= {
        "lying-still", "picked-up-and-held", "carried", "shaken-in-a-hand", "thrown-and-rolling",
        "landing-flat", "landing-cocked", "two-dice-colliding", "knocked-on-the-table",
    }


def size(sample: tuple[int, str, float, float, float]) -> float:
    return float(sum(v * v for v in sample[2:]) ** 0.5)


def test_the_synthesised_physics_is_what_a_die_senses() -> None:
    by_name = {t.name: t for t in traces.library(seed=3)}
    still = by_name["lying-still"].samples
    assert all(abs(size(s) - 1) < 0.02 for s in still)
    thrown = [size(s) for s in by_name["thrown-and-rolling"].samples]
    assert min(thrown) < 0.3 and max(thrown) > 2.0  # free fall, and the impact on landing
    held = [size(s) for s in by_name["picked-up-and-held"].samples]
    run_low = longest = 0
    for g in held:
        run_low = run_low + 1 if g < 0.4 else 0
        longest = max(longest, run_low)
    assert longest == 0 and max(held) < 2.0  # never falls, never hit


def test_traces_survive_their_text_format() -> None:
    for trace in LIBRARY:
        again = traces.loads(traces.dumps(trace))
        assert (again.name, again.expect, again.samples) == (trace.name, trace.expect, trace.samples)


def test_a_malformed_trace_names_its_line() -> None:
    with pytest.raises(ValueError, match="line 1"):
        traces.loads("t_ms,die,ax,ay,az\n")
    with pytest.raises(ValueError, match="line 3"):
        traces.loads(f"# {traces.FORMAT}\nt_ms,die,ax,ay,az\n0,D1,0.0,zero,1.0\n")
    with pytest.raises(ValueError, match="bad expectation"):
        traces.Expect.parse("thrown:3")


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(traces.SCENARIOS)), seed=st.integers(0, 2**32 - 1))
def test_fuzz_randomised_traces(name: str, seed: int) -> None:
    trace = traces.SCENARIOS[name](random.Random(seed))
    check(trace, run(trace))


SINGLE_HANDLING = sorted(n for n in traces.SCENARIOS if n in {
    "picked-up-and-held", "picked-up-and-put-down", "carried", "shaken-in-a-hand"})
SINGLE_THROWS = sorted(n for n in traces.SCENARIOS if n in {
    "thrown-and-rolling", "shaken-and-thrown", "landing-flat", "landing-cocked"})


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(handled=st.sampled_from(SINGLE_HANDLING), thrown=st.sampled_from(SINGLE_THROWS),
       seed=st.integers(0, 2**32 - 1), shift_ms=st.integers(-2000, 2000))
def test_fuzz_a_die_handled_while_another_is_thrown(handled: str, thrown: str, seed: int, shift_ms: int) -> None:
    rng = random.Random(seed)
    hand, throw = traces.SCENARIOS[handled](rng), traces.SCENARIOS[thrown](rng)
    step = traces.SAMPLE_MS
    shift = shift_ms // step * step
    start = min(0, shift)
    samples = [(t - start, "H1", x, y, z) for t, _, x, y, z in hand.samples]
    samples += [(t + shift - start, "T1", x, y, z) for t, _, x, y, z in throw.samples]
    mixed = traces.Trace(f"{handled}+{thrown}", "synthesised", {"H1": hand.expect["D1"], "T1": throw.expect["D1"]},
                         sorted(samples, key=lambda s: (s[0], s[1])))
    check(mixed, run(mixed))
