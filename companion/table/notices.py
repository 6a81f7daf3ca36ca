"""Notices: what the table tells the players when a device reports something the game cannot use.

A notice changes nothing in the game. Each has a stable code and a bilingual message (`Msg`).
"""

from __future__ import annotations

import msgspec

from companion.core.messages import Field, Msg, Plural


class Notice(msgspec.Struct, frozen=True):
    code: str
    msg: Msg
    rule: str = ""


def notice(code: str, text: str | Plural, /, rule: str = "", **fields: Field) -> Notice:
    return Notice(code=code, msg=Msg.of(text, fields), rule=rule)
