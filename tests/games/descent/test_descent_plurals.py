"""Arabic plural agreement in Descent's counts: every count goes through the catalogue's six forms (zero,
one, two, 3–10, 11–99, 100 and over), so "1 wounds" or "11 جروح" never reaches the table."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from descent_game import drawn, game, play, throw

from companion.core.flow import Act, Choose
from companion.core.messages import LOCALE_DIR, Msg, Plural
from companion.games.descent.grid import MAX_TOKENS

CATALOGUE = LOCALE_DIR / "ar" / "LC_MESSAGES" / "descent.po"
COUNTED = ("wound", "token", "figure", "boulder", "square", "surge", "card", "die", "dice", "dodging", "treachery")


def entries(path: Path | None = None) -> list[tuple[str | tuple[str, str], str | tuple[str, ...]]]:
    with (path or CATALOGUE).open("rb") as handle:
        return [(m.id, m.string) for m in read_po(handle) if m.id]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_plural_has_six_forms_that_keep_every_field_but_the_count() -> None:
    plurals = [(msgid, forms) for msgid, forms in entries() if isinstance(msgid, tuple)]
    assert len(plurals) >= 15
    for (singular, plural), forms in plurals:
        assert isinstance(forms, tuple) and len(forms) == 6 and all(forms), singular
        assert fields(singular) == fields(plural), singular
        # 3 to 10 take the plural, 11 to 99 the singular: one text for both is the "3 جروح / 11 جروح" mistake.
        assert forms[3] != forms[4], singular
        for form in forms:
            assert fields(singular) - fields(form) <= {"n", "count", "total", "wounds", "have", "earned", "left"}, form
            assert fields(form) <= fields(singular), form


def test_no_message_outside_the_plurals_puts_a_count_before_a_counted_word() -> None:
    for msgid, _ in entries():
        if isinstance(msgid, str):
            for name in fields(msgid):
                after = re.search(r"\{" + name + r"\} (\w+)", msgid)
                assert after is None or not after.group(1).startswith(COUNTED), msgid


WOUNDS = Plural("{target}: damage {damage} − armour {armour} = {wounds} wound.",
                "{target}: damage {damage} − armour {armour} = {wounds} wounds.", "wounds")


@pytest.mark.parametrize(("n", "arabic", "english"), [
    (0, "= 0، لا جروح.", "= 0 wounds."),
    (1, "= 1، جرح واحد.", "= 1 wound."),
    (2, "= 2، جرحان.", "= 2 wounds."),
    (3, "= 3 جروح.", "= 3 wounds."),
    (11, "= 11 جرحًا.", "= 11 wounds."),
    (100, "= 100 جرح.", "= 100 wounds."),
])
def test_wounds_agree_with_their_count(n: int, arabic: str, english: str) -> None:
    """Base game, damage: the line the table reads after every attack."""
    msg = Msg.of(WOUNDS, {"target": "T", "damage": n, "armour": 0, "wounds": n})
    assert msg.text("ar").endswith(arabic)
    assert msg.text("en").endswith(english)


@pytest.mark.parametrize(("n", "boulders", "bleed", "tokens"), [
    (1, "تتحرك صخرة واحدة", "يتلقى رمز نزيف واحدًا", "رمز نزيف واحد"),
    (2, "تتحرك صخرتان", "يتلقى رمزَي نزيف", "رمزا نزيف"),
    (3, "تتحرك 3 صخور", "يتلقى 3 رموز نزيف", "3 رموز نزيف"),
    (11, "تتحرك 11 صخرةً", "يتلقى 11 رمزًا للنزيف", "11 رمزًا للنزيف"),
    (MAX_TOKENS, f"تتحرك {MAX_TOKENS} صخرةً", f"يتلقى {MAX_TOKENS} رمزًا للنزيف", f"{MAX_TOKENS} رمزًا للنزيف"),
])
def test_the_engine_s_counted_sentences_read_right_in_arabic(n: int, boulders: str, bleed: str, tokens: str) -> None:
    """Through the engine: n boulders roll (p. 5); an attack places n bleed tokens (R-DW-3), and the
    figure's turn begins with them (pp. 5–6). A hundred of either is beyond what a map holds (R-DW-18): the
    100-and-over form is the wounds' above."""
    row = "." * (n + 2)
    s = game(drawn([row], boulders=[{"id": f"b{i}", "at": [i, 0], "arrow": "e"} for i in range(n)]))
    assert play(s, Act(actor="o", action="overlord"), lang="ar")[0] == f"يبدأ دور السيد: {boulders} قبل أي شيء آخر."
    spider = {"id": "s", "kind": "monster", "at": [0, 0], "dice": ["red"], "surges": [{"id": "bleeding", "bleed": n}]}
    hero = {"id": "h", "kind": "hero", "at": [1, 0], "wounds": 99, "en": "Hero", "ar": "البطل"}
    duel = game(drawn(["...."], [spider, hero]))
    texts = play(duel, Act(actor="s", action="attack", target="h"), throw("red=r1-d3-s1"), Choose(option="bleeding"),
                 lang="ar")
    assert f"البطل {bleed} ({n} إجمالًا)." in texts
    assert play(duel, Act(actor="h", action="start_turn"), lang="ar")[0] == f"يبدأ دور البطل: {tokens} ولا رموز دوار."


def test_every_message_of_the_descent_domain_has_its_arabic() -> None:
    """What `make po` extracts from the engine (descent.pot) is all in the Arabic catalogue, translated."""
    extracted = {msgid for msgid, _ in entries(LOCALE_DIR / "descent.pot")}
    translated = {msgid: text for msgid, text in entries()}
    assert extracted == set(translated)
    assert all(text and (not isinstance(text, tuple) or all(text)) for text in translated.values())
