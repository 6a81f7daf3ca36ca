"""The translated texts the table reads, as (where, text), for the checks of one language's wording: every
translation of its catalogues, and every field the game data gives in that language."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import yaml
from babel.messages.pofile import read_po

from companion.core.messages import LOCALE_DIR


def catalogue_texts(lang: str) -> list[tuple[str, str]]:
    """Every translation in the language's catalogues (each plural form on its own)."""
    found = []
    for path in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            for m in read_po(handle):
                strings = m.string if isinstance(m.string, tuple) else (m.string,)
                found += [(f"{path.name}: {m.id!r}", str(s)) for s in strings if m.id and s]
    return found


def data_texts(lang: str, files: Iterable[Path]) -> list[tuple[str, str]]:
    """Every `lang` field of these YAML files, named by the file and the path to it (a listed entry by its id)."""
    found = []

    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == lang and isinstance(value, str):
                    found.append((where, value))
                else:
                    walk(value, f"{where}.{key}")
        elif isinstance(node, list):
            for i, item in enumerate(node):
                walk(item, f"{where}[{item.get('id', i) if isinstance(item, dict) else i}]")

    for path in files:
        walk(yaml.safe_load(path.read_text(encoding="utf-8")), f"{path.parent.name}/{path.name}")
    return found
