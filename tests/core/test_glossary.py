"""One term list (companion/locale/glossary.yaml): every game term is the Arabic rulebook's own word, and a
synonym that crept in before (issue 15, finding 6: مجموعة for a deck, الصحة for hit points, جرعة الشفاء,
القديس الأسود, حجر النرد, نرد الفخاخ, معدات, لوح, إنعاش, قطع الشظايا, وحش من النخبة…) fails here wherever it
comes back: in an Arabic catalogue or in a name of the game data."""

from __future__ import annotations

import ast
import re
from bisect import bisect_right
from itertools import accumulate
from pathlib import Path
from typing import Any

import pytest
import yaml
from babel.messages.pofile import read_po
from locale_texts import catalogue_texts, data_texts

from companion.core.messages import LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = LOCALE_DIR / "glossary.yaml"
SEEDS = ROOT.parent / "shared" / "rules" / "seeds"
RULEBOOK = SEEDS / "covenant.ar.txt"
DESCENT_RULEBOOK = SEEDS / "descent-well-of-darkness.ar.txt"
DATA = ROOT / "data" / "covenant"
GAME_DATA = [DATA, ROOT / "data" / "dungeon-roll", ROOT / "data" / "descent"]
RULEBOOK_TEXT_FILES = {DATA / "sections.yaml"}  # the rulebook's own text, word for word: not ours to reword


def glossary() -> list[dict[str, Any]]:
    terms: list[dict[str, Any]] = yaml.safe_load(GLOSSARY.read_text(encoding="utf-8"))
    return terms


def arabic_texts() -> list[tuple[str, str]]:
    """(where, text) for every Arabic translation, every Arabic name in the game data and every paragraph of the
    Arabic rulings, which the rule window shows beside them."""
    files = sorted(p for folder in GAME_DATA for p in folder.rglob("*.yaml") if p not in RULEBOOK_TEXT_FILES)
    found = catalogue_texts("ar") + data_texts("ar", files)
    rulings = LOCALE_DIR.parents[1] / "docs" / "rulings.ar.md"
    found += [(f"rulings.ar.md ¶{i}", text) for i, text in enumerate(rulings.read_text(encoding="utf-8").split("\n\n"))]
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


def test_each_descent_term_is_the_descent_rulebooks_own_word() -> None:
    """Issue 22: the Descent screens said الاندفاعات and the catalogue سورج for the original's «السورجات»,
    درج for its «السلالم», and three plurals of نرد ran through the games where the original writes «نردات»."""
    if not DESCENT_RULEBOOK.is_file():
        pytest.skip(f"the Arabic original is not beside the repository ({DESCENT_RULEBOOK})")
    text = DESCENT_RULEBOOK.read_text(encoding="utf-8")
    descent = [t for t in glossary() if t.get("game") == "descent"]
    assert {t["id"] for t in descent} >= {"dice", "surges", "stairs"}
    assert [t["id"] for t in descent if t.get("seen", t["ar"]) not in text] == []


def test_no_synonym_creeps_back_into_a_catalogue_or_the_data() -> None:
    texts = arabic_texts()
    # Every text in one string, each pattern run over it once: thousands of texts times a hundred patterns
    # searched one by one took ten seconds.
    starts = list(accumulate((len(text) + 1 for _, text in texts), initial=0))
    joined = "\0".join(text for _, text in texts)
    crept = []
    for term in glossary():
        for pattern in term.get("avoid", []):
            hits = {bisect_right(starts, m.start()) - 1 for m in re.finditer(pattern, joined)}
            crept += [f"{texts[i][0]}: {pattern!r} in {texts[i][1]!r} (the rulebook says {term['ar']})"
                      for i in sorted(hits)]
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


UI = ROOT / "companion" / "ui"
UI_KEYWORDS = {"Msg", "N_", "fill", "t", "Plural", "named"}


def ui_msgids(paths: list[Path]) -> set[str]:
    """The msgids of the screens' code in `paths` (the literal first argument of a translating call)."""
    found: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) and (
                    getattr(node.func, "id", None) or getattr(node.func, "attr", "")) in UI_KEYWORDS:
                found.add(str(node.args[0].value))
    return found


def dungeon_roll_texts() -> list[tuple[str, str]]:
    """(English, Arabic) of every text Dungeon Roll alone shows: its catalogue, its screens' own texts (a text
    the other games' screens share is not its alone), its data's names."""
    own = sorted((UI / "dungeon_roll").rglob("*.py"))
    shared = ui_msgids([p for p in sorted(UI.rglob("*.py")) if p not in own])
    screens = ui_msgids(own) - shared
    found = []
    for name in ("dungeon_roll.po", "ui.po"):
        with (LOCALE_DIR / "ar" / "LC_MESSAGES" / name).open("rb") as handle:
            for m in read_po(handle):
                ids = m.id if isinstance(m.id, tuple) else (m.id,)
                if m.id and (name == "dungeon_roll.po" or ids[0] in screens):
                    strings = m.string if isinstance(m.string, tuple) else (m.string,)
                    found += [(" ".join(ids), str(s)) for s in strings if s]
    for path in sorted((ROOT / "data" / "dungeon-roll").glob("*.yaml")):
        for entry in yaml.safe_load(path.read_text(encoding="utf-8")):
            for part in (entry, entry.get("novice"), entry.get("master")):
                if isinstance(part, dict) and "ar" in part:
                    found.append((part["en"], part["ar"]))
    return found


def test_the_champion_die_is_the_only_batal_of_dungeon_roll() -> None:
    """Issue 22: «بطل» was both the champion die and the hero. The champion is «البطل»; the hero is «الشخصية»
    (glossary `hero`), so an Arabic بطل stands for an English champion and a hero reads شخصية."""
    terms = {t["id"]: t["ar"] for t in glossary()}
    texts = dungeon_roll_texts()
    assert len(texts) > 300
    champion = re.compile(r"champion", re.IGNORECASE)
    hero = re.compile(r"(?<!\{)\bhero(?:es)?\b(?!\})", re.IGNORECASE)
    wrong = [(en, ar) for en, ar in texts if re.search("بطل|أبطال", ar) and not champion.search(en)]
    assert wrong == [], wrong
    stem = terms["hero"][:-1]  # شخصية, شخصيات, شخصيته
    unnamed = [(en, ar) for en, ar in texts if hero.search(en) and stem not in ar]
    assert unnamed == [], unnamed


COUNTED = re.compile(r"\{\w+\} نرد(?![ًاتي])")


def test_three_to_ten_dice_are_counted_in_the_plural() -> None:
    """Arabic counts 3 to 10 with the plural (3 نردات, the Descent original's «5 نردات قوة»): «3 نرد» is wrong.
    The plural forms for 3 to 10 (index 3 of Arabic's six) never put a count before the singular."""
    wrong = []
    for path in sorted((LOCALE_DIR / "ar" / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            wrong += [(path.name, m.string[3]) for m in read_po(handle)
                      if isinstance(m.string, tuple) and len(m.string) == 6 and COUNTED.search(m.string[3])]
    assert wrong == []
    assert COUNTED.search("استقرت {count} نرد مائلة") and not COUNTED.search("{count} نردات")
