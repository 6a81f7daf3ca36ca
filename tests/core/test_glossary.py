"""One term list (companion/locale/glossary.yaml): every game term is the Arabic rulebook's own word, and a
synonym that crept in before (issue 15, finding 6: مجموعة for a deck, الصحة for hit points, جرعة الشفاء,
القديس الأسود, حجر النرد, نرد الفخاخ, معدات, لوح, إنعاش, قطع الشظايا, وحش من النخبة…) fails here wherever it
comes back: in an Arabic catalogue or in a name of the game data."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from babel.messages.pofile import read_po

from companion.core.messages import LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = LOCALE_DIR / "glossary.yaml"
RULEBOOK = ROOT.parent / "shared" / "rules" / "seeds" / "covenant.ar.txt"
DATA = ROOT / "data" / "covenant"
RULEBOOK_TEXT_FILES = {"sections.yaml"}  # the rulebook's own text, word for word: not ours to reword


def glossary() -> list[dict[str, Any]]:
    terms: list[dict[str, Any]] = yaml.safe_load(GLOSSARY.read_text(encoding="utf-8"))
    return terms


def arabic_texts() -> list[tuple[str, str]]:
    """(where, text) for every Arabic translation and every Arabic name in the game data."""
    found = []
    for path in sorted((LOCALE_DIR / "ar" / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            for m in read_po(handle):
                strings = m.string if isinstance(m.string, tuple) else (m.string,)
                found += [(f"{path.name}: {m.id!r}", str(s)) for s in strings if m.id and s]

    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "ar" and isinstance(value, str):
                    found.append((where, value))
                else:
                    walk(value, f"{where}.{key}")
        elif isinstance(node, list):
            for i, item in enumerate(node):
                walk(item, f"{where}[{item.get('id', i) if isinstance(item, dict) else i}]")

    for path in sorted(DATA.rglob("*.yaml")):
        if path.name not in RULEBOOK_TEXT_FILES:
            walk(yaml.safe_load(path.read_text(encoding="utf-8")), path.name)
    return found


def test_every_term_has_its_three_languages() -> None:
    ids = [t["id"] for t in glossary()]
    assert len(ids) == len(set(ids))
    for term in glossary():
        assert term["ar"] and term["en"] and "be" in term, term["id"]


def test_each_arabic_term_is_the_rulebooks_own_word() -> None:
    """Only The Last Covenant's terms are searched in its Arabic rulebook. Dungeon Roll's (`game: dungeon-roll`)
    have no Arabic source text to be checked against: its original is the Belarusian sheet
    (rules/seeds/dungeon-roll.be.txt), so their Arabic is the catalogue's own word."""
    if not RULEBOOK.is_file():
        pytest.skip(f"the Arabic rulebook is not beside the repository ({RULEBOOK})")
    text = RULEBOOK.read_text(encoding="utf-8")
    covenant = [t for t in glossary() if t.get("game", "covenant") == "covenant"]
    missing = [t["id"] for t in covenant if not t.get("app") and t.get("seen", t["ar"]) not in text]
    assert missing == []
    assert all(t["ar"] in t.get("seen", t["ar"]) or t["ar"][:-1] in t["seen"] for t in covenant if "seen" in t)


def test_no_synonym_creeps_back_into_a_catalogue_or_the_data() -> None:
    crept = [f"{where}: {pattern!r} in {text!r} (the rulebook says {term['ar']})"
             for term in glossary() for pattern in term.get("avoid", [])
             for where, text in arabic_texts() if re.search(pattern, text)]
    assert crept == [], "\n".join(crept)


def test_the_synonym_check_sees_what_it_should() -> None:
    """Each pattern catches the wrong word and passes the rulebook's phrase around it."""
    patterns = {t["id"]: t.get("avoid", []) for t in glossary()}

    def caught(term: str, text: str) -> bool:
        return any(re.search(p, text) for p in patterns[term])

    assert caught("hit_points", "الصحة 14") and caught("hit_points", "14 حياة")
    assert not caught("hit_points", "نقاط الحياة 14") and not caught("hit_points", "جرعة صحة واحدة")
    assert caught("board", "الجولات على كل لوح") and not caught("board", "على كل لوحة")
    assert caught("deck", "أعد إلى أعلى مجموعة {deck}") and not caught("deck", "مجموعة dialout")
    assert caught("revive", "يموت إن لم يُنعَش") and caught("percent", "فرصة الإصابة {chance}%")


def test_the_game_datas_names_are_the_glossarys() -> None:
    terms = {t["id"]: t["ar"] for t in glossary()}
    dice = {d["id"]: d for d in yaml.safe_load((DATA / "dice.yaml").read_text(encoding="utf-8"))}
    potions = {p["id"]: p for p in yaml.safe_load((DATA / "potions.yaml").read_text(encoding="utf-8"))}
    guardians = {g["id"]: g for g in yaml.safe_load((DATA / "guardians.yaml").read_text(encoding="utf-8"))}
    assert dice["d6"]["ar"] == terms["d6"]
    assert dice["trap"]["ar"] == terms["trap_die"]
    assert dice["treasure"]["ar"] == terms["treasure_die"]
    assert potions["health"]["ar"] == terms["health_potion"]
    assert guardians["black_saint"]["ar"] == terms["black_saint"]
