"""Marking texts for translation. Every text the screens show is an English msgid translated in
`companion/locale/ar/LC_MESSAGES/ui.po`; a test collects the msgids from the first argument of every
call to `Msg`, `fill`, `Ui.t`, `N_` and `Plural` under `companion/ui/` and checks each has its Arabic."""

from __future__ import annotations

from companion.core.messages import LANGS, Named, translate


def N_(msgid: str) -> str:
    """A msgid kept in a table and translated when shown."""
    return msgid


def named(msgid: str) -> Named:
    """A catalogue text in both languages, to pass as a message's field."""
    return {lang: translate(msgid, lang) for lang in LANGS}
