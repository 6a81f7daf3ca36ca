"""Marking texts for translation. Every text the screens show is an English msgid translated in
`companion/locale/<lang>/LC_MESSAGES/ui.po` (Arabic, Belarusian); a test collects the msgids from the first
argument of every call to `Msg`, `fill`, `Ui.t`, `N_`, `named` and `Plural` under `companion/ui/` and
checks each has its translations (`named` itself is the core's, `companion.core.messages.named`)."""

from __future__ import annotations


def N_(msgid: str) -> str:
    """A msgid kept in a table and translated when shown."""
    return msgid
