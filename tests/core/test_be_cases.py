"""Belarusian declines its nouns, and a name from the game data comes in one form, the nominative: issue 22 found
«Атакаваць Гоблін (5 ПЖ)?» (an animate object: «Гобліна»), «героя ({hero})», «шкода 11 — Гоблін», «кідок цырка
сутарэньняў ×2», «Латок цырак» beside «цыркаў», «Упалага замку». A name stands where the nominative is right (the
subject, after «мэта —», after a colon); a sentence is built round it, not a noun in another case before it."""

from __future__ import annotations

import re

from locale_texts import catalogue_texts

from companion.core.messages import Msg

NAME = r"\{(?:hero|guardian|monster|target|figure|knight|reviver|giver|unit|attacker|novice|master)\}"
UNDECLINED = {
    "a name in brackets after a noun in another case (героя ({hero}))": re.compile(
        r"[А-Яа-яЁёІіЎў]+ \(" + NAME + r"\)"),
    "a name after a noun in an oblique case (у фігуры {figure})": re.compile(
        r"(?i)(?<![А-Яа-яЁёІіЎў])(?:героя|герою|героем|гераіні|монстра|монстру|ахоўніка|ахоўніку|ахоўнікам|фігуры|фігуру"
        r"|фігурай|мэты|мэце|мэту) " + NAME),
    "a name governed by a preposition (да {hero})": re.compile(
        r"(?i)(?<![А-Яа-яЁёІіЎў])(?:з|са|зь|да|ад|для|у|ў|на|па|пры|каля|супраць|без|за|пра|праз|перад|над|пад|паміж) "
        + NAME),
    "a name as the object of an infinitive (Атакаваць {target})": re.compile(
        r"(?i)[А-Яа-яЁёІіЎў]+(?:[аяу]ць|чы) " + NAME),
    "a name hung after a dash as the one something befalls (шкода {damage} — {target})": re.compile(
        r"(?:\{\w+\}|\d+)(?: [А-Яа-яЁёІіЎў]+)? — " + NAME),
    "a count's noun after a noun that takes the genitive (кідок {dice})": re.compile(r"кідок \{dice\}"),
    "the genitive plural of цырка is цыркаў (Латок цырак)": re.compile(
        r"(?i)(?<![А-Яа-яЁёІіЎў])цырак(?![А-Яа-яЁёІіЎў])"),
    "the genitive of замак is замка (Упалага замку)": re.compile(r"(?i)замку(?![А-Яа-яЁёІіЎў])"),
}
CALCULATION = re.compile(r"[=÷×≥≤→←]")
"""Calculation lines (an operator between numbers) are being laid out anew by the arithmetic work of issue 22;
their wording is checked once that lands."""


def belarusian_entries() -> list[tuple[str, str]]:
    return [(where, text) for where, text in catalogue_texts("be") if not CALCULATION.search(text)]


def undeclined(text: str) -> list[str]:
    return [why for why, pattern in UNDECLINED.items() if pattern.search(text)]


def test_the_check_sees_each_slip_of_issue_22() -> None:
    slips = ["Атакаваць {target}?", "Засада: {monster} адразу атакуе героя ({hero}).", "Атрута: 1 шкода — {hero}.",
             "Вогненны шар: шкода {damage} — {target}.", "кідок {dice}", "Латок цырак", "на ўваход Упалага замку",
             "У фігуры {figure} няма цыркаў атакі.", "Шкода пераходзіць да {hero}."]
    assert [bool(undeclined(s)) for s in slips] == [True] * len(slips)
    fine = ["Мэта — {target}. Атакаваць?", "Атрута: {hero} атрымлівае 1 шкоду.", "{hero} ня мае цыркаў атакі.",
            "У гэтай гульні няма героя з імем {hero}.", "Латок для цыркаў", "кідок ({dice})"]
    assert [undeclined(s) for s in fine] == [[]] * len(fine)


def test_no_belarusian_name_stands_in_a_case_it_cannot_take() -> None:
    found = [f"{where}: {why}: {text}" for where, text in belarusian_entries() for why in undeclined(text)]
    assert found == [], "\n".join(found)


def test_the_attack_question_reads_whole_with_an_animate_target() -> None:
    goblin = {"en": "Goblin (5 HP)", "ar": "الغوبلن (5 نقاط حياة)", "be": "Гоблін (5 ПЖ)"}
    assert Msg("Attack {target}?", {"target": goblin}).text("be") == "Мэта — Гоблін (5 ПЖ). Атакаваць?"
