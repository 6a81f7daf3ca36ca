"""A number with decimals reads as each language writes it (issue 22): the expected damage the engine states
before an attack (§Combat) is "0.2" in English and Arabic and "0,2" in Belarusian."""

from __future__ import annotations

import re
from pathlib import Path

from covenant_game import Game, monster

from companion.core.messages import decimal


def test_decimal_follows_the_language() -> None:
    assert decimal(5.0) == {"en": "5.0", "ar": "5.0", "be": "5,0"}
    assert decimal(1 / 6) == {"en": "0.2", "ar": "0.2", "be": "0,2"}


def test_the_attack_states_its_expected_damage_with_the_languages_decimal_sign() -> None:
    only_ones = {"heroes": {"knight": {"space": "m1"}}, "monsters": [monster("m1", "troll", "m2")],
                 "decks": {"combat": {"draw_pile": ["1", "1"], "discard": []}}}
    g = Game(["knight"], only_ones)
    declared = next(e for e in g.act("knight", "attack", "m1") if e.kind == "attack")
    assert declared.msg.text("en").endswith("expected damage 0.2.")
    assert declared.msg.text("be").endswith("чаканая шкода 0,2.")
    assert "0.2" in declared.msg.text("ar")


def test_no_screen_or_engine_text_formats_its_own_decimals() -> None:
    """A `:.1f` in the engine's or a screen's text writes the English point in every language; `decimal`
    writes each language's sign (the benchmark's own report is English only)."""
    root = Path(__file__).resolve().parents[3] / "companion"
    found = [f"{path.relative_to(root)}:{n}" for part in ("games", "table", "ui")
             for path in (root / part).rglob("*.py") if path.name != "bench.py"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r":\.\d+f\}", line)]
    assert found == []
