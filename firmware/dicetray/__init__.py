"""The dice tray's logic, shared by the board and the host.

This package is written in the subset of Python that both MicroPython and CPython run (no typing
imports, no dataclasses, no `from __future__`), and imports only `struct` and `math`. The board runs it
from its flash; the host imports the very same files as `companion.devices.tray.dicetray` (a symlink,
see hw/tray/README.md), so the protocol and the face/settle/throw logic cannot drift apart.
"""

FIRMWARE_VERSION = "1.1.0"
