"""The translated rulings: every ruling of `docs/rulings.md` has its translation under the same id in
`docs/rulings.ar.md` (Arabic) and `docs/rulings.be.md` (Belarusian), and a tap on an Arabic or Belarusian
screen shows it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.core.messages import Lang, catalogue
from companion.games.covenant.data import default
from companion.ui.rulebook import RULINGS, cite, load_rulings, read_rulings, rule_texts, translation_path
from companion.ui.theme import Ui

LETTER = {"ar": re.compile(r"[\u0621-\u064A]"), "be": re.compile(r"[А-Яа-яЁёІіЎў]")}
ENTRY = re.compile(r"^\*\*(R-[A-Z]+-\d+) —", re.M)
TRANSLATED: list[Lang] = ["ar", "be"]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_translation_has_exactly_the_english_ids_in_the_same_order(lang: Lang) -> None:
    english = ENTRY.findall(RULINGS.read_text(encoding="utf-8"))
    translated = ENTRY.findall(translation_path(RULINGS, lang).read_text(encoding="utf-8"))
    assert len(english) >= 30
    assert translated == english


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translated_ruling_is_read_whole_and_in_its_language(lang: Lang) -> None:
    english, translated = read_rulings(RULINGS), read_rulings(translation_path(RULINGS, lang))
    assert translated.keys() == english.keys()
    letter = LETTER[lang]
    for rid, text in translated.items():
        title = text.split(".", 1)[0]
        assert letter.search(title), rid
        assert len(letter.findall(text)) > len(re.findall(r"[A-Za-z]", text)), rid
        assert "*" not in text and "\n" not in text, rid
        assert text != english[rid], rid


def counts(text: str) -> list[str]:
    """The figures of a text that must stay figures: Arabic says one and two of a thing by its singular
    and dual ("مساحتين", as the rulebook does), and both translations write ordinals ("10th") in words."""
    return sorted(n for n in re.findall(r"\d+(?![a-z])", text) if int(n) > 2)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_numbers_and_cited_files_survive_the_translation(lang: Lang) -> None:
    english, translated = read_rulings(RULINGS), read_rulings(translation_path(RULINGS, lang))
    for rid, text in english.items():
        assert counts(text) == counts(translated[rid]), rid
        for cited in re.findall(r"[\w/]+\.md|R-[A-Z]+-\d+", text):
            assert cited in translated[rid], (rid, cited)


def test_a_long_press_shows_the_ruling_in_the_screen_language() -> None:
    texts = rule_texts(default().sections)
    shield = texts["R-HERO-3"]
    assert Ui("ar").text(shield).startswith("درع الفارس. ")
    assert Ui("en").text(shield).startswith("The Knight's Shield. ")
    assert Ui("be").text(shield).startswith("Шчыт Рыцара. ")
    assert Ui("ar").text(texts["R-STORE-1"]).endswith("(R-STORE-2).")
    assert Ui("be").text(texts["R-STORE-1"]).endswith("(R-STORE-2).")


def test_a_ruling_missing_in_a_translation_reads_in_english_and_a_stray_one_is_ignored(tmp_path: Path) -> None:
    page = tmp_path / "rulings.md"
    page.write_text("**R-A-1 — One.** First.\n\n**R-A-2 — Two.** Second.\n", encoding="utf-8")
    translation_path(page, "ar").write_text("**R-A-1 — الأول.** أولًا.\n\n**R-Z-9 — زائد.** لا مكان له.\n",
                                            encoding="utf-8")
    translation_path(page, "be").write_text("**R-A-2 — Другое.** Па-другое.\n", encoding="utf-8")
    rulings = load_rulings(page)
    assert rulings == {"R-A-1": {"en": "One. First.", "ar": "الأول. أولًا."},
                       "R-A-2": {"en": "Two. Second.", "be": "Другое. Па-другое."}}
    assert Ui("ar").text(rulings["R-A-2"]) == "Two. Second."
    assert Ui("be").text(rulings["R-A-1"]) == "One. First."
    assert Ui("be").text(rulings["R-A-2"]) == "Другое. Па-другое."


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_ruling_is_called_by_one_word_in_messages_and_on_its_link(lang: Lang) -> None:
    """Issue 22: a Belarusian message said «рашэньне R-DR-26» and the link to it «Правіла R-DR-26»."""
    called = {word.lower() for text in catalogue(lang).values()
              for word in re.findall(r"(\w+) R-[A-Z]+-\d+", text)}
    link = Ui(lang).text(cite("R-STORE-1"))
    called.add(link.split()[0].lower())
    assert len(called) == 1, called


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_a_ruling_the_table_sees_names_no_file_and_no_data_field(lang: Lang) -> None:
    """The long explorer run found "docs/store.md" and "overlord_hand" in Arabic and Belarusian rule windows:
    a developer's file and a setup field in the table's text. They stand in the rulings files in a paragraph of
    their own after the ruling, which the window does not show."""
    from explore_checks import DATA_ID

    path = RULINGS if lang == "en" else translation_path(RULINGS, lang)
    for rid, text in read_rulings(path).items():
        found = re.findall(r"[\w/.-]+\.(?:md|yaml|txt)\b", text) + [m.group(0) for m in DATA_ID.finditer(text)]
        assert not found, (rid, found)


SHEET = Path(__file__).resolve().parents[2].parent / "shared" / "rules" / "seeds" / "dungeon-roll.be.txt"
ENGLISH_RUN = re.compile(r"[A-Za-z]+(?:[^\w«»]+[A-Za-z0-9+-]+)*")
QUOTED = re.compile(r"«([^»]*)»")


def english_runs(text: str) -> list[str]:
    """Runs of three or more English words in a ruling, codes (R-DR-2) and backticks aside."""
    text = re.sub(r"`[^`]*`|R-[A-Z]+-\d+", " ", text)
    return [run for run in (m.group(0) for m in ENGLISH_RUN.finditer(text))
            if len(re.findall(r"[A-Za-z]+", run)) >= 3]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_dungeon_roll_ruling_quotes_the_sheet_in_the_table_language_or_as_printed(lang: Lang) -> None:
    """Dungeon Roll's sheet is Belarusian (rules/seeds/dungeon-roll.be.txt), but it prints its companion list,
    treasures, hero powers and end of game in English. A Belarusian ruling quotes the sheet's own words in «»,
    so English only where the sheet itself prints English, verbatim (R-DR-2 quoted «any number of monsters
    (not dragons) and party dice», which the sheet does not print); an Arabic ruling renders every quotation."""
    sheet = " ".join(SHEET.read_text(encoding="utf-8").split())

    def as_printed(quote: re.Match[str]) -> str:
        return " " if lang == "be" and quote.group(1) in sheet else quote.group(0)

    for rid, text in read_rulings(translation_path(RULINGS, lang)).items():
        if rid.startswith("R-DR-"):
            left = QUOTED.sub(as_printed, text)
            assert not english_runs(left), (rid, english_runs(left))
            assert not [q for q in QUOTED.findall(left) if re.search(r"[A-Za-z]{2}", q)], rid
