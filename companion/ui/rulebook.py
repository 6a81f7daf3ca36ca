"""The texts a long press on a rule citation shows: the rulebook's sections ("§Combat": the title in both
languages, and the text once the game data carries it) and the rulings of `docs/rulings.md` (each
`**R-XXX-n — Title.** text`, in English only: the Arabic screen shows them in English until they are
translated)."""

from __future__ import annotations

import re
from pathlib import Path

from companion.core.messages import Lang, Named
from companion.games.covenant.data import default
from companion.games.covenant.schema import Section

RULINGS = Path(__file__).resolve().parents[2] / "docs" / "rulings.md"
_RULING = re.compile(r"^\*\*(?P<id>R-[A-Z]+-\d+) — (?P<title>[^*]+)\*\*\s*(?P<body>.*)$", re.S)


def load_rulings(path: Path = RULINGS) -> dict[str, Named]:
    """Ruling id -> "Title. Text" (markdown emphasis removed); an unreadable file gives none."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return {}
    rulings: dict[str, Named] = {}
    for paragraph in text.split("\n\n"):
        found = _RULING.match(paragraph.strip())
        if found:
            body = " ".join(found["body"].split()).replace("*", "").replace("`", "")
            rulings[found["id"]] = {"en": f"{found['title'].strip()} {body}"}
    return rulings


def section_text(section: Section) -> Named:
    """A section's text in each language, or its title while the data has no text (the rule window's
    heading names the section already)."""
    text = section.text
    return {"en": text.en, "ar": text.ar} if text else {"en": section.en, "ar": section.ar}


def rule_texts(sections: dict[str, Section], path: Path = RULINGS) -> dict[str, Named]:
    """Every citation the referee may make -> its text: the rulebook's sections and the rulings."""
    return {**{sid: section_text(s) for sid, s in sections.items()}, **load_rulings(path)}


def rule_name(rule: str, lang: Lang) -> str:
    """How a citation reads: a rulebook section by its title in the language (§دورك), a ruling by its id."""
    section = default().sections.get(rule)
    if section is None:
        return rule
    return "§" + (section.ar if lang == "ar" else section.en)
