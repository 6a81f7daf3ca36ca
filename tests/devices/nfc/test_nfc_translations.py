"""Every text the NFC tokens show (a tap's problem, a token's label, `companion tags`) has its Arabic in
nfc.po with the same fields, and nfc.po holds nothing the code no longer says."""

from __future__ import annotations

import string

from babel.messages.pofile import read_po

from companion.commands import tags
from companion.core.messages import LOCALE_DIR, translate
from companion.devices.nfc import format as tag_format
from companion.devices.nfc import tokens

NFC_PO = LOCALE_DIR / "ar" / "LC_MESSAGES" / "nfc.po"


def texts() -> set[str]:
    said = {v for k, v in vars(tags).items() if k.isupper() and isinstance(v, str)} | set(tags.OUTCOMES.values())
    labels = {tokens.label(t).id for t in tokens.covenant_tokens()} | {tokens.label({"kind": "card", "serial": 1}).id}
    return said | labels | set(tag_format.PROBLEMS.values()) | {tag_format.problem_message("?").id}


def catalogue() -> dict[str, str]:
    with NFC_PO.open("rb") as handle:
        return {str(m.id): str(m.string) for m in read_po(handle) if m.id}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_text_has_its_arabic_with_the_same_fields() -> None:
    arabic = catalogue()
    assert len(texts()) > 30
    for msgid in texts():
        assert arabic.get(msgid), f"add to {NFC_PO}: {msgid!r}"
        assert fields(arabic[msgid]) == fields(msgid), msgid
        assert any("\u0600" <= ch <= "\u06ff" for ch in arabic[msgid]), msgid
        assert translate(msgid, "ar") == arabic[msgid], f"another catalogue overrides {msgid!r}"


def test_the_catalogue_holds_nothing_stale() -> None:
    assert set(catalogue()) <= texts()
