"""The texts a long press on a rule citation shows. For now the rulings of `docs/rulings.md` (each
`**R-XXX-n — Title.** text`, in English only: the Arabic screen shows them in English until they are
translated); the rulebook's own sections ("§Combat") need a bilingual source the repository does not
carry yet."""

from __future__ import annotations

import re
from pathlib import Path

from companion.core.messages import Named

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
