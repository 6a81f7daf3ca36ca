"""Every text the engine can show has its Arabic translation, with the same fields (rulebook: the game's
language is Arabic; the English rendering is second)."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.extract import extract_from_dir

from companion.core.messages import catalogue

ROOT = Path(__file__).resolve().parents[2] / "companion"
KEYWORDS = {"say": (3,), "reject": (4,), "event": (3,), "Msg": (1,), "N_": None, "notice": (2,)}
FIELD = re.compile(r"\{(\w+)\}")


def engine_msgids() -> set[str]:
    found: set[str] = set()
    for sub in ("core", "games", "table"):
        for _, _, msgid, _, _ in extract_from_dir(ROOT / sub, keywords=KEYWORDS):
            found.add(msgid if isinstance(msgid, str) else msgid[0])
    return found


def test_the_extractor_finds_the_engines_texts() -> None:
    ids = engine_msgids()
    assert "It is not {hero}'s turn." in ids
    assert "Draw a combat card for the attack." in ids
    assert len(ids) > 100


def test_every_engine_text_is_translated_into_arabic() -> None:
    arabic = catalogue("ar")
    missing = sorted(m for m in engine_msgids() if not arabic.get(m))
    assert missing == [], f"{len(missing)} untranslated (run `make po`, then translate): {missing[:5]}"


def test_translations_keep_every_field() -> None:
    arabic = catalogue("ar")
    broken = [m for m in engine_msgids() if m in arabic and set(FIELD.findall(m)) != set(FIELD.findall(arabic[m]))]
    assert broken == []
