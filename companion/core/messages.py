"""Bilingual messages: an English source text with named fields, translated through gettext catalogues.

The engine never formats text for a screen: it returns `Msg` values (a catalogue id and its fields),
and whoever shows them picks the language. English is the source language, Arabic the table's, and
Belarusian the language of Dungeon Roll's sheet; a text a catalogue lacks is shown in English.
The catalogues are the `.po` files under `companion/locale/<lang>/LC_MESSAGES/` (one per domain: the
engine's `companion.po`, the screens' `ui.po`...), read with Babel so that no compiled `.mo` file has to
be kept in step with its source.

Counts go through gettext's plurals (`Plural`: Arabic has six forms, Belarusian three, English two,
each catalogue's `Plural-Forms` header says how to choose), and a sentence about someone agrees with their grammatical
gender: a name may carry it ({"en": …, "ar": …, "gender": "feminine"}), and the message's first field
that does picks the catalogue entry of that context (`msgctxt "feminine"`), the plain entry otherwise.
Those gendered entries live in `gender.po`, apart from the extracted catalogues `make po` rewrites.
Belarusian needs them only where its sentence changes (a past tense, an adjective about the subject).
"""

from __future__ import annotations

import gettext
import re
import string
from collections.abc import Callable, Iterable, Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Literal, NamedTuple

import msgspec
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

Lang = Literal["ar", "en", "be"]
LANGS: tuple[Lang, ...] = ("ar", "en", "be")
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
SOURCE_PLURALS = "(n != 1)"
"""English, the source language, which has no catalogue of its own."""

Named = dict[str, str]
"""A name in every language, as the data files give it: {"en": "Goblin", "ar": "الغوبلن", "be": "Гоблін"};
a hero's also carries its grammatical gender ("gender": "feminine"). A language it lacks reads English."""

Entry = str | tuple[str, ...]


class Later(msgspec.Struct, frozen=True):
    """A field kept as what the engine knew, its words made only when its sentence is read, in the language
    asked for: a replay, a bot game or a resume reads none of the sentences the engine states (issue 26)."""

    def text(self, lang: Lang) -> str:
        raise NotImplementedError(type(self).__name__)


class Number(Later, frozen=True):
    """A number with decimals, written as each language writes it ("5.0", "5,0") when read."""

    value: float
    pattern: str = "0.0"

    def text(self, lang: Lang) -> str:
        return _decimal(self.value, self.pattern, lang)


Field = str | int | float | Named | Later


class Plural(NamedTuple):
    """A message whose words follow a count: the English singular and plural (the catalogue ids, as
    gettext's ngettext takes them) and the field that holds the count."""

    singular: str
    plural: str
    counted: str = "n"


class Msg(msgspec.Struct, frozen=True):
    """A message id (its English text, with `{name}` fields) and the values of its fields.

    A field may be a name in every language (a hero, a monster, a room from the data files), so
    "{hero} falls" reads whole in either language.
    """

    id: str
    fields: dict[str, Field] = {}
    plural: str = ""
    count: str = ""

    @classmethod
    def of(cls, text: str | Plural, fields: dict[str, Field]) -> Msg:
        if isinstance(text, Plural):
            return cls(text.singular, fields, plural=text.plural, count=text.counted)
        return cls(text, fields)

    def context(self) -> str:
        """The grammatical gender of the first field of the sentence that has one (its subject)."""
        for _, name, _, _ in string.Formatter().parse(self.id):
            value = self.fields.get(name) if name else None
            if isinstance(value, dict) and value.get("gender"):
                return value["gender"]
        return ""

    def text(self, lang: Lang) -> str:
        fields = {k: (v.get(lang) or v.get("en", "")) if isinstance(v, dict) else v.text(lang)
                  if isinstance(v, Later) else v for k, v in self.fields.items()}
        if self.plural:
            n = self.fields.get(self.count)
            count = int(n) if isinstance(n, int | float) else 0
            template = translate_plural(self.id, self.plural, count, lang, self.context())
        else:
            template = translate(self.id, lang, self.context())
        return english(template, fields) if lang == "en" else template.format(**fields)


ARTICLE = re.compile(r"\b([Aa]) (?=\{(\w+)\})")


def english(template: str, fields: Mapping[str, object]) -> str:
    """An English sentence built around names from the data: "a" before a name that starts with a vowel is
    "an" ("an elite Goblin", "an elite room"), and a sentence that starts with a name starts with a capital
    ("Elite Goblin dies."), as the other languages' translations are written whole (issue 21, finding 7)."""
    if "{" not in template:
        return template
    if ARTICLE.search(template):
        def article(found: re.Match[str]) -> str:
            value = str(fields.get(found[2], ""))
            return f"{found[1]}n " if value[:1].lower() in VOWELS else found[0]

        template = ARTICLE.sub(article, template)
    text = template.format(**fields)
    return text[:1].upper() + text[1:] if template.startswith("{") else text


VOWELS = frozenset("aeiou")


