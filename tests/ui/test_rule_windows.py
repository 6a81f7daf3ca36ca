"""Issue 22, "Both games' rule windows": Dungeon Roll's cited sections showed only their heading («مرحلة إعادة
التجمّع» / «Фаза перагрупаваньня») and no text. Every section a citation opens, in every game, carries the
rulebook's (the sheet's) own words in Arabic, English and Belarusian, and every section Dungeon Roll's engine
cites is one of them (DR §A player's turn … §End of the game)."""

from __future__ import annotations

import re
from pathlib import Path

from companion.games.dungeon_roll import data as dungeon_roll
from companion.ui.rulebook import rule_texts, sections

ENGINE = Path(dungeon_roll.__file__).parent
CITED = re.compile(r"\"(DR §[^\"]+)\"")


def test_every_section_opens_its_text_in_every_language() -> None:
    every = sections()
    texts = rule_texts(every)
    empty = [(sid, lang) for sid, section in every.items() for lang in ("ar", "en", "be")
             if not texts[sid].get(lang, "").strip() or texts[sid][lang] == section.named()[lang]]
    assert empty == []


def test_every_section_dungeon_roll_cites_is_in_its_data() -> None:
    cited = {found for path in sorted(ENGINE.rglob("*.py")) for found in CITED.findall(path.read_text("utf-8"))}
    assert len(cited) >= 8
    assert cited <= set(dungeon_roll.default().sections)


def test_the_regroup_phase_reads_the_sheets_words() -> None:
    """DR §Regroup phase: the sheet's Belarusian as written, its English rendering, the Arabic with the glossary's
    words (رحلة for a delve, نردات for dice)."""
    regroup = rule_texts(sections())["DR §Regroup phase"]
    assert regroup["be"].startswith("Вандроўнік можа выбраць, ці вярнуцца ў тавэрну, ці шукаць славы:")
    assert "gain experience equal to the last level completed" in regroup["en"]
    assert "وتنتهي هذه الرحلة" in regroup["ar"] and "نردات الزنزانة" in regroup["ar"]
