"""One die's state from its stream of reports (about one every 20 ms), in the states Pixels dice use:
on a face (SETTLED), crooked (COCKED), HANDLING and ROLLING.

What a die senses (an accelerometer measures the push on it, not gravity): lying on the table, 1 g
straight up in its own frame; in free fall, thrown or dropped, about 0 g (a little more while it spins,
the sensor being off its centre); hitting the table or another die, well over 2 g for a few
milliseconds; in a hand, about 1 g wobbling with the hand. Each report carries the latest reading and
the least (`low`) and greatest (`high`) size of the readings the die took since its last report, so a
short impact is not lost between two reports. So:

- A throw is a fall and a landing: FALL_READINGS reports in a row whose every reading was under FALL_G
  (60 ms of free fall: the die left the hand), then, within LANDING_READINGS reports, an impact over
  IMPACT_G (the felt, or another die). Only that makes a die ROLLING. A hand lifting a die fast and
  stopping can come near free fall, but it stops it softly: no impact. Picked up, held, carried, shaken
  in a closed hand (where its flights are shorter) or pushed along the table, a die is HANDLING, and the
  tray never reports handling as a throw.
- MOVE_READINGS reports in a row that are not at rest: HANDLING (one knock is not enough).
- At rest: SETTLE_READINGS reports in a row, each within G_SLACK of 1 g, all inside a box of
  REST_SPREAD_G on every axis (a hand wobbles more than that, a felt table does not), and turned by less
  than ~8° from the last such reading. Then SETTLED on the face whose normal is nearest, or COCKED.
  After HANDLING it takes HELD_READINGS (half a second): a hand holding a die still wobbles by a few
  degrees over that time, so a held die stays HANDLING; a die held quite motionless for longer is
  reported on the face it shows, as Pixels dice do, but still not thrown.
hw/tray/traces.md gives the physics these figures come from and the bench traces that must confirm them.
"""

from . import faces
from .wire import COCKED, HANDLING, ROLLING_STATE, SETTLED, UNKNOWN

FALL_G = 0.4
FALL_READINGS = 3
IMPACT_G = 2.0
LANDING_READINGS = 5
MOVE_READINGS = 2
SETTLE_READINGS = 5
HELD_READINGS = 25
G_SLACK = 0.15
REST_SPREAD_G = 0.03
TURN_COS = 0.99  # about 8 degrees between two readings


class DieMotion:
    def __init__(self, normals):
        self.normals = normals
        self.reset()

    def reset(self):
        """Forget the die's state (it was not heard for a while)."""
        self.state = UNKNOWN
        self.face = 0
        self.up = None
        self._candidate = -1
        self._still = 0
        self._moving = 0
        self._falling = 0
        self._airborne = 0
        self._low = None
        self._high = None

    def reading(self, x, y, z, low=None, high=None):
        """Takes one report (in g); True when the state or face changed."""
        size = (x * x + y * y + z * z) ** 0.5
        if high is None:
            low = high = size
        if high < FALL_G:
            self._falling += 1
            if self._falling >= FALL_READINGS:
                self._airborne = LANDING_READINGS
        else:
            self._falling = 0
            if self._airborne > 0:
                self._airborne -= 1
        if high >= IMPACT_G and self._airborne > 0:
            self._restless()
            return self._set(ROLLING_STATE, 0)
        if not self._at_rest(x, y, z, size) or low < 1.0 - G_SLACK or high > 1.0 + G_SLACK:
            self._restless()
            self._moving += 1
            if self._moving >= MOVE_READINGS and self.state not in (ROLLING_STATE, HANDLING):
                return self._set(HANDLING, 0)
            return False
        self._moving = 0
        candidate = faces.face_up(self.normals, x, y, z)
        if candidate == self._candidate:
            self._still += 1
        else:
            self._candidate = candidate
            self._still = 1
        if self._still >= (HELD_READINGS if self.state == HANDLING else SETTLE_READINGS):
            return self._set(SETTLED if candidate else COCKED, candidate)
        return False

    def _at_rest(self, x, y, z, size):
        if abs(size - 1.0) > G_SLACK:
            return False
        up = (x / size, y / size, z / size)
        last = self.up
        self.up = up
        # Turned since the last reading near 1 g: a tumble that ends on another face is a move, even
        # when no reading caught it in the air.
        if last is not None and up[0] * last[0] + up[1] * last[1] + up[2] * last[2] < TURN_COS:
            self._low = None
            return False
        if self._low is None:
            self._low = [x, y, z]
            self._high = [x, y, z]
            return True
        low = self._low
        high = self._high
        for i, v in enumerate((x, y, z)):
            low[i] = min(low[i], v)
            high[i] = max(high[i], v)
        if max(high[0] - low[0], high[1] - low[1], high[2] - low[2]) > REST_SPREAD_G:
            # Wobbling like a die in a hand: start a new box from this reading.
            self._low = [x, y, z]
            self._high = [x, y, z]
            return False
        return True

    def _restless(self):
        self._still = 0
        self._candidate = -1
        self._low = None
        self._high = None

    def _set(self, state, face):
        if (state, face) == (self.state, self.face):
            return False
        self.state = state
        self.face = face
        return True
