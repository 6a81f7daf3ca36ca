"""Belarusian is written in the classical orthography (тарашкевіца), as the Dungeon Roll sheet writes it
(rules/seeds/dungeon-roll.be.txt: «досьвед», «сутарэньняў», «Кіньце», «пасьля»). Issue 22 found official
spellings among the classical ones («апісання», «злева», «даследчык», «разбіваецца», «паслядоўны», «гранню»);
this check refuses them, and the whole family they belong to, in every Belarusian catalogue, every Belarusian
name or text of the game data, the glossary's Belarusian column and the Belarusian rulings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from locale_texts import catalogue_texts, data_texts

from companion.core.messages import LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "docs" / "rulings.be.md"
WORD = re.compile(r"[А-Яа-яЁёІіЎў]+")

OFFICIAL_TO_CLASSICAL = {
    "апісання": "апісаньня",
    "злева": "зьлева",
    "даследчык": "дасьледчык",
    "даследаванне": "дасьледаваньне",
    "разбіваецца": "разьбіваецца",
    "паслядоўны": "пасьлядоўны",
    "гранню": "граньню",
    "змяніць": "зьмяніць",
    "арыенцір": "арыентыр",
    "пасля": "пасьля",
    "колькасць": "колькасьць",
    "сутарэнняў": "сутарэньняў",
    "досвед": "досьвед",
    "рашэнне": "рашэньне",
}
"""Official spellings the app once used or is likely to write, each with its classical form (which the app
uses: the test below holds the list to that)."""

SOFTENED = re.compile(
    r"(?:[зс](?=(?:[бвмпфзсцлн]|дз)[еёіюяь])"  # сьвет, зьлева, сьнег, несьці, дзьве, зьдзек
    r"|ц(?=[вц][еёіюяь])"  # цьвік, жыцьцё
    r"|н(?=[нц][еёіюяь])"  # апісаньне, граньню, Кіньце
    r"|л(?=л[еёіюяь]))"  # вясельле
)
"""A consonant the classical norm writes with a soft sign before a soft consonant (the assimilated softness the
official orthography leaves unmarked): з, с (and дз) before a soft labial, dental, л or н; ц before a soft в or
ц; н before a soft н or ц; л before a soft л. Velars do not soften what stands before them (скіне), and a
borrowing keeps its н before дз (камандзір)."""


def belarusian_texts() -> list[tuple[str, str]]:
    """(where, text) for every Belarusian translation, every `be` field of the game data, every Belarusian term of
    the glossary and every line of the Belarusian rulings."""
    found = catalogue_texts("be") + data_texts("be", sorted((ROOT / "data").rglob("*.yaml")))
    glossary = yaml.safe_load((LOCALE_DIR / "glossary.yaml").read_text(encoding="utf-8"))
    found += [(f"glossary.yaml: {term['id']}", term["be"]) for term in glossary if term.get("be")]
    if RULINGS.is_file():
        found += [(f"rulings.be.md:{n}", line)
                  for n, line in enumerate(RULINGS.read_text(encoding="utf-8").splitlines(), 1)]
    return found


def official_forms(text: str) -> list[str]:
    """The words of a text written in the official orthography where the classical one differs."""
    found = []
    for word in WORD.findall(text):
        lower = word.lower()
        if lower in OFFICIAL_TO_CLASSICAL or SOFTENED.search(lower):
            found.append(word)
    return found


def test_the_check_knows_both_orthographies() -> None:
    for official, classical in OFFICIAL_TO_CLASSICAL.items():
        assert official_forms(official) == [official]
        assert official_forms(classical) == [], classical
    assert official_forms("Вандроўнік кідае 7 цыркаў; пасьля кіньце зьлева цыркі сутарэньняў.") == []
    assert official_forms("сьвет і свет, несьці і несці, жыцьцё і жыццё, вясельле і вяселле") == [
        "свет", "несці", "жыццё", "вяселле"]
    assert official_forms("скіне, камандзір, узмацненьне, сьвятар") == []


def test_the_sheet_itself_passes() -> None:
    sheet = ROOT.parent / "shared" / "rules" / "seeds" / "dungeon-roll.be.txt"
    if not sheet.is_file():
        pytest.skip(f"the Dungeon Roll sheet is not beside the repository ({sheet})")
    assert official_forms(sheet.read_text(encoding="utf-8")) == []


def test_every_pair_is_one_the_app_uses() -> None:
    words = {w.lower() for _, text in belarusian_texts() for w in WORD.findall(text)}
    assert sorted(c for c in OFFICIAL_TO_CLASSICAL.values() if c not in words) == []


def test_no_official_spelling_in_belarusian_text() -> None:
    found = [f"{where}: {word}" for where, text in belarusian_texts() for word in official_forms(text)]
    assert found == [], "\n".join(found)
