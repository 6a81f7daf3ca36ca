"""Marking texts for translation. Every text the screens show is an English msgid translated in
`companion/locale/ar/LC_MESSAGES/ui.po`; a test collects the msgids from the first argument of every
call to `Msg`, `fill`, `Ui.t` and `N_` under `companion/ui/` and checks each has its Arabic."""

from __future__ import annotations


def N_(msgid: str) -> str:  # noqa: N802 - gettext's name for "translated later, where it is shown"
    """A msgid kept in a table and translated when shown."""
    return msgid
