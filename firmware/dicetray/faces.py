"""Which face of a die is up, from its accelerometer reading and its calibration table.

A die at rest measures 1 g pointing away from the table, in the die's own frame. Each face has a
calibrated normal (the reading seen when that face is up); the face whose normal is nearest the reading
is up, unless even the nearest is further than the tilt tolerance: then the die is cocked (leaning on
a wall or another die), as Pixels dice call it "crooked". Faces are numbered from 1 in the order the
die kind's data file lists them; 0 means "no face".
"""

import math

# A standard d6 with its accelerometer's axes along the cube's: opposite faces add up to 7.
D6_NORMALS = [(0.0, 0.0, 1.0), (0.0, 1.0, 0.0), (1.0, 0.0, 0.0), (-1.0, 0.0, 0.0), (0.0, -1.0, 0.0),
              (0.0, 0.0, -1.0)]
TILT_TOLERANCE_DEG = 20
MIN_G = 0.05


def default_normals(faces):
    """A new die's table: the d6 layout if it has six faces, else uncalibrated (every face None)."""
    if faces == 6:
        return [list(n) for n in D6_NORMALS]
    return [None] * faces


def unit(x, y, z):
    """The reading scaled to length 1, or None when it is too weak to have a direction."""
    size = math.sqrt(x * x + y * y + z * z)
    if size < MIN_G:
        return None
    return (x / size, y / size, z / size)


def face_up(normals, x, y, z, tolerance_deg=TILT_TOLERANCE_DEG):
    """The number (from 1) of the face up, or 0 when the die is cocked or the reading has no direction."""
    up = unit(x, y, z)
    if up is None:
        return 0
    best = 0
    best_dot = math.cos(math.radians(tolerance_deg))
    for i, normal in enumerate(normals):
        if normal is None:
            continue
        dot = up[0] * normal[0] + up[1] * normal[1] + up[2] * normal[2]
        if dot >= best_dot:
            best = i + 1
            best_dot = dot
    return best
