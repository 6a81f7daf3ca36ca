"""Bilingual messages: an English source text with named fields, translated through gettext catalogues.

The engine never formats text for a screen: it returns `Msg` values (a catalogue id and its fields),
and whoever shows them picks the language. English is the source language, Arabic the table's.
The catalogues are the `.po` files under `companion/locale/<lang>/LC_MESSAGES/` (one per domain: the
engine's `companion.po`, the screens' `ui.po`...), read with Babel so that no compiled `.mo` file has to
be kept in step with its source.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

import msgspec
from babel.messages.pofile import read_po

Lang = Literal["ar", "en"]
LANGS: tuple[Lang, ...] = ("ar", "en")
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

Named = dict[str, str]
"""A name in both languages, as the data files give it: {"en": "Goblin", "ar": "الغوبلن"}."""

Field = str | int | float | Named


class Msg(msgspec.Struct, frozen=True):
    """A message id (its English text, with `{name}` fields) and the values of its fields.

    A field may be a name in both languages (a hero, a monster, a room from the data files), so
    "{hero} falls" reads whole in either language.
    """

    id: str
    fields: dict[str, Field] = {}

    def text(self, lang: Lang) -> str:
        fields = {k: (v.get(lang) or v.get("en", "")) if isinstance(v, dict) else v
                  for k, v in self.fields.items()}
        return translate(self.id, lang).format(**fields)


def N_(text: str) -> str:
    """Mark a message id kept in a table (not passed straight to `Msg`) for the catalogue extractor."""
    return text


@cache
def catalogue(lang: Lang) -> dict[str, str]:
    merged: dict[str, str] = {}
    for path in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            po = read_po(handle)
        merged.update({str(m.id): str(m.string) for m in po if m.id and m.string})
    return merged


def translate(msgid: str, lang: Lang) -> str:
    return catalogue(lang).get(msgid, msgid)
