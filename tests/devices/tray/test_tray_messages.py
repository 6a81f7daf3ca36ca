"""Every message the tray driver may show has its Arabic text in tray.po."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from companion.core.messages import LOCALE_DIR, Msg
from companion.devices.tray import driver as drv

ARABIC = re.compile(r"[\u0600-\u06FF]")


def test_every_driver_message_is_translated_in_tray_po() -> None:
    with (LOCALE_DIR / "ar" / "LC_MESSAGES" / "tray.po").open("rb") as handle:
        po = {str(m.id): str(m.string) for m in read_po(handle) if m.id}
    assert set(drv.MESSAGES) <= set(po)
    for msgid in drv.MESSAGES:
        assert ARABIC.search(po[msgid]), msgid
        assert Msg(msgid).text("ar") == po[msgid]
        assert Msg(msgid).text("en") == msgid
