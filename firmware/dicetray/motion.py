"""One die's roll state from its stream of accelerometer readings (about one every 20 ms).

A die is moving when the reading's size is far from 1 g (thrown, bouncing, in free fall) or its
direction turned since the last reading that was near 1 g. It becomes ROLLING after a few moving readings in a row (so a
knock on the table is not a roll), and SETTLED on a face, or COCKED, only when the same answer has held
for several still readings in a row, as Pixels dice require before they call a state.
"""

from . import faces
from .wire import COCKED, ROLLING_STATE, SETTLED, UNKNOWN

MOVE_READINGS = 2
SETTLE_READINGS = 5
G_SLACK = 0.15
TURN_COS = 0.99  # about 8 degrees between two readings


class DieMotion:
    def __init__(self, normals):
        self.normals = normals
        self.state = UNKNOWN
        self.face = 0
        self.up = None
        self._candidate = -1
        self._still = 0
        self._moving = 0

    def reset(self):
        """Forget the die's state (it was not heard for a while)."""
        self.state = UNKNOWN
        self.face = 0
        self.up = None
        self._candidate = -1
        self._still = 0
        self._moving = 0

    def reading(self, x, y, z):
        """Takes one reading; True when the state or face changed."""
        up = faces.unit(x, y, z)
        size = (x * x + y * y + z * z) ** 0.5
        moving = up is None or abs(size - 1.0) > G_SLACK
        if not moving:
            # Turned since the last reading near 1 g: so a knock that leaves the die as it lay is not
            # a move, and a tumble that ends on another face is.
            last = self.up
            moving = last is not None and up[0] * last[0] + up[1] * last[1] + up[2] * last[2] < TURN_COS
            self.up = up
        if moving:
            self._still = 0
            self._candidate = -1
            self._moving += 1
            if self._moving >= MOVE_READINGS and self.state != ROLLING_STATE:
                return self._set(ROLLING_STATE, 0)
            return False
        self._moving = 0
        candidate = faces.face_up(self.normals, x, y, z)
        if candidate == self._candidate:
            self._still += 1
        else:
            self._candidate = candidate
            self._still = 1
        if self._still >= SETTLE_READINGS:
            return self._set(SETTLED if candidate else COCKED, candidate)
        return False

    def _set(self, state, face):
        if (state, face) == (self.state, self.face):
            return False
        self.state = state
        self.face = face
        return True
