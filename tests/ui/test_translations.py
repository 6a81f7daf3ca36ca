"""Every text the screens show has its Arabic and its Belarusian in ui.po, and the catalogues hold nothing
stale."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

from babel.messages.pofile import read_po

import companion.ui
from companion.core.messages import LOCALE_DIR, translate

UI_DIR = Path(companion.ui.__file__).parent
UI_PO = LOCALE_DIR / "ar" / "LC_MESSAGES" / "ui.po"
# The calls whose first argument is a msgid (like xgettext's keywords).
KEYWORDS = {"Msg", "N_", "fill", "t", "Plural", "named"}
BE_UI_PO = LOCALE_DIR / "be" / "LC_MESSAGES" / "ui.po"
CYRILLIC = re.compile(r"[\u0400-\u04ff]")


def ui_msgids() -> dict[str, str]:
    """msgid -> where it is used, from the literal first argument of every keyword call."""
    found: dict[str, str] = {}
    for path in sorted(UI_DIR.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = getattr(func, "id", None) or getattr(func, "attr", "")
            first = node.args[0]
            if name in KEYWORDS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.setdefault(first.value, f"{path.name}:{node.lineno}")
    return found


def ui_catalogue() -> dict[str, str]:
    """msgid -> Arabic; a plural message by its singular, with its last form (which keeps every field)."""
    with UI_PO.open("rb") as handle:
        return {str(m.id[0] if isinstance(m.id, tuple) else m.id): str(m.string[-1] if isinstance(m.string, tuple)
                else m.string) for m in read_po(handle) if m.id}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_scan_finds_the_ui_texts() -> None:
    found = ui_msgids()
    assert {"New game", "combat", "Rule {rule}", "connected"} <= set(found)
    assert len(found) > 60


def test_every_ui_text_has_its_arabic() -> None:
    catalogue = ui_catalogue()
    missing = {msgid: where for msgid, where in ui_msgids().items() if not catalogue.get(msgid)}
    assert not missing, f"add these to {UI_PO}: {missing}"


def test_each_translation_keeps_the_fields_and_is_arabic() -> None:
    with UI_PO.open("rb") as handle:
        plural = {str(m.id[0]) for m in read_po(handle) if isinstance(m.id, tuple)}
    for msgid, arabic in ui_catalogue().items():
        assert fields(arabic) == fields(msgid) | (fields(arabic) & {"n", "actions", "count"}), msgid
        assert any("\u0600" <= ch <= "\u06ff" for ch in arabic), msgid
        assert msgid in plural or translate(msgid, "ar") == arabic


def test_the_catalogue_holds_no_text_the_ui_no_longer_uses() -> None:
    assert set(ui_catalogue()) <= set(ui_msgids())


def be_catalogue() -> dict[str, tuple[str, ...]]:
    """msgid (a plural's singular) -> its Belarusian forms."""
    with BE_UI_PO.open("rb") as handle:
        return {str(m.id[0] if isinstance(m.id, tuple) else m.id): tuple(m.string) if isinstance(m.string, tuple)
                else (str(m.string),) for m in read_po(handle) if m.id}


def test_every_ui_text_has_its_belarusian_with_its_fields_and_three_plural_forms() -> None:
    """Issue 11: Belarusian is a whole language of the app, not only Dungeon Roll's."""
    belarusian = be_catalogue()
    missing = {msgid: where for msgid, where in ui_msgids().items() if msgid not in belarusian}
    assert not missing, f"add these to {BE_UI_PO}: {missing}"
    assert set(belarusian) <= set(ui_msgids())
    with UI_PO.open("rb") as handle:
        plurals = {str(m.id[0]): fields(" ".join(m.id)) for m in read_po(handle) if isinstance(m.id, tuple)}
    for msgid, forms in belarusian.items():
        assert len(forms) == (3 if msgid in plurals else 1) and all(forms), msgid
        for form in forms:
            # Punctuation alone (", ", "?") is the same in Belarusian; words must be Belarusian words.
            assert CYRILLIC.search(form) or not any(ch.isalpha() for ch in msgid + form), \
                f"{msgid!r} is not Belarusian: {form!r}"
            assert fields(form) <= plurals.get(msgid, fields(msgid)), (msgid, form)
            assert fields(msgid) - fields(form) <= ({"n"} if msgid in plurals else set()), (msgid, form)


SEPARATOR = "·"
LAYOUT_ONLY = {"bidi.py"}
"""The text layout reads separators in the texts it is given (to keep one with its word); it writes none."""


def written_separators() -> list[str]:
    """Where the screens' code writes the middle dot itself: any string or f-string part holding it that is
    not a msgid (translated: «،» in Arabic; a plural's two), the separator given to `listed`, or a docstring."""
    found = []
    for path in sorted(UI_DIR.rglob("*.py")):
        if path.name in LAYOUT_ONLY:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        allowed: set[int] = set()
        for node in ast.walk(tree):
            name = isinstance(node, ast.Call) and (getattr(node.func, "id", None) or getattr(node.func, "attr", ""))
            if isinstance(node, ast.Call) and name in KEYWORDS:
                allowed |= {id(a) for a in node.args[:2 if name == "Plural" else 1]}  # a plural has two msgids
            if isinstance(node, ast.Call):
                allowed |= {id(k.value) for k in node.keywords if k.arg == "separator"}
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
                allowed.add(id(node.value))  # a docstring
        found += [f"{path.relative_to(UI_DIR)}:{node.lineno}" for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and SEPARATOR in node.value
                  and id(node) not in allowed]
    return found


def test_no_separator_is_written_in_the_screens_code() -> None:
    """Issue 22: " · " written in home.py, the Dungeon Roll board and Descent's dice faces bypassed the Arabic
    «،» (the glossary's `separator`): in Arabic the dot reads as the zero ٠ («0 · 4 · 0»)."""
    assert written_separators() == []
    assert translate(" · ", "ar") == "، " and translate(" · ", "be") == " · "
