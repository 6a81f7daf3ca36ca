"""The wiring drawing and the pin map follow the app's pin settings and the real header."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

from gpiozero.pins.mock import MockFactory

from companion.config import Pins

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "hw" / "wiring.py"


def wiring() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hw_wiring", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_committed_drawing_and_table_are_up_to_date() -> None:
    result = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stdout


def test_header_names_match_gpiozeros_board_info() -> None:
    j8 = MockFactory().board_info.headers["J8"].pins
    assert {n: info.name for n, info in j8.items()} == wiring().HEADER


def test_every_pin_setting_is_wired_to_its_header_pin() -> None:
    w = wiring()
    table = w.pin_table(Pins())
    for field in Pins.__struct_fields__:
        gpio = getattr(Pins(), field)
        assert f"| {w.header_pin(gpio)} | GPIO{gpio} | `gpio.pins.{field}` |" in table


def test_the_pn532_reset_line_is_drawn_on_the_shipped_configs_pin() -> None:
    """Issue 13, finding 4: the recovery pulses RSTPDN on `[nfc] reset_pin`; the wiring must show that wire."""
    w = wiring()
    gpio = tomllib.loads((REPO / "deploy" / "config.toml").read_text())["nfc"]["reset_pin"]
    assert f"| {w.header_pin(gpio)} | GPIO{gpio} | `nfc.reset_pin` |" in w.pin_table(Pins())


def test_drawing_follows_changed_pins() -> None:
    w = wiring()
    moved = Pins(next=5, undo=6, led_tray=13, led_reader=19, buzzer=26)
    drawing = w.svg(moved)
    assert drawing != w.svg(Pins())
    assert "GPIO5 · Next button" in drawing
    assert "GPIO17 · Next button" not in drawing
    assert "| Next button | one leg | 29 | GPIO5 | `gpio.pins.next` |" in w.pin_table(moved)


def test_no_header_pin_carries_two_signals() -> None:
    w = wiring()
    signals = [wire.pin for part in w.parts(Pins()) for wire in part.wires if w.HEADER[wire.pin].startswith("GPIO")]
    assert len(signals) == len(set(signals))


def test_every_hw_page_the_code_and_docs_name_exists() -> None:
    # doctor.py and deploy/config.toml sent people to hw/wiring.md before it existed (issue 13, finding 8).
    named = set()
    for folder in ("companion", "deploy", "docs", "hw", "firmware"):
        for path in (REPO / folder).rglob("*"):
            if path.suffix in {".py", ".md", ".toml", ".sh", ".txt"} and path.is_file():
                named |= set(re.findall(r"\bhw/[\w./-]+\.(?:md|svg)\b", path.read_text(errors="replace")))
    named |= set(re.findall(r"\bhw/[\w./-]+\.(?:md|svg)\b", (REPO / "README.md").read_text()))
    assert "hw/wiring.md" in named
    assert [name for name in sorted(named) if not (REPO / name).exists()] == []


def test_the_led_resistors_give_a_few_milliamps_whatever_the_part() -> None:
    w = wiring()
    for name, (colour, low_v, high_v) in w.LEDS.items():
        assert w.led_ma(high_v) >= 2.0 and w.led_ma(low_v) <= 8.0, (name, colour)
    assert w.led_ma(3.2) < 1.0  # why not blue on 3.3 V: under a milliamp for a typical part
    table = (REPO / "hw" / "wiring.md").read_text()
    for colour, low_v, high_v in w.LEDS.values():
        assert f"{w.led_ma(high_v):.1f}–{w.led_ma(low_v):.1f} mA" in table, colour


XIAO_CHARGE_MA = 370  # the XIAO ESP32C3's own charger: 1000 × 1.0 V / 2.7 kΩ (hw/tray/README.md, Power)


def test_each_die_cell_is_charged_within_its_rating_and_charges_when_switched_off() -> None:
    # Issue 13, finding 2: the XIAO's 370 mA into a 150 mAh cell (2.5C), and the switch cutting the charging.
    readme = (REPO / "hw" / "tray" / "README.md").read_text()
    rows = [line for line in readme.splitlines() if line.startswith("| ")]
    cell = next(row for row in rows if "LiPo cell" in row)
    smallest_mah = min(int(n) for n in re.findall(r"(\d+)(?:–\d+)? mAh", cell.split("|")[2]))
    charger = next((row for row in rows if "charger board" in row), None)
    charge_ma = int(re.findall(r"(\d+) mA", charger)[0]) if charger else XIAO_CHARGE_MA
    assert charge_ma / smallest_mah <= 0.5, f"{charge_ma} mA into {smallest_mah} mAh"
    battery_plus = next(row for row in rows if row.startswith("| LiPo + |"))
    assert "switch" not in battery_plus.split("|")[2].split("—")[0], battery_plus
