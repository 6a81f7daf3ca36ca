"""Belarusian speaks to the table in one form of address, the polite plural the Dungeon Roll sheet uses («Кіньце
цыркі сутарэньняў», «адкладзіце», «перамясьціце»): issue 22 found «Адмяні» and «Націсьні» beside «Глядзіце».
A button names its action in the infinitive («Пачаць», «Зьбегчы»), as most buttons did already."""

from __future__ import annotations

import re
from pathlib import Path

from locale_texts import catalogue_texts

ROOT = Path(__file__).resolve().parents[2]
SHEET = ROOT.parent / "shared" / "rules" / "seeds" / "dungeon-roll.be.txt"
WORD = re.compile(r"[А-Яа-яЁёІіЎў]+")
SINGULAR_IMPERATIVES = {"адмяні", "атакуй", "скасуй", "перасунь", "павярні", "перавярні", "пацьвердзі", "націсьні",
                        "выберы", "вазьмі", "пакладзі", "вызвалі", "кінь", "глядзі", "выцягні"}
SECOND_SINGULAR = re.compile(r"(?:еш|эш|аш|яш|іш|ыш|ешся|ішся)$")
NOT_VERBS = {"ваш", "наш"}


def singular_address(text: str, plurals: set[str]) -> list[str]:
    """The words of a text that speak to one person: a singular imperative (one the app used, or the stem of
    a plural imperative it uses: «націсьні» beside «націсьніце») or a verb in the second person singular."""
    return [w for w in WORD.findall(text)
            if (lower := w.lower()) in SINGULAR_IMPERATIVES or lower + "це" in plurals
            or (SECOND_SINGULAR.search(lower) and lower not in NOT_VERBS)]


def plural_imperatives(texts: list[str]) -> set[str]:
    return {w.lower() for text in texts for w in WORD.findall(text) if w.lower().endswith(("іце", "ыце", "ьце", "йце"))}


def test_the_check_tells_the_two_forms_apart() -> None:
    plurals = plural_imperatives(["Кіньце цыркі. Выберыце дзеяньне."])
    assert singular_address("Кінь цыркі, потым выберы дзеяньне; што скідаеш?", plurals) == ["Кінь", "выберы",
                                                                                           "скідаеш"]
    assert singular_address("Кіньце цыркі; ваш герой выбірае, што скідаеце. Адмяніць", plurals) == []


def test_the_table_is_addressed_in_the_polite_plural() -> None:
    texts = catalogue_texts("be")
    sheet = [SHEET.read_text(encoding="utf-8")] if SHEET.is_file() else []
    plurals = plural_imperatives([t for _, t in texts] + sheet)
    assert {"кіньце", "выберыце"} <= plurals
    found = [f"{where}: {word}" for where, text in texts for word in singular_address(text, plurals)]
    assert found == [], "\n".join(found)
