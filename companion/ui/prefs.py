"""The language the table last chose, kept beside the session store: the settings file under /etc is the
table owner's and read-only to the app, so a choice made on the screen survives a restart here."""

from __future__ import annotations

from pathlib import Path
from typing import cast

from companion.core.messages import LANGS, Lang

FILE = "language"


def _file(store_path: str) -> Path | None:
    if not store_path or store_path == ":memory:":
        return None
    return Path(store_path).expanduser().parent / FILE


def load_lang(store_path: str) -> Lang | None:
    """The language chosen last, or None (never chosen, or unreadable: the settings' language then)."""
    path = _file(store_path)
    try:
        chosen = path.read_text(encoding="utf-8").strip() if path is not None else ""
    except OSError:
        return None
    return cast(Lang, chosen) if chosen in LANGS else None


def save_lang(store_path: str, lang: Lang) -> None:
    """Kept for the next start; a folder that cannot be written loses only the preference."""
    path = _file(store_path)
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(lang, encoding="utf-8")
    except OSError:
        return
