"""What a die's accelerometer reads when it is thrown, handled or knocked: traces synthesised from physics,
and the text format that recorded traces use too (hw/tray/traces.md).

The model is a rigid cube with the sensor SENSOR_OFFSET_M off its centre. An accelerometer measures the
push on the die, in the die's own frame: R^T (a + up), in g, where R turns the die's frame into the
table's, a is the die's own acceleration and up = (0, 0, 1). So a die lying on a face reads that face's
normal (1 g); a die in free fall reads about 0 g, plus the pull ω²r of its spin on the off-centre sensor;
a die hitting the felt or another die reads several g for one sample; a die in a hand reads 1 g tilted
by the hand's slow wobble (a few degrees at about 1 Hz) plus its tremor (a few hundredths of a g at
8-12 Hz). Every sample gets the sensor's noise and is clipped to its range (±8 g) and rounded to 1 mg,
as the die reads it. One sample every SAMPLE_MS, the rate at which a moving die reads its sensor (it
reports every fourth reading, with the least and greatest size of the four: `dicetray.die`).

    library(seed)                 -> one trace of every scenario
    SCENARIOS[name](rng)          -> one randomised trace of that scenario
    dumps(trace) / loads(text)    -> the file format
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from companion.devices.tray.dicetray import faces as fw_faces

SAMPLE_MS = 5
NOISE_G = 0.002
RANGE_G = 8.0
SENSOR_OFFSET_M = 0.004
G = 9.81
FORMAT = "crypt-companion dice trace 1"

Vec = tuple[float, float, float]
Mat = tuple[Vec, Vec, Vec]  # rows
UP: Vec = (0.0, 0.0, 1.0)


@dataclass(frozen=True)
class Expect:
    """What a die must be reported as: "throw" (in exactly one throw, on `face`; 0 = cocked), "handling"
    (in no throw, seen handled, then at rest on `face`, or still in a hand when `face` is None), "still"
    (in no throw, never handled, at rest on `face`)."""

    kind: str
    face: int | None = None

    def __str__(self) -> str:
        if self.kind == "throw" and self.face == 0:
            return "throw:cocked"
        return self.kind if self.face is None else f"{self.kind}:{self.face}"

    @classmethod
    def parse(cls, text: str) -> Expect:
        kind, _, face = text.partition(":")
        if kind not in ("throw", "handling", "still") or (kind != "handling" and not face):
            raise ValueError(f"bad expectation {text!r}: throw:F, throw:cocked, handling[:F] or still:F")
        return cls(kind, 0 if face == "cocked" else int(face) if face else None)


@dataclass
class Trace:
    name: str
    source: str
    expect: dict[str, Expect]
    samples: list[tuple[int, str, float, float, float]] = field(default_factory=list)  # t ms, die, x, y, z


# Small vector algebra: plain tuples, so the generator needs nothing beyond the standard library.
def _dot(a: Vec, b: Vec) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a: Vec, b: Vec) -> Vec:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _scale(a: Vec, k: float) -> Vec:
    return (a[0] * k, a[1] * k, a[2] * k)


def _add(*vs: Vec) -> Vec:
    return (sum(v[0] for v in vs), sum(v[1] for v in vs), sum(v[2] for v in vs))


def _norm(a: Vec) -> Vec:
    size = math.sqrt(_dot(a, a)) or 1.0
    return _scale(a, 1 / size)


def _apply(m: Mat, v: Vec) -> Vec:
    return (_dot(m[0], v), _dot(m[1], v), _dot(m[2], v))


def _transpose(m: Mat) -> Mat:
    return ((m[0][0], m[1][0], m[2][0]), (m[0][1], m[1][1], m[2][1]), (m[0][2], m[1][2], m[2][2]))


def _mul(a: Mat, b: Mat) -> Mat:
    cols = _transpose(b)
    return tuple(tuple(_dot(row, col) for col in cols) for row in a)  # type: ignore[return-value]


def _rotation(axis: Vec, angle: float) -> Mat:
    x, y, z = _norm(axis)
    c, s = math.cos(angle), math.sin(angle)
    t = 1 - c
    return ((t * x * x + c, t * x * y - s * z, t * x * z + s * y),
            (t * x * y + s * z, t * y * y + c, t * y * z - s * x),
            (t * x * z - s * y, t * y * z + s * x, t * z * z + c))


def _turning(a: Vec, b: Vec) -> Mat:
    """The rotation taking unit vector a onto unit vector b."""
    axis = _cross(a, b)
    dot = max(-1.0, min(1.0, _dot(a, b)))
    if math.sqrt(_dot(axis, axis)) < 1e-9:
        if dot > 0:
            return _rotation(UP, 0.0)
        axis = _cross(a, (1.0, 0.0, 0.0)) if abs(a[0]) < 0.9 else _cross(a, (0.0, 1.0, 0.0))
    return _rotation(axis, math.acos(dot))


def _horizontal(rng: random.Random) -> Vec:
    angle = rng.uniform(0, 2 * math.pi)
    return (math.cos(angle), math.sin(angle), 0.0)


def resting(normal: Vec, yaw: float) -> Mat:
    """The die's orientation when `normal` (in its frame) points up, turned `yaw` about the vertical."""
    return _mul(_rotation(UP, yaw), _turning(_norm(normal), UP))


