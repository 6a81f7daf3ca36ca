"""The Arabic rulings: every ruling of `docs/rulings.md` has its translation under the same id in
`docs/rulings.ar.md`, and a tap on an Arabic screen shows it."""

from __future__ import annotations

import re
from pathlib import Path

from companion.games.covenant.data import default
from companion.ui.rulebook import RULINGS, arabic_path, load_rulings, read_rulings, rule_texts
from companion.ui.theme import Ui

ARABIC_LETTER = re.compile(r"[\u0621-\u064A]")
ENTRY = re.compile(r"^\*\*(R-[A-Z]+-\d+) —", re.M)


def test_the_translation_has_exactly_the_english_ids_in_the_same_order() -> None:
    english = ENTRY.findall(RULINGS.read_text(encoding="utf-8"))
    arabic = ENTRY.findall(arabic_path(RULINGS).read_text(encoding="utf-8"))
    assert len(english) >= 30
    assert arabic == english


def test_every_arabic_ruling_is_read_whole_and_is_arabic() -> None:
    english, arabic = read_rulings(RULINGS), read_rulings(arabic_path(RULINGS))
    assert arabic.keys() == english.keys()
    for rid, text in arabic.items():
        title = text.split(".", 1)[0]
        assert ARABIC_LETTER.search(title), rid
        assert len(ARABIC_LETTER.findall(text)) > len(re.findall(r"[A-Za-z]", text)), rid
        assert "*" not in text and "\n" not in text, rid
        assert text != english[rid], rid


def counts(text: str) -> list[str]:
    """The figures of a text that must stay figures: Arabic says one and two of a thing by its singular
    and dual ("مساحتين", as the rulebook does) and ordinals ("10th") in words."""
    return sorted(n for n in re.findall(r"\d+(?![a-z])", text) if int(n) > 2)


def test_numbers_and_cited_files_survive_the_translation() -> None:
    english, arabic = read_rulings(RULINGS), read_rulings(arabic_path(RULINGS))
    for rid, text in english.items():
        assert counts(text) == counts(arabic[rid]), rid
        for cited in re.findall(r"[\w/]+\.md|R-[A-Z]+-\d+", text):
            assert cited in arabic[rid], (rid, cited)


def test_a_long_press_shows_the_ruling_in_the_screen_language() -> None:
    texts = rule_texts(default().sections)
    shield = texts["R-HERO-3"]
    assert Ui("ar").text(shield).startswith("درع الفارس. ")
    assert Ui("en").text(shield).startswith("The Knight's Shield. ")
    assert Ui("ar").text(texts["R-STORE-1"]).endswith("docs/store.md.")


def test_a_ruling_missing_in_arabic_reads_in_english_and_a_stray_one_is_ignored(tmp_path: Path) -> None:
    page = tmp_path / "rulings.md"
    page.write_text("**R-A-1 — One.** First.\n\n**R-A-2 — Two.** Second.\n", encoding="utf-8")
    arabic_path(page).write_text("**R-A-1 — الأول.** أولًا.\n\n**R-Z-9 — زائد.** لا مكان له.\n",
                                 encoding="utf-8")
    rulings = load_rulings(page)
    assert rulings == {"R-A-1": {"en": "One. First.", "ar": "الأول. أولًا."}, "R-A-2": {"en": "Two. Second."}}
    assert Ui("ar").text(rulings["R-A-2"]) == "Two. Second."
