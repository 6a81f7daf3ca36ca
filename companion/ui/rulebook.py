"""The texts a tap on a rule citation shows: the rulebook's sections ("§Combat": the title in every
language, and the text once the game data carries it) and the rulings: `docs/rulings.md` in English and
its translations `docs/rulings.ar.md` in Arabic and `docs/rulings.be.md` in Belarusian, each entry
`**R-XXX-n — Title.** text` under the same id (a ruling not yet translated reads in English)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Protocol

from companion.core.messages import LANGS, Lang, Msg, Named
from companion.games.covenant import data as covenant
from companion.games.descent import data as descent
from companion.games.dungeon_roll import data as dungeon_roll
from companion.ui.bidi import keep_ltr


class Section(Protocol):
    """A rulebook section as a game's data titles it (The Last Covenant's and Descent's also carry their
    text)."""

    @property
    def en(self) -> str: ...

    @property
    def ar(self) -> str: ...


RULINGS = Path(__file__).resolve().parents[2] / "docs" / "rulings.md"
_RULING = re.compile(r"^\*\*(?P<id>R-[A-Z]+-\d+) — (?P<title>[^*]+)\*\*\s*(?P<body>.*)$", re.S)


def read_rulings(path: Path) -> dict[str, str]:
    """Ruling id -> "Title. Text" (markdown emphasis removed) of one file; an unreadable file gives none."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return {}
    rulings: dict[str, str] = {}
    for paragraph in text.split("\n\n"):
        found = _RULING.match(paragraph.strip())
        if found:
            body = " ".join(found["body"].split()).replace("*", "").replace("`", "")
            rulings[found["id"]] = f"{found['title'].strip()} {body}"
    return rulings


def translation_path(path: Path, lang: Lang) -> Path:
    """Where a rulings file's translation into `lang` lies: `rulings.md` -> `rulings.ar.md`, `rulings.be.md`."""
    return path.with_name(f"{path.stem}.{lang}{path.suffix}")


def load_rulings(path: Path = RULINGS) -> dict[str, Named]:
    """Ruling id -> its text in English and in each language it is translated into (the screen falls back
    to the English for an id a translation lacks). Only the English file's ids count: a stray translated
    entry is no ruling."""
    translations = {lang: read_rulings(translation_path(path, lang)) for lang in LANGS if lang != "en"}
    return {rid: {"en": en} | {lang: found[rid] for lang, found in translations.items() if rid in found}
            for rid, en in read_rulings(path).items()}


@cache
def sections() -> dict[str, Section]:
    """Every game's rulebook sections by the id the referee cites (Dungeon Roll's start with "DR §",
    Descent's are its excerpt's pages, "p. 5", its base game's topics and its map)."""
    return {**covenant.default().sections, **dungeon_roll.default().sections, **descent.default().sections}


def section_text(section: Section) -> Named:
    """A section's text in each language, or its title while the data has no text (the rule window's
    heading names the section already)."""
    text = getattr(section, "text", None)
    return text.named() if text else section.named()


def rule_texts(sections: Mapping[str, Section], path: Path = RULINGS) -> dict[str, Named]:
    """Every citation the referee may make -> its text: the rulebook's sections and the rulings."""
    return {**{sid: section_text(s) for sid, s in sections.items()}, **load_rulings(path)}


def cite(rule: str) -> Msg:
    """How a citation reads: a rulebook section as the rulebook cites one, by its title («دورك»; in
    English "Rule §Your turn"), a ruling by its id, as the rulings file calls it (الحكم R-STORE-1)."""
    section = sections().get(rule)
    if section is None:
        return Msg("Rule {rule}", {"rule": keep_ltr(rule)})
    return Msg("Rule §{section}", {"section": section.named()})