def cocked_normal(face: int, rng: random.Random) -> Vec:
    """Leaning from `face` towards a neighbour by 30-45°: no face within the 20° tilt tolerance."""
    normal = fw_faces.D6_NORMALS[face - 1]
    neighbours = [n for n in fw_faces.D6_NORMALS if abs(_dot(n, normal)) < 0.5]
    lean = math.radians(rng.uniform(30, 45))
    return _norm(_add(_scale(normal, math.cos(lean)), _scale(rng.choice(neighbours), math.sin(lean))))


class Body:
    """One die moving through the phases of a scenario, sampled every SAMPLE_MS."""

    def __init__(self, die: str, face: int, rng: random.Random, t_ms: int = 0) -> None:
        self.die = die
        self.rng = rng
        self.t_ms = t_ms
        self.r = resting(fw_faces.D6_NORMALS[face - 1], rng.uniform(0, 2 * math.pi))
        self.samples: list[tuple[int, str, float, float, float]] = []
        self.offset = _norm((rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)))

    def emit(self, accel: Vec, spin: Vec = (0.0, 0.0, 0.0)) -> None:
        """One sample: the die's acceleration `accel` (g, table frame) and spin (rad/s, table frame)."""
        push = _apply(_transpose(self.r), _add(accel, UP))
        omega = _apply(_transpose(self.r), spin)
        # The spin pulls the off-centre sensor outwards: ω²r, across the spin axis.
        w2 = _dot(omega, omega)
        if w2 > 0:
            along = _scale(omega, _dot(self.offset, omega) / w2)
            across = _add(self.offset, _scale(along, -1))
            push = _add(push, _scale(across, w2 * SENSOR_OFFSET_M / G))
        self._sample(push)
        if w2 > 0:
            self.r = _mul(_rotation(spin, math.sqrt(_dot(spin, spin)) * SAMPLE_MS / 1000), self.r)

    def _sample(self, push: Vec) -> None:
        """What the sensor reads of `push` (g, the die's frame): with its noise, clipped to its range."""
        noisy = (v + self.rng.gauss(0, NOISE_G) for v in push)
        x, y, z = (round(max(-RANGE_G, min(RANGE_G, v)), 3) for v in noisy)
        self.samples.append((self.t_ms, self.die, x, y, z))
        self.t_ms += SAMPLE_MS

    def rest(self, ms: int) -> None:
        """Lying still: the sensor feels gravity alone, the same push every sample (worked out once: a simulated
        tray's dice rest most of the time, sampled for as long as the app runs)."""
        still = _apply(_transpose(self.r), UP)
        for _ in range(ms // SAMPLE_MS):
            self._sample(still)

    def hold(self, ms: int) -> None:
        """In a hand: a slow wobble of a few degrees and the hand's tremor."""
        rng = self.rng
        wobble_hz, wobble = rng.uniform(0.6, 1.5), math.radians(rng.uniform(2, 5))
        tremor_hz, tremor = rng.uniform(8, 12), rng.uniform(0.01, 0.03)
        axis, shake_dir = _horizontal(rng), _norm((rng.gauss(0, 1), rng.gauss(0, 1), rng.gauss(0, 1)))
        phase = rng.uniform(0, 2 * math.pi)
        for i in range(ms // SAMPLE_MS):
            t = i * SAMPLE_MS / 1000
            rate = wobble * 2 * math.pi * wobble_hz * math.cos(2 * math.pi * wobble_hz * t + phase)
            self.emit(_scale(shake_dir, tremor * math.sin(2 * math.pi * tremor_hz * t)), _scale(axis, rate))

    def move(self, ms: int, lift_g: float, turn_deg: float, target: Mat | None = None) -> None:
        """Lifted (lift_g > 0) or lowered by a hand, turning by turn_deg, or onto `target` when given."""
        n = max(2, ms // SAMPLE_MS)
        axis = _horizontal(self.rng)
        if target is not None:
            # The turn that brings the die onto its target, spread over the move.
            delta = _mul(target, _transpose(self.r))
            angle = math.acos(max(-1.0, min(1.0, (delta[0][0] + delta[1][1] + delta[2][2] - 1) / 2)))
            if angle > 1e-6:
                axis = _norm((delta[2][1] - delta[1][2], delta[0][2] - delta[2][0], delta[1][0] - delta[0][1]))
            turn_deg = math.degrees(angle)
        rate = math.radians(turn_deg) / (n * SAMPLE_MS / 1000)
        for i in range(n):
            lift = lift_g * math.sin(2 * math.pi * (i + 0.5) / n)
            tremor = self.rng.gauss(0, 0.02)
            self.emit((tremor, self.rng.gauss(0, 0.02), lift), _scale(axis, rate))
        if target is not None:
            self.r = target

    def touch_down(self) -> None:
        self.emit((0.0, 0.0, self.rng.uniform(0.2, 0.5)))

    def carry(self, ms: int) -> None:
        """Walking round the table with the die in a hand: the step's bob and sway, and a wobble."""
        rng = self.rng
        step_hz = rng.uniform(1.6, 2.2)
        axis = _horizontal(rng)
        for i in range(ms // SAMPLE_MS):
            t = i * SAMPLE_MS / 1000
            bob = 0.15 * math.sin(2 * math.pi * step_hz * t)
            sway = 0.1 * math.sin(math.pi * step_hz * t)
            rate = math.radians(10) * 2 * math.pi * 0.5 * math.cos(math.pi * t)
            self.emit((sway, rng.gauss(0, 0.02), bob), _scale(axis, rate))

    def shake(self, ms: int) -> None:
        """Rattled in a closed hand: pressed against the palm by the hand's 2-3 g, with short flights
        across the hand (at most 40 ms: the hand is a few centimetres wide) ending on a finger."""
        rng = self.rng
        hz, amp = rng.uniform(4, 6), rng.uniform(2.0, 3.0)
        direction = _norm(_add(_horizontal(rng), (0.0, 0.0, rng.uniform(-0.3, 0.3))))
        start = self.t_ms
        while self.t_ms - start < ms:
            if rng.random() < 0.25:
                spin = _scale(_norm((rng.gauss(0, 1), rng.gauss(0, 1), rng.gauss(0, 1))), rng.uniform(10, 30))
                self.fly(rng.choice((10, 20, 30, 40)), spin)
                hit = _scale(_norm((rng.gauss(0, 1), rng.gauss(0, 1), rng.gauss(0, 1))), rng.uniform(2.0, 4.0))
                self.emit(_add(hit, _scale(UP, -1)))
            for _ in range(20 // SAMPLE_MS):
                t = (self.t_ms - start) / 1000
                self.emit(_scale(direction, amp * math.sin(2 * math.pi * hz * t)))

    def release(self) -> None:
        """The throwing hand's push, forwards and up, while the die starts to spin."""
        rng = self.rng
        push = _add(_scale(_horizontal(rng), rng.uniform(1.0, 2.0)), (0.0, 0.0, rng.uniform(0.2, 0.8)))
        spin = _scale(_horizontal(rng), rng.uniform(3, 10))
        for _ in range(rng.randrange(60, 100, 5) // SAMPLE_MS):
            self.emit(push, spin)

    def fly(self, ms: int, spin: Vec | float) -> None:
        """In free fall, spinning (rad/s: a vector, or a size about a random axis)."""
        if isinstance(spin, float | int):
            spin = _scale(_norm((self.rng.gauss(0, 1), self.rng.gauss(0, 1), self.rng.gauss(0, 1))), spin)
        for _ in range(ms // SAMPLE_MS):
            self.emit(_scale(UP, -1), spin)

    def impact(self, low_g: float, high_g: float, direction: Vec | None = None) -> None:
        """One sample of a collision: several g for a few milliseconds, averaged over the sample."""
        rng = self.rng
        d = direction or _norm((rng.gauss(0, 0.5), rng.gauss(0, 0.5), 1.0))
        self.emit(_add(_scale(d, rng.uniform(low_g, high_g)), _scale(UP, -1)))

    def roll(self, ms: int) -> None:
        """Rolling over the felt: 1 g turning with the die, jolted at each edge."""
        spin = _scale(_horizontal(self.rng), self.rng.uniform(6, 15))
        for _ in range(ms // SAMPLE_MS):
            self.emit(tuple(self.rng.gauss(0, 0.2) for _ in range(3)), spin)  # type: ignore[arg-type]

    def tumble(self, target: Mat, bounces: int) -> None:
        """Bouncing and rolling on the felt, each bounce a short flight and a landing, then rocking onto
        the target orientation."""
        rng = self.rng
        for _ in range(bounces):
            self.fly(rng.choice((20, 40, 60)), rng.uniform(8, 20))
            self.impact(1.5, 4.0)
            self.roll(rng.randrange(40, 100, 5))
        self.move(rng.choice((80, 100, 140)), 0.0, 0.0, target)
        self.impact(1.2, 2.0, UP)
        amp = rng.uniform(0.05, 0.15)
        axis = _horizontal(rng)
        for i in range(rng.randrange(40, 100, 5) // SAMPLE_MS):
            self.emit((0.0, 0.0, 0.0), _scale(axis, amp * 10 * (-0.5) ** (i * SAMPLE_MS // 20)))
        self.r = target


def _face(rng: random.Random) -> int:
    return rng.randint(1, 6)


def _target(face: int, rng: random.Random) -> Mat:
    return resting(fw_faces.D6_NORMALS[face - 1], rng.uniform(0, 2 * math.pi))


def _throw(body: Body, face: int, *, cocked: bool = False, drop_only: bool = False) -> None:
    rng = body.rng
    if not drop_only:
        body.release()
    body.fly(rng.choice((100, 160, 220, 300)), rng.uniform(0, 3) if drop_only else rng.uniform(10, 25))
    body.impact(2.5, 9.0)
    normal = cocked_normal(face, rng) if cocked else fw_faces.D6_NORMALS[face - 1]
    body.tumble(resting(normal, rng.uniform(0, 2 * math.pi)), 0 if drop_only else rng.randint(1, 4))


def throw(body: Body, face: int, *, cocked: bool = False, extra_ms: int = 0) -> None:
    """A throw from the hand onto the felt (the simulated tray's dice use this); `extra_ms` more of
    bouncing and rolling, as a die thrown hard does."""
    body.release()
    body.fly(body.rng.choice((100, 160, 220)), body.rng.uniform(10, 25))
    body.impact(2.5, 9.0)
    body.roll(extra_ms)
    normal = cocked_normal(face, body.rng) if cocked else fw_faces.D6_NORMALS[face - 1]
    body.tumble(resting(normal, body.rng.uniform(0, 2 * math.pi)), body.rng.randint(1, 2))


def handle(body: Body, face: int) -> None:
    """Picked up, held a moment, turned and put down on `face`: handling, never a throw."""
    body.move(400, body.rng.uniform(0.3, 0.8), 30)
    body.hold(body.rng.randrange(400, 1200, 20))
    body.move(400, -body.rng.uniform(0.2, 0.6), 0, _target(face, body.rng))
    body.touch_down()


def _trace(name: str, bodies: list[Body], expect: dict[str, Expect], tail_ms: int = 1200, held: bool = False) -> Trace:
    """The bodies' samples in time order, each ending at rest (or in the hand) for tail_ms."""
    end = max(b.t_ms for b in bodies)
    for b in bodies:
        (b.hold if held else b.rest)(end - b.t_ms + tail_ms)
    samples = sorted((s for b in bodies for s in b.samples), key=lambda s: (s[0], s[1]))
    return Trace(name, "synthesised", expect, samples)


def lying_still(rng: random.Random) -> Trace:
    face = _face(rng)
    return _trace("lying-still", [Body("D1", face, rng)], {"D1": Expect("still", face)}, tail_ms=3000)


def picked_up_and_held(rng: random.Random) -> Trace:
    body = Body("D1", _face(rng), rng)
    body.rest(rng.randrange(200, 1000, 20))
    body.move(rng.choice((300, 400, 500)), rng.uniform(0.3, 0.8), rng.uniform(10, 120))
    body.hold(rng.randrange(1000, 4000, 20))
    return _trace("picked-up-and-held", [body], {"D1": Expect("handling")}, held=True)


def picked_up_and_put_down(rng: random.Random) -> Trace:
    """Lifted, turned to another face in the fingers and put down: placed, not thrown."""
    body = Body("D1", _face(rng), rng)
    body.rest(400)
    body.move(400, rng.uniform(0.3, 0.8), 30)
    body.hold(rng.randrange(300, 1500, 20))
    face = _face(rng)
    body.move(rng.choice((300, 400, 500)), -rng.uniform(0.2, 0.6), 0, _target(face, rng))
    body.touch_down()
    return _trace("picked-up-and-put-down", [body], {"D1": Expect("handling", face)})


def carried(rng: random.Random) -> Trace:
    body = Body("D1", _face(rng), rng)
    body.rest(400)
    body.move(400, 0.6, rng.uniform(0, 90))
    body.carry(rng.randrange(1500, 5000, 20))
    face = _face(rng)
    body.move(400, -0.4, 0, _target(face, rng))
    body.touch_down()
    return _trace("carried", [body], {"D1": Expect("handling", face)})


def shaken_in_a_hand(rng: random.Random) -> Trace:
    body = Body("D1", _face(rng), rng)
    body.rest(400)
    body.move(300, 0.6, 60)
    body.shake(rng.randrange(800, 3000, 20))
    face = _face(rng)
    body.move(400, -0.4, 0, _target(face, rng))
    body.touch_down()
    return _trace("shaken-in-a-hand", [body], {"D1": Expect("handling", face)})


def thrown_and_rolling(rng: random.Random) -> Trace:
    body = Body("D1", _face(rng), rng)
    body.rest(400)
    body.move(300, 0.6, 60)
    body.hold(rng.randrange(200, 800, 20))
    face = _face(rng)
    _throw(body, face)
    return _trace("thrown-and-rolling", [body], {"D1": Expect("throw", face)})


def shaken_and_thrown(rng: random.Random) -> Trace:
    body = Body("D1", _face(rng), rng)
    body.rest(400)
    body.move(300, 0.6, 60)
    body.shake(rng.randrange(600, 2000, 20))
    face = _face(rng)
    _throw(body, face)
    return _trace("shaken-and-thrown", [body], {"D1": Expect("throw", face)})


def landing_flat(rng: random.Random) -> Trace:
    """Let go just above the felt with hardly any spin: it lands on the face that was down, no bounce."""
    body = Body("D1", _face(rng), rng)
    body.rest(400)
    body.move(300, 0.5, 0)
    body.hold(400)
    face = _face(rng)
    _throw(body, face, drop_only=True)
    return _trace("landing-flat", [body], {"D1": Expect("throw", face)})


def landing_cocked(rng: random.Random) -> Trace:
    body = Body("D1", _face(rng), rng)
    body.rest(400)
    body.move(300, 0.6, 60)
    body.hold(400)
    _throw(body, _face(rng), cocked=True)
    return _trace("landing-cocked", [body], {"D1": Expect("throw", 0)})


def two_dice_colliding(rng: random.Random) -> Trace:
    """Thrown together; they hit each other in the air, then each tumbles to its face."""
    bodies = [Body("D1", _face(rng), rng), Body("D2", _face(rng), rng)]
    first, second = rng.choice((60, 100)), rng.choice((80, 120, 160))
    for b in bodies:
        b.rest(400)
        b.move(300, 0.6, 40)
        b.hold(400)
        b.release()
    lag = bodies[0].t_ms - bodies[1].t_ms
    bodies[1 if lag > 0 else 0].fly(abs(lag), 12.0)
    hit = _horizontal(rng)
    for b, sign in zip(bodies, (1, -1), strict=True):
        b.fly(first, rng.uniform(10, 25))
        b.impact(2.0, 4.0, _scale(hit, sign))
        b.fly(second, rng.uniform(10, 25))
    faces = {b.die: _face(rng) for b in bodies}
    for b in bodies:
        b.impact(2.5, 9.0)
        b.tumble(_target(faces[b.die], rng), rng.randint(1, 3))
    return _trace("two-dice-colliding", bodies, {d: Expect("throw", f) for d, f in faces.items()})


def knocked_on_the_table(rng: random.Random) -> Trace:
    """D2 lies on the felt; D1 is thrown, hits it, and D2 tips over onto a neighbouring face."""
    thrown, lying = Body("D1", _face(rng), rng), Body("D2", _face(rng), rng)
    thrown.rest(400)
    thrown.move(300, 0.6, 60)
    thrown.hold(300)
    thrown.release()
    thrown.fly(rng.choice((160, 220)), rng.uniform(10, 25))
    thrown.impact(2.5, 9.0)
    lying.rest(thrown.t_ms - lying.t_ms + rng.choice((40, 80, 120)))
    thrown.roll(lying.t_ms - thrown.t_ms)
    thrown.impact(2.0, 4.0)
    final = _face(rng)
    thrown.tumble(_target(final, rng), rng.randint(1, 2))
    lying.impact(2.0, 4.0, _horizontal(rng))
    slide = _horizontal(rng)
    for _ in range(rng.randrange(40, 80, 5) // SAMPLE_MS):  # slides on the felt, friction braking it
        lying.emit(_scale(slide, -0.3))
    old = next(i for i, n in enumerate(fw_faces.D6_NORMALS, 1) if _dot(n, _apply(_transpose(lying.r), UP)) > 0.9)
    new = rng.choice([i for i, n in enumerate(fw_faces.D6_NORMALS, 1)
                      if abs(_dot(n, fw_faces.D6_NORMALS[old - 1])) < 0.5])
    lying.move(rng.choice((100, 140, 180)), 0.1, 0, _target(new, rng))
    lying.impact(1.2, 2.0, UP)
    expect = {"D1": Expect("throw", final), "D2": Expect("handling", new)}
    return _trace("knocked-on-the-table", [thrown, lying], expect)


SCENARIOS: dict[str, Callable[[random.Random], Trace]] = {
    "lying-still": lying_still,
    "picked-up-and-held": picked_up_and_held,
    "picked-up-and-put-down": picked_up_and_put_down,
    "carried": carried,
    "shaken-in-a-hand": shaken_in_a_hand,
    "thrown-and-rolling": thrown_and_rolling,
    "shaken-and-thrown": shaken_and_thrown,
    "landing-flat": landing_flat,
    "landing-cocked": landing_cocked,
    "two-dice-colliding": two_dice_colliding,
    "knocked-on-the-table": knocked_on_the_table,
}


def library(seed: int = 0) -> list[Trace]:
    rng = random.Random(seed)
    return [make(random.Random(rng.random())) for make in SCENARIOS.values()]


def dumps(trace: Trace) -> str:
    lines = [f"# {FORMAT}", f"# name: {trace.name}", f"# source: {trace.source}",
             "# expect: " + ", ".join(f"{die}={e}" for die, e in sorted(trace.expect.items())),
             "t_ms,die,ax,ay,az"]
    lines += [f"{t},{die},{x:.3f},{y:.3f},{z:.3f}" for t, die, x, y, z in trace.samples]
    return "\n".join(lines) + "\n"


def loads(text: str) -> Trace:
    """A trace from its text; ValueError naming the line for anything else."""
    header: dict[str, str] = {}
    samples: list[tuple[int, str, float, float, float]] = []
    lines = text.splitlines()
    if not lines or lines[0] != f"# {FORMAT}":
        raise ValueError(f"line 1: expected '# {FORMAT}'")
    for number, line in enumerate(lines[1:], start=2):
        if line.startswith("#"):
            key, _, value = line[1:].partition(":")
            header[key.strip()] = value.strip()
        elif line and line != "t_ms,die,ax,ay,az":
            cells = line.split(",")
            try:
                t, die, x, y, z = cells
                samples.append((int(t), die, float(x), float(y), float(z)))
            except ValueError as e:
                raise ValueError(f"line {number}: {line!r}: t_ms,die,ax,ay,az expected") from e
    expect = {}
    for item in header.get("expect", "").split(","):
        die, _, outcome = item.strip().partition("=")
        if die:
            expect[die] = Expect.parse(outcome)
    return Trace(header.get("name", "unnamed"), header.get("source", ""), expect, samples)