class Naming:
    """What a data entry named in every language (its `en`, `ar` and `be` fields) gives a message."""

    __slots__ = ()
    en: str
    ar: str
    be: str

    def named(self) -> Named:
        return {"en": self.en, "ar": self.ar, "be": self.be}


def named(text: str | Plural, /, **fields: Field) -> Named:
    """A catalogue text in every language, to pass as a field: "melee" / "التحام" / "блізкі бой", or a
    counted phrase, "3 gold" / "3 قطع ذهب" / "3 золата"."""
    frozen = tuple((k, tuple(sorted(v.items())) if isinstance(v, dict) else v) for k, v in fields.items())
    return dict(_named(text, frozen))


_Frozen = str | int | float | Later | tuple[tuple[str, str], ...]
"""A field of `named` made hashable: a name's languages as sorted pairs."""


@lru_cache(maxsize=4096)
def _named(text: str | Plural, fields: tuple[tuple[str, _Frozen], ...]) -> tuple[tuple[Lang, str], ...]:
    """`named`, kept: the engine names the same few things over and over (a target, a space, "3 gold"), and
    each costs a catalogue lookup per language (a bot game asks some 1,600 of them)."""
    msg = Msg.of(text, {k: dict(v) if isinstance(v, tuple) else v for k, v in fields})
    return tuple((lang, msg.text(lang)) for lang in LANGS)


def verbatim(text: str) -> Named:
    """The same text in every language: an id the data does not name, a path of space labels."""
    return {lang: text for lang in LANGS}


def decimal(value: float, pattern: str = "0.0") -> Named:
    """A number with decimals as each language writes it: "5.0" in English and Arabic, "5,0" in Belarusian
    (Babel's CLDR data)."""
    return {lang: _decimal(value, pattern, lang) for lang in LANGS}


@lru_cache(maxsize=1024)
def _decimal(value: float, pattern: str, lang: Lang) -> str:
    """A number as `lang` writes it, kept: Babel parses the pattern and quantizes anew on every call."""
    return format_decimal(value, pattern, locale=lang)


def named_in(context: str, msgid: str) -> Named:
    """gettext's pgettext in every language: a short text whose translation depends on where it stands
    ("combat" as a room's kind, "قتال", beside "combat" as a deck, "القتال")."""
    return {lang: translate(msgid, lang, context) for lang in LANGS}


def listed(names: Iterable[Named], empty: str = "", separator: str = ", ") -> Named:
    """Names listed in every language, with that language's comma (the catalogue's translation of
    `separator`: "، " in Arabic); `empty` for no names at all."""
    items = list(names)
    return {lang: translate(separator, lang).join(n.get(lang) or n.get("en", "") for n in items) or empty
            for lang in LANGS}


class Listed(Later, frozen=True):
    """`listed`, put in words only when its sentence is read (issue 26: a replay reads none)."""

    names: list[Named]
    separator: str = ", "

    def text(self, lang: Lang) -> str:
        return listed(self.names, separator=self.separator)[lang]


def N_(text: str) -> str:
    """Mark a message id kept in a table (not passed straight to `Msg`) for the catalogue extractor."""
    return text


@cache
def entries(lang: Lang) -> dict[tuple[str, str], Entry]:
    """(context, msgid) -> translation, or the plural forms of a plural message (keyed by its singular)."""
    merged: dict[tuple[str, str], Entry] = {}
    for path in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            po = read_po(handle)
        for m in po:
            if not m.id or not m.string or not all(m.string):
                continue
            key = (m.context or "", str(m.id[0]) if isinstance(m.id, tuple) else str(m.id))
            merged[key] = tuple(str(f) for f in m.string) if isinstance(m.string, tuple) else str(m.string)
    return merged


@cache
def plural_rule(lang: Lang) -> Callable[[int], int]:
    """Which plural form a count takes, from the `Plural-Forms` header of the language's catalogues."""
    for path in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            po = read_po(handle)
        if "Plural-Forms" in str(po.mime_headers):
            return gettext.c2py(po.plural_expr)
    return gettext.c2py(SOURCE_PLURALS)


@cache
def catalogue(lang: Lang) -> dict[str, str]:
    """msgid -> translation, without context; a plural message by its singular, with its last form
    (the one every count can take: it keeps the count's field)."""
    return {msgid: entry if isinstance(entry, str) else entry[-1]
            for (context, msgid), entry in entries(lang).items() if not context}


def _entry(msgid: str, lang: Lang, context: str) -> Entry | None:
    table = entries(lang)
    return (table.get((context, msgid)) if context else None) or table.get(("", msgid))


def translate(msgid: str, lang: Lang, context: str = "") -> str:
    entry = _entry(msgid, lang, context)
    return entry if isinstance(entry, str) else msgid


def translate_plural(singular: str, plural: str, n: int, lang: Lang, context: str = "") -> str:
    """gettext's npgettext: the form of the message that agrees with `n`."""
    entry = _entry(singular, lang, context)
    if isinstance(entry, tuple):
        return entry[min(plural_rule(lang)(n), len(entry) - 1)]
    return singular if plural_rule("en")(n) == 0 else plural
