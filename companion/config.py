"""The app's settings: which backend each device uses, the pins, where sessions are stored.

Read from a TOML file (`$COMPANION_CONFIG`, else `/etc/crypt-companion/config.toml`, else the defaults
below), so a table owner or `deploy/` changes pins and ports without touching code.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Annotated, Literal

import msgspec

from companion.core import files
from companion.core.messages import Lang

DEFAULT_PATH = Path("/etc/crypt-companion/config.toml")
SETTINGS_LIMIT = 64 * 1024


# The standard rates (pyserial's `Serial.BAUDRATES`) a tray on a USB or UART link can run at.
TrayBaud = Literal[9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600]


class TraySettings(msgspec.Struct, forbid_unknown_fields=True):
    backend: Literal["auto", "serial", "simulated"] = "auto"
    port: str = "/dev/dicetray"
    baud: TrayBaud = 115200


class NfcSettings(msgspec.Struct, forbid_unknown_fields=True):
    backend: Literal["auto", "reader", "emulated"] = "auto"
    device: str = "tty:AMA0:pn532"
    # The BCM GPIO wired to the PN532's RSTPDN, pulsed when the chip answers at no rate; None: not wired.
    reset_pin: int | None = None


class Pins(msgspec.Struct, forbid_unknown_fields=True):
    next: int = 17
    undo: int = 27
    led_tray: int = 22
    led_reader: int = 23
    buzzer: int = 24


class GpioSettings(msgspec.Struct, forbid_unknown_fields=True):
    backend: Literal["auto", "pi", "mock"] = "auto"
    pins: Pins = msgspec.field(default_factory=Pins)


# A path a file can have: no control characters (a NUL cannot reach the system at all), within PATH_MAX.
FilePath = Annotated[str, msgspec.Meta(min_length=1, max_length=4096, pattern=r"^[^\x00-\x1f\x7f]+$")]


class StoreSettings(msgspec.Struct, forbid_unknown_fields=True):
    path: FilePath = "~/.local/share/crypt-companion/sessions.sqlite3"


class TouchSettings(msgspec.Struct, forbid_unknown_fields=True):
    """The touchscreen's input (companion/ui/kivy_setup.py): `auto` reads the first touchscreen the
    kernel lists through libmtdev (Kivy's `mtdev`: both multitouch protocols; Kivy's `hidinput` knows
    only the older one, without slots), or the mouse when there is none; rotation and inversion turn the
    panel's axes to match the picture when they disagree."""

    input: Literal["auto", "hidinput", "mtdev", "mouse"] = "auto"
    device: str = ""
    rotation: Literal[0, 90, 180, 270] = 0
    invert_x: bool = False
    invert_y: bool = False


class UiSettings(msgspec.Struct, forbid_unknown_fields=True):
    lang: Lang = "ar"
    fullscreen: bool = False
    rotation: Literal[0, 90, 180, 270] = 0  # the whole screen, picture and touch, for a display mounted turned
    touch: TouchSettings = msgspec.field(default_factory=TouchSettings)


class WebSettings(msgspec.Struct, forbid_unknown_fields=True):
    """The phones' web view (companion/web, issue 27): served on the local network only; `host` empty means
    the Pi's own address on it (the one its route out leaves from), never every interface."""

    enabled: bool = True
    host: Annotated[str, msgspec.Meta(max_length=253, pattern=r"^[0-9A-Za-z.:-]*$")] = ""
    port: Annotated[int, msgspec.Meta(ge=0, le=65535)] = 8080  # 0: any free port, as the server reports


class Settings(msgspec.Struct, forbid_unknown_fields=True):
    tray: TraySettings = msgspec.field(default_factory=TraySettings)
    nfc: NfcSettings = msgspec.field(default_factory=NfcSettings)
    gpio: GpioSettings = msgspec.field(default_factory=GpioSettings)
    store: StoreSettings = msgspec.field(default_factory=StoreSettings)
    ui: UiSettings = msgspec.field(default_factory=UiSettings)
    web: WebSettings = msgspec.field(default_factory=WebSettings)


class ConfigError(ValueError):
    """A settings file that cannot be read or does not fit the schema; the message names the field."""


def load(path: Path | None = None) -> Settings:
    if path is None:
        env = os.environ.get("COMPANION_CONFIG")
        path = Path(env) if env else DEFAULT_PATH
        if not env and not path.exists():
            return Settings()
    try:
        text = files.read_text(path, SETTINGS_LIMIT)
        try:
            raw = tomllib.loads(text)
        except (tomllib.TOMLDecodeError, RecursionError) as exc:
            raise files.FileError(path, "", f"not valid TOML: {type(exc).__name__}: {exc}") from None
        return files.convert(path, raw, Settings)
    except files.FileError as exc:
        raise ConfigError(str(exc)) from exc
