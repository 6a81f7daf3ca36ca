"""Every text the engine can show has its Arabic translation, with the same fields (rulebook: the game's
language is Arabic; the English rendering is second), and its Belarusian (issue 11: Dungeon Roll's sheet is
Belarusian, and Belarusian is a full language of the app)."""

from __future__ import annotations

import ast
import gettext
import re
import string
from pathlib import Path
from typing import get_args

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from locale_texts import catalogue_texts

from companion.core.flow import Layer, reject
from companion.core.messages import LOCALE_DIR, Msg, catalogue
from companion.games.covenant.schema import RoomType
from companion.games.descent.treachery import KINDS

ROOT = Path(__file__).resolve().parents[2] / "companion"
KEYWORDS = {"say": (3,), "reject": (4,), "event": (3,), "Msg": (1,), "N_": None, "notice": (2,)}
FIELD = re.compile(r"\{(\w+)\}")


def engine_msgids() -> set[str]:
    found: set[str] = set()
    for sub in ("core", "games", "table"):
        for _, _, msgid, _, _ in extract_from_dir(ROOT / sub, keywords=KEYWORDS):
            found.add(msgid if isinstance(msgid, str) else msgid[0])
    return found


def test_the_extractor_finds_the_engines_texts() -> None:
    ids = engine_msgids()
    assert "It is not {hero}'s turn." in ids
    assert "Draw a combat card for the attack." in ids
    assert len(ids) > 100


def test_every_engine_text_is_translated_into_arabic() -> None:
    arabic = catalogue("ar")
    missing = sorted(m for m in engine_msgids() if not arabic.get(m))
    assert missing == [], f"{len(missing)} untranslated (run `make po`, then translate): {missing[:5]}"


def test_translations_keep_every_field() -> None:
    arabic = catalogue("ar")
    broken = [m for m in engine_msgids() if m in arabic and set(FIELD.findall(m)) != set(FIELD.findall(arabic[m]))]
    assert broken == []


# Belarusian (issue 11, "Languages"): every catalogue of every domain has its twin under be/, with every
# message, the same fields and Belarusian's three plural forms. The count's own field may be left out of a
# form, as in Arabic ("адно дзеянне"); nothing else may.
COUNTS = {"n", "actions", "count", "amount", "cost", "attacks"}
DOMAINS = ("companion", "nfc", "store", "tray", "gpio", "dungeon_roll", "descent", "ui", "names", "tokens", "web")
BE_RULE = [(0, 2), (1, 0), (2, 1), (4, 1), (5, 2), (11, 2), (12, 2), (14, 2), (21, 0), (22, 1), (25, 2), (101, 0),
           (111, 2), (112, 2)]


