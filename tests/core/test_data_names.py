"""Every name the game data gives is in the three languages of the app (issue 11: English, Arabic and
Belarusian), and the data schemas carry the Belarusian through to the messages."""

from __future__ import annotations

from pathlib import Path

import msgspec
import yaml

from companion.core.dice import DieKind
from companion.core.messages import Msg, Naming

DATA = Path(__file__).resolve().parents[2] / "data"


def names_without_belarusian() -> list[str]:
    """Where a mapping with `en` and `ar` has no Belarusian `be` beside them."""
    missing: list[str] = []

    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            if "en" in node and "ar" in node and not node.get("be"):
                missing.append(f"{where} ({node['en']!r})")
            for key, value in node.items():
                walk(value, f"{where}.{key}")
        elif isinstance(node, list):
            for i, item in enumerate(node):
                walk(item, f"{where}[{item.get('id', i) if isinstance(item, dict) else i}]")

    for path in sorted(DATA.rglob("*.yaml")):
        walk(yaml.safe_load(path.read_text(encoding="utf-8")), str(path.relative_to(DATA)))
    return missing


def test_every_data_name_has_its_belarusian() -> None:
    missing = names_without_belarusian()
    assert missing == [], f"{len(missing)} names without be: {missing[:5]}"


def test_a_data_name_in_belarusian_reaches_the_message() -> None:
    kind = msgspec.convert({"id": "d6", "en": "d6", "ar": "النرد السداسي", "be": "шасьцігранная цырка",
                            "faces": [{"id": "1", "value": 1, "en": "one", "ar": "واحد", "be": "адзін"}]}, DieKind)
    assert isinstance(kind, Naming) and kind.named() == {"en": "d6", "ar": "النرد السداسي", "be": "шасьцігранная цырка"}
    said = Msg("{die}: {face}.", {"die": kind.named(), "face": kind.faces[0].named()})
    assert said.text("be") == "шасьцігранная цырка: адзін." and said.text("ar") == "النرد السداسي: واحد."


def test_a_name_without_belarusian_reads_english_rather_than_nothing() -> None:
    kind = msgspec.convert({"id": "d6", "en": "d6", "ar": "النرد السداسي", "faces": []}, DieKind)
    assert kind.be == "" and Msg("{die}", {"die": kind.named()}).text("be") == "d6"
