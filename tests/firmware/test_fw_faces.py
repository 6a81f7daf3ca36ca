"""Face detection (nearest calibrated normal, tilt tolerance) and settle detection."""

from __future__ import annotations

import math

import pytest
from dicetray import faces, wire
from dicetray.motion import FALL_READINGS, HELD_READINGS, SETTLE_READINGS, DieMotion


def tilted(normal: tuple[float, float, float], degrees: float) -> tuple[float, float, float]:
    """`normal` (an axis) turned by `degrees` towards another axis."""
    other = next(n for n in faces.D6_NORMALS if abs(sum(a * b for a, b in zip(n, normal, strict=True))) < 0.5)
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return tuple(c * a + s * b for a, b in zip(normal, other, strict=True))  # type: ignore[return-value]


@pytest.mark.parametrize("face", range(1, 7))
def test_each_face_of_a_d6_is_found(face: int) -> None:
    x, y, z = faces.D6_NORMALS[face - 1]
    assert faces.face_up(faces.default_normals(6), x, y, z) == face
    assert faces.face_up(faces.default_normals(6), x * 0.97, y * 0.97, z * 0.97) == face


def test_opposite_faces_add_up_to_seven() -> None:
    for i, n in enumerate(faces.D6_NORMALS, start=1):
        opposite = faces.D6_NORMALS[7 - i - 1]
        assert tuple(-v for v in n) == opposite


def test_within_the_tilt_tolerance_is_a_face_beyond_it_cocked() -> None:
    normals = faces.default_normals(6)
    assert faces.face_up(normals, *tilted(faces.D6_NORMALS[2], faces.TILT_TOLERANCE_DEG - 1)) == 3
    assert faces.face_up(normals, *tilted(faces.D6_NORMALS[2], faces.TILT_TOLERANCE_DEG + 1)) == 0
    assert faces.face_up(normals, *tilted(faces.D6_NORMALS[2], 30), tolerance_deg=35) == 3


def test_no_direction_no_face() -> None:
    assert faces.face_up(faces.default_normals(6), 0.0, 0.01, 0.0) == 0


def test_an_uncalibrated_die_has_no_faces_until_calibrated() -> None:
    normals = faces.default_normals(8)
    assert faces.face_up(normals, 0.0, 0.0, 1.0) == 0
    normals[4] = [0.0, 0.0, 1.0]
    assert faces.face_up(normals, 0.0, 0.0, 1.0) == 5


def rest(motion: DieMotion, face: int, readings: int) -> list[bool]:
    x, y, z = faces.D6_NORMALS[face - 1]
    return [motion.reading(x, y, z) for _ in range(readings)]


def shake(motion: DieMotion, readings: int) -> list[bool]:
    """Rattled in a hand: pushed hard this way and that, never falling for long."""
    vectors = [(1.8, 0.2, 0.1), (-0.3, 0.4, 0.2), (0.1, -2.0, 0.5)]
    return [motion.reading(*vectors[i % 3]) for i in range(readings)]


def fall(motion: DieMotion, readings: int) -> list[bool]:
    """Free fall, spinning: a few hundredths of a g on the off-centre sensor."""
    return [motion.reading(0.05, -0.03, 0.02) for _ in range(readings)]


def throw(motion: DieMotion) -> list[bool]:
    """Free fall, then the landing on the felt (a report whose greatest reading was 3 g)."""
    return [*fall(motion, FALL_READINGS), motion.reading(0.2, 0.9, 0.3, 0.1, 3.0)]


def test_settled_only_after_the_face_held_for_several_readings() -> None:
    motion = DieMotion(faces.default_normals(6))
    changes = rest(motion, 4, SETTLE_READINGS)
    assert changes == [False] * (SETTLE_READINGS - 1) + [True]
    assert (motion.state, motion.face) == (wire.SETTLED, 4)


def test_one_knock_is_nothing_two_are_handling_and_only_free_fall_is_a_roll() -> None:
    motion = DieMotion(faces.default_normals(6))
    rest(motion, 2, SETTLE_READINGS)
    assert shake(motion, 1) == [False]
    assert rest(motion, 2, SETTLE_READINGS) == [False] * SETTLE_READINGS
    assert motion.state == wire.SETTLED
    assert shake(motion, 30) == [False, True] + [False] * 28
    assert motion.state == wire.HANDLING
    assert throw(motion) == [False] * FALL_READINGS + [True]
    assert motion.state == wire.ROLLING_STATE
    # The first reading at rest on a new face counts as a move (the die turned), then 5 still ones.
    assert rest(motion, 6, SETTLE_READINGS + 1)[-1] is True
    assert (motion.state, motion.face) == (wire.SETTLED, 6)


def test_a_short_flight_inside_a_hand_is_not_a_roll() -> None:
    motion = DieMotion(faces.default_normals(6))
    for _ in range(20):
        fall(motion, FALL_READINGS - 1)
        motion.reading(0.2, 0.9, 0.3, 0.1, 3.0)  # onto a finger
    assert motion.state == wire.HANDLING


def test_a_fall_stopped_softly_is_not_a_roll() -> None:
    # A hand lifting a die fast and stopping comes near free fall, but brings it to rest gently.
    motion = DieMotion(faces.default_normals(6))
    fall(motion, FALL_READINGS + 2)
    for _ in range(10):
        motion.reading(0.0, 0.3, 0.95, 0.5, 1.3)
    assert motion.state == wire.HANDLING
    motion.reading(0.2, 0.9, 0.3, 0.1, 3.0)  # a knock later on is no landing
    assert motion.state == wire.HANDLING


def test_a_collision_in_the_air_is_a_landing() -> None:
    motion = DieMotion(faces.default_normals(6))
    fall(motion, FALL_READINGS)
    assert motion.reading(0.01, 0.02, 0.0, 0.0, 2.5) is True
    assert motion.state == wire.ROLLING_STATE


def test_a_handled_die_needs_longer_at_rest_than_a_rolled_one() -> None:
    handled = DieMotion(faces.default_normals(6))
    shake(handled, 3)
    assert rest(handled, 3, HELD_READINGS).index(True) == HELD_READINGS - 1
    rolled = DieMotion(faces.default_normals(6))
    throw(rolled)
    assert rest(rolled, 3, SETTLE_READINGS).index(True) == SETTLE_READINGS - 1


def test_a_wobbling_hand_is_not_a_rest() -> None:
    motion = DieMotion(faces.default_normals(6))
    shake(motion, 3)
    for i in range(200):
        wobble = 0.04 * math.sin(i / 4)  # about 2 degrees, about 2 Hz
        motion.reading(wobble, 0.0, 1.0)
    assert motion.state == wire.HANDLING


def test_a_leaning_die_is_cocked() -> None:
    motion = DieMotion(faces.default_normals(6))
    throw(motion)
    lean = tilted(faces.D6_NORMALS[0], 45)
    assert [motion.reading(*lean) for _ in range(SETTLE_READINGS)][-1] is True
    assert (motion.state, motion.face) == (wire.COCKED, 0)


def test_a_die_nudged_onto_another_face_before_settling_counts_afresh() -> None:
    motion = DieMotion(faces.default_normals(6))
    throw(motion)
    rest(motion, 1, SETTLE_READINGS - 1)
    rest(motion, 2, SETTLE_READINGS)
    assert motion.state == wire.ROLLING_STATE
    rest(motion, 2, 1)
    assert (motion.state, motion.face) == (wire.SETTLED, 2)
