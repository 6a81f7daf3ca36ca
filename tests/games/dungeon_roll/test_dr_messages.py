"""Dungeon Roll's engine texts count with gettext plurals: no English "monster(s)" or "die/dice", and each
counted message has its six Arabic forms and three Belarusian ones, every form keeping the message's fields
(Arabic says none, one and two in words: those forms may leave out the one field counted)."""

from __future__ import annotations

import string

from babel.messages.pofile import read_po

from companion.core.messages import LOCALE_DIR

FORMS = {"ar": 6, "be": 3}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_counted_text_is_a_plural_with_every_form_in_arabic_and_belarusian() -> None:
    for lang, count in FORMS.items():
        with (LOCALE_DIR / lang / "LC_MESSAGES" / "dungeon_roll.po").open("rb") as handle:
            catalogue = read_po(handle)
        plurals = 0
        for m in catalogue:
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            assert not any("(s)" in i or "die/dice" in i for i in ids), ids
            if isinstance(m.id, tuple):
                plurals += 1
                assert len(m.string) == count and all(m.string), (lang, m.id)
                for n, form in enumerate(m.string):
                    left_out = fields(m.id[1]) - fields(form)
                    assert not left_out or (lang == "ar" and n <= 2 and len(left_out) == 1), (lang, m.id[0], form)
        assert plurals > 20, lang
