"""Every text a phone is sent is in the web domain's catalogues (web.po) in Arabic and Belarusian, with its
fields, and the catalogues hold nothing the web view no longer says; the web view imports no Kivy (it runs
beside the screens but draws nothing of them)."""

from __future__ import annotations

import string
import subprocess
import sys
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

import companion.web
from companion.core.messages import LOCALE_DIR

WEB = Path(companion.web.__file__).parent
KEYWORDS = {"Msg": (1,), "N_": None, "Plural": (1, 2)}
SCRIPTS = {"ar": ("\u0600", "\u06ff"), "be": ("\u0400", "\u04ff")}


def web_msgids() -> set[str]:
    return {m if isinstance(m, str) else m[0] for _, _, m, _, _ in extract_from_dir(WEB, keywords=KEYWORDS)}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def only_fields(text: str) -> bool:
    """A msgid of fields and punctuation alone ("{name}", "{action}: {target}"): the same in every language."""
    return not any(ch.isalpha() for part in string.Formatter().parse(text) for ch in part[0])


def test_the_scan_finds_the_web_texts() -> None:
    found = web_msgids()
    assert {"That choice is not yours to make.", "Spectator", "The table has {n} phone already."} <= found


def test_every_web_text_has_its_arabic_and_its_belarusian_with_its_fields() -> None:
    for lang, (low, high) in SCRIPTS.items():
        with (LOCALE_DIR / lang / "LC_MESSAGES" / "web.po").open("rb") as handle:
            po = read_po(handle)
        entries = {str(m.id[0] if isinstance(m.id, tuple) else m.id): m for m in po if m.id}
        assert set(entries) == web_msgids(), lang
        for msgid, message in entries.items():
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            assert forms and all(forms), (lang, msgid)
            for form in forms:
                counted = {"n"} if isinstance(message.id, tuple) else set()
                assert fields(msgid) - counted <= fields(form) <= fields(msgid), (lang, msgid, form)
                assert only_fields(msgid) or any(low <= ch <= high for ch in form), (lang, msgid, form)


def test_the_web_view_imports_no_kivy() -> None:
    code = ("import sys, companion.web.server, companion.web.views; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'kivy'))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert result.stdout.strip() == "[]"