def po_entries(lang: str, domain: str) -> dict[tuple[str, str], tuple[str, tuple[str, ...]]]:
    """(context, singular msgid) -> (the msgids' fields' source text, the translation's forms)."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as handle:
        po = read_po(handle)
    found = {}
    for m in po:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        found[(m.context or "", str(ids[0]))] = (" ".join(str(i) for i in ids), tuple(str(f) for f in forms))
    return found


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_of_the_domain_has_its_belarusian(domain: str) -> None:
    path = LOCALE_DIR / "be" / "LC_MESSAGES" / f"{domain}.po"
    assert path.exists(), f"no Belarusian catalogue {path.relative_to(LOCALE_DIR)} for the domain {domain}"
    arabic, belarusian = po_entries("ar", domain), po_entries("be", domain)
    missing = sorted(set(arabic) - set(belarusian))
    assert missing == [], f"{len(missing)} messages of {domain} have no Belarusian: {missing[:5]}"
    assert sorted(set(belarusian) - set(arabic)) == [], "Belarusian for messages the Arabic does not have"
    for key, (source, forms) in belarusian.items():
        plural = len(arabic[key][1]) > 1
        assert len(forms) == (3 if plural else 1) and all(forms), (key, forms)
        for form in forms:
            given = fields(form)
            assert given <= fields(source) and fields(key[1]) - given <= (COUNTS if plural else set()), (key, form)
        assert not plural or not any("\u0600" <= ch <= "\u06ff" for form in forms for ch in form), key


def test_belarusian_counts_take_three_forms_from_every_catalogue_header() -> None:
    for path in sorted((LOCALE_DIR / "be" / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            po = read_po(handle)
        assert po.num_plurals == 3, path.name
        rule = gettext.c2py(po.plural_expr)
        assert [(n, rule(n)) for n, _ in BE_RULE] == BE_RULE, path.name


def named_msgids() -> set[tuple[str, str]]:
    """(context, msgid) of every literal `named(...)` / `named_in(...)` outside the screens (whose texts are
    ui.po's), and the separator of every `listed(...)`: the texts names.po must hold."""
    found: set[tuple[str, str]] = {("", ", ")}
    for path in sorted(ROOT.rglob("*.py")):
        if "ui" in path.relative_to(ROOT).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", "")
            context, texts = "", []
            if name == "named":
                texts = node.args[:1]
            elif name == "listed":
                texts = [k.value for k in node.keywords if k.arg == "separator"]
            elif name == "named_in" and len(node.args) == 2 and isinstance(node.args[0], ast.Constant):
                context, texts = str(node.args[0].value), node.args[1:]
                if not isinstance(node.args[1], ast.Constant):
                    found |= {(context, kind) for kind in DYNAMIC[context]}
            for text in texts:
                for part in (text.body, text.orelse) if isinstance(text, ast.IfExp) else (text,):
                    if isinstance(part, ast.Constant) and isinstance(part.value, str):
                        found.add((context, part.value))
    return found


DYNAMIC = {"room kind": get_args(RoomType), "treachery": KINDS}
"""named_in's contexts whose msgid is a variable: the values it can take."""


def test_the_scan_finds_the_names_the_engine_passes() -> None:
    ids = named_msgids()
    assert {("", "melee"), ("", "elite {monster}"), ("action", "Move"), ("room kind", "trap"),
            ("treachery", "event"), ("", "; "), ("", "Hero of Ages")} <= ids


@pytest.mark.parametrize("lang", ["ar", "be"])
def test_every_name_the_engine_passes_is_in_names_po(lang: str) -> None:
    table = po_entries(lang, "names")
    missing = sorted(named_msgids() - set(table))
    assert missing == [], f"add these to {lang}/LC_MESSAGES/names.po: {missing}"
    for (context, msgid), (_, forms) in table.items():
        assert forms[0] and fields(forms[0]) == fields(msgid), (context, msgid, forms)
    assert set(table) <= named_msgids(), "names.po holds a name no code passes any more"


def test_a_refusal_reads_in_the_language_asked_and_in_english_for_one_unknown() -> None:
    """The table asks for a refusal's text in its language: Belarusian is one, a stray code reads English."""
    hero = {"en": "Exiled Knight", "ar": "الفارس المنفي", "be": "Выгнаны рыцар"}
    refused = reject("not-your-turn", Layer.NOT_NOW, "§Your turn", "It is not {hero}'s turn.", hero=hero)
    assert refused.text("ar") == refused.msg.text("ar") and "الفارس المنفي" in refused.text("ar")
    assert refused.text("be") == refused.msg.text("be") and "Выгнаны рыцар" in refused.text("be")
    assert refused.text("fr") == "It is not Exiled Knight's turn."


GLUED = re.compile(r"[لبكفو]ـ\{(\w+)\}")


def test_no_arabic_message_glues_a_prefix_to_a_name() -> None:
    """A prefix glued to a name's field cannot read right for every name: before the article «لـ» merges
    (لِ + الغوبلن is «للغوبلن»), before a name without one it joins («لتومبل»); the table read «بقي لـالغوبلن».
    A name stands as a word of its own; a number may take a prefix («بـ3 نردات»)."""
    glued = [(where, text) for where, text in catalogue_texts("ar")
             for m in GLUED.finditer(text) if m.group(1) not in COUNTS | {"total"}]
    assert not glued
    goblin = {"en": "Goblin", "ar": "الغوبلن", "be": "Гоблін"}
    left = Msg("{monster} has {hp} HP left.", {"monster": goblin, "hp": 3})
    assert left.text("ar") == "نقاط حياة الغوبلن الباقية: 3."
