"""The table: the one consumer of domain events, between the devices, the engine, the store and the
screen. Headless, so every path from a tap or a throw to a ruling is tested without Kivy.

    table = Table(session, events, outputs)   # session: a StoredSession (or a core Session)
    table.pump()                              # drain the device queue: tags, throws, buttons, statuses
    table.submit(inp)                         # an input from the screen (a touch)
    table.app_roll() / table.app_draw()       # "let the app roll" / "let the app deal"

Each call returns an `Update`: the inputs accepted (already stored, so the screen shows only what is
safe), a rejection, or notices (a throw nobody asked for, a cocked die, a foreign tag...). `Lobby`
gathers a new game's heroes from hero-card taps or touches.
"""

from companion.table.controller import Outputs, Table, Update
from companion.table.lobby import Lobby
from companion.table.notices import Notice

__all__ = ["Lobby", "Notice", "Outputs", "Table", "Update"]
